// How bookings arrive, in Chromium (issue [11]): the demo client books a free time at /dev/client (on a
// phone, JavaScript off), the provider sees the consultation on the calendar and the dashboard, and the
// client cancels it.
import assert from 'node:assert/strict';
import { createAvailability } from '../../server/domain/calendar';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, expectFlash, signInAs, submit, useBrowser } from '../support/browser';
import { completeProfile, noonZone } from '../http/dashboard-helpers';

const QUARTER_MS = 15 * 60_000;

describe('browser: a client books a phone consultation through the directory', function () {
  this.timeout(120_000);
  const session = useBrowser();

  it('the demo client books a free time; the provider sees it on the calendar and the dashboard; the client cancels', async () => {
    const db = ctx().db;
    const user = await createProviderUser(db, { paid: true, providers: [{ firstName: 'Dana', lastName: 'Rivera' }] });
    const providerId = user.providerIds[0]!;
    await completeProfile(db, providerId);
    // About noon in the provider's zone, so a free hour from two hours on is still today.
    const timeZone = noonZone();
    await db('providers').where({ id: providerId }).update({ has_calendar: true, timezone: timeZone });
    const start = new Date(Math.ceil(Date.now() / QUARTER_MS) * QUARTER_MS + 9 * QUARTER_MS);
    await createAvailability(db, providerId, {
      start,
      end: new Date(start.getTime() + 4 * QUARTER_MS),
      free: true,
      name: null,
      rrule: null,
      timeZone,
    });

    const client = await session.newPage({ javaScript: false });
    await client.setViewportSize({ width: 375, height: 800 });
    await client.goto('/dev/client');
    await client.getByLabel('Provider').selectOption({ label: 'Dana Rivera' });
    await submit(client, client.getByRole('button', { name: 'Show free times' }));
    const booking = client.getByRole('form', { name: 'Book a free time' });
    assert.equal(await booking.getByLabel('E-mail address').inputValue(), 'client@demo.test');
    await expectAccessible(client);
    assert.ok(
      await client.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'no sideways scroll at 375 px',
    );
    await submit(client, booking.getByRole('button').first());
    await expectFlash(client, /Booked: .*The provider has been told/);
    const bookings = client.getByRole('region', { name: 'Bookings of client@demo.test' });
    assert.match(await bookings.innerText(), /Dana Rivera[\s\S]*Booked/);
    const [row] = await db('appointments').where({ provider_id: providerId }).select('start_time', 'canceled');
    assert.deepEqual(row, { start_time: start, canceled: false });

    const provider = await session.newPage();
    await signInAs(provider, user.userId);
    await provider.goto('/');
    const upcoming = provider.getByRole('region', { name: 'Upcoming phone consultations' });
    await upcoming.getByText('Casey Client').waitFor();
    await provider.goto('/calendar');
    await provider.locator('main').getByText('Phone Consult').first().waitFor();

    await bookings.getByLabel('Message to the provider (optional)').fill('Something came up, sorry!');
    await submit(client, bookings.getByRole('button', { name: /Cancel booking/ }));
    await expectFlash(client, 'The consultation is canceled. The provider has been told.');
    assert.match(await client.getByRole('region', { name: 'Bookings of client@demo.test' }).innerText(), /Canceled/);
    assert.equal((await db('appointments').where({ provider_id: providerId }).first('canceled'))!.canceled, true);
  });
});
