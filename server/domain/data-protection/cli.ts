// Operators' key command (docs/operations.md, "Encryption keys and their rotation"):
//   npm run data-keys:rewrap   re-wraps every data key under the current key-encryption key (what the job
//                              data-keys.rewrap does every 10 minutes), then prints which keys are in use
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/open';
import { createLogger } from '../../logger';
import { dataKeyStatus, rewrapDataKeys, setDataEncryptionKeys } from './service';

const config = loadConfig();
setDataEncryptionKeys(config.dataEncryptionKeys);
const logger = createLogger(config.logLevel);
const database = await openDatabase(config, logger);
try {
  const moved = await rewrapDataKeys(database.db);
  console.log(`re-wrapped: ${moved} data key${moved === 1 ? '' : 's'} under "${config.dataEncryptionKeys.current.id}"`);
  const listed = [...config.dataEncryptionKeys.byId.keys()];
  const usage = new Map((await dataKeyStatus(database.db)).map((row) => [row.kekId, row.count]));
  for (const id of new Set([...listed, ...usage.keys()]))
    console.log(
      `${id}: ${usage.get(id) ?? 0}${id === config.dataEncryptionKeys.current.id ? ' (current)' : ''}${listed.includes(id) ? '' : ' (not in DATA_ENCRYPTION_KEYS)'}`,
    );
} finally {
  await database.close();
}
