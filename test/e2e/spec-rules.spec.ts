// Issue [14] items 3, 4 and 6 in Chromium with JavaScript off, axe on every page shown: someone else's
// practice asks for its owner, a sign-up taking a reserved name is put on hold, and the statement of a
// premium setup says when it will be drafted.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, signInThroughForm, submit, useBrowser } from '../support/browser';

describe('browser: spec rules of issue [14]', function () {
  this.timeout(180_000);
  const browser = useBrowser();

  it("someone else's practice: the owner's name, e-mail and phone are asked for, with the registration messages", async () => {
    const owner = await createProviderUser(ctx().db, { roles: ['owner'] });
    const page = await browser.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await signInThroughForm(page, owner.email);
    await page.goto('/profiles/create?type=practice');
    await page.getByRole('group', { name: 'Whose practice is this?' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Company name').fill('Bright Path Counseling');
    await page.getByLabel('Full name').fill('Jordan Hale');
    await page.getByLabel('Phone number', { exact: true }).fill('2125550143');
    await page.getByLabel("Someone else's practice").check();
    await page.getByLabel('Owner email').fill('casey@');
    await submit(page, page.getByRole('button', { name: 'Create Profile' }));
    await page.getByText('Owner first name required.').waitFor();
    await page.getByText('Invalid email.').waitFor();
    assert.equal(await page.getByLabel('Company name').inputValue(), 'Bright Path Counseling', 'typed values stay');
    await expectAccessible(page);
    await page.getByLabel('Owner first name').fill('Casey');
    await page.getByLabel('Owner last name').fill('Morgan');
    await page.getByLabel('Owner email').fill('casey.morgan@example.test');
    await page.getByLabel('Owner phone number').fill('(212) 555-0199');
    await submit(page, page.getByRole('button', { name: 'Create Profile' }));
    assert.match(new URL(page.url()).pathname, /^\/profiles\/pay-for\/\d+$/);
    const created = await ctx().db('providers').where({ company_name: 'Bright Path Counseling' }).first('custom_content');
    assert.equal(created.custom_content.practice_owner.email, 'casey.morgan@example.test');
  });

  it('a sign-up taking a reserved name lands on the on-hold page', async () => {
    const reserving = await createProviderUser(ctx().db, { providers: [{ firstName: 'Dana', lastName: 'Rivera' }] });
    await ctx().db('accounts').where({ id: reserving.accountId }).update({ feature_flags: JSON.stringify({ reserved_name: true }) });
    const page = await browser.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Dana');
    await page.getByLabel('Last name').fill('Rivera');
    await page.getByLabel('Email').fill('dana.rivera@example.test');
    await page.getByLabel('Phone number').fill('2125550142');
    await page.getByLabel('Password', { exact: true }).fill('Sunny1');
    await page.getByLabel('Confirm password').fill('Sunny1');
    await page.getByLabel(/terms of service/i).check();
    await submit(page, page.getByRole('button', { name: 'Create Account' }));
    await page.getByText('The name Dana Rivera is reserved for another profile in our directory.').waitFor();
    await expectAccessible(page);
  });

  it('a premium setup: the statement section says it is drafted within 48 business hours', async () => {
    const user = await createProviderUser(ctx().db);
    await ctx().db('providers').where({ id: user.providerIds[0] }).update({ has_premium_setup: true });
    const page = await browser.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await signInThroughForm(page, user.email);
    await page.goto('/profile/message-statement');
    await page.getByText('Your premium setup includes a professional statement, drafted within 48 business hours.').waitFor();
    await expectAccessible(page);
  });
});
