// A payment attempt is claimed while its post talks to the card processor, instead of being row-locked
// in a transaction for that long (no outside call runs inside a transaction). A claim whose post died
// is taken over after a lease; the processor's idempotency keys make the retry replay, not charge again.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('billing_attempts', (t) => {
    t.uuid('claim').nullable();
    t.timestamp('claimed_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('billing_attempts', (t) => {
    t.dropColumn('claim');
    t.dropColumn('claimed_at');
  });
}
