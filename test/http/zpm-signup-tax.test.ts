// /zpm-signup charges sales tax by the same rules as the membership form (issue [18] item 6): the plan's
// lines at their category's rate at the billing address (standalone practice management is software),
// shown before anything is charged, and charged on the subscription's own items so renewals are taxed too.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { csrfFrom, formBody, mainTextOf, type Agent } from '../support/http';
import { gateway } from '../support/billing';
import { atPayment, payBody, payPage } from './zpm-signup-helpers';

const DETAILS = { first_name: 'Sam', last_name: 'Ortiz', email: 'sam.zpm-tax@example.test' };
const NEW_YORK = { address_city: 'New York', address_state: 'NY', address_postal_code: '10001' };

const post = (client: Agent, page: string, values: Record<string, string>) =>
  client
    .post('/zpm-signup/pay')
    .type('form')
    .send(formBody({ _csrf: csrfFrom(page), ...values }));

const taxShownOf = (html: string) => /name="tax_shown" value="([^"]*)"/.exec(html)?.[1] ?? null;

describe('zpm-signup: sales tax (spec 3 §5, issue [18] item 6)', () => {
  it('a New York address is taxed 4 % on the plan, shown first, then charged on the subscription', async () => {
    const { client, accountId } = await atPayment(DETAILS);
    const { page, card } = await payPage(client, 'zpm_tier=pro&quantity=2');
    // No address on file yet: the plan untaxed. Pro $49 × 2 clinicians = $98.00.
    assert.match(mainTextOf(page.text), /Total due today \$98\.00/);
    assert.equal(taxShownOf(page.text), '0');

    // The address typed is in New York, which taxes software at 4 %: $98.00 × 4 % = $3.92, total $101.92.
    // Nothing is charged before that total was shown.
    const plan = { zpm_tier: 'pro', quantity: '2', coupon: '' };
    const body = { ...payBody(card!, plan), ...NEW_YORK, tax_shown: taxShownOf(page.text)! };
    const shown = await post(client, page.text, body).expect(422);
    const text = mainTextOf(shown.text);
    assert.match(
      text,
      /The sales tax for this billing address changes the total\. Please check the new total and pay again\./,
    );
    assert.match(text, /Sales tax \$3\.92/);
    assert.match(text, /Total due today \$101\.92/);
    assert.match(shown.text, /name="address_postal_code"[^>]*value="10001"/, 'the address typed is kept');
    assert.equal(
      (await ctx().db('billing_subscriptions').where({ account_id: accountId })).length,
      0,
      'nothing charged yet',
    );

    // Paid from the page that showed the taxed total.
    await post(client, shown.text, { ...body, tax_shown: taxShownOf(shown.text)! })
      .expect(303)
      .expect('Location', '/zpm-signup/done');
    const customerId = (await ctx().db('billing_customers').where({ account_id: accountId }).first())!.id;
    const [subscription] = await gateway().subscriptionsOf(customerId);
    assert.ok(subscription);
    const invoice = await gateway().invoice(String(subscription.latest_invoice));
    const tax = (invoice.total_taxes ?? []).reduce((sum, entry) => sum + entry.amount, 0);
    assert.deepEqual(
      { subtotal: invoice.subtotal, tax, total: invoice.total },
      { subtotal: 9800, tax: 392, total: 10192 },
    );
    // The rate is the item's own (renewals are taxed alike), New York's 4 %, not a blend.
    const [item] = subscription.items.data;
    assert.deepEqual(
      item!.tax_rates?.map((rate) => [rate.percentage, rate.state]),
      [[4, 'NY']],
    );
    assert.deepEqual(subscription.default_tax_rates ?? [], []);
  });

  it('an untaxed address (Oregon) pays the plan alone', async () => {
    const { client, accountId } = await atPayment({ ...DETAILS, email: 'sam.zpm-or@example.test' });
    const { page, card } = await payPage(client, 'zpm_tier=premium&quantity=1');
    await post(client, page.text, {
      ...payBody(card!, { zpm_tier: 'premium', quantity: '1', coupon: '' }),
      tax_shown: '0',
    })
      .expect(303)
      .expect('Location', '/zpm-signup/done');
    const customerId = (await ctx().db('billing_customers').where({ account_id: accountId }).first())!.id;
    const [subscription] = await gateway().subscriptionsOf(customerId);
    const invoice = await gateway().invoice(String(subscription!.latest_invoice));
    // Premium $69 × 1, no tax in Oregon.
    assert.deepEqual({ subtotal: invoice.subtotal, total: invoice.total }, { subtotal: 6900, total: 6900 });
  });
});
