// Issue [19] "Done when", one walk on a 375 px phone with axe on every page: a practice's clinician opens
// the calendar (its first block in view without scrolling), reschedules a consultation to 3:00am (the
// warning, then "Reschedule anyway"), cancels it (the confirmation page), and the front desk answers a
// client from the practice inbox (list screen, then thread screen). The calendar opens with JavaScript;
// the rest runs with it off, as a phone on a bad connection would.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { dateKeyOf, zonedInstant } from '../../server/domain/calendar';
import { MESSAGE_TEXTS, receiveClientMessage } from '../../server/domain/messaging';
import { appointment, clientUser, noonZone } from '../http/dashboard-helpers';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, expectFlash, signInAs, submit, useBrowser } from '../support/browser';

const PHONE = { width: 375, height: 800 };
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const noSidewaysScroll = async (page: Page) =>
  assert.ok(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    `no sideways scroll at 375 px on ${page.url()}`,
  );

/** A practice with Dana Rivera's calendar selected: free 9–11am today (her zone is near noon now), a 2pm consultation with Casey, and a client's message waiting. */
async function practiceDay() {
  const { db, integrations } = ctx();
  const user = await createProviderUser(db, {
    paid: true,
    roles: ['owner', 'intake-coordinator'],
    providers: [
      { type: 'practice', companyName: 'Harbor Light Practice' },
      { firstName: 'Dana', lastName: 'Rivera' },
    ],
  });
  const dana = user.providerIds[1]!;
  const zone = noonZone();
  await db('users').where({ id: user.userId }).update({ selected_provider_id: dana });
  await db('providers').where({ id: dana }).update({ timezone: zone, has_calendar: true, calendar_open: true });
  await db('locations').insert({ provider_id: dana, state: 'NY', remote_location: true, accepting_patients: 40 });
  const today = dateKeyOf(new Date(), zone);
  await db('availability_events').insert({
    provider_id: dana,
    free: true,
    start_time: zonedInstant(today, 9 * 60, zone),
    end_time: zonedInstant(today, 11 * 60, zone),
    duration_in_minutes: 120,
  });
  const casey = await clientUser(db, 'Casey', 'Client');
  const start = zonedInstant(today, 14 * 60, zone);
  const consultation = await appointment(db, dana, casey, start, { end_time: new Date(start.getTime() + 15 * 60_000) });
  await receiveClientMessage(db, integrations.jobs, {
    providerId: dana,
    client: { email: `alex-${Date.now()}@example.test`, firstName: 'Alex', lastName: 'Morgan' },
    content: 'Do you take Aetna?',
    type: 'message',
    now: new Date(),
  });
  return { user, today, zone, consultation };
}

describe('browser: the calendar and the inbox on a phone, one walk', function () {
  this.timeout(300_000);
  const session = useBrowser();

  it('calendar → reschedule with the warning → cancel with the confirmation → answer from the inbox', async () => {
    const { db } = ctx();
    const { user, today, zone, consultation } = await practiceDay();

    // 1. The calendar, with JavaScript: the day's first block (9:00am) on the first screen, no scrolling.
    const phone = await session.newPage();
    phone.setDefaultTimeout(60_000);
    await phone.setViewportSize(PHONE);
    await signInAs(phone, user.userId);
    await phone.goto('/calendar');
    await phone.locator('.calendar--ready').waitFor();
    assert.equal(await phone.evaluate(() => window.scrollY), 0);
    const column = phone.locator(`.calendar__day[data-date="${today}"]`);
    const body = (await phone.locator('.calendar__body').boundingBox())!;
    const first = (await column.locator('a.calendar-block').first().boundingBox())!;
    assert.ok(first.y >= body.y && first.y + 20 <= body.y + body.height, 'the first block is inside the grid’s view');
    assert.ok(first.y + 20 <= PHONE.height, 'the first block is on the first screen');
    await noSidewaysScroll(phone);
    await expectAccessible(phone);

    // 2. Reschedule to 3:00am tomorrow, without JavaScript: warned first, moved only on "Reschedule anyway".
    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await page.setViewportSize(PHONE);
    await signInAs(page, user.userId);
    await page.goto(`/calendar?id=${consultation}`);
    const panel = page.getByRole('region', { name: 'Phone Consult with Casey Client' });
    await panel.getByText('Reschedule', { exact: true }).first().click();
    await panel.getByLabel('Date').fill(plusDays(today, 1));
    await panel.getByLabel('Start time').fill('3:00am');
    await submit(page, panel.getByRole('button', { name: 'Reschedule' }));
    const warned = page.getByRole('region', { name: 'Phone Consult with Casey Client' });
    await warned.getByText(/between 10:00pm and 6:00am/).waitFor();
    await noSidewaysScroll(page);
    await expectAccessible(page);
    assert.equal((await db('appointments').where({ id: consultation }).first())!.rescheduled_at, null);
    await submit(page, warned.getByRole('button', { name: 'Reschedule anyway' }));
    await expectFlash(page, 'Your phone consultation has been rescheduled.');
    const moved = (await db('appointments').where({ id: consultation }).first())!.start_time as Date;
    assert.equal(moved.getTime(), zonedInstant(plusDays(today, 1), 3 * 60, zone).getTime());

    // 3. Cancel: a page asks first, and only its button cancels.
    await page.goto(`/calendar?id=${consultation}`);
    const again = page.getByRole('region', { name: 'Phone Consult with Casey Client' });
    await again.getByText('Cancel consultation', { exact: true }).first().click();
    await submit(page, again.getByRole('button', { name: 'Cancel consultation' }));
    await page.getByRole('heading', { name: 'Cancel this consultation?' }).waitFor();
    await noSidewaysScroll(page);
    await expectAccessible(page);
    assert.equal((await db('appointments').where({ id: consultation }).first())!.canceled, false);
    await submit(page, page.getByRole('button', { name: 'Cancel consultation' }));
    await expectFlash(page, 'Your phone consultation has been cancelled.');
    assert.equal((await db('appointments').where({ id: consultation }).first())!.canceled, true);

    // 4. The practice inbox: the list screen, then the thread on a screen of its own, and the reply.
    await page.goto('/practice-inbox/messages');
    const list = page.getByRole('list', { name: 'Conversations of the practice' });
    await noSidewaysScroll(page);
    await expectAccessible(page);
    await submit(page, list.getByRole('link', { name: /Alex Morgan/ }));
    assert.equal(await page.getByRole('heading', { name: 'Conversations' }).isVisible(), false);
    await page.locator('.thread__text', { hasText: 'Do you take Aetna?' }).waitFor();
    await page.getByLabel('Reply').fill('Yes, Dana is in network with Aetna.');
    await submit(page, page.getByRole('button', { name: 'Send' }));
    await expectFlash(page, MESSAGE_TEXTS.sent);
    await page.locator('.thread__text', { hasText: 'Yes, Dana is in network with Aetna.' }).waitFor();
    await noSidewaysScroll(page);
    await expectAccessible(page);
  });
});
