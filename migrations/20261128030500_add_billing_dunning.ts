// Dunning (issue [18] items 5, 8, 9): what Plan Management and the dashboard say about a declined payment
// is read from the mirror, so the mirror keeps, per invoice, what is still owed, how many attempts were
// made and when Stripe tries next (none after the last try); per customer, its balance (negative is a
// credit); per card, when it was added at Stripe (the newest card is the one a member just gave).
// `billing_dunning_notices` holds one row per failed attempt of an invoice whose e-mail was queued, so a
// redelivered `invoice.payment_failed` (or a second event about the same attempt) sends nothing twice.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('billing_invoices', (t) => {
    t.integer('amount_remaining').nullable();
    t.integer('attempt_count').notNullable().defaultTo(0);
    t.timestamp('next_payment_attempt', { useTz: true }).nullable();
    t.text('billing_reason').nullable();
  });
  await knex.schema.alterTable('billing_customers', (t) => {
    t.integer('balance').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('billing_dunning_notices', (t) => {
    t.text('invoice_id').notNullable();
    t.integer('attempt').notNullable();
    t.text('customer_id').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['invoice_id', 'attempt']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('billing_dunning_notices');
  await knex.schema.alterTable('billing_customers', (t) => {
    t.dropColumn('balance');
  });
  await knex.schema.alterTable('billing_invoices', (t) => {
    t.dropColumns('amount_remaining', 'attempt_count', 'next_payment_attempt', 'billing_reason');
  });
}
