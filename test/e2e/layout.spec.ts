// The portal on every width (issue [8] "Done when"): 20 key pages at 320, 375, 768, 1280 and 1920 px,
// each checked, not only looked at: no sideways scroll, a top bar of one line (≤ 64 px), no emoji used
// as an icon; and on a phone the menu opens with one tap, with JavaScript and without.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, signInAs, useBrowser } from '../support/browser';
import { completeProfile } from '../http/dashboard-helpers';

const WIDTHS = [320, 375, 768, 1280, 1920];
const SIGNED_IN_PAGES = [
  '/',
  '/profile/general-information',
  '/profile/specialties',
  '/profile/clientele-approach',
  '/profile/insurance-fees',
  '/profile/availability-locations',
  '/profile/education-employment',
  '/profile/message-statement',
  '/profile/photos-video',
  '/therapy-groups',
  '/testimonials',
  '/vetting/quiz',
  '/account-preferences',
  '/benefits/web-badge',
  '/contact',
  '/tips/phone-consultations',
];
const PRACTICE_PAGES = ['/practice/providers', '/practice/team', '/practice/audit', '/profiles'];
const SIGNED_OUT_PAGES = ['/login', '/signup'];
/** Pictographs and symbols that would stand in for icons (the sprite's SVGs are the icons). */
/**
 * Where screenshots go, for a person to look at, when SCREENSHOT_DIR is set; the assertions are what
 * decides, so a run without it takes none (they were about 40 % of this test's time).
 */
const SCREENSHOTS = process.env.SCREENSHOT_DIR ? path.resolve(process.env.SCREENSHOT_DIR) : null;
if (SCREENSHOTS) fs.mkdirSync(SCREENSHOTS, { recursive: true });

const EMOJI = /[\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}\u{2190}-\u{21FF}\u{2B00}-\u{2BFF}☰▾×]/u;

async function checkPage(page: Page, route: string): Promise<string[]> {
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const facts = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      topbar: document.querySelector('.topbar')?.getBoundingClientRect().height ?? 0,
      text: document.body.innerText,
    }));
    if (facts.scrollWidth > facts.innerWidth)
      problems.push(`${route} at ${width}: scrolls sideways (${facts.scrollWidth} > ${facts.innerWidth})`);
    if (facts.topbar > 64) problems.push(`${route} at ${width}: top bar ${Math.round(facts.topbar)} px high`);
    if (SCREENSHOTS) {
      const name = route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`) });
    }
    const emoji = EMOJI.exec(facts.text);
    if (emoji) problems.push(`${route} at ${width}: "${emoji[0]}" in the text`);
    if (width === 375) await expectAccessible(page);
  }
  return problems;
}

describe('browser: layout on every width', function () {
  const session = useBrowser();
  this.timeout(240_000);

  it('20 key pages at 320, 375, 768, 1280 and 1920 px: no sideways scroll, a one-line top bar, no emoji', async () => {
    const individual = await createProviderUser(ctx().db, {
      paid: true,
      providers: [{ status: 'active', firstName: 'Alexandra-Marguerite', lastName: 'Vanderbilt-Castellanos' }],
    });
    await completeProfile(ctx().db, individual.providerIds[0]!);
    await ctx().db('providers').where({ id: individual.providerIds[0] }).update({ image_key: null }); // no picture file behind it here
    const practice = await createProviderUser(ctx().db, {
      paid: true,
      providers: [
        { type: 'practice', companyName: 'The Riverside Center for Family and Couples Counseling' },
        { firstName: 'Priya', lastName: 'Shah' },
      ],
    });
    await ctx()
      .db('providers')
      .where({ id: practice.providerIds[1] })
      .update({ practice_id: practice.providerIds[0], practice_sort_order: 1 });
    await ctx().db('users').where({ id: practice.userId }).update({ selected_provider_id: practice.providerIds[0] });

    const problems: string[] = [];
    const visitor = await session.newPage();
    for (const path of SIGNED_OUT_PAGES) {
      await visitor.goto(path);
      problems.push(...(await checkPage(visitor, path)));
    }

    const page = await session.newPage();
    await signInAs(page, individual.userId);
    for (const path of SIGNED_IN_PAGES) {
      await page.goto(path);
      problems.push(...(await checkPage(page, path)));
    }

    const owner = await session.newPage();
    await signInAs(owner, practice.userId);
    for (const path of PRACTICE_PAGES) {
      await owner.goto(path);
      problems.push(...(await checkPage(owner, path)));
    }
    assert.deepEqual(problems, []);
  });

  it("a membership's upcoming invoice page on every width: no sideways scroll, a one-line top bar, no emoji", async () => {
    const user = await createProviderUser(ctx().db, {
      paid: true,
      providers: [{ status: 'active', firstName: 'Alexandra-Marguerite', lastName: 'Vanderbilt-Castellanos' }],
    });
    const subscription = (await ctx().db('billing_subscriptions').where({ account_id: user.accountId }).first('id'))!;
    const page = await session.newPage();
    await signInAs(page, user.userId);
    const route = `/plan-management/upcoming-invoice/${subscription.id}`;
    await page.goto(route);
    await page.getByRole('heading', { level: 1, name: 'Upcoming invoice' }).waitFor();
    // Stripe's own line descriptions read "1 × Directory membership (…)": a multiplication sign, not an icon.
    const problems = (await checkPage(page, '/plan-management/upcoming-invoice')).filter(
      (problem) => !problem.endsWith('"×" in the text'),
    );
    assert.deepEqual(problems, []);
  });

  for (const javaScript of [true, false]) {
    it(`on a phone the menu opens with one tap and its links are reachable (JavaScript ${javaScript ? 'on' : 'off'})`, async () => {
      const user = await createProviderUser(ctx().db, { paid: true, providers: [{ status: 'active' }] });
      const page = await session.newPage({ javaScript });
      await page.setViewportSize({ width: 375, height: 800 });
      await signInAs(page, user.userId);
      await page.goto('/profile/specialties');
      const menu = page.locator('#side-menu');
      assert.equal(await menu.isVisible(), false, 'closed at first');
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Menu', exact: true }).click();
      await menu.getByRole('link', { name: 'General Information' }).waitFor({ state: 'visible' });
      await expectAccessible(page);
      const box = await menu.boundingBox();
      assert.ok(box && box.y < 10 && box.x <= 1, 'the drawer opens at the top of the screen');
      // Every row of the drawer is a touch target of at least 44 px; the 14 resources wait behind one row.
      const rowHeights = await menu
        .locator('a:visible, summary:visible')
        .evaluateAll((rows) => rows.map((row) => [row.textContent?.trim(), row.getBoundingClientRect().height]));
      const short = rowHeights.filter(([, height]) => Number(height) < 44);
      assert.deepEqual(short, [], 'rows under 44 px');
      const webBadge = menu.getByRole('link', { name: 'Web Badge' });
      assert.equal(await webBadge.isVisible(), false, 'the resources are closed');
      await menu.locator('summary', { hasText: 'Resources' }).click();
      await webBadge.waitFor({ state: 'visible' });
      if (javaScript) {
        // The focus moved into the drawer and stays there; Escape closes it and gives the focus back.
        assert.equal(await page.evaluate(() => Boolean(document.activeElement?.closest('#side-menu'))), true);
        for (let i = 0; i < 60; i += 1) await page.keyboard.press('Tab');
        assert.equal(
          await page.evaluate(() => Boolean(document.activeElement?.closest('#side-menu'))),
          true,
          'the focus stays in the drawer',
        );
        await page.keyboard.press('Escape');
        assert.equal(await menu.isVisible(), false);
        assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('href')), '#side-menu');
      } else {
        await menu.getByRole('link', { name: 'Close the menu' }).click();
        assert.equal(await menu.isVisible(), false);
      }
      await page.getByRole('link', { name: 'Menu', exact: true }).click();
      await Promise.all([
        page.waitForURL('**/profile/general-information'),
        menu.getByRole('link', { name: 'General Information' }).click(),
      ]);
      // On a wide screen the menu is a column of the page: no drawer, so no "Close the menu".
      await page.setViewportSize({ width: 1280, height: 800 });
      assert.equal(await menu.isVisible(), true);
      assert.equal(await menu.getByRole('link', { name: 'Close the menu' }).isVisible(), false);
    });
  }

  it('a field with an error has the red border, whatever its type (the Specialty name field included), without JavaScript', async () => {
    const user = await createProviderUser(ctx().db, { paid: true, providers: [{ status: 'active' }] });
    const page = await session.newPage({ javaScript: false });
    await signInAs(page, user.userId);
    await page.goto('/profile/specialties');
    await page.getByRole('link', { name: 'Add a custom specialty' }).click();
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Add', exact: true }).click()]);
    const borders = await page.evaluate(() =>
      [...document.querySelectorAll('[aria-invalid="true"]')].map((el) => getComputedStyle(el).borderTopColor),
    );
    assert.ok(borders.length >= 2, 'the name and the description have errors');
    assert.deepEqual([...new Set(borders)], ['rgb(166, 27, 27)']);
    await expectAccessible(page);
  });

  it('/dev/components shows every component and state, on every width, accessible, with JavaScript and without', async () => {
    for (const javaScript of [true, false]) {
      const page = await session.newPage({ javaScript });
      await page.goto('/dev/components');
      await page.getByRole('heading', { name: 'Buttons' }).waitFor();
      for (const name of [
        'Type and spacing',
        'A card with a header action',
        'Form fields',
        'Summary list and table',
        'Status labels',
        'Notices and avatars',
        'Empty state and pagination',
      ]) {
        await page.getByRole('heading', { name }).waitFor();
      }
      assert.deepEqual(await checkPage(page, '/dev/components'), []);
      // The dialog's page form posts again with confirmed=1.
      await Promise.all([
        page.waitForURL('**/dev/components'),
        page.getByRole('button', { name: 'Delete license' }).last().click(),
      ]);
      await page.getByText('The dialog posted again with confirmed=1.').waitFor();
    }
  });
});
