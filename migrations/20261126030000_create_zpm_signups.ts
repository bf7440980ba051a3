// /zpm-signup (spec 3 §2, §7): one row per standalone practice-management sign-up, from the EHR form's
// message to the paid account. The visitor's session holds its id (nothing in a URL), so only that
// browser continues it. `payment_attempt` keys every card-processor call of a payment: a double submit
// or a retry replays the same calls (one customer, one subscription); after a refusal it is renewed.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('zpm_signups', (t) => {
    t.uuid('id').primary();
    // What the EHR's sign-up form reported (checked against PRACTICE_MANAGEMENT_URL's host pattern).
    t.text('clinic_id').notNullable();
    t.text('clinic_url').notNullable();
    t.text('subdomain').notNullable();
    // 'iframe': the /zpm-signup/iframe-test variant, shown in the plain layout.
    t.text('variant').notNullable().defaultTo('page');
    // The standalone account made by the details step, and its owner.
    t.bigInteger('account_id').nullable().references('accounts.id').onDelete('CASCADE');
    t.bigInteger('user_id').nullable().references('users.id').onDelete('CASCADE');
    t.uuid('payment_attempt').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('paid_at', { useTz: true }).nullable();
    t.timestamp('completed_at', { useTz: true }).nullable();
    t.check(`variant in ('page', 'iframe')`, [], 'zpm_signups_variant_check');
    t.index(['account_id']);
  });
  // Like every table a read may depend on, it notifies its changes (the read cache's rule).
  await knex.raw(
    'create trigger zpm_signups_notify_change after insert or update or delete or truncate on zpm_signups for each statement execute function portal_notify_change()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('zpm_signups');
}
