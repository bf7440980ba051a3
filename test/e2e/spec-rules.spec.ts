// Issue [14] item 3 in Chromium with JavaScript off, axe on every page shown: someone else's practice asks
// for its owner. Items 4 and 6 (the reserved name put on hold, the premium setup's statement) are plain
// page round trips: test/http/spec-rules-no-script.test.ts.
import { jsonObject } from '../support/json';
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, signInAs, submit, useBrowser } from '../support/browser';

describe('browser: spec rules of issue [14]', function () {
  this.timeout(180_000);
  const browser = useBrowser();

  it("someone else's practice: the owner's name, e-mail and phone are asked for, with the registration messages", async () => {
    const owner = await createProviderUser(ctx().db, { roles: ['owner'] });
    const page = await browser.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await signInAs(page, owner.userId);
    await page.goto('/profiles/create?type=practice');
    await page.getByRole('group', { name: 'Whose practice is this?' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Company name').fill('Bright Path Counseling');
    await page.getByLabel('Full name').fill('Jordan Hale');
    await page.getByLabel('Phone number', { exact: true }).fill('2125550143');
    await page.getByLabel("Someone else's practice").check();
    await page.getByLabel('Owner email').fill('casey@');
    await submit(page, page.getByRole('button', { name: 'Create profile' }));
    await page.locator('.field-error', { hasText: 'Owner first name required.' }).waitFor();
    await page.locator('.field-error', { hasText: 'Invalid email.' }).waitFor();
    assert.equal(await page.getByLabel('Company name').inputValue(), 'Bright Path Counseling', 'typed values stay');
    await expectAccessible(page);
    await page.getByLabel('Owner first name').fill('Casey');
    await page.getByLabel('Owner last name').fill('Morgan');
    await page.getByLabel('Owner email').fill('casey.morgan@example.test');
    await page.getByLabel('Owner phone number').fill('(212) 555-0199');
    await submit(page, page.getByRole('button', { name: 'Create profile' }));
    assert.match(new URL(page.url()).pathname, /^\/profiles\/pay-for\/\d+$/);
    const created = await ctx()
      .db('providers')
      .where({ company_name: 'Bright Path Counseling' })
      .first('custom_content');
    assert.equal(jsonObject(jsonObject(created!.custom_content).practice_owner).email, 'casey.morgan@example.test');
  });
});
