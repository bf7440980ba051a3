// Opens the portal's database: DATABASE_URL when given, else the embedded PostgreSQL under DATA_DIR.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { startEmbeddedPostgres } from './embedded';
import { createKnex } from './knex';

export interface OpenDatabase {
  url: string;
  db: Knex;
  close(): Promise<void>;
}

export async function openDatabase(config: Config, logger: Logger): Promise<OpenDatabase> {
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(config.dataDir, logger);
  const url = config.databaseUrl ?? embedded!.url;
  const db = createKnex(url, undefined, logger);
  return {
    url,
    db,
    async close() {
      await db.destroy();
      await embedded?.stop();
    },
  };
}
