// Tokens of the directory's API clients, for operators (docs/api.md):
//   npm run api:token -- create <name>          makes a token and prints it once
//   npm run api:token -- list                   id, prefix, name, created, last used, revoked
//   npm run api:token -- revoke <id|prefix>     the token stops working at once
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { createLogger } from '../logger';
import { createToken, listTokens, revokeToken } from './tokens';

const USAGE = `usage: npm run api:token -- create <name>
       npm run api:token -- list
       npm run api:token -- revoke <id|prefix>`;

const [command, ...rest] = process.argv.slice(2);
const argument = rest.join(' ').trim();
if (!(command === 'list' || ((command === 'create' || command === 'revoke') && argument))) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config, createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel));
try {
  await database.db.migrate.latest();
  if (command === 'create') {
    const { client, token } = await createToken(database.db, argument);
    console.log(
      `token ${client.id} (${client.prefix}) for "${client.name}":\n\n  ${token}\n\nIt is shown this once; only its hash is stored.`,
    );
  } else if (command === 'list') {
    const tokens = await listTokens(database.db);
    if (!tokens.length) console.log('no API tokens yet');
    for (const t of tokens) {
      const state = t.revokedAt ? `revoked ${t.revokedAt.toISOString()}` : 'live';
      console.log(
        `${t.id}\t${t.prefix}\t${t.name}\tcreated ${t.createdAt.toISOString()}\tlast used ${t.lastUsedAt?.toISOString() ?? 'never'}\t${state}`,
      );
    }
  } else if (await revokeToken(database.db, argument)) {
    console.log(`token ${argument} is revoked`);
  } else {
    console.error(`no live token ${argument}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
