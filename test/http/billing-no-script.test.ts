// Billing as an owner with JavaScript off meets it (issue [9]): form round trips on Plan Management and the
// membership payment form, through the card processor's local hosted pages; each page the person sees is
// checked by axe in a DOM. The browser keeps a one-time purchase without JavaScript, and the upcoming
// invoice's page at 375 px (test/e2e/billing.spec.ts).
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessibleHtml } from '../support/accessible-html';
import { agent, mainTextOf, signIn, textOf } from '../support/http';
import { open, type ServedPage } from '../support/served-form';

const card = (number: string) => ({ number, expiry: '12 / 34', cvc: '123' });
const hasFlash = (page: ServedPage, text: string) =>
  assert.ok(page.flashes.includes(text), `the flash "${text}" on ${page.url}: ${page.flashes.join(' | ')}`);

async function signedIn(user: { email: string }) {
  const client = agent();
  await signIn(client, user.email);
  return client;
}

describe('billing without JavaScript: Plan Management', () => {
  it('updates the billing address, errors first, adds a card on the hosted card page and opens a hosted invoice from the billing history', async () => {
    const user = await createProviderUser(ctx().db, { paid: true });
    const client = await signedIn(user);
    let page = await open(client, '/plan-management');
    await expectAccessibleHtml(page.html, '/plan-management');
    // The address is a summary with a Change link to a page of its own.
    page = await page.follow(client, /^Change the billing address/);
    await expectAccessibleHtml(page.html, '/plan-management/billing-address');
    page = await page.submit(client, 'Save billing address', { values: { line1: '', city: 'Albany' } });
    assert.equal(page.status, 422);
    const main = mainTextOf(page.html);
    for (const message of ['Street address is required', 'State is required', 'Zip code is required'])
      assert.ok(main.includes(message), message);
    assert.equal(page.byName('city').value, 'Albany');
    await expectAccessibleHtml(page.html, '/plan-management with the address errors');
    page = await page.submit(client, 'Save billing address', {
      values: { line1: '9 Elm St', state: 'NY', postal_code: '12207' },
    });
    hasFlash(page, 'Your billing information has been updated!');
    assert.equal(page.path, '/plan-management');
    assert.match(mainTextOf(page.html), /Address 9 Elm St Albany, New York, 12207/);

    // Without JavaScript a card is added on the hosted card page ("Add a card" opens the way there).
    page = await page.submit(client, 'Continue to the secure card page');
    assert.match(page.html, /<h1>Save a card<\/h1>/);
    await expectAccessibleHtml(page.html, 'the hosted card page');
    page = await page.submit(client, 'Save card', { values: card('5555 5555 5555 4444') });
    assert.equal(page.path, '/plan-management');
    hasFlash(page, 'Your payment method has been added.');
    assert.match(page.html, /<td[^>]*>Mastercard ending 4444/);

    page = await page.follow(client, /^View invoice/);
    assert.match(page.html, /<h1>Invoice [^<]+<\/h1>/);
    assert.match(textOf(page.html), /Paid on/);
    await expectAccessibleHtml(page.html, 'the hosted invoice');
  });
});

describe('billing without JavaScript: starting a membership', () => {
  it('Your plan, the photographer question, Payment with its errors and the new sales tax, a new card on the hosted page, then About You', async () => {
    const user = await createProviderUser(ctx().db, { providers: [{ status: 'incomplete' }] });
    const providerId = user.providerIds[0]!;
    await ctx()
      .db('locations')
      .insert({ provider_id: providerId, state: 'NY', remote_location: true, accepting_patients: 40 });
    const client = await signedIn(user);
    let page = await open(client, `/profiles/pay-for/${providerId}`);
    await expectAccessibleHtml(page.html, 'Your plan');
    page = await page.check(/^Professional: \$88\.00 a month/).submit(client, 'Next: Payment');
    assert.match(page.html, /Is one of our photographers near you\?/);
    await expectAccessibleHtml(page.html, 'the photographer question');
    page = await page.check('Yes: my city is on the list').submit(client, 'Continue to payment');
    assert.match(mainTextOf(page.html), /Total due today/);
    await expectAccessibleHtml(page.html, 'Payment');

    page = await page.submit(client, 'Pay $88.00');
    assert.equal(page.status, 422);
    assert.match(mainTextOf(page.html), /Please accept our terms of service\./);
    assert.match(mainTextOf(page.html), /Address line 1 required\./);
    page = await page
      .check(/^I accept the terms of service/)
      .check(/A new card/)
      .submit(client, 'Pay $88.00', {
        values: {
          address_line1: '250 W 57th St',
          address_city: 'New York',
          address_state: 'NY',
          address_postal_code: '10107',
        },
      });
    // New York taxes the practice-management software (4 % of $19.00): the new total is shown before anything is charged.
    assert.match(
      mainTextOf(page.html),
      /The sales tax for this billing address changes the total\. Please check the new total and pay again\./,
    );
    assert.match(page.html, /<td[^>]*>\$0\.76<\/td>/);
    await expectAccessibleHtml(page.html, 'Payment with the new total');
    page = await page.submit(client, 'Pay $88.76');
    assert.match(page.html, /<h1>Checkout<\/h1>/);
    // The hosted page taxes the software line at New York's own 4 % (its line's rate), not a blend on $88.00.
    assert.match(mainTextOf(page.html), /Sales tax \(4 %\) \$0\.76/);
    await expectAccessibleHtml(page.html, 'the hosted checkout');
    page = await page.submit(client, 'Subscribe', { values: card('4242 4242 4242 4242') });
    assert.equal(page.path, `/profiles/about-you-for/${providerId}`);
    assert.equal((await ctx().db('providers').where({ id: providerId }).first('has_paid_plan'))!.has_paid_plan, true);
    // Charged as shown: $69.00 + $19.00 + $0.76.
    const invoice = await ctx()
      .db('billing_invoices as i')
      .join('billing_customers as c', 'c.id', 'i.customer_id')
      .where('c.account_id', user.accountId)
      .first('i.total');
    assert.equal(Number(invoice.total), 8876);
  });
});
