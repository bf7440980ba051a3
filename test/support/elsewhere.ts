// For tests of what the change feed tells a process: a change made on a connection of its own, as another
// server process, a CLI or psql would make it, and a check retried while its notification arrives.
import assert from 'node:assert/strict';
import pg from 'pg';
import { ctx } from './context';

/** A connection of its own: what another server process, a CLI or psql would do to the database. */
export async function elsewhere<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ctx().database.url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Retries `check` for up to two seconds: a notification takes a moment to arrive. */
export async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const until = Date.now() + 2000;
  while (!(await check())) {
    if (Date.now() > until) assert.fail(`${what} did not happen within 2 s`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
