// Calendar connections in Chromium (issue [23] item 3), on a phone: without JavaScript the provider
// connects the sample CalDAV server with an app password, links a calendar and chooses it for booked
// consultations; with JavaScript they link the sample Microsoft account through its consent page. Each
// page is checked by axe, and nothing scrolls sideways at 375 px.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, expectFlash, signInAs, submit, useBrowser } from '../support/browser';

const noSidewaysScroll = async (page: Page) =>
  assert.ok(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    'no sideways scroll at 375 px',
  );

describe('browser: linking outside calendars and choosing one for consultations', function () {
  this.timeout(120_000);
  const session = useBrowser();

  async function provider() {
    const db = ctx().db;
    const user = await createProviderUser(db, { paid: true });
    await db('providers')
      .where({ id: user.providerIds[0]! })
      .update({ has_calendar: true, calendar_open: true, timezone: 'America/New_York' });
    return user;
  }

  it('without JavaScript at 375 px: connect CalDAV with an app password, link Home, add consultations to it', async () => {
    const user = await provider();
    const standIn = ctx().integrations.caldav.standIn!;
    standIn.reset();
    const page = await session.newPage({ javaScript: false });
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, user.userId);
    await page.goto('/calendar/connections');
    await expectAccessible(page);
    await noSidewaysScroll(page);

    const card = page.locator('#caldav');
    await card.getByLabel('Server address').fill(await standIn.url());
    await card.getByLabel('User name').fill(standIn.username);
    await card.getByLabel('App password').fill('not-the-password');
    await submit(page, card.getByRole('button', { name: 'Connect calendar account' }));
    assert.match(await page.locator('#caldav').innerText(), /refused this user name and app password/);
    assert.equal(await page.locator('#caldav').getByLabel('App password').inputValue(), '', 'never typed back');
    await expectAccessible(page);

    await page.locator('#caldav').getByLabel('App password').fill(standIn.password);
    await submit(page, page.locator('#caldav').getByRole('button', { name: 'Connect calendar account' }));
    await expectFlash(page, /Your calendar account is connected\./);
    await page.locator('#caldav').getByLabel('Home').check();
    await submit(page, page.locator('#caldav').getByRole('button', { name: 'Link this calendar' }));
    await expectFlash(page, 'Calendar linked successfully.');
    assert.match(await page.locator('#caldav').innerText(), /Home/);

    await page.locator('#write-back').getByLabel('Home (CalDAV)').check();
    await submit(page, page.locator('#write-back').getByRole('button', { name: 'Save' }));
    await expectFlash(page, /will be written to your calendar, with the client’s initials only/);
    assert.ok(await page.locator('#write-back').getByLabel('Home (CalDAV)').isChecked());
    await expectAccessible(page);
    await noSidewaysScroll(page);
  });

  it('with JavaScript: link the sample Microsoft account through its consent page and choose a calendar', async () => {
    const user = await provider();
    const page = await session.newPage();
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, user.userId);
    await page.goto('/calendar/connections');
    await submit(page, page.getByRole('button', { name: 'Link Microsoft account' }));
    await expectAccessible(page);
    assert.match(await page.locator('main').innerText(), /wants to access your Microsoft account/);
    await submit(page, page.getByRole('button', { name: 'Allow' }));
    await expectFlash(page, /Your Microsoft account is linked\./);
    await page.locator('#microsoft').getByLabel('Family').check();
    await submit(page, page.locator('#microsoft').getByRole('button', { name: 'Link this calendar' }));
    await expectFlash(page, 'Outlook calendar linked successfully.');
    assert.match(await page.locator('#microsoft').innerText(), /Family/);
    await expectAccessible(page);
    await noSidewaysScroll(page);
  });
});
