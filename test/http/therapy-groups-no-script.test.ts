// /therapy-groups as a provider with JavaScript off goes through it (issue 6 items 3 and 4): the add form's
// round trip (its errors first, then the group, the image sent as the browser sends a file), and the notice
// an inactive profile sees; axe-core on each page answered. Deleting through the confirmation page stays a
// browser flow with JavaScript off (test/e2e/therapy-groups.spec.ts).
import assert from 'node:assert/strict';
import { defaultExpiry } from '../../server/features/therapy-groups/validation';
import { expectAccessibleHtml } from '../support/accessible-html';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, signIn } from '../support/http';
import { open, redirected, rerendered } from '../support/served-form';
import { colourfulPng } from './onboarding-helpers';

async function signedIn(status: 'active' | 'inactive' = 'active') {
  const user = await createProviderUser(ctx().db, { paid: true, providers: [{ status }] });
  const client = agent();
  await signIn(client, user.email);
  return { user, client };
}

describe('therapy groups without JavaScript: adding a group', () => {
  it('the form comes back with its errors and what was typed; completed, the group is added', async () => {
    const { user, client } = await signedIn();
    const list = await open(client, '/therapy-groups');
    await expectAccessibleHtml(list.html, '/therapy-groups');
    const form = await list.follow(client, 'Add a therapy group');
    await expectAccessibleHtml(form.html, 'the new therapy group form');
    assert.equal(form.field('Expiration date').value, defaultExpiry());

    form.fill('Group name', 'Parents of Teens');
    form.fill('Short description', 'Support for parents. Call 212-555-0188!');
    const failed = rerendered(await form.submit(client, 'Add group'));
    assert.match(failed.mainText, /Hours required\./);
    assert.match(failed.mainText, /Please do not include URLs, phone numbers, or email addresses in your description!/);
    assert.match(failed.mainText, /Image required\./);
    await expectAccessibleHtml(failed.html, 'the therapy group form with its errors');
    assert.equal(failed.field('Group name').value, 'Parents of Teens');

    failed.fill('Hours', 'Thursdays 7pm - 8:30pm');
    failed.fill('Costs', '$50 per session');
    failed.fill('Short description', 'A supportive group for parents of teenagers.');
    failed.fill('Description', 'Six weekly meetings on communication, boundaries and staying connected.');
    failed.check('Online');
    failed.fill('State', 'NY');
    failed.attach('Image', [{ name: 'group.png', type: 'image/png', body: await colourfulPng() }]);
    const added = redirected(await failed.submit(client, 'Add group'), '/therapy-groups');
    assert.match(added.text, /Your therapy group has been added\./);
    assert.ok(
      [...added.document.querySelectorAll('h2, h3, h4')].some((h) => h.textContent?.trim() === 'Parents of Teens'),
      'the group is listed',
    );
    await expectAccessibleHtml(added.html, '/therapy-groups with the new group');
    const [group] = await ctx().db('therapy_groups').where({ provider_id: user.providerIds[0] });
    assert.equal(group.slug, 'parents-of-teens');
    assert.equal(group.remote_location, true);
  });
});

describe('therapy groups: an inactive profile', () => {
  it('sees the not-live notice instead of the Add button', async () => {
    const { client } = await signedIn('inactive');
    const page = await open(client, '/therapy-groups');
    assert.match(page.mainText, /Therapy groups can be created once your profile is active\./);
    assert.equal(
      [...page.document.querySelectorAll('a')].filter((a) => a.textContent?.trim() === 'Add a therapy group').length,
      0,
    );
    await expectAccessibleHtml(page.html, '/therapy-groups of an inactive profile');
  });
});
