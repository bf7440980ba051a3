// The call calendar on a phone (issue [19] item 6), at 375 px with axe: the day comes first (the settings
// after it) and opens an hour before its first block, without scrolling the page; a consultation names its
// client with a tap target of at least 44 px; the "now" line; busy time of a whole day reads "All day".
// With JavaScript off the week's table is one day at a time with day links.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { dateKeyOf, zonedInstant } from '../../server/domain/calendar';
import { appointment, clientUser, noonZone } from '../http/dashboard-helpers';
import { ctx } from '../support/context';
import { createProviderWithCalendar } from '../support/factories';
import { expectAccessible, signInAs, submit, useBrowser } from '../support/browser';

const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A provider whose calendar's zone has it near noon now: today has free time 9–11am (past) and a 15-minute
 *  consultation with Casey Client at 2pm; tomorrow is busy all day in a linked calendar. */
async function phoneDay() {
  const zone = noonZone();
  const { user, id } = await createProviderWithCalendar(ctx().db);
  await ctx().db('providers').where({ id }).update({ timezone: zone });
  const today = dateKeyOf(new Date(), zone);
  const tomorrow = plusDays(today, 1);
  await ctx()
    .db('availability_events')
    .insert({
      provider_id: id,
      free: true,
      start_time: zonedInstant(today, 9 * 60, zone),
      end_time: zonedInstant(today, 11 * 60, zone),
      duration_in_minutes: 120,
    });
  const casey = await clientUser(ctx().db, 'Casey', 'Client');
  const start = zonedInstant(today, 14 * 60, zone);
  await appointment(ctx().db, id, casey, start, { end_time: new Date(start.getTime() + 15 * 60_000) });
  const [feed] = await ctx()
    .db('external_calendars')
    .insert({ provider_id: id, kind: 'ics', name: 'Work', url: 'https://calendar.example.test/work.ics' })
    .returning('id');
  await ctx()
    .db('availability_events')
    .insert({
      provider_id: id,
      free: false,
      start_time: zonedInstant(tomorrow, 0, zone),
      end_time: zonedInstant(plusDays(tomorrow, 1), 0, zone),
      duration_in_minutes: 1440,
      provider_external_calendar_id: feed.id,
    });
  return { user, today, tomorrow };
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('browser: the call calendar on a phone', function () {
  this.timeout(300_000);
  const session = useBrowser();

  it('opens on the day with its first block in view, the client named, the now line, and All day', async () => {
    const { user, today, tomorrow } = await phoneDay();
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, user.userId);
    await page.goto('/calendar');
    await page.locator('.calendar--ready').waitFor();
    assert.ok(await noSidewaysScroll(page), 'no sideways scroll at 375 px');

    // The day before the settings.
    const order = await page.evaluate(() => {
      const grid = document.querySelector('.calendar')!;
      const settings = document.querySelector('#calendar-settings')!;
      return grid.compareDocumentPosition(settings) & Node.DOCUMENT_POSITION_FOLLOWING;
    });
    assert.ok(order, 'the calendar comes before its settings');

    // Its first block (9:00am) is in view without scrolling: the grid opened an hour before it.
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    const column = page.locator(`.calendar__day[data-date="${today}"]`);
    assert.ok(await column.isVisible());
    const body = (await page.locator('.calendar__body').boundingBox())!;
    const first = (await column.locator('a.calendar-block').first().boundingBox())!;
    assert.ok(first.y >= body.y && first.y + 20 <= body.y + body.height, 'the first block is inside the grid’s view');
    assert.ok(first.y + 20 <= 800, 'the first block is on the first screen');

    // The day's list: the consultation names its client and is a tap target of 44 px or more.
    const agenda = page.getByRole('region', { name: /^Schedule of / });
    const consult = agenda.getByRole('link', { name: /Phone Consult · Casey Client/ });
    assert.match(await consult.innerText(), /2:00pm – 2:15pm/);
    const box = (await consult.boundingBox())!;
    assert.ok(box.height >= 44 && box.width >= 44, `tap target ${box.width}×${box.height}`);
    const firstInView = (await agenda.getByRole('link').first().boundingBox())!;
    assert.ok(firstInView.y + firstInView.height <= 800, 'the day’s list starts on the first screen');
    // In the grid too the consultation leads with the client.
    assert.match(await column.locator('a.calendar-block--appointment').innerText(), /^Casey Client/);

    // Now: a line across today's column, and in the list between the past block and the next one.
    assert.equal(await column.locator('.calendar__now').count(), 1);
    const items = await agenda.locator('li').allInnerTexts();
    const nowAt = items.findIndex((text) => /^Now, \d/.test(text));
    assert.ok(
      nowAt > 0 && /9:00am/.test(items[nowAt - 1]!) && /Casey Client/.test(items[nowAt + 1]!),
      items.join(' | '),
    );
    await expectAccessible(page);

    // The consultation opens in a dialog with one way to close it, its time written as the grid writes it.
    await consult.click();
    const dialog = page.getByRole('dialog', { name: 'Phone Consult with Casey Client' });
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /2:00pm – 2:15pm [A-Z+\-0-9]+/);
    assert.equal(await dialog.getByRole('link', { name: 'Close' }).count(), 1);
    assert.equal(await dialog.getByRole('button', { name: 'Close' }).count(), 0);
    await expectAccessible(page);
    await dialog.getByRole('link', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Tomorrow is busy all day in the linked calendar.
    await page.getByRole('button', { name: 'Next day' }).click();
    await page.locator(`.calendar__day[data-date="${tomorrow}"]`).waitFor({ state: 'visible' });
    assert.match(await agenda.innerText(), /All day\s+Unavailable/);
    assert.match(
      await page.locator(`.calendar__day[data-date="${tomorrow}"] .calendar-block`).innerText(),
      /Unavailable\s+All day/,
    );
    await expectAccessible(page);
  });

  it('without JavaScript: one day of the table at a time, stepped with day links', async () => {
    const { user, today, tomorrow } = await phoneDay();
    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, user.userId);
    await page.goto('/calendar');
    const day = page.locator(`section[aria-labelledby="day-${today}"]`);
    assert.ok(await day.isVisible());
    assert.equal(await page.locator('.calendar-table-view__day:visible').count(), 1);
    assert.ok(await noSidewaysScroll(page), 'no sideways scroll at 375 px');
    assert.match(await day.innerText(), /Now, \d{1,2}:\d{2}(am|pm)/);
    assert.match(await day.getByRole('cell', { name: /Phone Consult · Casey Client/ }).innerText(), /Casey Client/);
    const view = day.getByRole('link', { name: /^View Phone Consult/ });
    assert.ok(((await view.boundingBox())!.height ?? 0) >= 44);
    // The day comes before the settings on the first screen.
    const heading = (await page.locator(`#day-${today}`).boundingBox())!;
    const settings = (await page.locator('#calendar-settings').boundingBox())!;
    assert.ok(heading.y < settings.y && heading.y < 800);
    await expectAccessible(page);

    await submit(page, day.getByRole('link', { name: 'Next day' }));
    const next = page.locator(`section[aria-labelledby="day-${tomorrow}"]`);
    assert.ok(await next.isVisible());
    assert.equal(await page.locator('.calendar-table-view__day:visible').count(), 1);
    assert.match(await next.innerText(), /All day\s+Unavailable/);
    await expectAccessible(page);
  });
});
