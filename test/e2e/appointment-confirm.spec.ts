// Issue [19] item 4 in Chromium, with JavaScript off on a 375 px phone: from the calendar, a consultation
// is rescheduled to 3:00am (the warning, then "Reschedule anyway"), then canceled through "Cancel this
// consultation?". axe on every page, and no sideways scroll.
import assert from 'node:assert/strict';
import { Temporal } from 'temporal-polyfill';
import type { Page } from 'playwright-core';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, expectFlash, signInAs, submit, useBrowser } from '../support/browser';
import { appointment, clientUser, noonZone } from '../http/dashboard-helpers';

const DAY_MS = 86_400_000;

const noSidewaysScroll = async (page: Page) =>
  assert.ok(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    `no sideways scroll at 375 px on ${page.url()}`,
  );

describe('browser: reschedule with a warning and cancel with a confirmation (JavaScript off, 375 px)', function () {
  this.timeout(300_000);
  const session = useBrowser();

  it('3:00am warns, "Reschedule anyway" moves it; "Cancel consultation" asks, then cancels', async () => {
    const db = ctx().db;
    const user = await createProviderUser(db, { providers: [{ firstName: 'Dana', lastName: 'Rivera' }] });
    const providerId = user.providerIds[0]!;
    const zone = noonZone();
    await db('providers').where({ id: providerId }).update({ timezone: zone, has_calendar: true, calendar_open: true });
    await db('locations').insert({
      provider_id: providerId,
      state: 'NY',
      remote_location: true,
      accepting_patients: 40,
    });
    const casey = await clientUser(db, 'Casey', 'Client');
    const id = await appointment(db, providerId, casey, new Date(Math.floor((Date.now() + DAY_MS) / 60_000) * 60_000));
    const tomorrow = Temporal.Now.plainDateISO(zone).add({ days: 1 }).toString();

    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, user.userId);
    await page.goto(`/calendar?id=${id}`);
    const panel = page.getByRole('region', { name: 'Phone Consult with Casey Client' });
    await panel.waitFor();
    await expectAccessible(page);

    await panel.getByText('Reschedule', { exact: true }).first().click();
    await panel.getByLabel('Date').fill(tomorrow);
    await panel.getByLabel('Start time').fill('3:00am');
    await submit(page, panel.getByRole('button', { name: 'Reschedule' }));
    const warned = page.getByRole('region', { name: 'Phone Consult with Casey Client' });
    await warned.getByText(/This time is at night, between 10:00pm and 6:00am/).waitFor();
    await noSidewaysScroll(page);
    await expectAccessible(page);
    assert.equal((await db('appointments').where({ id }).first())!.rescheduled_at, null, 'not moved before the yes');
    await submit(page, warned.getByRole('button', { name: 'Reschedule anyway' }));
    await expectFlash(page, 'Your phone consultation has been rescheduled.');
    const moved = (await db('appointments').where({ id }).first())!;
    assert.equal(
      Temporal.Instant.from(moved.start_time.toISOString()).toZonedDateTimeISO(zone).toPlainTime().toString(),
      '03:00:00',
    );

    // The calendar's panel went back to the week: open the consultation again.
    await page.goto(`/calendar?id=${id}`);
    const again = page.getByRole('region', { name: 'Phone Consult with Casey Client' });
    await again.getByText('Cancel consultation', { exact: true }).first().click();
    await again.getByLabel('Message to the client (optional)').last().fill('Sorry, something came up.');
    await submit(page, again.getByRole('button', { name: 'Cancel consultation' }));
    await page.getByRole('heading', { name: 'Cancel this consultation?' }).waitFor();
    await page.getByText('Casey Client will be told by e-mail that you cancelled.').waitFor();
    await noSidewaysScroll(page);
    await expectAccessible(page);
    assert.equal((await db('appointments').where({ id }).first())!.canceled, false, 'not canceled before the yes');
    await submit(page, page.getByRole('button', { name: 'Cancel consultation' }));
    await expectFlash(page, 'Your phone consultation has been cancelled.');
    await expectAccessible(page);
    const stored = (await db('appointments').where({ id }).first())!;
    assert.deepEqual([stored.canceled, stored.cancel_message], [true, 'Sorry, something came up.']);
  });
});
