// One status label (issue [21] item 4), at 375 and 1280 px with axe: each licence is an item whose header
// holds its state and number, its label in the state's colour, and its Delete; a running Practice Management
// trial is a warning ("Trial · ends Dec 1") with its buy action beside it, never a green "Active"; and
// /dev/components shows every state of the label.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, signInAs, useBrowser } from '../support/browser';

const DAY_MS = 86_400_000;
const WIDTHS = [375, 1280];

const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('browser: one status label', function () {
  this.timeout(240_000);
  const session = useBrowser();

  it('licences: each an item with its label and its Delete in its header, at 375 and 1280 px', async () => {
    const user = await createProviderUser(ctx().db, { paid: true, providers: [{ status: 'active' }] });
    const providerId = user.providerIds[0]!;
    const licence = (state: string, number: string, verification: string) => ({
      provider_id: providerId,
      state,
      number,
      license_type: 'LCSW',
      expiration: 2030,
      verification,
    });
    await ctx()
      .db('licenses')
      .insert([
        licence('NY', 'V-1', 'Verified'),
        licence('NJ', 'U-2', 'Unverified'),
        licence('CT', 'N-3', 'Not found'),
        licence('PA', 'L-4', 'Legacy'),
      ]);
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.goto('/profile/general-information');

    const expected: [string, string | null, RegExp | null][] = [
      ['V-1', 'label label--success:Verified', null],
      ['U-2', 'label label--attention:Unverified', /The team is checking this license/],
      ['N-3', 'label label--danger:Not found', /We could not verify this license/],
      ['L-4', null, null],
    ];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const [number, label, note] of expected) {
        const item = page.locator('#licensure .license-item', { hasText: number });
        const header = item.locator('.license-item__header');
        const labels = await header
          .locator('.label')
          .evaluateAll((found) => found.map((l) => `${l.className}:${l.textContent}`));
        assert.deepEqual(labels, label ? [label] : [], `${number}'s label at ${width} px`);
        assert.equal(
          await header.getByRole('button', { name: /^Delete/ }).count(),
          1,
          `${number}'s Delete in its header`,
        );
        // The Delete sits on the header's line, to the right of the licence's name.
        const title = await header.locator('h3').boundingBox();
        const deleteBox = await header.getByRole('button', { name: /^Delete/ }).boundingBox();
        assert.ok(title && deleteBox && deleteBox.x > title.x, `${number}'s Delete right of its name at ${width} px`);
        const text = await item.innerText();
        if (note) assert.match(text, note, `${number}'s explanation beside its label`);
        else assert.doesNotMatch(text, /team is checking|could not verify|Legacy/);
      }
      assert.equal(await scrollsSideways(page), false, `no sideways scroll at ${width} px`);
      await expectAccessible(page);
    }
  });

  it('a Practice Management trial ending in 5 days: a warning label with the date and its buy action, at 375 and 1280 px', async () => {
    const user = await createProviderUser(ctx().db, {
      providers: [{ type: 'practice', companyName: 'Calm Waters', status: 'active' }],
    });
    const trialEnd = new Date(Date.now() + 5 * DAY_MS);
    await ctx()
      .db('accounts')
      .where({ id: user.accountId })
      .update({
        has_paid_practice_management_plan: false,
        practice_management: JSON.stringify({
          subdomain: 'calm-trial',
          status: 'active',
          trial_end: trialEnd.toISOString(),
        }),
      });
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.goto('/practice-management');
    const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'America/New_York' });

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const status = page.locator('#ehr .label-with-action');
      const label = status.locator('.label');
      assert.equal(await label.getAttribute('class'), 'label label--attention', 'a warning, not a success');
      // The provider's time zone may put the end a day either side of New York's: the date is one of them.
      const shown = (await label.innerText()).trim();
      const candidates = [-DAY_MS, 0, DAY_MS].map(
        (d) => `Trial · ends ${day.format(new Date(trialEnd.getTime() + d))}`,
      );
      assert.ok(candidates.includes(shown), `${shown} is one of ${candidates.join(', ')}`);
      const buy = status.getByRole('link', { name: 'Add Practice Management' });
      assert.equal(await buy.getAttribute('href'), `/practice-management/upgrade/${user.accountId}`);
      assert.equal(await page.locator('#ehr .label--success').count(), 0, 'no green Active');
      assert.doesNotMatch(await page.locator('#ehr').innerText(), /\bActive\b/);
      assert.equal(await scrollsSideways(page), false, `no sideways scroll at ${width} px`);
      await expectAccessible(page);
    }
  });

  it('/dev/components shows the label in each of its states', async () => {
    const page = await session.newPage();
    await page.goto('/dev/components');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const state of ['success', 'attention', 'danger', 'neutral', 'info'])
        assert.ok(await page.locator(`#labels .label--${state}`).count(), `a ${state} label`);
      assert.equal(await scrollsSideways(page), false, `no sideways scroll at ${width} px`);
    }
    await expectAccessible(page);
  });
});
