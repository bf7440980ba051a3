// /plan-management/upcoming-invoice/{subscriptionId} (spec 3 §2 "upcoming/today's invoice modal", §7
// GET /portal/invoice/upcoming, §8 "Upcoming invoice fetch failure"): Stripe's preview of a live
// membership's next invoice, for the viewer's own account only.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, signIn, textOf } from '../support/http';
import { billedAccount, gateway } from '../support/billing';

async function owner(
  options: { providers?: number; membership?: string | null; incomplete?: boolean; card?: string } = {},
) {
  const user = await createProviderUser(ctx().db, {
    providers: Array.from({ length: options.providers ?? 1 }, (_, i) => ({
      firstName: 'Robin',
      lastName: `Member${i + 1}`,
    })),
  });
  const billing = await billedAccount(user.accountId, user.providerIds, {
    membership: options.membership,
    incomplete: options.incomplete,
    card: options.card,
  });
  const client = agent();
  await signIn(client, user.email);
  return { user, client, billing };
}

const pathOf = (subscriptionId: string) => `/plan-management/upcoming-invoice/${subscriptionId}`;

describe('plan management: the upcoming invoice of a live membership', () => {
  it("Plan Management links each live membership to it; the page shows the next period's lines, subtotal and amount due, and leads back", async () => {
    const { client, billing } = await owner();
    const plan = await client.get('/plan-management').expect(200);
    assert.ok(plan.text.includes(`href="${pathOf(billing.subscriptionId!)}"`), 'a link to the upcoming invoice');
    assert.match(mainTextOf(plan.text), /View upcoming invoice for Robin Member1/);

    const page = await client.get(pathOf(billing.subscriptionId!)).expect(200);
    assert.match(page.text, /<title>Upcoming invoice \|/);
    const text = mainTextOf(page.text);
    assert.match(text, /Membership Membership, paid monthly Profiles Robin Member1/);
    // The charge date is the membership's next payment on Plan Management (the current period's end).
    const nextPayment = /Next payment ([A-Z][a-z]{2} \d{1,2}, \d{4})/.exec(mainTextOf(plan.text))![1]!;
    assert.match(text, new RegExp(`Charged on ${nextPayment}`));
    assert.match(text, /1 × Directory membership \(at \$59\.00 \/ month\) \$59\.00/);
    assert.match(text, /Subtotal \$59\.00/);
    assert.match(text, /Amount due \$59\.00/);
    assert.doesNotMatch(text, /Discount|Account credit/);
    assert.ok(page.text.includes('href="/plan-management"'), 'a link back to Plan Management');
    assert.match(text, /Back to Plan Management/);
  });

  it('a seat-based membership lists its profiles and the seats; a coupon on it shows as the discount', async () => {
    const { client, billing } = await owner({ providers: 2 });
    const coupon = await gateway().createCoupon(
      { percent_off: 25, duration: 'forever', name: 'Test quarter off' },
      `test-coupon-${billing.subscriptionId}`,
    );
    await gateway().updateSubscription(
      billing.subscriptionId!,
      { discounts: [{ coupon: coupon.id }] },
      `test-discount-${billing.subscriptionId}`,
    );
    const text = mainTextOf((await client.get(pathOf(billing.subscriptionId!)).expect(200)).text);
    assert.match(text, /Membership Seat-based membership, paid monthly Profiles Robin Member1, Robin Member2/);
    assert.match(text, /2 × Directory membership \(at \$59\.00 \/ month\) \$118\.00/);
    assert.match(text, /Subtotal \$118\.00 Discount -\$29\.50/);
    assert.match(text, /Amount due \$88\.50/);
  });

  it('the sales tax on the membership (its tax rate) is a line of its own, included in the amount due', async () => {
    const { client, billing } = await owner();
    const rate = await gateway().taxRate({ percentage: 8.25, state: 'TX' }, `test-tax-rate-${billing.subscriptionId}`);
    await gateway().updateSubscription(
      billing.subscriptionId!,
      { default_tax_rates: [rate] },
      `test-tax-${billing.subscriptionId}`,
    );
    const text = mainTextOf((await client.get(pathOf(billing.subscriptionId!)).expect(200)).text);
    // 8.25 % of $59.00 is $4.8675, rounded half up to $4.87.
    assert.match(text, /Subtotal \$59\.00 Sales tax \$4\.87 Amount due \$63\.87/);
  });

  it('a pending (incomplete) membership is live too; an ended one has no link, and its id is not found', async () => {
    const { client, billing } = await owner({ card: 'pm_card_chargeCustomerFail', incomplete: true });
    const plan = await client.get('/plan-management').expect(200);
    assert.match(mainTextOf(plan.text), /Pending memberships .*View upcoming invoice/);
    await client.get(pathOf(billing.subscriptionId!)).expect(200);

    await gateway().cancelSubscription(billing.subscriptionId!, `test-cancel-${billing.subscriptionId}`);
    await ctx()
      .db('billing_subscriptions')
      .where({ id: billing.subscriptionId! })
      .update({ status: 'canceled', ended_at: new Date() });
    const after = await client.get('/plan-management').expect(200);
    assert.doesNotMatch(mainTextOf(after.text), /View upcoming invoice/);
    await client.get(pathOf(billing.subscriptionId!)).expect(404);
  });
});

describe("plan management: the upcoming invoice is the owner's only", () => {
  it("another account's subscription id is not found (404), and nothing of it is shown", async () => {
    const victim = await owner();
    const { client } = await owner();
    const response = await client.get(pathOf(victim.billing.subscriptionId!)).expect(404);
    assert.doesNotMatch(textOf(response.text), /Amount due/);
  });

  it('an id that is not a subscription id (sub_…) is not found (404)', async () => {
    const { client, billing } = await owner();
    for (const id of ['in_123', billing.customerId, 'sub_', 'sub_abc-def', 'SUB_abc', '123'])
      await client.get(pathOf(id)).expect(404);
  });

  it('asks for sign-in first', async () => {
    const { billing } = await owner();
    const response = await agent().get(pathOf(billing.subscriptionId!)).expect(303);
    assert.match(response.headers.location, /^\/login/);
  });

  it('users without an account see "You do not have access to this part of the Members Portal" (403)', async () => {
    const user = await createProviderUser(ctx().db, { roles: [] });
    const client = agent();
    await signIn(client, user.email);
    const response = await client.get(pathOf('sub_123')).expect(403);
    assert.match(textOf(response.text), /You do not have access to this part of the Members Portal/);
  });
});

describe('plan management: an upcoming invoice Stripe cannot give (spec 3 §8)', () => {
  it('goes back to Plan Management with the error message in an error flash', async () => {
    const { client, billing, user } = await owner();
    // The mirror knows a subscription Stripe does not (deleted, another Stripe account).
    await ctx().db('billing_subscriptions').insert({
      id: 'sub_gone',
      customer_id: billing.customerId,
      account_id: user.accountId,
      status: 'active',
      created_at: new Date(),
      provider_ids: user.providerIds,
    });
    const response = await client.get(pathOf('sub_gone')).expect(303);
    assert.equal(response.headers.location, '/plan-management');
    const page = await client.get('/plan-management').expect(200);
    assert.match(page.text, /class="flash flash--error"/);
    assert.match(textOf(page.text), /No such subscription: 'sub_gone'/);
  });
});
