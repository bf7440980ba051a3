// A practice owner creates a second profile and switches to it, in Chromium as a person would (issue 4
// item 6): once with JavaScript on through the profile menu, once with JavaScript off through the
// duplicate-name page and Choose a Profile. axe runs on every page visited.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, useBrowser, submit, signInAs } from '../support/browser';

async function expectText(page: Page, text: RegExp): Promise<void> {
  try {
    await page.locator('main').getByText(text).first().waitFor({ state: 'attached', timeout: 10_000 });
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

/** The switch took: the flash is on the landing page and the user's remembered profile is the new one. */
async function expectSwitchedTo(page: Page, userId: number, name: string): Promise<void> {
  // Read the page as served, before the shared script fades the flash (7 s) on a slow machine.
  const html = (await page.content()).replace(/&#x27;|&#39;/g, "'");
  assert.ok(html.includes(`You've switched to ${name}'s profile`), `no switch flash on ${page.url()}`);
  const user = await ctx().db('users').where({ id: userId }).first('selected_provider_id');
  const selected = await ctx()
    .db('providers')
    .where({ id: user!.selected_provider_id! })
    .first('first_name', 'last_name');
  assert.equal(`${selected!.first_name} ${selected!.last_name}`, name);
}

describe('browser: a practice owner creates a second profile and switches to it', function () {
  this.timeout(120_000);
  const session = useBrowser();

  it('with JavaScript: profile menu → choose the type → fix the form → success page → switch', async () => {
    const owner = await createProviderUser(ctx().db, {
      paid: true,
      roles: ['owner'],
      providers: [{ type: 'practice', companyName: 'Harbor Light Counseling' }],
    });
    const page = await session.newPage();
    await signInAs(page, owner.userId);
    await page.goto('/');
    await page.locator('details.menu summary').click();
    await submit(page, page.getByRole('link', { name: 'Create New Profile' }));
    assert.equal(new URL(page.url()).pathname, '/profiles/create');
    await expectText(page, /Choose a profile type/);
    await expectAccessible(page);

    await submit(
      page,
      page
        .getByRole('navigation', { name: 'Choose a profile type' })
        .getByRole('link', { name: 'A profile for you', exact: true }),
    );
    await page.getByLabel('First name').fill('Robin');
    await submit(page, page.getByRole('button', { name: 'Create profile' }));
    await expectText(page, /Last name required\./);
    await expectText(page, /Phone number required\./);
    assert.equal(await page.getByLabel('First name').inputValue(), 'Robin', 'typed values stay');
    await expectAccessible(page);

    await page.getByLabel('Last name').fill('Park');
    await page.getByLabel('Phone number').fill('(212) 555-0142');
    await submit(page, page.getByRole('button', { name: 'Create profile' }));
    assert.match(new URL(page.url()).pathname, /^\/profiles\/created\/\d+$/);
    await expectText(page, /Robin Park is ready to be completed/);
    await expectAccessible(page);

    await submit(page, page.getByRole('button', { name: 'Switch to Robin Park' }));
    await expectSwitchedTo(page, owner.userId, 'Robin Park');
    await expectAccessible(page);
  });

  it('without JavaScript: same name → "Create anyway" → Choose a Profile → switch', async () => {
    const owner = await createProviderUser(ctx().db, {
      paid: true,
      roles: ['owner'],
      providers: [
        { type: 'practice', companyName: 'Harbor Light Counseling' },
        { firstName: 'Robin', lastName: 'Park', status: 'active' },
      ],
    });
    const page = await session.newPage({ javaScript: false });
    await signInAs(page, owner.userId);
    await page.goto('/profiles/create?type=individual');
    await expectAccessible(page);
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Park');
    await page.getByLabel('Phone number').fill('2125550199');
    await submit(page, page.getByRole('button', { name: 'Create profile' }));
    await expectText(page, /A profile named Robin Park already exists/);
    await expectAccessible(page);

    // The practice pays per profile (a seat-based membership), so the new one goes to pay for its seat.
    await submit(page, page.getByRole('button', { name: 'Create anyway' }));
    assert.match(new URL(page.url()).pathname, /^\/profiles\/pay-for\/\d+$/);
    await expectAccessible(page);
    await page.goto('/profiles');
    await expectAccessible(page);
    // Two profiles are called Robin Park now: the new one is incomplete ("Continue setup").
    // The whole card is the button.
    await submit(page, page.getByRole('button', { name: /^Switch to Robin Park.*Continue setup$/ }));
    await expectSwitchedTo(page, owner.userId, 'Robin Park');
    await expectAccessible(page);
    const rows = await ctx().db('providers').where({ account_id: owner.accountId, first_name: 'Robin' });
    assert.equal(rows.length, 2);
  });
});
