// Words in tables stay whole (issue [21] item 2): `overflow-wrap: anywhere` on the whole content let the
// browser squeeze table columns below their words ("Typ e", "Expir es", "LCS W", "Dele te", "$70.0 / 0"),
// and stacked cells stretched the "Default" label into an oval. At 375 px (tables stacked as cards) and at
// 1280 px, every word of the licences (one item each), Plan Management's tables and the practice's providers
// sits on one line: each word's text range has one line box (Range.getClientRects), else it was broken.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { billedAccount } from '../support/billing';
import { expectAccessible, signInAs, useBrowser } from '../support/browser';

const CELLS = '.stack-table th, .stack-table td, .member, .license-item';

/** The words inside `selector` that the browser broke across two lines or more, with the text they are in. */
function brokenWords(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const broken: string[] = [];
    for (const container of document.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.getClientRects().length === 0) continue;
        // Text for screen readers only (a visually hidden span, a stacked table's head) is clipped to 1 px on purpose.
        let clipped = false;
        for (let e: Element | null = parent; e && !clipped; e = e.parentElement)
          clipped = getComputedStyle(e).overflow !== 'visible' && e.getBoundingClientRect().width <= 1;
        if (clipped) continue;
        const text = node.textContent ?? '';
        // A word ends at a space, and at a hyphen or slash, after which a line may break.
        for (const word of text.matchAll(/[^\s\-/–—]+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set(
            [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top + r.height / 2)),
          );
          if (lines.size > 1) broken.push(`"${word[0]}" in "${text.trim()}"`);
        }
      }
    }
    return broken;
  }, selector);
}

/** Labels in table cells and licences: their height (a label stretched by its cell was 48 px). */
const labelHeights = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.stack-table .label, .license-item .label')].map((label) =>
      Math.round(label.getBoundingClientRect().height),
    ),
  );

async function checkWidths(page: Page, path: string, cellsSeen: string): Promise<string[]> {
  const problems: string[] = [];
  await page.goto(path);
  await page.locator(cellsSeen).first().waitFor();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const word of await brokenWords(page, CELLS)) problems.push(`${path} at ${width} px: ${word} is broken`);
    for (const height of await labelHeights(page))
      if (height > 32) problems.push(`${path} at ${width} px: a label in a cell is ${height} px high`);
    if (await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth))
      problems.push(`${path} at ${width} px: scrolls sideways`);
  }
  await expectAccessible(page);
  return problems;
}

describe('browser: no word is broken inside a table cell', function () {
  this.timeout(180_000);
  const session = useBrowser();

  it('licences (General Information), Plan Management and the practice providers, at 375 and 1280 px', async () => {
    const individual = await createProviderUser(ctx().db, { paid: false, providers: [{ status: 'active' }] });
    const providerId = individual.providerIds[0]!;
    await ctx()
      .db('licenses')
      .insert([
        { provider_id: providerId, state: 'NY', number: 'LCSW 1234', license_type: 'LCSW', expiration: 2030 },
        {
          provider_id: providerId,
          state: 'NJ',
          number: 'LPC 0987654321',
          license_type: 'LPC',
          expiration: 2031,
          verification: 'Not found',
        },
      ]);
    await billedAccount(individual.accountId, individual.providerIds);
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await signInAs(page, individual.userId);

    const practice = await createProviderUser(ctx().db, {
      paid: true,
      providers: [
        { type: 'practice', companyName: 'The Riverside Center for Family and Couples Counseling' },
        { firstName: 'Alexandra-Marguerite', lastName: 'Vanderbilt-Castellanos' },
      ],
    });
    await ctx()
      .db('providers')
      .where({ id: practice.providerIds[1] })
      .update({ practice_id: practice.providerIds[0], practice_sort_order: 1 });
    await ctx().db('users').where({ id: practice.userId }).update({ selected_provider_id: practice.providerIds[0] });
    const owner = await session.newPage();
    owner.setDefaultTimeout(60_000);
    await signInAs(owner, practice.userId);

    const problems = [
      ...(await checkWidths(page, '/profile/general-information', '.license-item')),
      ...(await checkWidths(page, '/plan-management', '#billing-history td')),
      ...(await checkWidths(owner, '/practice/providers', '.member')),
    ];
    assert.deepEqual(problems, []);
  });

  it('the check finds a broken word: with the old `overflow-wrap: anywhere` back, the licences break', async () => {
    const user = await createProviderUser(ctx().db, { paid: true, providers: [{ status: 'active' }] });
    await ctx().db('licenses').insert({
      provider_id: user.providerIds[0],
      state: 'NY',
      number: 'LCSW 1234',
      license_type: 'LCSW',
      expiration: 2030,
    });
    const page = await session.newPage();
    await signInAs(page, user.userId);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/profile/general-information');
    await page.locator('.license-item').first().waitFor();
    assert.deepEqual(await brokenWords(page, '.license-item'), []);
    // Through the CSSOM, which the content security policy allows (a <style> element it refuses). The
    // list is made narrow so that its words are squeezed as a table's columns were beside a long neighbour.
    await page.evaluate(() => {
      const sheet = document.styleSheets[0]!;
      sheet.insertRule('.content * { overflow-wrap: anywhere !important }', sheet.cssRules.length);
      sheet.insertRule('.license-list { width: 1px !important }', sheet.cssRules.length);
    });
    assert.notDeepEqual(await brokenWords(page, '.license-item'), []);
  });
});
