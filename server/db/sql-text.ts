// A piece of SQL text with its `?` bindings: how one module hands its part of a bigger raw query (a
// union's branch, a subquery) to the module that runs it, so each table's SQL stays its owner's.
import type { Knex } from 'knex';

export interface SqlText {
  sql: string;
  bindings: readonly Knex.Value[];
}

/** A knex query as SQL text, for a raw query to embed (`… IN (${ids.sql})`). */
export function sqlTextOf(query: Knex.QueryBuilder): SqlText {
  const { sql, bindings } = query.toSQL();
  return { sql, bindings };
}
