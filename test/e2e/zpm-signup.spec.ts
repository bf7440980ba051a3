// /zpm-signup in Chromium (spec 3 §2, §7, §9; issue [13] part 4): a visitor with no account fills the
// EHR's sign-up form (the local stand-in, framed), whose message brings them to "Your details"; they
// make the standalone account, choose Premium for two clinicians, save the local card server's test
// card, pay, and see the success card. axe on every page, no sideways scroll at 375 px.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ctx } from '../support/context';
import {
  expectAccessible,
  expectFlash,
  fillBillingAddressAndTerms,
  signInAs,
  submit,
  typeCard,
  useBrowser,
} from '../support/browser';
import { createProviderUser } from '../support/factories';

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('browser: standalone practice management sign-up', function () {
  this.timeout(180_000);
  const session = useBrowser();

  it('a visitor buys standalone practice management and sees the success card', async () => {
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/zpm-signup');
    await page.getByText('When you finish the form above, this page takes you on to payment.').waitFor();
    await expectAccessible(page);
    assert.ok(await noSidewaysScroll(page), 'no sideways scroll at 375 px');

    // The EHR's form (the local stand-in) in its frame: its message takes this page on.
    const form = page.frameLocator('iframe[title="Practice management sign-up"]');
    await form.getByLabel("Your practice's web address").fill('calm-waters');
    const detailsLoaded = page.waitForURL(/\/zpm-signup\?clinic_id=clinic-[0-9a-f]+&url=/);
    await form.getByRole('button', { name: 'Create my practice management account' }).click();
    await detailsLoaded;
    await page.getByText('https://calm-waters.practice.example.com').waitFor();
    await expectAccessible(page);

    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Reyes');
    await page.getByLabel('Email').fill('robin.browser@example.test');
    await submit(page, page.getByRole('button', { name: 'Next: Payment' }));
    assert.equal(new URL(page.url()).pathname, '/zpm-signup/pay');

    // pay-preview: Premium for two clinicians.
    await page.getByLabel(/^Premium: \$69\.00 a month per clinician/).check();
    await page.getByLabel('Number of clinicians').fill('2');
    await submit(page, page.getByRole('button', { name: 'Show total' }));
    await page.getByRole('cell', { name: '$138.00' }).first().waitFor();
    await expectAccessible(page);
    assert.ok(await noSidewaysScroll(page), 'no sideways scroll at 375 px');

    const field = page.locator('.card-field');
    await typeCard(field, '4242 4242 4242 4242');
    await field.getByRole('button', { name: 'Save card' }).click();
    await expectFlash(page, 'Your payment method has been added.');
    await fillBillingAddressAndTerms(page);
    await submit(page, page.getByRole('button', { name: 'Pay $138.00' }));

    assert.equal(new URL(page.url()).pathname, '/zpm-signup/done');
    await page.getByRole('heading', { name: 'Your practice management account is ready' }).waitFor();
    await page.getByRole('link', { name: 'Log in to Practice Management' }).waitFor();
    assert.equal(
      await page.getByRole('link', { name: 'Log in to Practice Management' }).getAttribute('href'),
      'https://calm-waters.practice.example.com',
    );
    await expectAccessible(page);
    assert.ok(await noSidewaysScroll(page), 'no sideways scroll at 375 px');

    const account = await ctx().db('accounts').where({ standalone_practice_management: true }).first();
    assert.deepEqual(account!.practice_management, { subdomain: 'calm-waters', trial_end: null });
    const items = await ctx()
      .db('billing_subscription_items as i')
      .join('billing_subscriptions as s', 's.id', 'i.subscription_id')
      .where({ 's.account_id': account!.id })
      .select('i.lookup_key', 'i.quantity');
    assert.deepEqual(items, [{ lookup_key: 'standalone_practice_management_premium_monthly_v3', quantity: 2 }]);
  });

  it("/practice-management-post-message-test lists the stand-in form's message as accepted", async () => {
    const user = await createProviderUser(ctx().db);
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.goto('/practice-management-post-message-test');
    await page.getByText('No messages yet.').waitFor();
    await expectAccessible(page);
    const form = page.frameLocator('iframe[title="Practice management sign-up"]');
    await form.getByLabel("Your practice's web address").fill('quiet-harbor');
    await form.getByRole('button', { name: 'Create my practice management account' }).click();
    // axe (run above) talks to the page's frames by postMessage too: the page lists that message as ignored.
    const entry = page
      .getByRole('list', { name: 'Messages received' })
      .getByRole('listitem')
      .filter({ hasText: /^Accepted from/ });
    await entry.waitFor();
    const text = await entry.innerText();
    assert.match(text, new RegExp(`^Accepted from ${session.baseUrl.replace(/[.:/]/g, '\\$&')}`));
    assert.match(text, /"url":"https:\/\/quiet-harbor\.practice\.example\.com"/);
    assert.match(text, /"clinicId":"clinic-[0-9a-f]+"/);
    await expectAccessible(page);
  });

  it("without JavaScript: from the EHR form's link, a new card on the card processor's page, then the success card", async () => {
    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/zpm-signup');
    await page.getByText('This page needs JavaScript to take you from the form above to payment.').waitFor();
    await expectAccessible(page);
    await page.goto(
      `/zpm-signup?${new URLSearchParams({ clinic_id: 'clinic-nojs1', url: 'https://still-pond.practice.example.com' }).toString()}`,
    );
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Last name').fill('Okafor');
    await page.getByLabel('Email').fill('sam.nojs@example.test');
    await submit(page, page.getByRole('button', { name: 'Next: Payment' }));
    await page.getByLabel('A new card, entered on the card processor\u2019s secure page').check();
    await fillBillingAddressAndTerms(page);
    await submit(page, page.getByRole('button', { name: 'Pay $49.00' }));
    await page.getByRole('heading', { name: 'Save a card' }).waitFor();
    await typeCard(page, '5555 5555 5555 4444');
    await submit(page, page.getByRole('button', { name: 'Save card' }));
    assert.equal(new URL(page.url()).pathname, '/zpm-signup/pay');
    await page.getByLabel(/^Mastercard ending 4444/).check();
    assert.equal(await page.getByLabel('City').inputValue(), 'Portland', 'the address is kept');
    await page.getByLabel('I accept the terms of service.').check();
    await submit(page, page.getByRole('button', { name: 'Pay $49.00' }));
    assert.equal(new URL(page.url()).pathname, '/zpm-signup/done');
    await page.getByRole('heading', { name: 'Your practice management account is ready' }).waitFor();
    await expectAccessible(page);
  });
});
