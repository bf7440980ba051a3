// The billing mirror (spec 3 §3): what the portal reads of Stripe, kept in our tables by the webhook
// jobs and the nightly reconcile, so that no page waits on Stripe. Stripe stays the source of truth;
// rows here are replaced whole from a fresh read of the object, never patched from an event's body.
// The account's derived fields (tier, seats, paid plan) are written beside them in the same transaction.
// Self-contained, like every migration.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('billing_customers', (t) => {
    t.text('id').primary(); // cus_…
    t.bigInteger('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.boolean('is_primary').notNullable().defaultTo(true);
    t.text('email').nullable();
    t.text('name').nullable();
    t.text('address_line1').nullable();
    t.text('address_line2').nullable();
    t.text('address_city').nullable();
    t.text('address_state').nullable();
    t.text('address_postal_code').nullable();
    t.text('default_payment_method').nullable();
    t.timestamp('synced_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['account_id']);
  });
  await knex.schema.createTable('billing_payment_methods', (t) => {
    t.text('id').primary(); // pm_…
    t.text('customer_id').notNullable().references('billing_customers.id').onDelete('CASCADE');
    t.text('brand').notNullable();
    t.text('last4').notNullable();
    t.integer('exp_month').notNullable();
    t.integer('exp_year').notNullable();
    t.text('fingerprint').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['customer_id']);
  });
  await knex.schema.createTable('billing_subscriptions', (t) => {
    t.text('id').primary(); // sub_…
    t.text('customer_id').notNullable().references('billing_customers.id').onDelete('CASCADE');
    t.bigInteger('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.text('status').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('current_period_end', { useTz: true }).nullable();
    t.boolean('cancel_at_period_end').notNullable().defaultTo(false);
    t.timestamp('canceled_at', { useTz: true }).nullable();
    t.timestamp('ended_at', { useTz: true }).nullable();
    t.text('interval').nullable();
    t.boolean('seat_based').notNullable().defaultTo(false);
    t.specificType('provider_ids', 'bigint[]').notNullable().defaultTo('{}');
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.jsonb('discount').nullable();
    t.text('form_title').nullable();
    t.timestamp('synced_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['account_id']);
    t.index(['customer_id']);
    t.check(
      `status in ('active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'incomplete_expired', 'canceled', 'paused')`,
      [],
      'billing_subscriptions_status_check',
    );
  });
  await knex.schema.createTable('billing_subscription_items', (t) => {
    t.text('id').primary(); // si_…
    t.text('subscription_id').notNullable().references('billing_subscriptions.id').onDelete('CASCADE');
    t.text('price_id').notNullable();
    t.text('lookup_key').nullable();
    t.text('product_id').nullable();
    t.integer('quantity').notNullable();
    t.integer('unit_amount').notNullable();
    t.text('seat_kind').nullable();
    t.index(['subscription_id']);
  });
  await knex.schema.createTable('billing_invoices', (t) => {
    t.text('id').primary(); // in_…
    t.text('customer_id').notNullable().references('billing_customers.id').onDelete('CASCADE');
    t.text('subscription_id').nullable();
    t.text('number').nullable();
    t.text('status').nullable();
    t.integer('amount_due').notNullable();
    t.integer('total').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('paid_at', { useTz: true }).nullable();
    t.timestamp('period_end', { useTz: true }).nullable();
    t.text('hosted_invoice_url').nullable();
    t.specificType('payment_intents', 'text[]').notNullable().defaultTo('{}');
    t.text('description').nullable();
    t.index(['customer_id', 'created_at']);
  });
  await knex.schema.createTable('billing_charges', (t) => {
    t.text('id').primary(); // ch_…
    t.text('customer_id').notNullable().references('billing_customers.id').onDelete('CASCADE');
    t.text('payment_intent').nullable();
    t.integer('amount').notNullable();
    t.integer('amount_refunded').notNullable().defaultTo(0);
    t.text('status').notNullable();
    t.text('description').nullable();
    t.text('receipt_url').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['customer_id', 'created_at']);
  });
  // The catalog's prices as the configured Stripe account knows them (written by the catalog sync), so a
  // page can link to a price, and checkout can check one, without asking Stripe.
  await knex.schema.createTable('billing_prices', (t) => {
    t.text('id').primary(); // price_…
    t.text('lookup_key').notNullable().unique();
    t.text('product_id').notNullable();
    t.text('product_name').notNullable();
    t.integer('unit_amount').notNullable();
    t.boolean('recurring').notNullable();
    t.timestamp('synced_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // One-time purchases through Checkout: each session once, so the thank-you e-mails go out once however
  // often the success page is opened, and support can see what is waiting for its next steps.
  await knex.schema.createTable('billing_purchases', (t) => {
    t.text('checkout_session_id').primary(); // cs_…
    t.bigInteger('account_id').nullable().references('accounts.id').onDelete('SET NULL');
    t.text('price_id').notNullable();
    t.text('product_name').notNullable();
    t.integer('amount').nullable();
    t.text('email').nullable();
    t.timestamp('completed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // Each Stripe event id once: a replay or a duplicate delivery finds its row and does nothing.
  await knex.schema.createTable('billing_webhook_events', (t) => {
    t.text('id').primary(); // evt_…
    t.text('type').notNullable();
    t.text('object_id').nullable();
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('provider_paid_seats', (t) => {
    t.bigInteger('provider_id').notNullable().references('providers.id').onDelete('CASCADE');
    t.text('subscription_id').notNullable().references('billing_subscriptions.id').onDelete('CASCADE');
    t.text('seat_kind').notNullable();
    t.timestamp('canceled_at', { useTz: true }).nullable();
    t.primary(['provider_id', 'subscription_id']);
  });
  await knex.schema.alterTable('accounts', (t) => {
    t.text('tier').nullable();
    t.boolean('seat_based').notNullable().defaultTo(false);
    t.jsonb('seat_counts').notNullable().defaultTo(knex.raw(`'{"ny":0,"non_ny":0,"reimbursify":0}'::jsonb`));
    t.integer('legacy_subscription_count').notNullable().defaultTo(0);
    t.integer('active_or_trialing_subscription_count').notNullable().defaultTo(0);
    t.boolean('has_paid_reimbursify_plan').notNullable().defaultTo(false);
    t.check(`tier is null or tier in ('basic', 'professional', 'premium')`, [], 'accounts_tier_check');
  });
  // Each provider's own paid plan (a seat or a legacy subscription of its own), derived like the account's.
  await knex.schema.alterTable('providers', (t) => {
    t.boolean('has_paid_plan').notNullable().defaultTo(false);
  });
  // Until now the account's flag stood for every provider of the account: keep that as the start.
  await knex.raw(`update providers p set has_paid_plan = a.has_paid_plan from accounts a where a.id = p.account_id`);
  // Pages read the mirror, so its tables notify changes like every table a read may depend on (they
  // change only when a webhook's sync writes them). The event log is only written.
  for (const table of [
    'billing_customers',
    'billing_payment_methods',
    'billing_subscriptions',
    'billing_subscription_items',
    'billing_invoices',
    'billing_charges',
    'billing_prices',
    'provider_paid_seats',
    'billing_purchases',
  ]) {
    await knex.raw(
      'create trigger ?? after insert or update or delete or truncate on ?? for each statement execute function portal_notify_change()',
      [`${table}_notify_change`, table],
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('providers', (t) => t.dropColumn('has_paid_plan'));
  await knex.schema.alterTable('accounts', (t) => {
    t.dropChecks(['accounts_tier_check']);
    t.dropColumns(
      'tier',
      'seat_based',
      'seat_counts',
      'legacy_subscription_count',
      'active_or_trialing_subscription_count',
      'has_paid_reimbursify_plan',
    );
  });
  for (const table of [
    'billing_purchases',
    'provider_paid_seats',
    'billing_webhook_events',
    'billing_charges',
    'billing_invoices',
    'billing_subscription_items',
    'billing_subscriptions',
    'billing_payment_methods',
    'billing_customers',
    'billing_prices',
  ]) {
    await knex.schema.dropTable(table);
  }
}
