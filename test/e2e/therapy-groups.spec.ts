// Therapy groups, testimonials and practice providers in Chromium, as a provider would use them
// (issue 6 items 3, 4, 5 and 8): add a therapy group with JavaScript off, switch a testimonial's
// display, reorder the providers of a practice; axe on every page visited.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, useBrowser, submit, signInThroughForm, expectFlash } from '../support/browser';
import { colourfulPng } from '../http/onboarding-helpers';
import { defaultExpiry } from '../../server/features/therapy-groups/validation';

describe('browser: therapy groups, testimonials and practice providers', function () {
  this.timeout(180_000);
  const session = useBrowser();

  it('adds a therapy group with JavaScript off (errors first), then deletes it through the confirmation page', async () => {
    const user = await createProviderUser(ctx().db, { paid: true });
    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await signInThroughForm(page, user.email);
    await page.goto('/therapy-groups');
    await expectAccessible(page);
    await submit(page, page.getByRole('link', { name: 'Add a therapy group' }));
    await expectAccessible(page);
    assert.equal(await page.getByLabel('Expiration date').inputValue(), defaultExpiry());

    await page.getByLabel('Group name').fill('Parents of Teens');
    await page.getByLabel('Short description').fill('Support for parents. Call 212-555-0188!');
    await submit(page, page.getByRole('button', { name: 'Add group' }));
    await page.getByText('Hours required.').waitFor();
    await page.getByText('Please do not include URLs, phone numbers, or email addresses in your description!').waitFor();
    await page.getByText('Image required.').waitFor();
    await expectAccessible(page);
    assert.equal(await page.getByLabel('Group name').inputValue(), 'Parents of Teens');

    await page.getByLabel('Hours').fill('Thursdays 7pm - 8:30pm');
    await page.getByLabel('Costs').fill('$50 per session');
    await page.getByLabel('Short description').fill('A supportive group for parents of teenagers.');
    await page.getByLabel('Description', { exact: true }).fill('Six weekly meetings on communication, boundaries and staying connected.');
    await page.getByLabel('Online').check();
    await page.getByLabel('State').selectOption('NY');
    await page.getByLabel('Image').setInputFiles({ name: 'group.png', mimeType: 'image/png', buffer: await colourfulPng() });
    await submit(page, page.getByRole('button', { name: 'Add group' }));
    await page.waitForURL((url) => url.pathname === '/therapy-groups');
    await expectFlash(page, 'Your therapy group has been added.');
    await page.getByRole('heading', { name: 'Parents of Teens' }).waitFor();
    await expectAccessible(page);
    const [group] = await ctx().db('therapy_groups').where({ provider_id: user.providerIds[0] });
    assert.equal(group.slug, 'parents-of-teens');
    assert.equal(group.remote_location, true);

    await submit(page, page.getByRole('button', { name: 'Delete Parents of Teens' }));
    await page.getByRole('heading', { name: 'Are you sure you want to delete this therapy group?' }).waitFor();
    await expectAccessible(page);
    await submit(page, page.getByRole('button', { name: 'Delete group' }));
    await page.getByText('You have not added any therapy groups yet.').waitFor();
    assert.equal((await ctx().db('therapy_groups').where({ provider_id: user.providerIds[0] })).length, 0);
  });

  it('an inactive profile sees the not-live notice instead of the Add button', async () => {
    const user = await createProviderUser(ctx().db, { providers: [{ status: 'inactive' }] });
    const page = await session.newPage();
    await signInThroughForm(page, user.email);
    await page.goto('/therapy-groups');
    await page.getByText('Therapy groups can be created once your profile is active.').waitFor();
    assert.equal(await page.getByRole('link', { name: 'Add a therapy group' }).count(), 0);
    await expectAccessible(page);
  });

  it("switches a testimonial's display at once", async () => {
    const user = await createProviderUser(ctx().db, { paid: true });
    const providerId = user.providerIds[0]!;
    const [row] = await ctx().db('feedback').insert([
      { provider_id: providerId, kind: 'testimonial', body: 'Thoughtful and kind.', author: 'R.T.', display_testimonial: false },
      { provider_id: providerId, kind: 'feedback', body: 'The waiting room was cold.' },
    ]).returning('id');
    const page = await session.newPage();
    await signInThroughForm(page, user.email);
    await page.goto('/testimonials');
    await page.getByText('The waiting room was cold.').waitFor();
    await expectAccessible(page);
    await submit(page, page.getByRole('button', { name: 'Display the testimonial from R.T.' }));
    await page.getByRole('button', { name: 'Hide the testimonial from R.T.' }).waitFor();
    assert.equal((await ctx().db('feedback').where({ id: row.id }).first()).display_testimonial, true);
    await expectAccessible(page);
    await submit(page, page.getByRole('button', { name: 'Hide the testimonial from R.T.' }));
    await page.getByRole('button', { name: 'Display the testimonial from R.T.' }).waitFor();
    assert.equal((await ctx().db('feedback').where({ id: row.id }).first()).display_testimonial, false);
  });

  it('reorders the providers of a practice with the up and down buttons, and removes one after confirming', async () => {
    const user = await createProviderUser(ctx().db, {
      paid: true,
      providers: [{ type: 'practice', companyName: 'Harbor Light' }, { firstName: 'Priya', lastName: 'Shah' }, { firstName: 'Marcus', lastName: 'Bell' }],
    });
    const [practiceId, priya, marcus] = user.providerIds as [number, number, number];
    await ctx().db('providers').where({ id: priya }).update({ practice_id: practiceId, practice_sort_order: 1 });
    await ctx().db('providers').where({ id: marcus }).update({ practice_id: practiceId, practice_sort_order: 2 });
    await ctx().db('users').where({ id: user.userId }).update({ selected_provider_id: practiceId });
    const order = async () => (await ctx().db('providers').where({ practice_id: practiceId }).orderBy('practice_sort_order').pluck('first_name'));

    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await signInThroughForm(page, user.email);
    await page.goto('/practice/providers');
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
    page.once('dialog', (dialog) => { assert.match(dialog.message(), /remove this provider from your practice/); void dialog.accept(); });
    await submit(page, page.getByRole('button', { name: 'Remove Priya Shah' }));
    await page.locator('.member-list .member__who strong', { hasText: 'Priya Shah' }).waitFor({ state: 'detached' });
    assert.deepEqual(await order(), ['Marcus']);
    await expectAccessible(page);
  });
});
