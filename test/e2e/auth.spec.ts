// Getting in and managing the account in Chromium, as a person would (issue 3): two-factor sign-in with
// the code read from /dev/outbox, a password reset through the e-mailed link (JavaScript off), Account
// Settings; axe runs on every page visited. Account recovery, two-factor setup and /password/update with
// JavaScript off are form round trips, tested over HTTP (test/http/auth-no-script.test.ts).
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ctx } from '../support/context';
import { createProviderUser, TEST_PASSWORD } from '../support/factories';
import { expectAccessible, useBrowser, type BrowserSession, submit, expectFlash, signInAs } from '../support/browser';

const NEW_PASSWORD = 'Sunlit-harbor-2027';

/**
 * Reads the newest SMS (or e-mail) in a window of its own, as a developer would: mail and SMS are jobs,
 * so /dev/jobs runs the due ones first (the tests run no background worker), then /dev/outbox shows them.
 */
async function fromOutbox(
  session: BrowserSession,
  channel: 'sms' | 'email',
): Promise<{ text: string; links: string[] }> {
  const outbox = await session.newPage();
  await outbox.goto('/dev/jobs');
  await outbox.getByRole('button', { name: 'Run due jobs now' }).click();
  await outbox.getByText(/\d+ jobs? ran\./).waitFor();
  await expectAccessible(outbox);
  await outbox.goto('/dev/outbox');
  await expectAccessible(outbox);
  const row = outbox.locator(`tr[data-channel="${channel}"]`).first();
  const text = await row.innerText();
  const links = await row.locator('a').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  await outbox.close();
  return { text, links };
}

/** Signs in through the form and waits for the answer (the shared helper does not wait under load). */
async function logIn(page: Page, email: string, password = TEST_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await submit(page, page.getByRole('button', { name: 'Log in' }));
}

describe('browser: sign-in, password reset and Account Settings', function () {
  this.timeout(120_000); // many pages, each checked by axe
  const session = useBrowser();

  it('a two-factor user signs in with the code read from /dev/outbox', async () => {
    const user = await createProviderUser(ctx().db, {
      paid: true,
      providers: [{ firstName: 'Alex', lastName: 'Morgan' }],
    });
    await ctx()
      .db('users')
      .where({ id: user.userId })
      .update({ two_factor_enrolled_at: new Date(), two_factor_phone: '+15555550123' });
    const page = await session.newPage();
    await page.goto('/login');
    await expectAccessible(page);
    await logIn(page, user.email);
    assert.equal(new URL(page.url()).pathname, '/login/verify');
    assert.match(await page.locator('main').innerText(), /ending in 0123/);
    await expectAccessible(page);

    await page.getByLabel('Verification code').fill('000000');
    await submit(page, page.getByRole('button', { name: 'Verify' }));
    assert.match(await page.locator('.field-error').innerText(), /The code you entered is not correct/);
    await expectAccessible(page);

    const sms = await fromOutbox(session, 'sms');
    const code = /(\d{6}) is your/.exec(sms.text)![1]!;
    await page.getByLabel('Verification code').fill(code);
    await submit(page, page.getByRole('button', { name: 'Verify' }));
    await page.waitForURL((url) => url.pathname === '/');
    assert.match(await page.locator('main').innerText(), /Alex!/);
    await expectAccessible(page);
  });

  it('with JavaScript off: resets a forgotten password through the e-mailed link, then signs in with it', async () => {
    const user = await createProviderUser(ctx().db, { providers: [{ firstName: 'Noor' }] });
    const page = await session.newPage({ javaScript: false });
    await page.goto('/login');
    await submit(page, page.getByRole('link', { name: 'Need help logging in?' }));
    assert.equal(new URL(page.url()).pathname, '/login/help');
    await expectAccessible(page);
    await submit(page, page.getByRole('link', { name: 'Reset password' }));
    await expectAccessible(page);
    await submit(page, page.getByRole('button', { name: 'Send reset link' }));
    assert.match(await page.locator('.field-error').innerText(), /Email required\./);
    await expectAccessible(page);
    await page.getByLabel('Email').fill(user.email);
    await submit(page, page.getByRole('button', { name: 'Send reset link' }));
    await page
      .locator('main')
      .getByText(/we have sent it an e-mail with a link/)
      .waitFor();
    await expectAccessible(page);

    const mail = await fromOutbox(session, 'email');
    const link = mail.links.find((href) => href.includes('/password/reset/'))!;
    await page.goto(new URL(link).pathname); // the e-mail names the configured portal address; same path here
    await expectAccessible(page);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill('Not-the-same-2027');
    await submit(page, page.getByRole('button', { name: 'Reset password' }));
    assert.match(await page.locator('.field-error').innerText(), /Passwords must match/);
    await expectAccessible(page);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await submit(page, page.getByRole('button', { name: 'Reset password' }));
    assert.equal(new URL(page.url()).pathname, '/login');
    await expectFlash(page, /Your password has been successfully reset\./);
    await expectAccessible(page);

    await logIn(page, user.email, NEW_PASSWORD);
    assert.equal(new URL(page.url()).pathname, '/');
    assert.match(await page.locator('main').innerText(), /Noor!/);

    await page.goto(new URL(link).pathname);
    assert.match(await page.locator('main').innerText(), /Reset password link has expired/);
    await expectAccessible(page);
  });

  it('changes the name in Account Settings; the password button waits for matching passwords', async () => {
    const user = await createProviderUser(ctx().db, { providers: [{ firstName: 'Sam' }] });
    const page = await session.newPage();
    await signInAs(page, user.userId);
    await page.goto('/');
    await page.locator('details.menu summary').click();
    await submit(page, page.getByRole('link', { name: 'Account Settings' }));
    assert.equal(new URL(page.url()).pathname, '/account-preferences');
    await expectAccessible(page);

    await submit(page, page.getByRole('link', { name: 'Change name' }));
    await page.getByLabel('First name').fill('');
    await submit(page, page.getByRole('button', { name: 'Save name' }));
    assert.match(await page.locator('#first_name-error').innerText(), /First name required\./);
    await expectAccessible(page);
    await page.getByLabel('First name').fill('Samira');
    await page.getByLabel('Last name').fill('Okafor');
    await submit(page, page.getByRole('button', { name: 'Save name' }));
    await expectFlash(page, /Your name has been successfully changed\./);
    assert.match(await page.locator('main .summary-list').innerText(), /Samira Okafor/);
    assert.match(await page.locator('details.menu summary').innerText(), /Samira Okafor|Sam/);

    await submit(page, page.getByRole('link', { name: 'Change password' }));
    const passwordForm = page.locator('form[data-password-change]');
    const change = passwordForm.getByRole('button', { name: 'Change password' });
    assert.equal(await change.isDisabled(), true);
    await passwordForm.getByLabel('Current password').fill(TEST_PASSWORD);
    await passwordForm.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await passwordForm.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}x`);
    assert.equal(await change.isDisabled(), true, 'the new ones do not match');
    await passwordForm.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    assert.equal(await change.isEnabled(), true);
    await submit(page, change);
    await expectFlash(page, /Your password has been successfully changed\./);
    assert.match(await page.locator('main .summary-list').innerText(), /Password\s+Last changed/);
    await expectAccessible(page);
  });

  it('a refused sign-in, the client-login question and the practice-management page are accessible', async () => {
    const client = await createProviderUser(ctx().db, { scopes: ['client'] });
    const standalone = await createProviderUser(ctx().db);
    await ctx()
      .db('accounts')
      .where({ id: standalone.accountId })
      .update({
        standalone_practice_management: true,
        has_paid_practice_management_plan: true,
        practice_management: JSON.stringify({ subdomain: 'calm-waters' }),
      });
    const page = await session.newPage();
    await logIn(page, client.email, 'Wrong-password-1');
    await page.locator('.field-error', { hasText: 'Incorrect email or password' }).waitFor();
    await expectAccessible(page);
    await logIn(page, client.email);
    await page.getByText('Did you mean to log in as a client?').waitFor();
    await expectAccessible(page);
    await logIn(page, standalone.email);
    await page.getByRole('link', { name: 'Log in to Practice Management' }).waitFor();
    await expectAccessible(page);
  });
});
