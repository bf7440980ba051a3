// Start-up work (migrations, reference and demo data, the catalog sync) runs once, whichever process of
// many started together gets there first: each takes a session-level advisory lock on a connection of
// its own, so the others wait for it and then find the work done. A process that dies while holding
// the lock loses its connection, and PostgreSQL releases the lock with it.
import pg from 'pg';
import type { Logger } from 'pino';

/** One lock for the portal's start-up on a database (hashtextextended of a fixed name: stable across processes). */
const START_UP_LOCK = `select pg_advisory_lock(hashtextextended('portal:start-up', 0))`;
const TRY_START_UP_LOCK = `select pg_try_advisory_lock(hashtextextended('portal:start-up', 0)) as locked`;

/** Runs `work` while no other process of this database runs its start-up work. */
export async function withStartUpLock<T>(databaseUrl: string, logger: Logger, work: () => Promise<T>): Promise<T> {
  const connection = new pg.Client({ connectionString: databaseUrl, application_name: 'portal start-up lock' });
  await connection.connect();
  try {
    const { rows } = await connection.query<{ locked: boolean }>(TRY_START_UP_LOCK);
    if (!rows[0]?.locked) {
      logger.info('another process is running the start-up work (migrations, seeds); waiting for it');
      await connection.query(START_UP_LOCK);
    }
    return await work();
  } finally {
    // Ending the session releases the lock.
    await connection.end().catch(() => {});
  }
}
