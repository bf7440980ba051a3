// Booking rules in Chromium (issue [23] items 2 and 4), on a phone with JavaScript off: the provider sets a
// 10-minute break before and after each consultation and 24 hours' notice, sees the slots a client would see
// change on the rules page, and the demo directory at /dev/client offers the new times.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createAvailability } from '../../server/domain/calendar';
import { completeProfile } from '../http/dashboard-helpers';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, expectFlash, signInAs, submit, useBrowser } from '../support/browser';

const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ZONE = 'UTC';

describe('browser: the provider sets booking rules and the directory offers the new times', function () {
  this.timeout(120_000);
  const session = useBrowser();

  it('a 10-minute break and 24 hours’ notice, set without JavaScript at 375 px, change the slots at /dev/client', async () => {
    const db = ctx().db;
    const user = await createProviderUser(db, { paid: true, providers: [{ firstName: 'Dana', lastName: 'Rivera' }] });
    const providerId = user.providerIds[0]!;
    await completeProfile(db, providerId);
    await db('providers').where({ id: providerId }).update({ has_calendar: true, timezone: ZONE });
    const free = (start: Date, end: Date) =>
      createAvailability(db, providerId, { start, end, free: true, name: null, rrule: null, timeZone: ZONE });
    // An hour from three hours on (inside the default 2 hours' notice, not 24 hours'), and two hours three
    // days on with a consultation booked in their middle.
    const soon = new Date(Math.ceil(Date.now() / QUARTER) * QUARTER + 3 * HOUR);
    await free(soon, new Date(soon.getTime() + HOUR));
    const later = new Date(Math.floor(Date.now() / DAY) * DAY + 3 * DAY + 9 * HOUR);
    await free(later, new Date(later.getTime() + 2 * HOUR));
    const [client] = await db('users')
      .insert({ email: 'someone@example.test', scopes: ['client'] })
      .returning('id');
    const booked = new Date(later.getTime() + HOUR);
    await db('appointments').insert({
      provider_id: providerId,
      client_user_id: client.id,
      start_time: booked,
      end_time: new Date(booked.getTime() + QUARTER),
    });
    const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * MINUTE).toISOString();
    const quarters = (base: Date, count: number, from = 0) =>
      Array.from({ length: count }, (_, i) => at(base, from + i * 15));

    const directory = await session.newPage({ javaScript: false });
    await directory.setViewportSize({ width: 375, height: 800 });
    const offered = async () => {
      await directory.goto('/dev/client');
      await directory.getByLabel('Provider').selectOption({ label: 'Dana Rivera' });
      await submit(directory, directory.getByRole('button', { name: 'Show free times' }));
      return startsOffered(directory);
    };
    // Before: back to back around the 10:00 consultation, and the hour from three hours on.
    assert.deepEqual(await offered(), [...quarters(soon, 4), ...quarters(later, 4), ...quarters(later, 3, 75)]);

    const provider = await session.newPage({ javaScript: false });
    await provider.setViewportSize({ width: 375, height: 800 });
    await signInAs(provider, user.userId);
    await provider.goto('/calendar');
    await submit(provider, provider.getByRole('link', { name: 'Change booking rules' }));
    await expectAccessible(provider);
    await provider.getByLabel('Break before a consultation (minutes)').fill('10');
    await provider.getByLabel('Break after a consultation (minutes)').fill('10');
    await provider.getByLabel('Minimum notice (hours)').fill('24');
    await submit(provider, provider.getByRole('button', { name: 'Save booking rules' }));
    await expectFlash(provider, 'Your booking rules have been updated.');
    await expectAccessible(provider);
    assert.equal(await provider.getByLabel('Minimum notice (hours)').inputValue(), '24');
    assert.ok(
      await provider.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'no sideways scroll at 375 px',
    );

    // After: nothing within 24 hours; 9:45 (ending as the consultation starts) and 10:15 (starting as it
    // ends) are gone, 9:30 ends 15 minutes before it and 10:30 starts 15 minutes after it.
    const after = await offered();
    assert.deepEqual(after, [...quarters(later, 3), ...quarters(later, 2, 90)]);
    await expectAccessible(directory);
    assert.ok(
      await directory.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'no sideways scroll at 375 px',
    );
  });
});

/** The start times (ISO) of the free-time buttons /dev/client shows. */
async function startsOffered(page: Page): Promise<string[]> {
  const values = await page
    .getByRole('form', { name: 'Book a free time' })
    .locator('button[name="start_time"]')
    .evaluateAll((buttons) => buttons.map((b) => (b as HTMLButtonElement).value));
  return values.map((v) => new Date(v).toISOString());
}
