// Registration in Chromium, as a person would (issue 4 item 1): a new individual signs up with
// JavaScript off, fixing the form once; the partner link shows its banner. axe runs on every page.
// The group practice's form round trip is an HTTP test: test/http/signup-no-script.test.ts.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ctx } from '../support/context';
import { expectAccessible, useBrowser, submit } from '../support/browser';

/** Waits for text in <main>; on failure says which page was shown instead. */
async function expectText(page: Page, text: RegExp): Promise<void> {
  try {
    await page.locator('main', { hasText: text }).waitFor({ state: 'attached', timeout: 10_000 });
  } catch {
    throw new Error(
      `no ${text} on ${page.url()}: ${(
        await page
          .locator('main')
          .innerText()
          .catch(() => '?')
      ).slice(0, 400)}`,
    );
  }
}

describe('browser: registration', function () {
  this.timeout(120_000);
  const session = useBrowser();

  it('a new individual signs up with JavaScript off and lands on the next wizard step, signed in', async () => {
    const page = await session.newPage({ javaScript: false });
    await page.goto('/login');
    await submit(page, page.getByRole('link', { name: 'Create an account' }));
    assert.equal(new URL(page.url()).pathname, '/signup');
    await expectAccessible(page);

    await page.getByLabel('First name').fill('  JORDAN ');
    await page.getByLabel('Last name').fill('Avery');
    await page.getByLabel('Email').fill('jordan.avery@example.test');
    await page.getByLabel('Phone number').fill('(646) 555-0199');
    await page.getByLabel('Password', { exact: true }).fill('Sunny1');
    await page.getByLabel('Confirm password').fill('Sunny2');
    await submit(page, page.getByRole('button', { name: 'Create Account' }));
    await expectText(page, /Passwords do not match\./);
    await expectText(page, /You must agree to the terms of service\./);
    assert.equal(await page.getByLabel('Last name').inputValue(), 'Avery', 'typed values come back');
    await expectAccessible(page);

    await page.getByLabel('Password', { exact: true }).fill('Sunny1');
    await page.getByLabel('Confirm password').fill('Sunny1');
    await page.getByLabel('I agree to the terms of service').check();
    await submit(page, page.getByRole('button', { name: 'Create Account' }));

    const provider = await ctx().db('providers').first();
    assert.ok(provider, 'the profile was created');
    await page.waitForURL((url) => url.pathname === `/profiles/create/${provider.id}`);
    await expectText(page, /confirm your e-mail address/);
    await expectAccessible(page);
    const user = await ctx().db('users').where({ email: 'jordan.avery@example.test' }).first();
    assert.equal(user!.first_name, 'Jordan');
    assert.equal(provider.status, 'incomplete');

    // Signed in: /signup now sends the new provider back to the wizard.
    await page.goto('/signup');
    assert.equal(new URL(page.url()).pathname, `/profiles/create/${provider.id}`);
  });

  it('?partner=owl shows the partner banner with 25% off first year', async () => {
    const page = await session.newPage();
    await page.goto('/signup?partner=owl');
    const banner = page.getByRole('note', { name: 'Partner offer' });
    await banner.waitFor();
    assert.match(await banner.innerText(), /25% off first year/);
    await expectAccessible(page);
    // The offer stays when switching to the practice form.
    await submit(page, page.getByRole('link', { name: 'We are a group practice' }));
    assert.match(await page.getByRole('note', { name: 'Partner offer' }).innerText(), /25% off first year/);
  });
});
