// Payment attempts (issue [10] "Safety"), one live seat per provider, and the referrer's credit.
// Payment attempts: one row per render of a payment form's pay step, whose id is
// the idempotency key of everything that post asks of Stripe. A double submit or a retry finds the row
// done and replays its outcome; a post without a row of its own is refused. And at most one live seat
// per provider: two live memberships for one profile would bill it twice.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('billing_attempts', (t) => {
    t.uuid('id').primary();
    t.bigInteger('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.bigInteger('provider_id').nullable().references('providers.id').onDelete('CASCADE');
    t.text('mode').notNullable();
    // The subscription a change applies to, and the proration date its preview used (unix seconds).
    t.text('subscription_id').nullable();
    t.bigInteger('proration_date').nullable();
    // The sales-tax percentage the preview showed: a post whose address is taxed otherwise is shown again first.
    t.decimal('tax_percentage', 8, 4).notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('completed_at', { useTz: true }).nullable();
    t.text('outcome_path').nullable();
    t.text('outcome_flash').nullable();
    t.index(['account_id']);
    t.check(
      `mode in ('subscribe', 'add-seat', 'reactivate', 'upgrade-practice-management', 'legacy-upgrade', 'upgrade-reimbursify', 'convert-to-monthly')`,
      [],
      'billing_attempts_mode_check',
    );
  });
  await knex.raw(
    'create unique index provider_paid_seats_one_live on provider_paid_seats (provider_id) where canceled_at is null',
  );
  // The referral offer is "$49 off for both": when a referred provider first pays, its referrer's account
  // is credited, once (this records it on the referred provider).
  await knex.schema.alterTable('providers', (t) => t.timestamp('referrer_credited_at', { useTz: true }).nullable());
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('providers', (t) => t.dropColumn('referrer_credited_at'));
  await knex.raw('drop index provider_paid_seats_one_live');
  await knex.schema.dropTable('billing_attempts');
}
