// Counters of rate-limiter-flexible (RateLimiterPostgres): failed sign-ins per e-mail and per IP and
// other throttles, shared by every server process. Columns are the ones the library reads and writes;
// expire is a Unix time in milliseconds (NULL = never).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limits', (t) => {
    t.string('key', 255).primary();
    t.integer('points').notNullable().defaultTo(0);
    t.bigInteger('expire').nullable();
    t.index(['expire']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_limits');
}
