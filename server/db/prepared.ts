// Hot read queries of a fixed shape run as named prepared statements: PostgreSQL then plans them once
// per connection instead of on every request (planning cost more than running the dashboard's queries).
import type { Knex } from 'knex';
import type pg from 'pg';

export async function selectPrepared<Row = Record<string, unknown>>(
  db: Knex,
  name: string,
  query: Knex.QueryBuilder,
): Promise<Row[]> {
  const { sql, bindings } = query.toSQL().toNative();
  const connection = (await db.client.acquireConnection()) as pg.Client;
  try {
    return (await connection.query({ name, text: sql, values: bindings as unknown[] })).rows as Row[];
  } finally {
    await db.client.releaseConnection(connection);
  }
}
