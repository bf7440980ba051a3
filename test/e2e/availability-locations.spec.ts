// /profile/availability-locations in Chromium, as a provider would use it: adding an online state
// together with its licence with JavaScript off, and turning the vacation responder on and off (and
// deleting a location through the confirm dialog) with JavaScript on. axe on every page visited.
import { utc } from '@date-fns/utc';
import { addDays, format } from 'date-fns';
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, signInAs, useBrowser, submit } from '../support/browser';

const PAGE = '/profile/availability-locations';

async function providerWithOffice() {
  const user = await createProviderUser(ctx().db, { paid: true });
  const id = user.providerIds[0]!;
  await ctx()
    .db('locations')
    .insert({
      provider_id: id,
      state: 'NY',
      remote_location: false,
      location_name: 'Midtown Office',
      address: '250 W 57th St',
      city: 'New York',
      zip: '10107',
      morning_availability: true,
      hours: JSON.stringify(['9am - 5pm', 'Closed', 'Closed', 'Closed', 'Closed', 'Closed', 'Closed']),
    });
  await ctx()
    .db('licenses')
    .insert({
      provider_id: id,
      state: 'NY',
      number: '084312',
      license_type: 'LCSW',
      expiration: new Date().getUTCFullYear() + 2,
      verification: 'Verified',
    });
  return { user, id };
}

describe('browser: availability and locations', function () {
  this.timeout(300_000);
  const session = useBrowser();

  it('adds an online state together with its licence, without JavaScript', async () => {
    const { user, id } = await providerWithOffice();
    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.goto(PAGE);
    await page.getByRole('heading', { name: 'Practice Locations' }).waitFor();
    await page.getByText('Shown on your public profile').waitFor();
    await expectAccessible(page);

    await submit(page, page.getByRole('link', { name: 'Add a state for online sessions' }));
    await page.getByRole('heading', { name: 'Add a state for online sessions' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('State').selectOption('CA');
    await page.getByLabel('Weekends').check();
    await page.getByLabel('Open on Saturday').check();
    await page.getByLabel('Saturday hours').fill('10am - 2pm');
    await submit(page, page.getByRole('button', { name: 'Add location' }));
    // California has no licence on file: number, type and year are asked, the typed values kept.
    assert.equal(await page.locator('.field-error', { hasText: /^Required$/ }).count(), 3);
    assert.equal(await page.getByLabel('Saturday hours').inputValue(), '10am - 2pm');
    await expectAccessible(page);

    const year = String(new Date().getUTCFullYear() + 3);
    await page.getByLabel('License number').fill('LMFT 55123');
    await page.getByLabel('License type').fill('LMFT');
    await page.getByLabel('License expiration year').selectOption(year);
    await submit(page, page.getByRole('button', { name: 'Add location' }));
    await page.getByText('Your location and license have been added!').waitFor();
    await page.getByText('It shows on your public profile once your California license is verified.').waitFor();
    await expectAccessible(page);

    const location = await ctx().db('locations').where({ provider_id: id, state: 'CA' }).first();
    assert.equal(location!.remote_location, true);
    assert.deepEqual(location!.hours, ['Closed', 'Closed', 'Closed', 'Closed', 'Closed', '10am - 2pm', 'Closed']);
    const license = await ctx().db('licenses').where({ provider_id: id, state: 'CA' }).first();
    assert.deepEqual(
      [license!.number, license!.license_type, license!.expiration, license!.verification],
      ['LMFT 55123', 'LMFT', Number(year), 'Unverified'],
    );
  });

  it('turns the vacation responder on and off, and deletes a location after the confirm dialog', async () => {
    const { user, id } = await providerWithOffice();
    await ctx()
      .db('locations')
      .insert({ provider_id: id, state: 'NY', remote_location: true, morning_availability: true });
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.goto(PAGE);
    await expectAccessible(page);

    await submit(page, page.getByRole('link', { name: 'Edit Vacation Responder' }));
    const day = (n: number) => format(addDays(new Date(), n, { in: utc }), 'yyyy-MM-dd', { in: utc });
    await page.getByLabel('Start date').fill(day(0));
    await page.getByLabel('End date').fill(day(7));
    await page.getByLabel('Message').fill('I am away this week and will answer when I am back.');
    await expectAccessible(page);
    await submit(page, page.getByRole('button', { name: 'Save', exact: true }));
    await page.getByText('Your Vacation Responder has been updated!').waitFor();

    await submit(page, page.getByRole('button', { name: 'Turn on Vacation Responder' }));
    await page.getByText('Your Vacation Responder has been turned on!').waitFor();
    await page.getByText('Status: Active').waitFor();
    await expectAccessible(page);
    assert.equal((await ctx().db('out_of_office_messages').where({ provider_id: id }).first())!.status, 'active');

    await submit(page, page.getByRole('button', { name: 'Turn off Vacation Responder' }));
    await page.getByText('Your Vacation Responder has been turned off!').waitFor();
    await page.getByText('Status: Inactive').waitFor();
    assert.equal((await ctx().db('out_of_office_messages').where({ provider_id: id }).first())!.status, 'inactive');

    // Delete the online location from its own header: the browser asks first (the shared data-confirm behaviour).
    assert.equal(await page.getByRole('checkbox', { name: /for deletion/ }).count(), 0, 'no bulk selection');
    page.once('dialog', (dialog) => {
      assert.match(dialog.message(), /Are you sure you want to delete this location\?/);
      void dialog.accept();
    });
    await submit(page, page.getByRole('button', { name: 'Delete Online sessions (New York)' }));
    await page.getByText('Your location has been deleted.').waitFor();
    await expectAccessible(page);
    assert.deepEqual(
      (await ctx().db('locations').where({ provider_id: id })).map((l) => l.remote_location),
      [false],
    );
  });

  it('with JavaScript off, a location is deleted from its own header after the page asks', async () => {
    const { user, id } = await providerWithOffice();
    await ctx().db('locations').insert({ provider_id: id, state: 'NY', remote_location: true });
    const page = await session.newPage({ javaScript: false });
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, user.userId);
    await page.goto(PAGE);
    await expectAccessible(page);
    await submit(page, page.getByRole('button', { name: 'Delete Midtown Office' }));
    await page.getByText('Are you sure you want to delete this location? This cannot be undone.').waitFor();
    assert.equal((await ctx().db('locations').where({ provider_id: id })).length, 2, 'not before confirming');
    await expectAccessible(page);
    await submit(page, page.getByRole('button', { name: 'Yes, delete' }));
    await page.getByText('Your location has been deleted.').waitFor();
    assert.deepEqual(
      (await ctx().db('locations').where({ provider_id: id })).map((l) => l.remote_location),
      [true],
    );
  });
});
