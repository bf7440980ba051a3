// Sales tax per line on the membership form's changes (issue [18] item 1): an upgrade re-taxes the whole
// subscription, each item at its category's rate at the billing address, replacing an old blended rate on
// the subscription; a new billing address on Plan Management re-taxes the live subscription for its renewals.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { agent, csrfFrom, formBody, mainTextOf, signIn } from '../support/http';
import { gateway, membershipOf, PAYMENT_ADDRESS } from '../support/billing';
import { syncCustomer } from '../../server/domain/billing';

const NEW_YORK = {
  address_line1: '250 W 57th St',
  address_city: 'New York',
  address_state: 'NY',
  address_postal_code: '10107',
};

describe('payment form: sales tax per line after an upgrade (issue [18] item 1)', () => {
  it("Dana's upgrade in New York: practice management taxed 4 %, the membership not, renewals $0.76; a move to Texas re-taxes both", async () => {
    const { user, customerId, subscriptionId } = await membershipOf({
      items: [['membership_monthly_ny_ca_v4', 1]],
      seatBased: false,
    });
    // As before this change: a blended rate set as the subscription's default (the "Sales tax (1.5256 %)").
    const blended = await gateway().taxRate({ percentage: 1.5256, state: 'NY' }, `blend-${subscriptionId}`);
    await gateway().updateSubscription(subscriptionId, { default_tax_rates: [blended] }, `blend-${subscriptionId}`);
    await gateway().updateAddress(
      customerId,
      { line1: NEW_YORK.address_line1, line2: '', city: 'New York', state: 'NY', postalCode: '10107' },
      `ny-${customerId}`,
    );
    await syncCustomer(ctx().db, gateway(), customerId);
    const client = agent();
    await signIn(client, user.email);

    const path = `/practice-management/upgrade/${user.accountId}`;
    const page = await client.get(`${path}?step=pay&tier=professional`).expect(200);
    const attempt = /name="attempt" value="([^"]+)"/.exec(page.text)![1]!;
    const paid = await client
      .post(path)
      .type('form')
      .send(
        formBody({
          ...PAYMENT_ADDRESS,
          ...NEW_YORK,
          tier: 'professional',
          source: '',
          attempt,
          _csrf: csrfFrom(page.text),
        }),
      );
    assert.equal(paid.status, 303, mainTextOf(paid.text));

    const [subscription] = await gateway().subscriptionsOf(customerId);
    assert.deepEqual(subscription!.default_tax_rates ?? [], [], 'no blended default rate any more');
    const rates = Object.fromEntries(
      subscription!.items.data.map((item) => [item.price.lookup_key, item.tax_rates?.map((rate) => rate.percentage)]),
    );
    assert.deepEqual(rates, { membership_monthly_ny_ca_v4: [], practice_management_professional_monthly_v3: [4] });
    // The renewal: membership $69.00 untaxed, practice management $19.00 × 4 % = $0.76 (not 4 % of $88.00 = $3.52).
    const renewal = await gateway().upcomingInvoice(customerId, subscriptionId);
    assert.deepEqual({ subtotal: renewal.subtotal, tax: renewal.tax }, { subtotal: 8800, tax: 76 });

    // Plan Management: a new address in Austin. Texas taxes both at 5 %: $69.00 × 5 % = $3.45 and
    // $19.00 × 5 % = $0.95, $4.40 on the next renewal.
    const plan = await client.get('/plan-management').expect(200);
    await client
      .post('/plan-management/address')
      .type('form')
      .send({
        _csrf: csrfFrom(plan.text),
        line1: '1 Congress Ave',
        line2: '',
        city: 'Austin',
        state: 'TX',
        postal_code: '78701',
      })
      .expect(303);
    const moved = await gateway().upcomingInvoice(customerId, subscriptionId);
    assert.deepEqual({ subtotal: moved.subtotal, tax: moved.tax }, { subtotal: 8800, tax: 440 });
    const [retaxed] = await gateway().subscriptionsOf(customerId);
    assert.deepEqual(
      retaxed!.items.data.map((item) => item.tax_rates?.map((rate) => [rate.percentage, rate.state])),
      [[[5, 'TX']], [[5, 'TX']]],
    );
    assert.equal((await gateway().invoicesOf(customerId)).length, 2, 'a new address charges nothing by itself');

    // Back to New York: its rates again (a re-tax is never an old answer replayed), $0.76.
    const again = await client.get('/plan-management').expect(200);
    await client
      .post('/plan-management/address')
      .type('form')
      .send({
        _csrf: csrfFrom(again.text),
        line1: '250 W 57th St',
        line2: '',
        city: 'New York',
        state: 'NY',
        postal_code: '10107',
      })
      .expect(303);
    assert.equal((await gateway().upcomingInvoice(customerId, subscriptionId)).tax, 76);
  });
});
