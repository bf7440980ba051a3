// The error summary in Chromium (issue [21] item 1): after a refused form the page opens on "There is a
// problem", above the heading and on the first screen, with the focus on it and the title starting
// "Error: ", at 375 and 1280 px, with JavaScript and without (the autofocus attribute needs no script).
// The case is a declined payment on a phone, whose message sat 1,173 px down the page. axe runs
// on each refused page. The summary's markup on many forms is tested over HTTP (test/http/error-summary.test.ts).
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { billedAccount } from '../support/billing';
import { expectAccessible, fillBillingAddressAndTerms, signInAs, submit, useBrowser } from '../support/browser';

/** Where the focus is, where the summary is, and whether the page scrolls sideways. */
async function summaryFacts(page: Page) {
  // The browser runs autofocus at its next rendering after the page loads: give it that moment.
  await page
    .waitForFunction(() => document.activeElement?.matches('.error-summary'), null, { timeout: 5_000 })
    .catch(() => {});
  return page.evaluate(() => {
    const summary = document.querySelector('.error-summary');
    const box = summary?.getBoundingClientRect();
    return {
      title: document.title,
      focused: document.activeElement === summary && summary !== null,
      onFirstScreen: Boolean(box && box.top >= 0 && box.top < window.innerHeight),
      aboveHeading: Boolean(
        summary &&
          document.querySelector('main h1') &&
          summary.compareDocumentPosition(document.querySelector('main h1')!) & Node.DOCUMENT_POSITION_FOLLOWING,
      ),
      links: [...(summary?.querySelectorAll('a') ?? [])].map((a) => [a.textContent, a.getAttribute('href')]),
      sideways: document.documentElement.scrollWidth > window.innerWidth,
    };
  });
}

describe('browser: the error summary of a refused form', function () {
  this.timeout(240_000);
  const session = useBrowser();

  for (const width of [375, 1280]) {
    for (const javaScript of [true, false]) {
      it(`a declined payment at ${width} px, JavaScript ${javaScript ? 'on' : 'off'}: the page opens on the summary`, async () => {
        const user = await createProviderUser(ctx().db, { providers: [{ status: 'incomplete' }] });
        const providerId = user.providerIds[0]!;
        await ctx()
          .db('locations')
          .insert({ provider_id: providerId, state: 'TX', remote_location: true, accepting_patients: 40 });
        await ctx().db('providers').where({ id: providerId }).update({ photographer_availability: 'none_near' });
        await billedAccount(user.accountId, user.providerIds, {
          card: 'pm_card_chargeCustomerFail',
          membership: null,
        });
        const page = await session.newPage({ javaScript });
        page.setDefaultTimeout(60_000);
        await page.setViewportSize({ width, height: 800 });
        await signInAs(page, user.userId);
        await page.goto(`/profiles/pay-for/${providerId}?step=pay&tier=basic`);
        await fillBillingAddressAndTerms(page);
        await submit(page, page.getByRole('button', { name: 'Pay $59.00' }));
        await page.locator('#payment-failure').getByText('Your card was declined.').waitFor();

        const facts = await summaryFacts(page);
        assert.match(facts.title, /^Error: /);
        assert.ok(facts.focused, 'the focus is on the summary');
        assert.ok(facts.onFirstScreen, 'the summary is on the first screen');
        assert.ok(facts.aboveHeading, 'the summary is above the heading');
        assert.deepEqual(facts.links, [['Your card was declined.', '#payment-failure']]);
        assert.equal(facts.sideways, false, 'no sideways scroll');
        await expectAccessible(page);
        assert.equal(await page.getByLabel('Address line 1').inputValue(), '1 Main St', 'what was typed is kept');
      });

      it(`sign-in with empty fields at ${width} px, JavaScript ${javaScript ? 'on' : 'off'}: a link of the summary leads to its field`, async () => {
        const page = await session.newPage({ javaScript });
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/login');
        await submit(page, page.getByRole('button', { name: 'Log in' }));
        const facts = await summaryFacts(page);
        assert.match(facts.title, /^Error: Log In/);
        assert.ok(facts.focused, 'the focus is on the summary');
        assert.ok(facts.onFirstScreen);
        assert.deepEqual(facts.links, [
          ['You must enter an email address', '#email'],
          ['You must enter a password', '#password'],
        ]);
        await expectAccessible(page);
        await page.getByRole('link', { name: 'You must enter a password' }).click();
        await page.waitForFunction(() => {
          const box = document.getElementById('password')?.getBoundingClientRect();
          return Boolean(box && box.top >= 0 && box.bottom <= window.innerHeight);
        });
        if (javaScript)
          await page.waitForFunction(() => document.activeElement?.id === 'password', null, { timeout: 5_000 });
      });
    }
  }
});
