// Passkeys in Chromium (issue [25] item 2), with its virtual authenticator (CDP WebAuthn domain: a platform
// authenticator that keeps discoverable credentials and verifies its user): sign in with the password, add a
// passkey and name it, rename it, sign out, sign in with the passkey alone (no password, no code), remove it
// (the browser asks first), and sign in with the password again. At 375 px: axe on each page, no sideways
// scroll. With JavaScript off, /login has no passkey button and the password form still signs in.
// Browsers refuse an IP address as relying-party id, so the portal is opened as localhost here.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ctx } from '../support/context';
import { createProviderUser, TEST_PASSWORD } from '../support/factories';
import { expectAccessible, expectFlash, submit, useBrowser } from '../support/browser';

const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** Left /login for the portal's first page (the dashboard or the profiles). */
function assertSignedIn(page: Page) {
  const path = new URL(page.url()).pathname;
  assert.ok(!path.startsWith('/login'), `signed in, now on ${path}`);
}

async function checkPage(page: Page) {
  assert.equal(await scrollsSideways(page), false, `no sideways scroll on ${page.url()}`);
  await expectAccessible(page);
}

describe('browser: passkeys (issue [25])', function () {
  this.timeout(240_000);
  const session = useBrowser();
  let configured: string;
  let base: string;

  beforeEach(() => {
    configured = ctx().config.portalUrl;
    base = session.baseUrl.replace('127.0.0.1', 'localhost');
    ctx().config.portalUrl = base;
  });
  afterEach(() => {
    ctx().config.portalUrl = configured;
  });

  it('375 px: add and name a passkey, sign in with it alone, remove it, sign in with the password again', async () => {
    const user = await createProviderUser(ctx().db);
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    const logInWithPassword = async () => {
      await page.goto(`${base}/login`);
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill(TEST_PASSWORD);
      await submit(page, page.getByRole('button', { name: 'Log in' }));
      assertSignedIn(page);
    };
    const logOut = async () => {
      await page.goto(`${base}/logout`);
      await submit(page, page.getByRole('button', { name: 'Log out' }));
      assert.equal(new URL(page.url()).pathname, '/login');
    };

    await logInWithPassword();

    // Account Settings links the passkeys page; none yet.
    await page.goto(`${base}/account-preferences`);
    await submit(page, page.getByRole('link', { name: 'Change passkeys' }));
    assert.equal(new URL(page.url()).pathname, '/account-preferences/passkeys');
    await page.getByText('You have no passkeys yet.').waitFor();
    await page.getByRole('button', { name: 'Add a passkey' }).waitFor(); // the island ran
    await checkPage(page);

    // Add one, named.
    await page.getByLabel('Name of the new passkey').fill('My laptop');
    await submit(page, page.getByRole('button', { name: 'Add a passkey' }));
    await expectFlash(page, 'Passkey “My laptop” added.');
    assert.ok((await page.locator('main table').innerText()).includes('My laptop'));
    assert.ok((await page.locator('main table').innerText()).includes('Not yet'));
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    assert.equal(credentials.length, 1);
    assert.equal(credentials[0]!.isResidentCredential, true, 'a discoverable passkey');
    await checkPage(page);

    // Rename it.
    await submit(page, page.getByRole('link', { name: 'Rename My laptop' }));
    await checkPage(page);
    await page.getByLabel('Passkey name').fill('Work laptop');
    await submit(page, page.getByRole('button', { name: 'Save name' }));
    await expectFlash(page, 'The passkey is renamed.');
    assert.ok((await page.locator('main table').innerText()).includes('Work laptop'));

    // Sign out, then in with the passkey only: no e-mail, no password, no code.
    await logOut();
    await checkPage(page);
    await submit(page, page.getByRole('button', { name: 'Sign in with a passkey' }));
    assertSignedIn(page);
    await page.goto(`${base}/account-preferences/passkeys`);
    assert.doesNotMatch(await page.locator('main table').innerText(), /Not yet/, 'last used is shown');

    // Remove it: the browser asks first.
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await submit(page, page.getByRole('button', { name: 'Remove Work laptop' }));
    assert.equal(asked, 'Remove the passkey “Work laptop”?');
    await expectFlash(page, 'Passkey “Work laptop” removed.');
    await page.getByText('You have no passkeys yet.').waitFor();
    await checkPage(page);

    // The passkey still on the device signs in no more; the password does.
    await logOut();
    await submit(page, page.getByRole('button', { name: 'Sign in with a passkey' }));
    assert.equal(new URL(page.url()).pathname, '/login/passkey');
    await page
      .getByText('That passkey could not sign you in. Please try again, or log in with your e-mail and password.')
      .first()
      .waitFor();
    await checkPage(page);
    await logInWithPassword();
  });

  it('375 px, JavaScript off: /login has no passkey button and the password signs in; adding says it needs JavaScript', async () => {
    const user = await createProviderUser(ctx().db);
    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${base}/login`);
    assert.equal(await page.getByRole('button', { name: 'Sign in with a passkey' }).count(), 0);
    await checkPage(page);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await submit(page, page.getByRole('button', { name: 'Log in' }));
    assertSignedIn(page);
    await page.goto(`${base}/account-preferences/passkeys`);
    await page.getByText('Adding a passkey needs JavaScript and a browser that supports passkeys.').waitFor();
    await checkPage(page);
  });
});
