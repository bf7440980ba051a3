// One type scale and targets a finger can hit (issue [21] items 3 and 5): the dashboard, General
// Information and Plan Management use at most six font sizes at 375 and 1280 px; on a phone every button,
// control and link row is at least 44 px tall (a link inside a sentence: its line at least 24 px), and a
// checkbox or radio is a 24 px box on a row of 44 px (About You: about a hundred of them). axe runs on every page measured.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { billedAccount } from '../support/billing';
import { expectAccessible, signInAs, useBrowser } from '../support/browser';
import { completeProfile } from '../http/dashboard-helpers';
import { wizardUser } from '../http/onboarding-helpers';

/** The distinct computed font sizes of the visible text on the page. */
function fontSizes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const sizes = new Set<string>();
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const ownText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '',
      );
      if (!ownText || !element.checkVisibility({ visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // visually hidden
      sizes.add(getComputedStyle(element).fontSize);
    }
    return [...sizes].sort();
  });
}

/** Every visible target under its minimum height, as "what: height". */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    // No named functions in here: the test's compiler would wrap them in a helper the page does not have.
    const targets = document.body.querySelectorAll<HTMLElement>(
      'a[href], button, [role=button], summary, input:not([type=hidden]), select, textarea',
    );
    for (const target of targets) {
      const box = target.getBoundingClientRect();
      const height = box.height;
      if (!target.checkVisibility({ visibilityProperty: true }) || box.height <= 1 || box.width <= 1 || box.right <= 0)
        continue;
      const label = target.textContent?.trim() || target.getAttribute('aria-label') || target.getAttribute('name');
      const what = `${target.tagName.toLowerCase()} "${(label ?? '').slice(0, 40)}"`;
      const style = getComputedStyle(target);
      if (target.matches('input[type=checkbox], input[type=radio]')) {
        if (Math.round(height) < 24) problems.push(`${what}: a ${Math.round(height)} px box`);
        const row = target.closest('label, .field--check, li') ?? target.parentElement!;
        const rowHeight = row.getBoundingClientRect().height;
        if (Math.round(rowHeight) < 44) problems.push(`${what}: its row ${Math.round(rowHeight)} px`);
        continue;
      }
      // A link inside a sentence: text beside it in the same parent, and laid out inline.
      const inSentence =
        target.tagName === 'A' &&
        style.display === 'inline' &&
        [...target.parentElement!.childNodes].some(
          (node) => node !== target && node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '',
        );
      if (inSentence) {
        const line = Math.max(height, Number.parseFloat(style.lineHeight) || 0);
        if (Math.round(line) < 24) problems.push(`${what}: a ${Math.round(line)} px line in a sentence`);
      } else if (Math.round(height) < 44) problems.push(`${what}: ${Math.round(height)} px`);
    }
    return problems;
  });
}

describe('browser: one type scale and targets of at least 44 px on a phone', function () {
  this.timeout(240_000);
  const session = useBrowser();

  async function member(): Promise<Page> {
    const user = await createProviderUser(ctx().db, { paid: true, providers: [{ status: 'active' }] });
    await completeProfile(ctx().db, user.providerIds[0]!);
    await ctx().db('providers').where({ id: user.providerIds[0] }).update({ image_key: null });
    const page = await session.newPage();
    await signInAs(page, user.userId);
    return page;
  }

  it('the dashboard, General Information and Plan Management use at most six font sizes at 375 and 1280 px', async () => {
    const page = await member();
    const problems: string[] = [];
    for (const route of ['/', '/profile/general-information', '/plan-management']) {
      await page.goto(route);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        const sizes = await fontSizes(page);
        if (sizes.length > 6) problems.push(`${route} at ${width}: ${sizes.join(', ')}`);
        await expectAccessible(page);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('on a phone every button, control and link row of the main pages is at least 44 px tall', async () => {
    const page = await member();
    await page.setViewportSize({ width: 375, height: 900 });
    const problems: string[] = [];
    for (const route of ['/', '/profile/general-information', '/plan-management', '/account-preferences']) {
      await page.goto(route);
      await expectAccessible(page);
      problems.push(...(await smallTargets(page)).map((problem) => `${route}: ${problem}`));
      // The drawer's rows too, once the menu is open.
      if (route === '/') {
        await page.getByRole('link', { name: 'Menu', exact: true }).click();
        await page.locator('#side-menu').getByRole('link', { name: 'General Information' }).waitFor();
        problems.push(...(await smallTargets(page)).map((problem) => `menu: ${problem}`));
      }
    }
    assert.deepEqual(problems, []);
  });

  it('on a phone the pay step and an onboarding step have targets of at least 44 px, checkboxes 24 px', async () => {
    const payer = await createProviderUser(ctx().db, { providers: [{ status: 'incomplete' }] });
    const providerId = payer.providerIds[0]!;
    await ctx()
      .db('locations')
      .insert({ provider_id: providerId, state: 'TX', remote_location: true, accepting_patients: 40 });
    await ctx().db('providers').where({ id: providerId }).update({ photographer_availability: 'none_near' });
    await billedAccount(payer.accountId, payer.providerIds, { membership: null });
    const page = await session.newPage();
    await page.setViewportSize({ width: 375, height: 900 });
    await signInAs(page, payer.userId);
    await page.goto(`/profiles/pay-for/${providerId}?step=pay&tier=basic`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectAccessible(page);
    const problems = (await smallTargets(page)).map((problem) => `pay: ${problem}`);

    const newcomer = await wizardUser(ctx().db);
    const wizard = await session.newPage();
    await wizard.setViewportSize({ width: 375, height: 900 });
    await signInAs(wizard, newcomer.userId);
    await wizard.goto(`/profiles/create/${newcomer.providerId}`);
    await wizard.locator('input[type=checkbox]').first().waitFor();
    await expectAccessible(wizard);
    problems.push(...(await smallTargets(wizard)).map((problem) => `onboarding: ${problem}`));
    // About You: the page of a hundred checkboxes (professions, languages, degrees).
    await wizard.goto(`/profiles/about-you-for/${newcomer.providerId}`);
    await wizard.getByRole('checkbox', { name: 'Psychologist', exact: true }).waitFor();
    await expectAccessible(wizard);
    problems.push(...(await smallTargets(wizard)).map((problem) => `About You: ${problem}`));
    assert.deepEqual(problems, []);
  });
});
