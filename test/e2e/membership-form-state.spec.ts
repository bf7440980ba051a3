// The pay step keeps one form state (issue [18] items 9 and 10), in Chromium with JavaScript: applying a
// coupon keeps the typed address and the accepted terms, and saving a card in the card field keeps them
// too and chooses the card just saved over the declining default. axe runs on each step, at 375 px.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { billedAccount, gateway, readyToPay } from '../support/billing';
import { expectAccessible, expectFlash, signInAs, submit, typeCard, useBrowser } from '../support/browser';

describe('browser: the pay step keeps what was typed', function () {
  this.timeout(180_000);
  const session = useBrowser();

  it('through "Apply coupon" and a card saved in the card field, which is then the card chosen', async () => {
    const user = await createProviderUser(ctx().db, { providers: [{ status: 'incomplete' }] });
    const providerId = user.providerIds[0]!;
    await readyToPay(providerId);
    const { cardId } = await billedAccount(user.accountId, user.providerIds, {
      card: 'pm_card_chargeCustomerFail',
      membership: null,
    });
    await gateway().createCoupon(
      { id: `KEEP${providerId}`, name: 'Keep ten', amount_off: 1000, currency: 'usd', duration: 'once' },
      `e2e-keep-${providerId}`,
    );
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, user.userId);
    await page.goto(`/profiles/pay-for/${providerId}?step=pay&tier=basic`);

    const typed = async () => ({
      line1: await page.getByLabel('Address line 1').inputValue(),
      city: await page.getByLabel('City').inputValue(),
      state: await page.getByLabel('State').inputValue(),
      postal: await page.getByLabel('Postal code').inputValue(),
      terms: await page.getByLabel(/^I accept the terms of service/).isChecked(),
    });
    const expected = { line1: '9 Kept Rd', city: 'Eugene', state: 'OR', postal: '97401', terms: true };
    await page.getByLabel('Address line 1').fill(expected.line1);
    await page.getByLabel('City').fill(expected.city);
    await page.getByLabel('State').selectOption(expected.state);
    await page.getByLabel('Postal code').fill(expected.postal);
    await page.getByLabel(/^I accept the terms of service/).check();

    await page.getByText('Have a coupon?').click();

    await page.getByLabel('Coupon (optional)').fill(`KEEP${providerId}`);
    await submit(page, page.getByRole('button', { name: 'Apply coupon' }));
    await page.getByText('Keep ten: $10.00 off, once').waitFor();
    assert.deepEqual(await typed(), expected, 'applying the coupon keeps the address and the terms');
    await expectAccessible(page);

    // The default card declines; a new one is saved in the card field.
    assert.ok(await page.locator(`#source-${cardId}`).isChecked());
    const field = page.locator('.card-field');
    await typeCard(field, '4242 4242 4242 4242');
    await field.getByRole('button', { name: 'Save card' }).click();
    await expectFlash(page, 'Your payment method has been added.');
    await page.getByText('Keep ten: $10.00 off, once').waitFor();
    // The card field puts the typed values back once it has started.
    await page.waitForFunction(
      (line1) => (document.querySelector('input[name="address_line1"]') as HTMLInputElement | null)?.value === line1,
      expected.line1,
    );
    assert.deepEqual(await typed(), expected, 'saving a card keeps the address and the terms');
    assert.equal(await page.locator(`#source-${cardId}`).isChecked(), false, 'the declining default is not chosen');
    assert.ok(await page.locator('input[name="source"]:checked').count(), 'a card is chosen');
    assert.notEqual(await page.locator('input[name="source"]:checked').getAttribute('value'), 'new');
    await expectAccessible(page);
    // $59.00 − $10.00 = $49.00, paid with the card just saved.
    await submit(page, page.getByRole('button', { name: 'Pay $49.00' }));
    assert.equal(new URL(page.url()).pathname, `/profiles/about-you-for/${providerId}`);
  });
});
