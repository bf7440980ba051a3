// The CSP allows our own scripts and styles only; a page that breaks it logs a violation in the browser
// console. Every signed-in page logged one for the icon sprite's inline style (issue [15], item 17).
// useBrowser fails a test on any CSP message in its pages' consoles.
import assert from 'node:assert/strict';
import { signInAs, useBrowser } from '../support/browser';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';

describe('the browser reports no CSP violation on signed-in pages', function () {
  this.timeout(120_000);
  const session = useBrowser();

  it('the dashboard, Account Settings, a profile section and Plan Management, with the icons hidden in their sprite', async () => {
    const user = await createProviderUser(ctx().db, { paid: true });
    const page = await session.newPage();
    await signInAs(page, user.userId);
    for (const path of ['/', '/account-preferences', '/profile/general-information', '/plan-management']) {
      await page.goto(path);
      assert.equal(
        await page.evaluate(() => getComputedStyle(document.querySelector('.icon-sprite')!).display),
        'none',
        path,
      );
    }
  });
});
