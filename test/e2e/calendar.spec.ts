// /calendar in Chromium, as a provider would keep it (spec 3 §2 Calendar page, §4 Calendar): with JavaScript,
// recurring weekday availability added with a click in the grid, one instance edited and restored, and the
// one-day view of a phone; without JavaScript, availability deleted in the week's table through the
// confirmation page. axe on every page visited. Adding availability without JavaScript is a plain form round
// trip: test/http/calendar-no-script.test.ts.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createAvailability, dateKeyOf, zonedInstant } from '../../server/domain/calendar';
import { ctx } from '../support/context';
import { createProviderWithCalendar } from '../support/factories';
import { expectAccessible, expectFlash, signInAs, submit, useBrowser } from '../support/browser';

const SAVED = 'Your call schedule has been updated.';
const ZONE = 'America/New_York';

const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The grid's block links of one day, as their text. */
async function blocksOn(page: Page, date: string): Promise<string[]> {
  return page.locator(`.calendar__day[data-date="${date}"] a.calendar-block`).allInnerTexts();
}

describe('browser: call calendar', function () {
  this.timeout(300_000);
  const session = useBrowser();

  it('adds recurring weekday availability in the grid, edits one instance and restores it', async () => {
    const { user, id } = await createProviderWithCalendar(ctx().db);
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.goto('/calendar');
    const grid = page.locator('.calendar--ready');
    await grid.waitFor();
    await expectAccessible(page);

    // Next week loads in place (the address follows), so every weekday of it is still ahead.
    const firstDay = await page.locator('.calendar__day').first().getAttribute('data-date');
    await page.getByRole('link', { name: 'Next week' }).click();
    await page.waitForURL(new RegExp(`week=${plusDays(firstDay!, 7)}`));
    const days = await page
      .locator('.calendar__day')
      .evaluateAll((columns) => columns.map((column) => column.getAttribute('data-date')!));
    const monday = days.find((date) => weekdayOf(date) === 1)!;
    const wednesday = plusDays(monday, 2);

    // A click at 9:05 on Monday opens a new block at 9:00 (15-minute steps, remainder under 8 rounds down), one hour long.
    const mondaySlots = page.locator(`.calendar__day[data-date="${monday}"] .calendar__slots`);
    const height = (await mondaySlots.boundingBox())!.height;
    await mondaySlots.click({ position: { x: 5, y: (height * (9 * 60 + 5)) / 1440 } });
    const dialog = page.getByRole('dialog', { name: 'Add Availability' });
    await dialog.waitFor();
    assert.equal(await dialog.getByLabel('Date', { exact: true }).inputValue(), monday);
    assert.equal(await dialog.getByLabel('Start time').inputValue(), '9:00am');
    assert.equal(await dialog.getByLabel('End time').inputValue(), '10:00am');
    await dialog.getByLabel('Repeat', { exact: true }).selectOption({ label: 'Every Weekday (Monday to Friday)' });
    await expectAccessible(page);
    await submit(page, dialog.getByRole('button', { name: 'Save' }));
    await expectFlash(page, SAVED);
    await grid.waitFor();
    for (const date of days)
      assert.equal((await blocksOn(page, date)).length, [1, 2, 3, 4, 5].includes(weekdayOf(date)) ? 1 : 0, date);
    assert.match((await blocksOn(page, wednesday))[0]!, /Available\s+9:00am.+10:00am/);

    // Wednesday's instance alone ends at 11:00.
    await page.locator(`.calendar__day[data-date="${wednesday}"] a.calendar-block`).click();
    const editor = page.getByRole('dialog', { name: 'Edit Availability' });
    await editor.waitFor();
    assert.equal(await editor.getByLabel('This event only').isChecked(), true);
    await editor.getByLabel('End time').fill('11:00am');
    await submit(page, editor.getByRole('button', { name: 'Save' }));
    await expectFlash(page, SAVED);
    await grid.waitFor();
    assert.match((await blocksOn(page, wednesday))[0]!, /9:00am.+11:00am/);
    assert.match((await blocksOn(page, monday))[0]!, /9:00am.+10:00am/);
    assert.equal(
      (await ctx().db('availability_events').where({ provider_id: id }).whereNotNull('parent_id')).length,
      1,
      'one exception',
    );

    // Restored, it follows its series again.
    await page.locator(`.calendar__day[data-date="${wednesday}"] a.calendar-block`).click();
    const edited = page.getByRole('dialog', { name: 'Edit Availability' });
    await edited.waitFor();
    await expectAccessible(page);
    await submit(page, edited.getByRole('button', { name: 'Restore original' }));
    await expectFlash(page, SAVED);
    await grid.waitFor();
    assert.match((await blocksOn(page, wednesday))[0]!, /9:00am.+10:00am/);
    assert.equal((await ctx().db('availability_events').where({ provider_id: id })).length, 1);

    // On a phone: one day at a time, no sideways scroll.
    await page.setViewportSize({ width: 375, height: 800 });
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'no sideways scroll at 375 px',
    );
    assert.equal(await page.locator('.calendar__day:visible').count(), 1);
    const shown = await page.locator('.calendar__day:visible').getAttribute('data-date');
    await page.getByRole('button', { name: 'Next day' }).click();
    assert.equal(await page.locator('.calendar__day:visible').getAttribute('data-date'), plusDays(shown!, 1));
    await expectAccessible(page);
  });

  it('deletes availability in the table view through the confirmation page, without JavaScript', async () => {
    const { user, id } = await createProviderWithCalendar(ctx().db);
    const date = dateKeyOf(new Date(), ZONE);
    await createAvailability(ctx().db, id, {
      start: zonedInstant(date, 10 * 60, ZONE),
      end: zonedInstant(date, 11 * 60 + 30, ZONE),
      free: true,
      name: null,
      rrule: null,
      timeZone: ZONE,
    });
    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.goto('/calendar');
    const day = page.locator(`section[aria-labelledby="day-${date}"]`);
    await day.getByRole('cell', { name: /^10:00am.+11:30am$/ }).waitFor();
    await expectAccessible(page);

    // Without JavaScript the delete asks on a page of its own.
    await submit(page, day.getByRole('link', { name: /^Delete/ }));
    await expectAccessible(page);
    await submit(page, page.getByRole('button', { name: 'Delete' }));
    await expectFlash(page, SAVED);
    await page.locator(`#day-${date}`).waitFor();
    assert.equal(await day.getByRole('cell', { name: /^10:00am.+11:30am$/ }).count(), 0);
    assert.equal((await ctx().db('availability_events').where({ provider_id: id })).length, 0);
  });
});
