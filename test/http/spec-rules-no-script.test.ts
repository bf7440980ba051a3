// Issue [14] items 4 and 6 without JavaScript, as plain page round trips with axe-core on each page
// shown: a sign-up taking a reserved name lands on the on-hold page, and the statement of a premium setup
// says when it will be drafted. Someone else's practice stays a JavaScript-off browser flow
// (test/e2e/spec-rules.spec.ts).
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessibleHtml } from '../support/accessible-html';
import { agent, mainTextOf, postForm, signIn } from '../support/http';

describe('spec rules of issue [14] without JavaScript', function () {
  this.timeout(120_000); // axe-core in jsdom takes seconds a page on a loaded machine
  it('a sign-up taking a reserved name lands on the on-hold page', async () => {
    const reserving = await createProviderUser(ctx().db, { providers: [{ firstName: 'Dana', lastName: 'Rivera' }] });
    await ctx()
      .db('accounts')
      .where({ id: reserving.accountId })
      .update({ feature_flags: JSON.stringify({ reserved_name: true }) });
    const response = await postForm(agent(), '/signup', '/signup', {
      first_name: 'Dana',
      last_name: 'Rivera',
      email: 'dana.rivera@example.test',
      phone_number: '2125550142',
      password: 'Sunny1',
      password_confirmation: 'Sunny1',
      terms: '1',
      website: '',
    });
    assert.match(mainTextOf(response.text), /The name Dana Rivera is reserved for another profile in our directory\./);
    await expectAccessibleHtml(response.text, 'the on-hold page');
  });

  it('a premium setup: the statement section says it is drafted within 48 business hours', async () => {
    const user = await createProviderUser(ctx().db);
    await ctx().db('providers').where({ id: user.providerIds[0] }).update({ has_premium_setup: true });
    const client = agent();
    await signIn(client, user.email);
    const html = (await client.get('/profile/message-statement').expect(200)).text;
    assert.match(
      mainTextOf(html),
      /Your premium setup includes a professional statement, drafted within 48 business hours\./,
    );
    await expectAccessibleHtml(html, 'the message & statement page');
  });
});
