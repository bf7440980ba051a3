// The gateway against Stripe's own test mode (issue [9] item 2): every call the portal makes, in the
// order a member's life makes them, and the mirror written from Stripe's answers. It needs a Stripe test
// account: STRIPE_TEST_SECRET_KEY=sk_test_… (never a live key). Without it the suite is skipped, and says so.
import assert from 'node:assert/strict';
import Stripe from 'stripe';
import { PaymentsGateway } from '../../server/integrations/payments';
import { syncCatalog, syncCustomer } from '../../server/domain/billing';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';

const secretKey = process.env.STRIPE_TEST_SECRET_KEY ?? '';

describe('Stripe contract (test mode)', function () {
  this.timeout(120_000);
  let gateway: PaymentsGateway;

  before(function () {
    if (!secretKey) {
      console.log(
        '    (Stripe contract tests skipped: set STRIPE_TEST_SECRET_KEY=sk_test_… to run them against a Stripe test account)',
      );
      this.skip();
    }
    if (!secretKey.startsWith('sk_test_') && !secretKey.startsWith('rk_test_'))
      throw new Error('STRIPE_TEST_SECRET_KEY must be a test-mode key');
    const client = new Stripe(secretKey, { maxNetworkRetries: 2 });
    gateway = new PaymentsGateway(async () => client, 'whsec_unused_here');
  });

  it('catalog, customer, card, subscription, invoice, charge, refund, setup and checkout, then the mirror', async () => {
    const run = `contract-${Date.now()}`;
    await syncCatalog(ctx().db, gateway);
    const second = await syncCatalog(ctx().db, gateway);
    assert.deepEqual(second, { created: [], updated: [] }, 'the catalog sync is idempotent');
    const price = (await ctx().db('billing_prices').where({ lookup_key: 'membership_monthly_v3' }).first('id'))!.id;

    const user = await createProviderUser(ctx().db);
    const customer = await gateway.createCustomer(
      { accountId: user.accountId, email: user.email, name: 'Contract Test' },
      `${run}-customer`,
    );
    await gateway.updateAddress(
      customer.id,
      { line1: '1 Main St', line2: '', city: 'Austin', state: 'TX', postalCode: '78701' },
      `${run}-address`,
    );
    const card = await gateway.attachCard(customer.id, 'pm_card_visa', `${run}-card`);
    const subscription = await gateway.createSubscription(
      { customer: customer.id, items: [{ price }], metadata: { provider_id: String(user.providerIds[0]) } },
      `${run}-sub`,
    );
    assert.equal(subscription.status, 'active');
    const { chargeId } = await gateway.chargeCard(
      { customerId: customer.id, paymentMethodId: card, amount: 7000, description: 'Contract copywriting' },
      `${run}-charge`,
    );
    await gateway.refund(chargeId!, `${run}-refund`);
    const intent = await gateway.createSetupIntent(customer.id, `${run}-seti`);
    assert.match(intent.clientSecret, /^seti_/);
    const session = await gateway.createCheckoutSession(
      {
        mode: 'setup',
        customerId: customer.id,
        successUrl: 'https://example.com/ok?session_id={CHECKOUT_SESSION_ID}',
        cancelUrl: 'https://example.com/',
      },
      `${run}-checkout`,
    );
    assert.match(session.url, /^https:\/\/checkout\.stripe\.com\//);
    assert.equal((await gateway.retrieveCheckoutSession(session.id))?.mode, 'setup');

    await syncCustomer(ctx().db, gateway, customer.id);
    assert.equal(
      (await ctx().db('providers').where({ id: user.providerIds[0] }).first('has_paid_plan'))!.has_paid_plan,
      true,
    );
    assert.equal(
      (await ctx().db('billing_customers').where({ id: customer.id }).first('address_city'))!.address_city,
      'Austin',
    );
    const invoice = (await ctx()
      .db('billing_invoices')
      .where({ customer_id: customer.id })
      .first('id', 'payment_intents'))!;
    assert.ok(invoice.payment_intents.length > 0, 'the paid invoice names its payment');
    assert.equal(
      (await ctx().db('billing_charges').where({ id: chargeId! }).first('amount_refunded'))!.amount_refunded,
      7000,
    );

    await gateway.cancelSubscription(subscription.id, `${run}-cancel`);
    await syncCustomer(ctx().db, gateway, customer.id);
    assert.equal(
      (await ctx().db('providers').where({ id: user.providerIds[0] }).first('has_paid_plan'))!.has_paid_plan,
      false,
    );
  });
});
