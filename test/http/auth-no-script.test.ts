// Account recovery, two-factor setup and /password/update as a person with JavaScript off meets them
// (issue 3): plain form round trips, each page the person sees checked by axe in a DOM. The browser keeps
// the password reset with JavaScript off (test/e2e/auth.spec.ts).
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser, TEST_PASSWORD } from '../support/factories';
import { expectAccessibleHtml } from '../support/accessible-html';
import { agent, mainTextOf, signIn } from '../support/http';
import { open } from '../support/served-form';
import { codeIn, lastSms } from './auth-helpers';

describe('without JavaScript: account recovery, two-factor setup and /password/update', () => {
  it('work as form round trips, and every page is accessible', async () => {
    const user = await createProviderUser(ctx().db, {
      paid: true,
      providers: [{ firstName: 'Dana', lastName: 'Reyes' }],
    });
    await ctx()
      .db('users')
      .where({ id: user.userId })
      .update({ first_name: 'Dana', last_name: 'Reyes', phone_number: '+12125550142' });
    const client = agent();

    let page = await open(client, '/account/recover');
    page = await page.submit(client, 'Recover account');
    assert.equal(page.status, 422);
    assert.match(mainTextOf(page.html), /Phone number required\./);
    await expectAccessibleHtml(page.html, '/account/recover with its errors');
    page = await page.submit(client, 'Recover account', {
      values: {
        first_name: 'Dana',
        last_name: 'Reyes',
        phone_number: '(212) 555-0142',
      },
    });
    assert.equal(page.path, '/account/recovered');
    assert.doesNotMatch(mainTextOf(page.html), /@/);
    await expectAccessibleHtml(page.html, '/account/recovered');

    await signIn(client, user.email);
    page = await open(client, '/account-preferences');
    page = await page.follow(client, 'Change two-factor authentication');
    assert.equal(page.path, '/account-preferences/two-factor');
    await expectAccessibleHtml(page.html, '/account-preferences/two-factor');
    page = await page.submit(client, 'Send code', {
      values: { phone_number: '212-555-0142', password: TEST_PASSWORD },
    });
    assert.equal(page.path, '/account-preferences/two-factor/code');
    await expectAccessibleHtml(page.html, '/account-preferences/two-factor/code');
    page = await page.submit(client, 'Verify', { values: { token: codeIn(await lastSms()) } });
    assert.ok(
      page.flashes.some((flash) => /Two-factor authentication is on/.test(flash)),
      `the flash on ${page.url}: ${page.flashes.join(' | ')}`,
    );
    assert.equal(page.path, '/account-preferences');
    await expectAccessibleHtml(page.html, 'the page after two-factor setup');

    page = await open(client, '/password/update');
    page = await page.submit(client, 'Change password');
    assert.equal(page.status, 422);
    assert.match(page.textAt('#old_password-error'), /You must enter an password\./);
    await expectAccessibleHtml(page.html, '/password/update with its errors');
  });
});
