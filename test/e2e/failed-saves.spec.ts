// A failed save keeps what was typed, in Chromium (issue [14] item 1, spec 1 §8, spec 2 §8): the test makes
// PostgreSQL refuse the write with a trigger, the person submits, and the form is back with their text
// and the spec's message. A profile page that cannot be read offers to try again. axe runs on each page.
// A profile section's failed save without JavaScript is a form round trip: test/http/failed-saves-no-script.test.ts.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, expectFlash, signInAs, submit, useBrowser } from '../support/browser';

/** Makes PostgreSQL refuse every update of `table` until the returned function is called. */
async function refuseUpdates(table: string): Promise<() => Promise<void>> {
  const db = ctx().db;
  await db.raw(
    `CREATE OR REPLACE FUNCTION failed_saves_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the failed-saves test'; END $$`,
  );
  await db.raw(
    `CREATE TRIGGER failed_saves_refuse BEFORE UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION failed_saves_refuse()`,
  );
  return async () => {
    await db.raw(`DROP TRIGGER IF EXISTS failed_saves_refuse ON ${table}`);
  };
}

describe('browser: a failed save keeps what was typed', function () {
  this.timeout(180_000);
  const session = useBrowser();

  it('Account Settings: the name form comes back with the typed names and the spec 1 message; saving again works', async () => {
    const user = await createProviderUser(ctx().db, { paid: true });
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.goto('/account-preferences/name');
    const form = page.locator('form[action="/account-preferences/name"]');
    await form.getByLabel('First name').fill('Morgan');
    await form.getByLabel('Last name').fill('Quincy');

    const release = await refuseUpdates('users');
    try {
      await submit(page, form.getByRole('button', { name: 'Save name' }));
    } finally {
      await release();
    }
    await expectFlash(
      page,
      'There was an error saving your changes. Please contact us if you continue to have this issue.',
    );
    assert.equal(
      await page.locator('form[action="/account-preferences/name"]').getByLabel('First name').inputValue(),
      'Morgan',
    );
    assert.equal(
      await page.locator('form[action="/account-preferences/name"]').getByLabel('Last name').inputValue(),
      'Quincy',
    );
    assert.equal((await ctx().db('users').where({ id: user.userId }).first())!.first_name, 'Taylor', 'nothing saved');
    await expectAccessible(page);

    // The database answers again: the same form, sent as it stands, is saved.
    await submit(
      page,
      page.locator('form[action="/account-preferences/name"]').getByRole('button', { name: 'Save name' }),
    );
    await expectFlash(page, 'Your name has been successfully changed.');
    assert.equal((await ctx().db('users').where({ id: user.userId }).first())!.first_name, 'Morgan');
  });

  it('a profile page that cannot be read says so, and "Try again" loads it once it can', async () => {
    const user = await createProviderUser(ctx().db, { paid: true });
    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.setViewportSize({ width: 375, height: 800 });
    await ctx().db.raw('ALTER TABLE feedback RENAME TO feedback_away');
    try {
      const response = await page.goto('/testimonials');
      assert.equal(response?.status(), 500);
      await page.getByText('There was an error loading your profile.').waitFor();
      assert.ok(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        'no sideways scroll at 375 px',
      );
      await expectAccessible(page);
    } finally {
      await ctx().db.raw('ALTER TABLE feedback_away RENAME TO feedback');
    }
    await submit(page, page.getByRole('link', { name: 'Try again' }));
    assert.equal(new URL(page.url()).pathname, '/testimonials');
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.equal(await page.getByText('There was an error loading your profile.').count(), 0);
  });
});
