// Issue [19] item 2 in Chromium, with JavaScript off on a 375 px phone: Dana (New York, weekdays 9–12)
// saves Los Angeles, is asked "Keep your hours in the new time zone?" with keeping them chosen, confirms,
// and her week still reads 9:00am – 12:00pm. axe on every page, and no sideways scroll.
import assert from 'node:assert/strict';
import { Temporal } from 'temporal-polyfill';
import type { Page } from 'playwright-core';
import { createAvailability } from '../../server/domain/calendar';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, expectFlash, signInAs, submit, useBrowser } from '../support/browser';

const NEW_YORK = 'America/New_York';

const noSidewaysScroll = async (page: Page) =>
  assert.ok(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    `no sideways scroll at 375 px on ${page.url()}`,
  );

describe('browser: a time-zone change keeps the hours (JavaScript off, 375 px)', function () {
  this.timeout(300_000);
  const session = useBrowser();

  it('asks, keeps 9:00am – 12:00pm by default, and the week shows it in Los Angeles time', async () => {
    const db = ctx().db;
    const user = await createProviderUser(db, { providers: [{ firstName: 'Dana', lastName: 'Rivera' }] });
    const providerId = user.providerIds[0]!;
    await db('providers')
      .where({ id: providerId })
      .update({ timezone: NEW_YORK, has_calendar: true, calendar_open: true });
    await db('locations').insert({
      provider_id: providerId,
      state: 'NY',
      remote_location: true,
      accepting_patients: 40,
    });
    const start = Temporal.Now.plainDateISO(NEW_YORK).add({ days: 1 });
    const instant = (hour: number) =>
      new Date(start.toPlainDateTime({ hour }).toZonedDateTime(NEW_YORK).epochMilliseconds);
    await createAvailability(db, providerId, {
      start: instant(9),
      end: instant(12),
      free: true,
      name: null,
      rrule: 'FREQ=DAILY;UNTIL=20380120T045959Z',
      timeZone: NEW_YORK,
    });

    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, user.userId);
    await page.goto('/calendar');
    await page.getByLabel('Timezone').selectOption('America/Los_Angeles');
    await submit(page, page.getByRole('button', { name: 'Save timezone' }));
    await page.getByRole('heading', { name: 'Keep your hours in the new time zone?' }).waitFor();
    assert.equal(await page.getByLabel('Keep my hours').isChecked(), true);
    await noSidewaysScroll(page);
    await expectAccessible(page);
    assert.equal((await db('providers').where({ id: providerId }).first('timezone'))!.timezone, NEW_YORK);

    await submit(page, page.getByRole('button', { name: 'Change time zone' }));
    await expectFlash(page, 'Your calendar has been updated.');
    await expectAccessible(page);
    assert.equal((await db('providers').where({ id: providerId }).first('timezone'))!.timezone, 'America/Los_Angeles');
    // The first day of the series (on a phone without JavaScript the table shows one day at a time).
    await page.goto(`/calendar?day=${start.toString()}`);
    await expectAccessible(page);
    const week = page.locator('.calendar-table-view');
    assert.match((await week.innerText()).replace(/\s+/g, ' '), /9:00am\s*–\s*12:00pm/);
  });
});
