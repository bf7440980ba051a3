// The membership payment form in Chromium (issue [10]): a new membership with a coupon and then Go
// Live, a declined card, a seat added for a new clinician with its proration preview, practice
// management added from Plan Management with JavaScript off, annual → monthly, and a canceled membership
// reactivated. axe runs on every step.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { billedAccount, gateway, membershipOf, readyToPay } from '../support/billing';
import {
  expectAccessible,
  expectFlash,
  fillBillingAddressAndTerms,
  signInAs,
  submit,
  typeCard,
  useBrowser,
} from '../support/browser';

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('browser: the membership payment form', function () {
  this.timeout(180_000);
  const session = useBrowser();

  async function signedIn(userId: number, options: { javaScript?: boolean } = {}) {
    const page = await session.newPage(options);
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, userId);
    return page;
  }

  it('a new provider pays with the success card and a coupon, lands on About You, then goes live', async () => {
    const user = await createProviderUser(ctx().db, { providers: [{ status: 'reviewing' }] });
    const providerId = user.providerIds[0]!;
    await readyToPay(providerId);
    await gateway().createCoupon(
      { id: `TENOFF${providerId}`, name: 'Ten off', amount_off: 1000, currency: 'usd', duration: 'once' },
      `e2e-coupon-${providerId}`,
    );
    const page = await signedIn(user.userId);
    await page.goto(`/profiles/pay-for/${providerId}`);
    await expectAccessible(page);
    await page.getByLabel(/^Basic: \$59\.00 a month/).check();
    await submit(page, page.getByRole('button', { name: 'Next: Payment' }));
    await page.getByText('Have a coupon?').click();
    await page.getByLabel('Coupon (optional)').fill(`TENOFF${providerId}`);
    await submit(page, page.getByRole('button', { name: 'Apply coupon' }));
    await page.getByText('Ten off: $10.00 off, once').waitFor();
    await page.getByText('Total due today').waitFor();
    await expectAccessible(page);
    assert.ok(await noSidewaysScroll(page), 'no sideways scroll at 375 px');
    const field = page.locator('.card-field');
    await typeCard(field, '4242 4242 4242 4242');
    await field.getByRole('button', { name: 'Save card' }).click();
    await expectFlash(page, 'Your payment method has been added.');
    await page.getByText('Ten off: $10.00 off, once').waitFor();
    await fillBillingAddressAndTerms(page);
    await submit(page, page.getByRole('button', { name: 'Pay $49.00' }));
    assert.equal(new URL(page.url()).pathname, `/profiles/about-you-for/${providerId}`);
    await expectAccessible(page);
    // Paid: Go Live now sends the profile for review.
    await page.goto(`/profiles/go-live-for/${providerId}`);
    await page.getByLabel("I'm ready to go live").check();
    await submit(page, page.getByRole('button', { name: 'Go live' }));
    await page
      .locator('main')
      .getByText(/within 24 business hours/)
      .first()
      .waitFor();
    await expectAccessible(page);
    assert.equal((await ctx().db('providers').where({ id: providerId }).first('status'))!.status, 'pending');
  });

  for (const javaScript of [true, false]) {
    it(`the pay step at 375 and 1280 px (JavaScript ${javaScript ? 'on' : 'off'}): one way to add a card, one primary button, the coupon behind a link, the total a bold line`, async () => {
      const user = await createProviderUser(ctx().db, { providers: [{ status: 'reviewing' }] });
      const providerId = user.providerIds[0]!;
      await readyToPay(providerId);
      const page = await signedIn(user.userId, { javaScript });
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/profiles/pay-for/${providerId}?step=pay&tier=basic`);
        const form = page.locator('#payment-form');
        const primaries = await form
          .locator('button.button:not(.button--secondary):not(.button--danger-outline):not(.button--danger)')
          .filter({ visible: true })
          .allInnerTexts();
        assert.deepEqual(primaries, ['Pay $59.00'], `one primary button at ${width}`);
        // With JavaScript the card field adds a card in place; without, the processor's page does.
        assert.equal(await page.locator('.card-field').isVisible(), javaScript, `the card field at ${width}`);
        assert.equal(
          await page.locator('#source-new').isVisible(),
          !javaScript,
          `the hosted page's option at ${width}`,
        );
        assert.equal(await page.getByLabel('Coupon (optional)').isVisible(), false, 'the coupon waits behind a link');
        const total = page.locator('.order-summary__total');
        const [label, amount] = await total.locator('th, td').all();
        assert.equal(
          (await label!.boundingBox())!.y,
          (await amount!.boundingBox())!.y,
          `the total is one line at ${width}`,
        );
        assert.equal(await amount!.evaluate((cell) => getComputedStyle(cell).fontWeight), '700');
        assert.equal(await amount!.evaluate((cell) => getComputedStyle(cell).textAlign), 'right');
        assert.equal(await amount!.innerText(), '$59.00');
        assert.ok(await noSidewaysScroll(page), `no sideways scroll at ${width}`);
        await expectAccessible(page);
      }
      await page.getByText('Have a coupon?').click();
      await page.getByLabel('Coupon (optional)').waitFor();
    });
  }

  it("a declined card shows the server's message under the button", async () => {
    const user = await createProviderUser(ctx().db, { providers: [{ status: 'incomplete' }] });
    const providerId = user.providerIds[0]!;
    await ctx()
      .db('locations')
      .insert({ provider_id: providerId, state: 'TX', remote_location: true, accepting_patients: 40 });
    await ctx().db('providers').where({ id: providerId }).update({ photographer_availability: 'none_near' });
    await billedAccount(user.accountId, user.providerIds, { card: 'pm_card_chargeCustomerFail', membership: null });
    const page = await signedIn(user.userId);
    await page.goto(`/profiles/pay-for/${providerId}?step=pay&tier=basic`);
    await fillBillingAddressAndTerms(page);
    await submit(page, page.getByRole('button', { name: 'Pay $59.00' }));
    await page.locator('#payment-failure').getByText('Your card was declined.').waitFor();
    await expectAccessible(page);
    // What was typed is kept.
    assert.equal(await page.getByLabel('Address line 1').inputValue(), '1 Main St');
  });

  it('an owner adds a seat for a new clinician and sees the proration preview', async () => {
    const { user } = await membershipOf({ items: [['membership_monthly_v3', 1]], providers: 2 });
    const newcomer = user.providerIds[1]!;
    const page = await signedIn(user.userId);
    await page.goto(`/profiles/pay-for/${newcomer}`);
    await page.getByText(/Add a seat for .* to your practice's membership/).waitFor();
    await expectAccessible(page);
    await submit(page, page.getByRole('button', { name: 'Next: Payment' }));
    await page.getByText(/Remaining time on (\d+ × )?Directory membership/).waitFor();
    await expectAccessible(page);
    // Once sent, the payment form says so and takes no second press (here the sending is stopped in the page).
    const progress = await page.evaluate(async () => {
      const form = document.querySelector<HTMLFormElement>('form[data-progress]')!;
      form.addEventListener('submit', (event) => event.preventDefault());
      form.requestSubmit();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const button = form.querySelector('button')!;
      return {
        label: button.textContent,
        disabled: button.disabled,
        status: document.querySelector('[role="status"]')?.textContent,
      };
    });
    assert.deepEqual(progress, {
      label: 'Processing your payment…',
      disabled: true,
      status: 'Processing your payment… Please keep this page open.',
    });
    await page.reload();
    await fillBillingAddressAndTerms(page);
    await submit(page, page.getByRole('button', { name: /^Pay \$/ }));
    assert.equal(new URL(page.url()).pathname, `/profiles/about-you-for/${newcomer}`);
    assert.equal((await ctx().db('providers').where({ id: newcomer }).first('has_paid_plan'))!.has_paid_plan, true);
  });

  it('with JavaScript off, an individual adds practice management from Plan Management', async () => {
    const { user } = await membershipOf({ items: [['membership_monthly_v3', 1]] });
    const page = await signedIn(user.userId, { javaScript: false });
    await page.goto('/plan-management');
    await submit(page, page.getByRole('link', { name: 'Add Practice Management' }));
    await expectAccessible(page);
    await submit(page, page.getByRole('button', { name: 'Next: Payment' }));
    await page.getByText('Please select a practice management option to upgrade.').first().waitFor();
    await page.getByLabel(/^Practice management Professional/).check();
    await submit(page, page.getByRole('button', { name: 'Next: Payment' }));
    await page.getByText(/Remaining time on (\d+ × )?Practice management \(Professional\)/).waitFor();
    await expectAccessible(page);
    // The payment form without JavaScript on a phone (the new membership's, tested over HTTP, is the same form).
    assert.ok(await noSidewaysScroll(page), 'no sideways scroll at 375 px');
    await fillBillingAddressAndTerms(page);
    await submit(page, page.getByRole('button', { name: /^Pay \$/ }));
    assert.equal(new URL(page.url()).pathname, '/plan-management');
    await expectFlash(page, 'Successful payment! Thank you for upgrading your plan!');
    await expectAccessible(page);
    assert.equal((await ctx().db('accounts').where({ id: user.accountId }).first('tier'))!.tier, 'professional');
  });

  it('switches an annual membership to monthly payments', async () => {
    const { user } = await membershipOf({ items: [['membership_yearly_v3', 1]], seatBased: false });
    const page = await signedIn(user.userId);
    await page.goto('/plan-management');
    await page.getByText('$708.00 a year').waitFor();
    await submit(page, page.getByRole('link', { name: 'Switch to monthly payments' }));
    await expectAccessible(page);
    await submit(page, page.getByRole('button', { name: 'Next: Payment' }));
    await expectAccessible(page);
    await fillBillingAddressAndTerms(page);
    // The unused year is more than the first month: a credit, never "Pay −$…" (issue [18] item 5).
    await submit(page, page.getByRole('button', { name: /^Confirm: \$\d+\.\d\d credited to your balance$/ }));
    await expectFlash(page, 'Success! You have switched from annual to monthly payments!');
    await page.getByText('$59.00 a month').first().waitFor();
  });

  it('reactivates a canceled membership, with the next steps', async () => {
    const { user } = await membershipOf({ items: [['membership_monthly_v3', 1]], status: 'canceled' });
    const page = await signedIn(user.userId);
    await page.goto('/plan-management');
    await submit(page, page.getByRole('link', { name: 'Reactivate this membership' }));
    await page.getByText(/Reactivate the Basic membership/).waitFor();
    await expectAccessible(page);
    await submit(page, page.getByRole('button', { name: 'Next: Payment' }));
    await page.getByLabel(/^Visa ending 4242/).check();
    await fillBillingAddressAndTerms(page);
    await submit(page, page.getByRole('button', { name: 'Pay $59.00' }));
    await expectFlash(page, 'You have successfully reactivated your subscription!');
    await page.getByRole('heading', { name: 'Your membership is active again' }).waitFor();
    await expectAccessible(page);
    assert.equal(
      (await ctx().db('providers').where({ id: user.providerIds[0] }).first('has_paid_plan'))!.has_paid_plan,
      true,
    );
  });
});
