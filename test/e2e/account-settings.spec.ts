// Account Settings as a summary list of single-purpose pages (issue [21] item 8), in Chromium at 375 and
// 1280 px: the summary, a Change link to the name page, a refused save (the error summary, what was typed
// kept), a good save back on the summary with its flash; with JavaScript off on the phone. Every form of
// every page has one primary button; axe runs on each page; nothing scrolls sideways.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, expectFlash, signInAs, submit, useBrowser } from '../support/browser';

const SETTINGS = '/account-preferences';
const PAGES = ['email', 'name', 'phone', 'two-factor', 'notifications', 'message-notifications', 'password'];

/** The primary-looking buttons (and button links) of each form in the page's main part. */
const primaryButtonsPerForm = (page: Page) =>
  page.$$eval('main form', (forms) =>
    forms.map((form) => ({
      action: form.getAttribute('action'),
      primary: form.querySelectorAll('.button:not(.button--secondary):not(.button--danger-outline)').length,
    })),
  );

const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('browser: Account Settings, a summary with a page per setting', function () {
  this.timeout(240_000);
  const session = useBrowser();

  for (const [width, javaScript] of [
    [375, false],
    [1280, true],
  ] as const) {
    it(`${width} px, JavaScript ${javaScript ? 'on' : 'off'}: change the name from the summary, refused then saved`, async () => {
      const user = await createProviderUser(ctx().db, { paid: true });
      const page = await session.newPage({ javaScript });
      page.setDefaultTimeout(60_000);
      await page.setViewportSize({ width, height: 800 });
      await signInAs(page, user.userId);

      await page.goto(SETTINGS);
      const rows = await page.locator('main .summary-list dt').allInnerTexts();
      assert.deepEqual(rows, [
        'Email',
        'Name',
        'Phone',
        'Two-factor authentication',
        'Authenticator app',
        'Passkeys',
        'Signed-in devices',
        'Texts about bookings',
        'Messages and referrals',
        'Password',
      ]);
      assert.equal(await page.locator('main input[type="password"]').count(), 0, 'no form open on the summary');
      assert.equal(await scrollsSideways(page), false);
      await expectAccessible(page);

      await submit(page, page.getByRole('link', { name: 'Change name' }));
      assert.equal(new URL(page.url()).pathname, `${SETTINGS}/name`);
      assert.deepEqual(await primaryButtonsPerForm(page), [{ action: `${SETTINGS}/name`, primary: 1 }]);
      await expectAccessible(page);

      await page.getByLabel('First name').fill('');
      await page.getByLabel('Last name').fill('Okafor');
      await page.getByLabel('Company name').fill('');
      await submit(page, page.getByRole('button', { name: 'Save name' }));
      assert.equal(new URL(page.url()).pathname, `${SETTINGS}/name`);
      assert.match(await page.locator('.error-summary').innerText(), /First name required\./);
      assert.match(await page.locator('#first_name-error').innerText(), /First name required\./);
      assert.equal(await page.getByLabel('Last name').inputValue(), 'Okafor', 'what was typed is kept');
      assert.match(await page.title(), /^Error: Change Name/);
      assert.equal(await scrollsSideways(page), false);
      await expectAccessible(page);

      await page.getByLabel('First name').fill('Samira');
      await submit(page, page.getByRole('button', { name: 'Save name' }));
      assert.equal(new URL(page.url()).pathname, SETTINGS);
      await expectFlash(page, 'Your name has been successfully changed.');
      assert.match(await page.locator('main .summary-list').innerText(), /Samira Okafor/);
      assert.equal((await ctx().db('users').where({ id: user.userId }).first())!.first_name, 'Samira');
    });
  }

  it('every setting page: one form, one primary button, a Cancel link back, accessible and no sideways scroll at 375 px', async () => {
    const user = await createProviderUser(ctx().db, { paid: true });
    await ctx().db('users').where({ id: user.userId }).update({ phone_number: '+12125550142' });
    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, user.userId);
    for (const path of PAGES) {
      await page.goto(`${SETTINGS}/${path}`);
      const forms = await primaryButtonsPerForm(page);
      assert.equal(forms.length, 1, `${path}: one form`);
      assert.equal(forms[0]!.primary, 1, `${path}: one primary button`);
      assert.equal(
        await page.locator('main form').getByRole('link', { name: 'Cancel' }).getAttribute('href'),
        SETTINGS,
      );
      assert.equal(await scrollsSideways(page), false, path);
      await expectAccessible(page);
    }
    await submit(page, page.getByRole('link', { name: 'Cancel' }));
    assert.equal(new URL(page.url()).pathname, SETTINGS);
  });
});
