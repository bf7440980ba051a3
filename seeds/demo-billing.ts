// The demo accounts' memberships, made on the local card server through the same gateway the portal
// uses, then mirrored at once (the webhooks that follow find nothing new). Idempotent: an account that
// already has a customer is left alone. Local mode only: a real Stripe account gets no demo customers.
// A history (a renewal, an attempt that expired) is made as Stripe makes one in test mode: the customer
// is put on a test clock frozen in the past, and the clock is advanced to the seeding time, so that the
// card server renews, charges and expires as time passes (https://docs.stripe.com/billing/testing/test-clocks).
// Such a clock then stays at the seeding time: its customer's objects are dated then.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { syncCustomer } from '../server/domain/billing';
import type { PaymentsGateway, LocalStripe } from '../server/integrations/payments';
import { DEMO_EMAILS } from './demo';

const DAY = 86_400;

async function accountOf(
  db: Knex,
  email: string,
): Promise<{ accountId: number; providerIds: number[]; name: string } | null> {
  const row = await db('users as u')
    .join('account_roles as r', 'r.user_id', 'u.id')
    .join('accounts as a', 'a.id', 'r.account_id')
    .where('u.email', email)
    .where('r.role', 'owner')
    .first('a.id', 'a.name');
  if (!row) return null;
  const providerIds = (await db('providers').where({ account_id: row.id }).orderBy('id').pluck('id')).map(Number);
  return { accountId: Number(row.id), providerIds, name: row.name };
}

export async function seedDemoBilling(
  db: Knex,
  payments: PaymentsGateway,
  _local: LocalStripe,
  logger?: Logger,
): Promise<void> {
  const stripe = await payments.client();
  const seededAt = Math.floor(Date.now() / 1000);
  const prices = new Map(
    (await db('billing_prices').select('id', 'lookup_key')).map((p: { id: string; lookup_key: string }) => [
      p.lookup_key,
      p.id,
    ]),
  );
  const price = (key: string) => {
    const id = prices.get(key);
    if (!id) throw new Error(`the catalog has no price ${key}: run the catalog sync first`);
    return id;
  };
  const key = (account: number, what: string) => `demo-${account}-${what}`;

  /**
   * Moves a test clock to the seeding time, in steps Stripe allows (at most two intervals of the shortest
   * subscription on it: 59 days is less than any two months).
   */
  const advanceToNow = async (clockId: string) => {
    let clock = await stripe.testHelpers.testClocks.retrieve(clockId);
    while (clock.frozen_time < seededAt) {
      clock = await stripe.testHelpers.testClocks.advance(clockId, {
        frozen_time: Math.min(seededAt, clock.frozen_time + 59 * DAY),
      });
      while (clock.status === 'advancing') clock = await stripe.testHelpers.testClocks.retrieve(clockId);
    }
  };

  const setUp = async (
    email: string,
    address: { line1: string; city: string; state: string; postalCode: string } | null,
    work: (
      customerId: string,
      account: NonNullable<Awaited<ReturnType<typeof accountOf>>>,
      clockId: string | null,
    ) => Promise<void>,
    /** How far back the customer's history starts (days): the customer is made on a test clock frozen then. */
    historyDays = 0,
  ) => {
    const account = await accountOf(db, email);
    if (!account) return;
    if (await db('billing_customers').where({ account_id: account.accountId }).first('id')) return;
    const clock = historyDays
      ? await stripe.testHelpers.testClocks.create(
          { frozen_time: seededAt - historyDays * DAY, name: `Demo: ${email}` },
          { idempotencyKey: key(account.accountId, 'clock') },
        )
      : null;
    const customer = clock
      ? await stripe.customers.create(
          { email, name: account.name, metadata: { account_id: String(account.accountId) }, test_clock: clock.id },
          { idempotencyKey: key(account.accountId, 'customer') },
        )
      : await payments.createCustomer(
          { accountId: account.accountId, email, name: account.name },
          key(account.accountId, 'customer'),
        );
    if (address)
      await payments.updateAddress(customer.id, { ...address, line2: '' }, key(account.accountId, 'address'));
    await work(customer.id, account, clock?.id ?? null);
    await syncCustomer(db, payments, customer.id, logger);
  };

  // Dana (New York): an active membership at the NY/CA price, paid monthly since 40 days (the first invoice
  // and a renewal), and a refunded one-time copywriting charge.
  await setUp(
    DEMO_EMAILS.individual,
    { line1: '250 W 57th St', city: 'New York', state: 'NY', postalCode: '10107' },
    async (customerId, { accountId, providerIds }, clockId) => {
      const card = await payments.attachCard(customerId, 'pm_card_visa', key(accountId, 'card'));
      await payments.createSubscription(
        {
          customer: customerId,
          items: [{ price: price('membership_monthly_ny_ca_v4') }],
          metadata: { provider_id: String(providerIds[0]) },
        },
        key(accountId, 'membership'),
      );
      if (clockId) await advanceToNow(clockId);
      const { chargeId } = await payments.chargeCard(
        { customerId, paymentMethodId: card, amount: 7000, description: 'Professional copywriting' },
        key(accountId, 'copywriting'),
      );
      if (chargeId) await payments.refund(chargeId, key(accountId, 'refund'));
    },
    40,
  );

  // The practice: one seat-based subscription for two providers; the second seat was canceled since.
  await setUp(
    DEMO_EMAILS.practice,
    { line1: '100 Cambridge St', city: 'Boston', state: 'MA', postalCode: '02114' },
    async (customerId, { accountId, providerIds }) => {
      await payments.attachCard(customerId, 'pm_card_mastercard', key(accountId, 'card'));
      const seats = providerIds.slice(0, 2);
      const subscription = await payments.createSubscription(
        {
          customer: customerId,
          items: [
            { price: price('membership_monthly_v3'), quantity: seats.length },
            { price: price('practice_management_professional_monthly_v3') },
          ],
          metadata: { seat_based: 'yes', provider_ids: seats.join(','), form_title: 'Harbor Light Counseling Group' },
        },
        key(accountId, 'seats'),
      );
      await syncCustomer(db, payments, customerId, logger); // the mirror sees both seats before one is canceled
      const membership = subscription.items.data.find((item) => item.price.id === price('membership_monthly_v3'))!;
      await payments.updateSubscription(
        subscription.id,
        {
          items: [{ id: membership.id, quantity: 1 }],
          metadata: { provider_ids: seats.slice(0, 1).join(',') },
          proration_behavior: 'none',
        },
        key(accountId, 'cancel-seat'),
      );
    },
  );

  // Alex: an active membership (two-factor by SMS needs one), a legacy yearly one, to switch to monthly.
  await setUp(DEMO_EMAILS.twoFactor, null, async (customerId, { accountId, providerIds }) => {
    await payments.attachCard(customerId, 'pm_card_visa', key(accountId, 'card'));
    await payments.createSubscription(
      {
        customer: customerId,
        items: [{ price: price('membership_yearly_v3') }],
        metadata: { provider_id: String(providerIds[0]) },
      },
      key(accountId, 'membership-yearly'),
    );
  });

  // Riley (billing trouble): an earlier attempt that expired before it started, and a pending one on a card
  // declined when charged (allow_incomplete, Stripe's default: the first invoice is charged, and stays open).
  await setUp(
    DEMO_EMAILS.billing,
    { line1: '1 Main St', city: 'Springfield', state: 'MA', postalCode: '01103' },
    async (customerId, { accountId, providerIds }, clockId) => {
      await payments.attachCard(customerId, 'pm_card_chargeCustomerFail', key(accountId, 'card'));
      const metadata = { provider_id: String(providerIds[0]) };
      await payments.createSubscription(
        {
          customer: customerId,
          items: [{ price: price('membership_monthly_v3') }],
          metadata,
          payment_behavior: 'allow_incomplete',
        },
        key(accountId, 'expired'),
      );
      // Three days pass: the first attempt, unpaid for Stripe's 23 hours, expires on the way.
      if (clockId) await advanceToNow(clockId);
      await payments.createSubscription(
        {
          customer: customerId,
          items: [{ price: price('membership_monthly_v3') }],
          metadata,
          payment_behavior: 'allow_incomplete',
        },
        key(accountId, 'pending'),
      );
    },
    3,
  );
}
