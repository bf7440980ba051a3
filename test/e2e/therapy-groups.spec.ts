// Therapy groups, testimonials and practice providers in Chromium, as a provider would use them
// (issue 6 items 3, 4, 5 and 8): delete a therapy group with JavaScript off, switch a testimonial's
// display, reorder the providers of a practice; axe on every page visited. Adding a group without
// JavaScript (errors first) and the inactive profile's notice are plain round trips, tested over HTTP in
// test/http/therapy-groups-no-script.test.ts.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, useBrowser, submit, signInAs } from '../support/browser';

describe('browser: therapy groups, testimonials and practice providers', function () {
  this.timeout(180_000);
  const session = useBrowser();

  it('deletes a therapy group through the confirmation page with JavaScript off', async () => {
    const user = await createProviderUser(ctx().db, { paid: true });
    await ctx().db('therapy_groups').insert({
      provider_id: user.providerIds[0],
      name: 'Parents of Teens',
      slug: 'parents-of-teens',
      status: 'inactive',
      short_description: 'A supportive group for parents of teenagers.',
    });
    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.goto('/therapy-groups');
    await page.getByRole('heading', { name: 'Parents of Teens' }).waitFor();
    await expectAccessible(page);

    await submit(page, page.getByRole('button', { name: 'Delete Parents of Teens' }));
    await page.getByRole('heading', { name: 'Are you sure you want to delete this therapy group?' }).waitFor();
    await expectAccessible(page);
    await submit(page, page.getByRole('button', { name: 'Delete group' }));
    await page.getByText('You have not added any therapy groups yet.').waitFor();
    assert.equal((await ctx().db('therapy_groups').where({ provider_id: user.providerIds[0] })).length, 0);
  });

  it("switches a testimonial's display at once", async () => {
    const user = await createProviderUser(ctx().db, { paid: true });
    const providerId = user.providerIds[0]!;
    const [row] = await ctx()
      .db('feedback')
      .insert([
        {
          provider_id: providerId,
          kind: 'testimonial',
          body: 'Thoughtful and kind.',
          author: 'R.T.',
          display_testimonial: false,
        },
        { provider_id: providerId, kind: 'feedback', body: 'The waiting room was cold.' },
      ])
      .returning('id');
    const page = await session.newPage();
    await signInAs(page, user.userId);
    await page.goto('/testimonials');
    await page.getByText('The waiting room was cold.').waitFor();
    await expectAccessible(page);
    await submit(page, page.getByRole('button', { name: 'Display the testimonial from R.T.' }));
    await page.getByRole('button', { name: 'Hide the testimonial from R.T.' }).waitFor();
    assert.equal((await ctx().db('feedback').where({ id: row.id }).first())!.display_testimonial, true);
    await expectAccessible(page);
    await submit(page, page.getByRole('button', { name: 'Hide the testimonial from R.T.' }));
    await page.getByRole('button', { name: 'Display the testimonial from R.T.' }).waitFor();
    assert.equal((await ctx().db('feedback').where({ id: row.id }).first())!.display_testimonial, false);
  });

  it('reorders the providers of a practice with the up and down buttons, and removes one after confirming', async () => {
    const user = await createProviderUser(ctx().db, {
      paid: true,
      providers: [
        { type: 'practice', companyName: 'Harbor Light' },
        { firstName: 'Priya', lastName: 'Shah' },
        { firstName: 'Marcus', lastName: 'Bell' },
      ],
    });
    const [practiceId, priya, marcus] = user.providerIds as [number, number, number];
    await ctx().db('providers').where({ id: priya }).update({ practice_id: practiceId, practice_sort_order: 1 });
    await ctx().db('providers').where({ id: marcus }).update({ practice_id: practiceId, practice_sort_order: 2 });
    await ctx().db('users').where({ id: user.userId }).update({ selected_provider_id: practiceId });
    const order = async () =>
      await ctx().db('providers').where({ practice_id: practiceId }).orderBy('practice_sort_order').pluck('first_name');

    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.goto('/practice/providers');
    await expectAccessible(page);
    // One visible action per row (switching to the profile); the others wait in its "More" menu.
    assert.equal(await page.getByRole('button', { name: 'Move up Marcus Bell' }).isVisible(), false);
    await page.locator('summary', { hasText: 'More actions for Marcus Bell' }).click();
    await expectAccessible(page);
    await submit(page, page.getByRole('button', { name: 'Move up Marcus Bell' }));
    // The flash itself is asserted by the HTTP tests: with JavaScript on, the session loop's background
    // request can race the redirect on a loaded machine.
    await page.waitForURL((url) => url.hash === `#member-${marcus}`);
    assert.deepEqual(await order(), ['Marcus', 'Priya']);
    const names = await page.locator('.member-list .member__who strong').allInnerTexts();
    assert.deepEqual(names, ['Marcus Bell', 'Priya Shah']);
    await expectAccessible(page);

    // With JavaScript the browser asks; accepting removes the member.
    page.once('dialog', (dialog) => {
      assert.match(dialog.message(), /remove this provider from your practice/);
      void dialog.accept();
    });
    await page.locator('summary', { hasText: 'More actions for Priya Shah' }).click();
    await submit(page, page.getByRole('button', { name: 'Remove Priya Shah' }));
    await page.locator('.member-list .member__who strong', { hasText: 'Priya Shah' }).waitFor({ state: 'detached' });
    assert.deepEqual(await order(), ['Marcus']);
    await expectAccessible(page);

    // The row's visible action switches to that provider's profile and opens its General Information.
    await submit(page, page.getByRole('button', { name: 'Switch to Marcus Bell' }));
    await page.waitForURL('**/profile/general-information');
    assert.equal((await ctx().db('users').where({ id: user.userId }).first())!.selected_provider_id, marcus);
  });
});
