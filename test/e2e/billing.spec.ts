// Billing in Chromium, as an owner would use it (issue [9]): a card added in the card field and made
// the default, a declined card's message, a one-time purchase through hosted checkout without
// JavaScript, and a membership's upcoming invoice (a dialog with JavaScript, a page without).
// axe runs on every page visited, the card processor's local pages included. The billing address, the
// hosted card page and invoice, and a membership started without JavaScript are form round trips,
// tested over HTTP (test/http/billing-no-script.test.ts).
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, useBrowser, submit, signInAs, expectFlash, typeCard } from '../support/browser';
import { billedAccount } from '../support/billing';

describe('browser: billing', function () {
  this.timeout(180_000);
  const session = useBrowser();

  it("an owner adds a card in the card field, makes it the default, and sees a declined card's message", async () => {
    const user = await createProviderUser(ctx().db, { paid: true });
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.goto('/plan-management');
    await expectAccessible(page);
    // "Add a card" opens the card field (with JavaScript the one way to add a card; the hosted page's button is not shown).
    const field = page.locator('.card-field');
    assert.equal(await field.isVisible(), false, 'closed until asked for');
    await page.locator('summary', { hasText: 'Add a card' }).click();
    assert.equal(await page.getByRole('button', { name: 'Continue to the secure card page' }).isVisible(), false);
    await typeCard(field, '4000 0000 0000 0002');
    await field.getByRole('button', { name: 'Save card' }).click();
    await field.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    await expectAccessible(page);
    // The card processor answers a declined card with 402, which the browser logs; that one is expected.
    const declined = session.pageErrors.filter((e) => e.includes('402') && e.includes('/confirm'));
    assert.equal(declined.length, 1);
    session.pageErrors.splice(0, session.pageErrors.length, ...session.pageErrors.filter((e) => !declined.includes(e)));

    await field.getByLabel('Card number').fill('5555 5555 5555 4444');
    await Promise.all([
      page.waitForURL(/\/plan-management/),
      page.waitForEvent('load'),
      field.getByRole('button', { name: 'Save card' }).click(),
    ]);
    await expectFlash(page, 'Your payment method has been added.');
    await page.getByRole('cell', { name: 'Mastercard ending 4444', exact: true }).waitFor();
    await submit(page, page.getByRole('button', { name: 'Make default Mastercard ending 4444' }));
    await expectFlash(page, 'Your default payment method has been updated.');
    const row = page.getByRole('row').filter({ hasText: 'Mastercard ending 4444' });
    await row.getByText('Default').waitFor();
    await expectAccessible(page);
  });

  it('a one-time purchase goes through hosted checkout without JavaScript and lands on / with the thank-you flash', async () => {
    const user = await createProviderUser(ctx().db, { paid: true });
    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.goto('/benefits/photo-videoshoot');
    await expectAccessible(page);
    await submit(page, page.getByRole('link', { name: 'Buy In-person photo shoot' }));
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await page.getByText('In-person photo shoot').waitFor();
    await expectAccessible(page);
    await typeCard(page, '4242 4242 4242 4242');
    await submit(page, page.getByRole('button', { name: 'Pay $130.00' }));
    assert.equal(new URL(page.url()).pathname, '/');
    await expectFlash(page, 'Thank you for purchase of In-person photo shoot! Please check your email for next steps.');
    await expectAccessible(page);
  });

  it("with JavaScript, a card added in the payment form's card field comes back as its payment method, and pays", async () => {
    const user = await createProviderUser(ctx().db, { providers: [{ status: 'incomplete' }] });
    await ctx()
      .db('locations')
      .insert({ provider_id: user.providerIds[0], state: 'TX', remote_location: true, accepting_patients: 40 });
    await ctx().db('providers').where({ id: user.providerIds[0] }).update({ photographer_availability: 'none_near' });
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.goto(`/profiles/pay-for/${user.providerIds[0]}?step=pay&tier=basic`);
    await expectAccessible(page);
    const field = page.locator('.card-field');
    await typeCard(field, '4242 4242 4242 4242');
    await Promise.all([
      page.waitForURL(/\/profiles\/pay-for\/\d+\?step=pay/),
      field.getByRole('button', { name: 'Save card' }).click(),
    ]);
    await expectFlash(page, 'Your payment method has been added.');
    assert.equal(await page.getByLabel('Visa ending 4242 (default)').isChecked(), true);
    await page.getByLabel('Address line 1').fill('1 Main St');
    await page.getByLabel('City').fill('Portland');
    await page.getByLabel('State').selectOption('OR');
    await page.getByLabel('Postal code').fill('97201');
    await page.getByLabel(/^I accept the terms of service/).check();
    await submit(page, page.getByRole('button', { name: 'Pay $59.00' }));
    assert.equal(new URL(page.url()).pathname, `/profiles/about-you-for/${user.providerIds[0]}`);
  });

  it("opens a membership's upcoming invoice from Plan Management: in a dialog with JavaScript, as a page of its own without", async () => {
    const user = await createProviderUser(ctx().db, { paid: true });
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.goto('/plan-management');
    const link = page.getByRole('link', { name: /^View upcoming invoice/ });
    const dialog = page.getByRole('dialog', { name: 'Upcoming invoice' });
    await link.click();
    await dialog.getByRole('cell', { name: 'Amount due' }).waitFor();
    await dialog.getByRole('cell', { name: '$59.00' }).first().waitFor();
    assert.equal(new URL(page.url()).pathname, '/plan-management', 'the page stays');
    await expectAccessible(page);
    // Escape closes it and gives the focus back to the link; so does its Close button.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await link.evaluate((el) => el === document.activeElement), true);
    await link.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Without JavaScript the link is the page itself, on a phone too, with the way back.
    const plain = await session.newPage({ javaScript: false });
    plain.setDefaultTimeout(60_000);
    await plain.setViewportSize({ width: 375, height: 800 });
    await signInAs(plain, user.userId);
    await plain.goto('/plan-management');
    await submit(plain, plain.getByRole('link', { name: /^View upcoming invoice/ }));
    await plain.getByRole('heading', { level: 1, name: 'Upcoming invoice' }).waitFor();
    await plain.getByRole('cell', { name: 'Amount due' }).waitFor();
    await expectAccessible(plain);
    assert.ok(
      await plain.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'no sideways scroll at 375 px',
    );
    await submit(plain, plain.getByRole('link', { name: 'Back to Plan Management' }));
    assert.equal(new URL(plain.url()).pathname, '/plan-management');
  });

  it('an upcoming invoice Stripe cannot give leaves the dialog closed and shows its message on Plan Management', async () => {
    const user = await createProviderUser(ctx().db);
    const { customerId } = await billedAccount(user.accountId, user.providerIds, { membership: null });
    // The mirror knows a subscription Stripe does not.
    await ctx().db('billing_subscriptions').insert({
      id: 'sub_gone',
      customer_id: customerId,
      account_id: user.accountId,
      status: 'active',
      created_at: new Date(),
      provider_ids: user.providerIds,
    });
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.goto('/plan-management');
    await submit(page, page.getByRole('link', { name: /^View upcoming invoice/ }));
    assert.equal(new URL(page.url()).pathname, '/plan-management');
    await expectFlash(page, "No such subscription: 'sub_gone'");
    assert.equal(await page.getByRole('dialog').count(), 0);
    await expectAccessible(page);
  });
});
