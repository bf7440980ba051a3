// The onboarding wizard walked with the keyboard alone (issue [8] "Done when"): every field and button
// of Locations, About You, Your Practice, Photos and Go Live is reached with Tab and worked with Space,
// typing and Enter, without JavaScript and without a mouse. The file chooser opens from the keyboard too.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ctx } from '../support/context';
import { expectAccessible, signInAs, useBrowser } from '../support/browser';
import { colourfulPng, wizardUser } from '../http/onboarding-helpers';

/** Presses Tab until the focused element's name (its label, or its text) matches; fails after `max` presses. */
async function tabTo(page: Page, name: RegExp, max = 150): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      if (!el) return '';
      const label = el.labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? '';
      return `${label} ${el.tagName === 'BUTTON' || el.tagName === 'A' ? (el.textContent ?? '') : ''}`
        .replace(/\s+/g, ' ')
        .trim();
    });
    if (name.test(focused)) return;
  }
  assert.fail(`${name} was not reached with Tab`);
}

/** Tabs to a checkbox and ticks it with Space, unless it is ticked already. */
async function tick(page: Page, name: RegExp): Promise<void> {
  await tabTo(page, name);
  if (!(await page.evaluate(() => (document.activeElement as HTMLInputElement).checked)))
    await page.keyboard.press('Space');
}

async function pressAndWait(page: Page, key: string, path: RegExp): Promise<void> {
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.keyboard.press(key)]);
  if (!path.test(new URL(page.url()).pathname)) {
    const errors = await page.locator('.field--error legend, .field-error').allInnerTexts();
    assert.fail(`still on ${page.url()}: ${errors.join(' | ')}`);
  }
}

describe('browser: the wizard with the keyboard alone', function () {
  this.timeout(300_000);
  const session = useBrowser();

  it('Locations → About You → Your Practice → Photos → Go Live, by Tab, Space, typing and Enter', async () => {
    const user = await wizardUser(ctx().db, { paid: true });
    const id = user.providerId;
    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);

    // Signing in is not what this test is about: the session is made for it, and / leads to the first step.
    await signInAs(page, user.userId);
    await page.goto('/');
    assert.equal(new URL(page.url()).pathname, `/profiles/create/${id}`);

    // Locations: an office, no online sessions.
    await tick(page, /I don't offer online sessions/);
    await tabTo(page, /^Address$/);
    await page.keyboard.type('1 Main Street');
    await tabTo(page, /^City$/);
    await page.keyboard.type('Albany');
    await tabTo(page, /^Zip$/);
    await page.keyboard.type('12207');
    await tabTo(page, /^State$/);
    await page.keyboard.type('New York');
    await tabTo(page, /Save and continue/);
    await pressAndWait(page, 'Enter', new RegExp(`/profiles/about-you-for/${id}$`));
    await expectAccessible(page);

    // About You: a profession, a language, a degree.
    for (const label of [/^Psychologist$/, /^English$/, /^PhD$/]) await tick(page, label);
    await tabTo(page, /Save and continue/);
    await pressAndWait(page, 'Enter', new RegExp(`/profiles/your-practice-for/${id}$`));

    // Your Practice: clientele, language, three specialties, an approach, the fee and length, no insurance.
    // (English was chosen on About You and comes back ticked.)
    for (const label of [/^Adults \(25 to 64\)$/, /^English$/, /^Anxiety$/, /^Depression$/, /^Grief and Loss$/])
      await tick(page, label);
    // The first approach offered (its fieldset comes before the fees).
    const firstApproach = (await page.locator('#approaches-fieldset label').first().textContent())!.trim();
    await tick(page, new RegExp(`^${firstApproach.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    assert.equal(await page.evaluate(() => Boolean(document.activeElement?.closest('#approaches-fieldset'))), true);
    await tabTo(page, /^Fee \(dollars\)/);
    await page.keyboard.type('160');
    await tabTo(page, /^Length \(minutes\)/);
    await page.keyboard.type('50');
    // A radio group is one stop of Tab; the arrow keys choose within it.
    await tabTo(page, /Yes, I take insurance/);
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.evaluate(() => (document.activeElement as HTMLInputElement).value), 'no');
    await tabTo(page, /Save and continue/);
    await pressAndWait(page, 'Enter', new RegExp(`/profiles/photos-for/${id}$`));
    await expectAccessible(page);

    // Photos: the file chooser opens from the keyboard. The wait starts before the Tabs: Playwright
    // starts intercepting file choosers when first asked, asynchronously, and a key pressed before that
    // is in place can open a chooser it never reports (this step timed out about one run in three).
    const chooserOpened = page.waitForEvent('filechooser');
    await tabTo(page, /Headshot/);
    await page.keyboard.press('Space');
    const chooser = await chooserOpened;
    await chooser.setFiles({ name: 'me.png', mimeType: 'image/png', buffer: await colourfulPng(400, 300) });
    await tabTo(page, /Upload and continue/);
    await pressAndWait(page, 'Enter', new RegExp(`/profiles/go-live-for/${id}$`));

    // Go Live.
    await tick(page, /I'm ready to go live/);
    await tabTo(page, /^Go live$/);
    await page.keyboard.press('Enter');
    await page
      .locator('main')
      .getByText(/within 24 business hours/)
      .first()
      .waitFor();
    await expectAccessible(page);
    assert.equal((await ctx().db('providers').where({ id }).first())!.status, 'pending');
  });
});
