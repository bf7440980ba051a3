// Writes the billing mirror from a fresh read of Stripe (never from an event's body, which may be old or
// out of order): a customer with its cards, subscriptions, invoices and charges, then the account's
// derived fields. Stripe is read first, outside any transaction (a slow Stripe holds no lock and no
// connection); the write is one short transaction under a lock on the customer's id, and a read older
// than the one already written is dropped, so the later read is the one that stays.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { PaymentsGateway, Stripe } from '../../integrations/payments';
import { seatKindOf } from './catalog';
import { deriveAccountBilling, membershipSeatOf, providerIdsOf, type MirroredSubscription } from './derive';

const at = (unix: number | null | undefined) => (unix ? new Date(unix * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The account a Stripe customer belongs to (metadata.account_id), when that account exists. */
async function accountOf(db: Knex, customer: Stripe.Customer): Promise<number | null> {
  const id = Number(customer.metadata?.account_id);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const row = await db('accounts').where({ id }).first('id');
  return row ? id : null;
}

export interface SyncOutcome {
  accountId: number;
  changes: string[];
}

/**
 * Reads the customer and everything of it from Stripe and replaces its mirror rows. Answers null for a
 * customer that belongs to no account of ours (a guest checkout, another system's customer).
 */
export async function syncCustomer(
  db: Knex,
  payments: PaymentsGateway,
  customerId: string,
  logger?: Logger,
): Promise<SyncOutcome | null> {
  // When this read began, by the database's clock (the one every process shares).
  const readAt: Date = (await db.raw('select clock_timestamp() as t')).rows[0].t;
  const customer = await payments.retrieveCustomer(customerId);
  if (!customer) {
    // Deleted at Stripe, or never known there: said once, and the job ends (a retry would find nothing either).
    logger?.warn({ customerId }, 'billing: Stripe has no such customer; it is left out of the mirror');
    await db('billing_customers').where({ id: customerId }).delete();
    return null;
  }
  const accountId = await accountOf(db, customer);
  if (!accountId) {
    logger?.info({ customerId }, 'billing: a customer of no account was left out of the mirror');
    return null;
  }
  const [cards, subscriptions, invoices, charges] = await Promise.all([
    payments.cards(customerId),
    payments.subscriptionsOf(customerId),
    payments.invoicesOf(customerId),
    payments.chargesOf(customerId),
  ]);
  const paidBy = new Map<string, string[]>();
  for (const invoice of invoices)
    if (invoice.status === 'paid') paidBy.set(invoice.id, await payments.invoicePaymentIntents(invoice.id));

  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`billing:${customerId}`]);
    // Another sync read Stripe after this one and has written already: its picture is the newer one.
    const written = await trx('billing_customers').where({ id: customerId }).first('synced_at');
    if (written && new Date(written.synced_at).getTime() > new Date(readAt).getTime())
      return { accountId, changes: [] };
    const before = await snapshot(trx, customerId);
    const others = await trx('billing_customers')
      .where({ account_id: accountId })
      .whereNot({ id: customerId })
      .first('id');
    await trx('billing_customers')
      .insert({
        id: customerId,
        account_id: accountId,
        is_primary: !others,
        email: customer.email ?? null,
        name: customer.name ?? null,
        address_line1: customer.address?.line1 || null,
        address_line2: customer.address?.line2 || null,
        address_city: customer.address?.city || null,
        address_state: customer.address?.state || null,
        address_postal_code: customer.address?.postal_code || null,
        default_payment_method: idOf(customer.invoice_settings?.default_payment_method as string | null),
        balance: customer.balance ?? 0,
        synced_at: readAt,
      })
      .onConflict('id')
      .merge();

    await trx('billing_payment_methods').where({ customer_id: customerId }).delete();
    if (cards.length) {
      await trx('billing_payment_methods').insert(
        cards.map((card) => ({
          id: card.id,
          customer_id: customerId,
          brand: card.brand,
          last4: card.last4,
          exp_month: card.expMonth,
          exp_year: card.expYear,
          fingerprint: card.fingerprint,
          created_at: at(card.created) ?? trx.fn.now(),
        })),
      );
    }

    for (const subscription of subscriptions) await writeSubscription(trx, accountId, customerId, subscription);
    const kept = subscriptions.map((s) => s.id);
    await trx('billing_subscriptions')
      .where({ customer_id: customerId })
      .modify((q) => {
        if (kept.length) q.whereNotIn('id', kept);
      })
      .delete();

    await trx('billing_invoices').where({ customer_id: customerId }).delete();
    for (const invoice of invoices) {
      await trx('billing_invoices').insert({
        id: invoice.id,
        customer_id: customerId,
        subscription_id: invoice.parent?.subscription_details?.subscription
          ? idOf(invoice.parent.subscription_details.subscription as string)
          : null,
        number: invoice.number,
        status: invoice.status,
        amount_due: invoice.amount_due,
        amount_remaining: invoice.amount_remaining ?? null,
        attempt_count: invoice.attempt_count ?? 0,
        next_payment_attempt: at(invoice.next_payment_attempt),
        billing_reason: invoice.billing_reason ?? null,
        total: invoice.total,
        // An invoice always has its creation time (Stripe's `created` is required).
        created_at: new Date(invoice.created * 1000),
        paid_at: at(invoice.status_transitions?.paid_at),
        period_end: at(invoice.period_end),
        hosted_invoice_url: invoice.hosted_invoice_url ?? null,
        payment_intents: paidBy.get(invoice.id) ?? [],
        description: invoice.lines?.data?.[0]?.description ?? null,
      });
    }
    await trx('billing_charges').where({ customer_id: customerId }).delete();
    if (charges.length) {
      await trx('billing_charges').insert(
        charges.map((charge) => ({
          id: charge.id,
          customer_id: customerId,
          payment_intent: idOf(charge.payment_intent as string | null),
          amount: charge.amount,
          amount_refunded: charge.amount_refunded,
          status: charge.status,
          description: charge.description,
          receipt_url: charge.receipt_url,
          // A charge always has its creation time (Stripe's `created` is required).
          created_at: new Date(charge.created * 1000),
        })),
      );
    }
    await recomputeAccount(trx, accountId, logger);
    const after = await snapshot(trx, customerId);
    return { accountId, changes: describeChanges(before, after) };
  });
}

async function writeSubscription(
  trx: Knex.Transaction,
  accountId: number,
  customerId: string,
  subscription: Stripe.Subscription,
): Promise<void> {
  const metadata = (subscription.metadata ?? {}) as Record<string, string>;
  const items = subscription.items.data;
  const periodEnd = Math.max(0, ...items.map((item) => item.current_period_end ?? 0));
  const firstDiscount = subscription.discounts?.[0];
  const coupon = firstDiscount && typeof firstDiscount === 'object' ? firstDiscount.source?.coupon : null;
  const discount = coupon && typeof coupon === 'object' ? coupon : null;
  const row = {
    id: subscription.id,
    customer_id: customerId,
    account_id: accountId,
    status: subscription.status,
    created_at: new Date(subscription.created * 1000),
    current_period_end: at(periodEnd || null),
    cancel_at_period_end: subscription.cancel_at_period_end,
    canceled_at: at(subscription.canceled_at),
    ended_at: at(subscription.ended_at),
    interval: items[0]?.price?.recurring?.interval ?? null,
    seat_based: metadata.seat_based === 'yes',
    provider_ids: providerIdsOf(metadata),
    metadata: JSON.stringify(metadata),
    form_title: metadata.form_title ?? null,
    synced_at: trx.fn.now(),
    discount: discount
      ? JSON.stringify({
          id: discount.id,
          name: discount.name,
          percent_off: discount.percent_off,
          amount_off: discount.amount_off,
          duration: discount.duration,
          duration_in_months: discount.duration_in_months,
        })
      : null,
  };
  await trx('billing_subscriptions').insert(row).onConflict('id').merge();
  await trx('billing_subscription_items').where({ subscription_id: subscription.id }).delete();
  if (items.length) {
    await trx('billing_subscription_items').insert(
      items.map((item) => ({
        id: item.id,
        subscription_id: subscription.id,
        price_id: item.price.id,
        lookup_key: item.price.lookup_key ?? null,
        product_id: idOf(item.price.product as string),
        quantity: item.quantity ?? 1,
        unit_amount: item.price.unit_amount ?? 0,
        seat_kind: item.price.lookup_key ? seatKindOf(item.price.lookup_key) : null,
      })),
    );
  }
}

/** Re-derives the account's billing fields, its providers' paid plans and their seats from the mirror. */
export async function recomputeAccount(
  trx: Knex.Transaction | Knex,
  accountId: number,
  logger?: Logger,
): Promise<void> {
  const rows = await trx('billing_subscriptions')
    .where({ account_id: accountId })
    .select('id', 'status', 'created_at', 'seat_based', 'provider_ids', 'ended_at');
  const items = rows.length
    ? await trx('billing_subscription_items')
        .whereIn(
          'subscription_id',
          rows.map((r) => r.id),
        )
        .select('subscription_id', 'lookup_key', 'quantity')
    : [];
  const providerIds = new Set<number>(
    (await trx('providers').where({ account_id: accountId }).pluck('id')).map(Number),
  );
  const subscriptions: MirroredSubscription[] = rows.map((row) => ({
    id: row.id,
    status: row.status,
    createdAt: new Date(row.created_at),
    seatBased: row.seat_based,
    // Only this account's providers: a subscription's metadata never reaches another account.
    providerIds: row.provider_ids.filter((id) => providerIds.has(id)),
    items: items
      .filter((item) => item.subscription_id === row.id)
      .map((item) => ({ lookupKey: item.lookup_key, quantity: item.quantity })),
  }));
  const billing = deriveAccountBilling(subscriptions);
  await trx('accounts')
    .where({ id: accountId })
    .update({
      tier: billing.tier,
      has_paid_practice_management_plan: billing.hasPracticeManagement,
      seat_based: billing.seatBased,
      seat_counts: JSON.stringify(billing.seatCounts),
      legacy_subscription_count: billing.legacySubscriptionCount,
      active_or_trialing_subscription_count: billing.activeOrTrialingSubscriptionCount,
      has_paid_plan: billing.hasPaidPlan,
      has_paid_reimbursify_plan: billing.hasPaidReimbursifyPlan,
    });
  const paid = new Set(billing.paidProviderIds);
  for (const id of providerIds)
    await trx('providers')
      .where({ id })
      .whereNot({ has_paid_plan: paid.has(id) })
      .update({ has_paid_plan: paid.has(id) });

  // Seats: one row per provider and subscription; a provider taken off a subscription keeps its row,
  // canceled. Ended subscriptions first, so their seats are closed before live ones claim the provider.
  const endedFirst = [...subscriptions].sort(
    (a, b) => Number(!rows.find((r) => r.id === a.id)!.ended_at) - Number(!rows.find((r) => r.id === b.id)!.ended_at),
  );
  for (const subscription of endedFirst) {
    const row = rows.find((r) => r.id === subscription.id)!;
    const seatKind = membershipSeatOf(subscription.items) ?? 'non_ny';
    const ended = row.ended_at ? new Date(row.ended_at) : null;
    for (const providerId of subscription.providerIds) {
      const seat = { provider_id: providerId, subscription_id: subscription.id };
      const updated = await trx('provider_paid_seats').where(seat).update({ seat_kind: seatKind, canceled_at: ended });
      if (updated) continue;
      // A provider holds one live seat (a unique index): a second live subscription naming it is Stripe's
      // record of a mistake, which support must settle; the mirror keeps the first seat and says so.
      const inserted = await trx('provider_paid_seats')
        .insert({ ...seat, seat_kind: seatKind, canceled_at: ended })
        .onConflict()
        .ignore()
        .returning('provider_id');
      if (!inserted.length)
        logger?.warn(
          { providerId, subscriptionId: subscription.id },
          'billing: a provider is on two live subscriptions',
        );
    }
    await trx('provider_paid_seats')
      .where({ subscription_id: subscription.id })
      .whereNull('canceled_at')
      .modify((q) => {
        if (subscription.providerIds.length) q.whereNotIn('provider_id', subscription.providerIds);
      })
      .update({ canceled_at: ended ?? trx.fn.now() });
  }
}

interface Snapshot {
  subscriptions: Map<string, string>;
  cards: number;
  invoices: number;
  charges: number;
}

async function snapshot(trx: Knex.Transaction, customerId: string): Promise<Snapshot> {
  const subscriptions = await trx('billing_subscriptions').where({ customer_id: customerId }).select('id', 'status');
  const count = async (table: string) =>
    Number((await trx(table).where({ customer_id: customerId }).count({ n: '*' }).first())?.n ?? 0);
  return {
    subscriptions: new Map(subscriptions.map((s) => [s.id, s.status])),
    cards: await count('billing_payment_methods'),
    invoices: await count('billing_invoices'),
    charges: await count('billing_charges'),
  };
}

/** What a sync changed, in words for the reconcile log ("sub_1: past_due → active"). */
function describeChanges(before: Snapshot, after: Snapshot): string[] {
  const changes: string[] = [];
  for (const [id, status] of after.subscriptions)
    if (before.subscriptions.get(id) !== status)
      changes.push(`${id}: ${before.subscriptions.get(id) ?? 'new'} → ${status}`);
  for (const id of before.subscriptions.keys()) if (!after.subscriptions.has(id)) changes.push(`${id}: removed`);
  for (const key of ['cards', 'invoices', 'charges'] as const)
    if (before[key] !== after[key]) changes.push(`${key}: ${before[key]} → ${after[key]}`);
  return changes;
}
