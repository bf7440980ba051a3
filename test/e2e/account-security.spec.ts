// Two-factor with an authenticator app and the signed-in devices (issue [25] items 1 and 4), in Chromium at
// 375 px with JavaScript off (and the sign-out question once more with JavaScript on): set up an app from the key shown on the page (its code computed here with
// the same library), save the recovery codes, log out, log in with a code from the app, then sign another
// device out from the sessions page, and every other one after the confirmation page. axe runs on each
// page; nothing scrolls sideways.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { generate } from 'otplib';
import { ctx } from '../support/context';
import { createProviderUser, TEST_PASSWORD } from '../support/factories';
import { expectAccessible, expectFlash, signInAs, signInThroughForm, submit, useBrowser } from '../support/browser';

const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

async function checkPage(page: Page, path: string) {
  assert.equal(new URL(page.url()).pathname, path);
  assert.equal(await scrollsSideways(page), false, `${path}: no sideways scroll`);
  await expectAccessible(page);
}

/** Whether the page's browser is still signed in: a signed-in page answers, else /login. */
async function signedIn(page: Page): Promise<boolean> {
  await page.goto('/account-preferences');
  return new URL(page.url()).pathname === '/account-preferences';
}

describe('browser: an authenticator app and signed-in devices', function () {
  this.timeout(240_000);
  const session = useBrowser();

  it('sets up an app, signs in with its code, and signs other devices out', async () => {
    const user = await createProviderUser(ctx().db, { providers: [{ firstName: 'Rosa', lastName: 'Quinn' }] });
    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInThroughForm(page, user.email);

    // Account Settings → Authenticator app → confirm with the password.
    await page.goto('/account-preferences');
    await submit(page, page.getByRole('link', { name: 'Change authenticator app' }));
    await checkPage(page, '/account-preferences/authenticator');
    await page.getByLabel('Current password').fill(TEST_PASSWORD);
    await submit(page, page.getByRole('button', { name: 'Set up an authenticator app' }));

    // The QR code and the key as text; the code is computed from the key shown.
    await checkPage(page, '/account-preferences/authenticator/setup');
    const qr = page.getByRole('img', { name: /QR code to scan with your authenticator app/ });
    assert.match((await qr.getAttribute('src'))!, /^data:image\/svg\+xml;base64,/);
    assert.ok((await qr.boundingBox())!.width > 100, 'the QR code is shown');
    const key = (await page.locator('#manual-key').innerText()).replace(/\s+/g, '');
    assert.match(key, /^[A-Z2-7]{32}$/);
    await page
      .getByLabel('Code from your app')
      .fill('000000' === (await generate({ secret: key })) ? '111111' : '000000');
    await submit(page, page.getByRole('button', { name: 'Turn on' }));
    assert.match(await page.locator('#code-error').innerText(), /The code you entered is not correct/);
    await checkPage(page, '/account-preferences/authenticator/confirmation');
    await page.getByLabel('Code from your app').fill(await generate({ secret: key }));
    await submit(page, page.getByRole('button', { name: 'Turn on' }));

    // Ten recovery codes, shown once.
    await checkPage(page, '/account-preferences/authenticator/confirmation');
    const codes = await page.locator('#recovery-codes li').allInnerTexts();
    assert.equal(codes.length, 10);
    for (const code of codes) assert.match(code, /^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await submit(page, page.getByRole('link', { name: 'I have saved my codes' }));
    await checkPage(page, '/account-preferences/authenticator');
    assert.match(await page.locator('main').innerText(), /You have 10 recovery codes left\./);

    // Log out, then in again: the app's code is asked for (the next 30-second step's: the setup used this one).
    await page.goto('/logout');
    await submit(page, page.getByRole('button', { name: 'Log out' }));
    await expectFlash(page, 'you have been logged out');
    await signInThroughForm(page, user.email);
    await checkPage(page, '/login/verify');
    assert.match(await page.locator('main').innerText(), /Open your authenticator app/);
    await page.getByLabel('Remember this device for 30 days').uncheck();
    await page
      .getByLabel('Code from your app')
      .fill(await generate({ secret: key, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await submit(page, page.getByRole('button', { name: 'Verify' }));
    assert.equal(new URL(page.url()).pathname, '/');

    // Two other devices are signed in; the sessions page lists all three and signs one out.
    const phone = await session.newPage({ javaScript: false });
    await signInAs(phone, user.userId);
    const tablet = await session.newPage({ javaScript: false });
    await signInAs(tablet, user.userId);
    assert.equal(await signedIn(phone), true);

    await page.goto('/account-preferences');
    await submit(page, page.getByRole('link', { name: 'Change signed-in devices' }));
    await checkPage(page, '/account-preferences/sessions');
    const rows = page.locator('main table tbody tr');
    assert.equal(await rows.count(), 3);
    assert.match(await rows.first().innerText(), /Chrome on Linux\s*This device/);
    await submit(page, page.getByRole('button', { name: /^Sign out/ }).first());
    await expectFlash(page, 'That device is signed out.');
    await checkPage(page, '/account-preferences/sessions');
    assert.equal(await rows.count(), 2);

    // Everywhere else: a confirmation page first (no JavaScript to ask), then the other device is out too.
    await submit(page, page.getByRole('button', { name: 'Sign out everywhere else' }));
    await checkPage(page, '/account-preferences/sessions/sign-out-others');
    assert.match(await page.locator('main').innerText(), /Sign out on every other device\?/);
    await submit(page, page.getByRole('button', { name: 'Sign out everywhere else' }));
    await expectFlash(page, 'Signed out 1 other device.');
    assert.equal(await rows.count(), 1);
    assert.equal(await signedIn(phone), false);
    assert.equal(await signedIn(tablet), false);
    assert.equal(await signedIn(page), true, 'this device stays signed in');
  });

  it('with JavaScript on (1280 px), "Sign out everywhere else" asks in the browser first; dismissed, nothing ends', async () => {
    const user = await createProviderUser(ctx().db);
    const page = await session.newPage({ javaScript: true });
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs(page, user.userId);
    const other = await session.newPage({ javaScript: false });
    await signInAs(other, user.userId);
    await page.goto('/account-preferences/sessions');
    await checkPage(page, '/account-preferences/sessions');

    page.once('dialog', (dialog) => {
      assert.equal(dialog.message(), 'Sign out on every other device?');
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    assert.equal(new URL(page.url()).pathname, '/account-preferences/sessions');
    assert.equal(await signedIn(other), true, 'dismissed: the other device stays');

    page.once('dialog', (dialog) => void dialog.accept());
    await submit(page, page.getByRole('button', { name: 'Sign out everywhere else' }));
    await expectFlash(page, 'Signed out 1 other device.');
    assert.equal(await signedIn(other), false);
  });
});
