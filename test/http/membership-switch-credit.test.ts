// Switching a yearly membership to monthly (issue [17]): Stripe resets the billing cycle on a change of
// interval and invoices it at once, crediting the unused part of the year
// (https://docs.stripe.com/billing/subscriptions/prorations, https://docs.stripe.com/billing/subscriptions/billing-cycle).
// The credit is more than the new month, so the invoice totals less than 0: nothing is charged, and the
// rest stays on the customer's balance for the next invoices (https://docs.stripe.com/billing/customer/balance).
// The payment form says so instead of a negative "Total due today".
import assert from 'node:assert/strict';
import { gateway, membershipOf, PAYMENT_ADDRESS } from '../support/billing';
import { agent, csrfFrom, formBody, mainTextOf, signIn } from '../support/http';

describe('payment form: switch to monthly with the unused year as credit', () => {
  it('shows $0.00 due and $649.00 kept as credit; the switch charges nothing and leaves the credit on the balance', async () => {
    const { user, customerId, subscriptionId } = await membershipOf({
      items: [['membership_yearly_v3', 1]],
      seatBased: false,
    });
    const client = agent();
    await signIn(client, user.email);
    const path = `/membership/switch-to-monthly/${subscriptionId}`;
    const page = await client.get(`${path}?step=pay`).expect(200);
    const text = mainTextOf(page.text);
    // Made moments ago, the year is unused to the cent: −$708.00, then the first month at $59.00.
    assert.match(text, /Unused time on Directory membership after .* -\$708\.00/);
    assert.match(text, /1 × Directory membership \(at \$59\.00 \/ month\) \$59\.00/);
    // $708.00 − $59.00 = $649.00 credited (issue [18] item 5): said as a credit, never as "Pay −$649.00".
    assert.match(text, /Total due today \$0\.00 Credited to your balance, used on your next invoices \$649\.00/);
    assert.match(text, /Confirm: \$649\.00 credited to your balance/);
    assert.doesNotMatch(text, /-\$649\.00/);
    assert.doesNotMatch(text, /Pay -?\$/);

    const attempt = /name="attempt" value="([^"]+)"/.exec(page.text)![1]!;
    const switched = await client
      .post(path)
      .type('form')
      .send(formBody({ ...PAYMENT_ADDRESS, attempt, _csrf: csrfFrom(page.text) }));
    assert.equal(switched.headers.location, '/plan-management');
    const invoice = (await gateway().invoicesOf(customerId)).find((i) => i.billing_reason === 'subscription_update');
    assert.ok(invoice, 'the switch made an invoice');
    assert.deepEqual([invoice.total, invoice.amount_paid, invoice.status], [-64900, 0, 'paid']);
    assert.equal((await gateway().retrieveCustomer(customerId))?.balance, -64900);
  });
});
