// The provider's phone consultations in Chromium (spec 3 §2, §5, §8): from the list, open a call,
// reschedule it, then cancel it, with JavaScript on (the progress texts) on a phone-sized screen. axe on
// the list and the panel.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, expectFlash, signInAs, submit, useBrowser } from '../support/browser';
import { appointment, clientUser, noonZone } from '../http/dashboard-helpers';

const DAY_MS = 86_400_000;
const dayIn = (instant: Date, zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );

describe('browser: phone consultations', function () {
  this.timeout(300_000);
  const session = useBrowser();

  it('the provider reschedules a consultation from the list, then cancels it', async () => {
    const user = await createProviderUser(ctx().db, { providers: [{ firstName: 'Dana', lastName: 'Rivera' }] });
    const providerId = user.providerIds[0]!;
    const zone = noonZone();
    await ctx().db('providers').where({ id: providerId }).update({ timezone: zone });
    const casey = await clientUser(ctx().db, 'Casey', 'Client');
    const id = await appointment(
      ctx().db,
      providerId,
      casey,
      new Date(Math.floor((Date.now() + DAY_MS) / 60_000) * 60_000),
      { intake_form: JSON.stringify({ insurance: 'Aetna' }) },
    );

    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, user.userId);
    await page.goto('/calendar/appointments');
    await page.getByRole('heading', { name: /Tomorrow/ }).waitFor();
    await expectAccessible(page);

    await submit(page, page.getByRole('link', { name: /View details of the call with Casey Client/ }));
    const panel = page.getByRole('region', { name: 'Phone Consult with Casey Client' });
    await panel.getByText('Aetna').waitFor();
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'no sideways scroll at 375 px',
    );
    await expectAccessible(page);

    await panel.getByText('Reschedule', { exact: true }).first().click();
    await panel.getByLabel('Date').fill(dayIn(new Date(Date.now() + 2 * DAY_MS), zone));
    await panel.getByLabel('Start time').fill('2:00pm');
    await panel.getByLabel('Message to the client (optional)').first().fill('Could we talk the day after?');
    const moved = page.waitForURL(`**/calendar/appointments?tab=upcoming&id=${id}*`);
    await panel.getByRole('button', { name: 'Reschedule' }).click();
    await moved;
    await expectFlash(page, 'Your phone consultation has been rescheduled.');
    await page.getByText('Reschedule successful!').waitFor();
    assert.equal(
      dayIn((await ctx().db('appointments').where({ id }).first())!.start_time, zone),
      dayIn(new Date(Date.now() + 2 * DAY_MS), zone),
    );

    await panel.getByText('Cancel consultation', { exact: true }).first().click();
    await panel.getByLabel('Message to the client (optional)').last().fill('Sorry, something came up.');
    // The client is e-mailed: "Cancel this consultation?" asks first, on a page of its own.
    await submit(page, panel.getByRole('button', { name: 'Cancel consultation' }));
    await page.getByRole('heading', { name: 'Cancel this consultation?' }).waitFor();
    await expectAccessible(page);
    const button = page.getByRole('button', { name: 'Cancel consultation' });
    await Promise.all([page.waitForURL('**/calendar/appointments?tab=upcoming'), button.click()]);
    await expectFlash(page, 'Your phone consultation has been cancelled.');
    await page.getByText('You have no upcoming appointments at this time.').waitFor();
    const stored = (await ctx().db('appointments').where({ id }).first())!;
    assert.deepEqual([stored.canceled, stored.cancel_message], [true, 'Sorry, something came up.']);
  });
});
