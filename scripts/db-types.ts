// npm run db:types: migrates a scratch database (on TEST_DATABASE_URL's or DATABASE_URL's server, else on an
// embedded one in a temporary folder), writes the tables' row types to server/db/tables.ts, drops the database.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureDatabase, startEmbeddedPostgres } from '../server/db/embedded';
import { createKnex, ROOT_DIR } from '../server/db/knex';
import { createLogger } from '../server/logger';
import { generateTableTypes, TABLE_TYPES_FILE } from './table-types';

const given = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
const embeddedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'members-portal-types-'));
const embedded = given ? null : await startEmbeddedPostgres(embeddedDir, createLogger('warn'));
const server = new URL(given ?? embedded!.url);
const at = (database: string) => Object.assign(new URL(server.toString()), { pathname: `/${database}` }).toString();
const name = `portal_types_${crypto.randomBytes(4).toString('hex')}`;
try {
  await ensureDatabase(at('postgres'), name);
  try {
    const db = createKnex(at(name));
    try {
      await db.migrate.latest();
    } finally {
      await db.destroy();
    }
    const types = await generateTableTypes(at(name));
    const file = path.join(ROOT_DIR, TABLE_TYPES_FILE);
    const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    fs.writeFileSync(file, types);
    console.log(before === types ? `${TABLE_TYPES_FILE} is up to date` : `wrote ${TABLE_TYPES_FILE}`);
  } finally {
    const admin = new pg.Client({ connectionString: at('postgres') });
    await admin.connect();
    await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
    await admin.end();
  }
} finally {
  await embedded?.stop();
  fs.rmSync(embeddedDir, { recursive: true, force: true });
}
