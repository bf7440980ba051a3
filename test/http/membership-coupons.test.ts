// Coupons and the pay step's one form state (issue [18] items 2, 4, 9 and 10; spec 3 §4 "Payment flow",
// §5 coupons): the portal's own offers come from the sign-up context only, the Owl offer discounts the
// membership only, a coupon typed on an upgrade joins the discounts already there (or the form says why
// it cannot, before Pay), "Apply coupon" keeps what was typed, and a card just added is the one chosen.
import assert from 'node:assert/strict';
import supertest from 'supertest';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, csrfFrom, formBody, mainTextOf, signIn } from '../support/http';
import { billedAccount, gateway, membershipOf, PAYMENT_ADDRESS, priceId, readyToPay } from '../support/billing';
import { syncCustomer } from '../../server/domain/billing';
import { atPayment, payPage } from './zpm-signup-helpers';

const INVALID = /Sorry this coupon is not valid or has expired\./;
let counter = 0;
const key = (what: string) => `coupons-${process.pid}-${Date.now()}-${(counter += 1)}-${what}`;

/** A provider with no plan yet (an incomplete profile in TX), signed in, with a card on file unless null. */
async function unpaid(card: string | null = 'pm_card_visa') {
  const user = await createProviderUser(ctx().db, { providers: [{ status: 'incomplete' }] });
  await readyToPay(user.providerIds[0]);
  const billing = await billedAccount(user.accountId, user.providerIds, { card, membership: null });
  const client = agent();
  await signIn(client, user.email);
  return { user, client, providerId: user.providerIds[0]!, ...billing };
}

const inputOf = (html: string, id: string) => new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
const attemptOf = (html: string) => /name="attempt" value="([^"]+)"/.exec(html)![1]!;

describe("coupons: the portal's own offers are never typed codes (issue [18] item 4)", () => {
  it('REFERRAL_WELCOME_49 and PARTNER_OWL_25 typed on the payment form, a checkout link or zpm-signup are "not valid"', async () => {
    const { client, providerId, user } = await unpaid();
    for (const code of ['REFERRAL_WELCOME_49', 'PARTNER_OWL_25']) {
      const page = await client.get(`/profiles/pay-for/${providerId}?step=pay&tier=basic&coupon=${code}`).expect(200);
      assert.match(mainTextOf(page.text), INVALID);
      assert.match(mainTextOf(page.text), /Total due today \$59\.00/);
      // Posted anyway (a forged form): refused, nothing bought.
      const posted = await client
        .post(`/profiles/pay-for/${providerId}`)
        .type('form')
        .send(
          formBody({
            ...PAYMENT_ADDRESS,
            tier: 'basic',
            source: /id="source-(pm_[A-Za-z0-9]+)"/.exec(page.text)![1]!,
            attempt: attemptOf(page.text),
            coupon: code,
            coupon_applied: code,
            _csrf: csrfFrom(page.text),
          }),
        )
        .expect(422);
      assert.match(mainTextOf(posted.text), INVALID);
    }
    assert.equal((await ctx().db('billing_subscriptions').where({ account_id: user.accountId })).length, 0);

    const checkout = await client.get(`/checkout/${await priceId('copywriting_v3')}?coupon=PARTNER_OWL_25`).expect(422);
    assert.match(mainTextOf(checkout.text), INVALID);

    const zpm = await atPayment({
      first_name: 'Kim',
      last_name: 'Zed',
      email: `zpm-coupon-${Date.now()}@example.test`,
    });
    assert.match(
      mainTextOf((await payPage(zpm.client, 'zpm_tier=pro&quantity=1&coupon=REFERRAL_WELCOME_49')).page.text),
      INVALID,
    );
  });

  it('the partner offer is a sentence over the pay step, not a pre-filled code, and takes 25 % off the membership only', async () => {
    const { client, providerId, user, customerId } = await unpaid();
    await ctx().db('providers').where({ id: providerId }).update({ signup_source: 'partner:owl' });
    const page = await client.get(`/profiles/pay-for/${providerId}?step=pay&tier=professional`).expect(200);
    const text = mainTextOf(page.text);
    assert.match(text, /Owl partner offer: 25% off your directory membership for your first year\./);
    assert.doesNotMatch(page.text, /PARTNER_OWL_25/);
    assert.doesNotMatch(inputOf(page.text, 'coupon'), /value="[^"]/);
    // Professional: membership $59.00 + practice management $19.00 = $78.00; 25 % of the $59.00
    // membership only = $14.75; $78.00 − $14.75 = $63.25.
    assert.match(text, /Discount -\$14\.75/);
    assert.match(text, /Total due today \$63\.25/);
    const paid = await client
      .post(`/profiles/pay-for/${providerId}`)
      .type('form')
      .send(
        formBody({
          ...PAYMENT_ADDRESS,
          tier: 'professional',
          source: /id="source-(pm_[A-Za-z0-9]+)"/.exec(page.text)![1]!,
          attempt: attemptOf(page.text),
          _csrf: csrfFrom(page.text),
        }),
      );
    assert.equal(paid.status, 303);
    const invoices = await gateway().invoicesOf(customerId);
    assert.deepEqual(
      invoices.map((i) => [i.subtotal, i.total]),
      [[7800, 6325]],
    );
    const subscription = (await ctx().db('billing_subscriptions').where({ account_id: user.accountId }).first('id'))!;
    // The renewal keeps the offer (first year) and still spares practice management: $63.25 again.
    assert.equal((await gateway().upcomingInvoice(customerId, subscription.id)).amountDue, 6325);
  });
});

describe('coupons: one form state through every step (issue [18] items 9 and 10)', () => {
  it('"Apply coupon" brings back the typed address, the card chosen and the accepted terms, and charges nothing', async () => {
    const { client, providerId, user } = await unpaid();
    const stamp = Date.now();
    await gateway().createCoupon(
      { id: `TEN${stamp}`, name: 'Ten off', amount_off: 1000, currency: 'usd', duration: 'once' },
      key('ten'),
    );
    const page = await client.get(`/profiles/pay-for/${providerId}?step=pay&tier=basic`).expect(200);
    const card = /id="source-(pm_[A-Za-z0-9]+)"/.exec(page.text)![1]!;
    const applied = await client
      .post(`/profiles/pay-for/${providerId}`)
      .type('form')
      .send(
        formBody({
          tier: 'basic',
          source: card,
          address_line1: '77 Typed Ave',
          address_line2: 'Suite 5',
          address_city: 'Salem',
          address_state: 'OR',
          address_postal_code: '97301',
          terms: '1',
          attempt: attemptOf(page.text),
          coupon: `TEN${stamp}`,
          coupon_applied: '',
          apply_coupon: '1',
          _csrf: csrfFrom(page.text),
        }),
      )
      .expect(200);
    const text = mainTextOf(applied.text);
    assert.match(text, /Ten off: \$10\.00 off, once/);
    // $59.00 − $10.00 = $49.00.
    assert.match(text, /Total due today \$49\.00/);
    assert.match(inputOf(applied.text, 'address_line1'), /value="77 Typed Ave"/);
    assert.match(inputOf(applied.text, 'address_line2'), /value="Suite 5"/);
    assert.match(inputOf(applied.text, 'address_city'), /value="Salem"/);
    assert.match(inputOf(applied.text, 'address_postal_code'), /value="97301"/);
    assert.match(inputOf(applied.text, 'terms'), /checked/);
    assert.match(inputOf(applied.text, `source-${card}`), /checked/);
    assert.match(inputOf(applied.text, 'coupon'), new RegExp(`value="TEN${stamp}"`));
    assert.equal((await ctx().db('billing_subscriptions').where({ account_id: user.accountId })).length, 0);

    // A coupon typed but never applied is not paid unseen: the step comes back with its total.
    const unseen = await client
      .post(`/profiles/pay-for/${providerId}`)
      .type('form')
      .send(
        formBody({
          ...PAYMENT_ADDRESS,
          tier: 'basic',
          source: card,
          attempt: attemptOf(applied.text),
          coupon: `TEN${stamp}`,
          coupon_applied: '',
          _csrf: csrfFrom(applied.text),
        }),
      )
      .expect(200);
    assert.match(mainTextOf(unseen.text), /Total due today \$49\.00/);
    assert.equal((await ctx().db('billing_subscriptions').where({ account_id: user.accountId })).length, 0);
  });

  it('after a decline, the card just added is the one chosen, not the declining default', async () => {
    const { client, providerId, customerId, cardId } = await unpaid('pm_card_chargeCustomerFail');
    const page = await client.get(`/profiles/pay-for/${providerId}?step=pay&tier=basic`).expect(200);
    assert.match(inputOf(page.text, `source-${cardId}`), /checked/, 'the default card is chosen at first');
    const declined = await client
      .post(`/profiles/pay-for/${providerId}`)
      .type('form')
      .send(
        formBody({
          ...PAYMENT_ADDRESS,
          tier: 'basic',
          source: cardId!,
          attempt: attemptOf(page.text),
          _csrf: csrfFrom(page.text),
        }),
      )
      .expect(422);
    assert.match(mainTextOf(declined.text), /Your card was declined\./);
    // The card field saves a new card and comes back with it (Plan Management's confirm adds ?card=).
    const added = await gateway().attachCard(customerId, 'pm_card_visa', key('new-card'));
    await syncCustomer(ctx().db, gateway(), customerId);
    const back = await client
      .get(`/profiles/pay-for/${providerId}?step=pay&tier=basic&card=${added}&terms=1`)
      .expect(200);
    assert.match(inputOf(back.text, `source-${added}`), /checked/);
    assert.doesNotMatch(inputOf(back.text, `source-${cardId}`), /checked/);
    assert.match(inputOf(back.text, 'terms'), /checked/, 'the terms accepted before stay accepted');
    // Another customer's card id is not chosen (nor shown).
    const other = await unpaid();
    const foreign = await client
      .get(`/profiles/pay-for/${providerId}?step=pay&tier=basic&card=${other.cardId}`)
      .expect(200);
    assert.doesNotMatch(foreign.text, new RegExp(other.cardId!));
  });

  it('without JavaScript, a card saved on the hosted page comes back chosen, with the coupon and the terms kept', async () => {
    const made = await membershipOf({ items: [['membership_monthly_v3', 1]], card: 'pm_card_chargeCustomerFail' });
    const client = agent();
    await signIn(client, made.user.email);
    const stamp = Date.now();
    await gateway().createCoupon(
      { id: `FIVE${stamp}`, name: 'Five off', amount_off: 500, currency: 'usd', duration: 'once' },
      key('five'),
    );
    const path = `/reimbursify/upgrade/${made.user.accountId}`;
    const page = await client.get(`${path}?step=pay&tier=pro&coupon=FIVE${stamp}`).expect(200);
    const started = await client
      .post(path)
      .type('form')
      .send(
        formBody({
          ...PAYMENT_ADDRESS,
          tier: 'pro',
          source: 'new',
          attempt: attemptOf(page.text),
          coupon: `FIVE${stamp}`,
          coupon_applied: `FIVE${stamp}`,
          _csrf: csrfFrom(page.text),
        }),
      )
      .expect(303);
    const hosted = new URL(started.headers.location);
    const saved = await supertest(hosted.origin)
      .post(hosted.pathname)
      .type('form')
      .send({ number: '5555 5555 5555 4444', expiry: '12 / 34', cvc: '123', name: 'Test Owner' })
      .expect(303);
    const back = new URL(saved.headers.location as string);
    const returned = await client.get(`${back.pathname}${back.search}`).expect(200);
    const mastercard = await ctx()
      .db('billing_payment_methods')
      .where({ customer_id: made.customerId, last4: '4444' })
      .first('id');
    assert.ok(mastercard, 'the card saved there is mirrored');
    assert.match(inputOf(returned.text, `source-${mastercard.id}`), /checked/);
    assert.match(inputOf(returned.text, 'terms'), /checked/);
    assert.match(mainTextOf(returned.text), /Five off: \$5\.00 off, once/);
  });
});

describe('coupons: a coupon typed on an upgrade joins the discounts already there (issue [18] item 2)', () => {
  /** A seat-based member whose subscription has the Owl offer, signed in. */
  async function owlMember() {
    const made = await membershipOf({ items: [['membership_monthly_v3', 1]] });
    await gateway().updateSubscription(made.subscriptionId, { discounts: [{ coupon: 'PARTNER_OWL_25' }] }, key('owl'));
    await syncCustomer(ctx().db, gateway(), made.customerId);
    const client = agent();
    await signIn(client, made.user.email);
    return { ...made, client };
  }

  const couponsOn = async (subscriptionId: string) =>
    (await gateway().subscriptionDiscounts(subscriptionId)).map((discount) => discount.coupon.id);

  it('a Private Pay Booster coupon is added after the Owl offer, which stays', async () => {
    const { user, client, subscriptionId } = await owlMember();
    const stamp = Date.now();
    await gateway().createCoupon(
      {
        id: `PPB3M${stamp}`,
        name: 'Booster 3 months',
        percent_off: 20,
        duration: 'repeating',
        duration_in_months: 3,
        applies_to: { products: ['portal_private_pay_booster_pro', 'portal_private_pay_booster_premium'] },
      },
      key('ppb'),
    );
    const path = `/reimbursify/upgrade/${user.accountId}`;
    const page = await client.get(`${path}?step=pay&tier=pro&coupon=PPB3M${stamp}`).expect(200);
    assert.match(mainTextOf(page.text), /Booster 3 months: 20% off, 3 months/);
    const paid = await client
      .post(path)
      .type('form')
      .send(
        formBody({
          ...PAYMENT_ADDRESS,
          tier: 'pro',
          attempt: attemptOf(page.text),
          coupon: `PPB3M${stamp}`,
          coupon_applied: `PPB3M${stamp}`,
          _csrf: csrfFrom(page.text),
        }),
      );
    assert.equal(paid.status, 303);
    assert.deepEqual(await couponsOn(subscriptionId), ['PARTNER_OWL_25', `PPB3M${stamp}`]);
    // The same coupon again, on the next upgrade (Premium): refused before Pay.
    const again = await client.get(`${path}?step=pay&tier=premium&coupon=PPB3M${stamp}`).expect(200);
    assert.match(mainTextOf(again.text), /Sorry, this coupon is already applied to your membership\./);
  });

  it('says before Pay why a coupon cannot join: two percentages off the membership', async () => {
    const { user, client, subscriptionId } = await owlMember();
    const stamp = Date.now();
    await gateway().createCoupon(
      { id: `ALL10${stamp}`, name: 'Ten percent', percent_off: 10, duration: 'once' },
      key('all10'),
    );
    const path = `/reimbursify/upgrade/${user.accountId}`;
    const page = await client.get(`${path}?step=pay&tier=pro&coupon=ALL10${stamp}`).expect(200);
    assert.match(mainTextOf(page.text), /Sorry, this coupon cannot be combined with Owl partner offer\./);
    const posted = await client
      .post(path)
      .type('form')
      .send(
        formBody({
          ...PAYMENT_ADDRESS,
          tier: 'pro',
          attempt: attemptOf(page.text),
          coupon: `ALL10${stamp}`,
          coupon_applied: `ALL10${stamp}`,
          _csrf: csrfFrom(page.text),
        }),
      )
      .expect(422);
    assert.match(mainTextOf(posted.text), /cannot be combined with Owl partner offer/);
    assert.deepEqual(await couponsOn(subscriptionId), ['PARTNER_OWL_25']);
  });
});
