// General Information in Chromium, as a provider would use it (issue 5 items 2, 3): with JavaScript off,
// a licence deleted through the server's confirmation page; with JavaScript on, a licence is deleted after
// the browser's confirmation and pronouns are saved. axe runs on every page visited. The licence form's
// round trip without JavaScript (two errors fixed, then saved) is test/http/general-information-no-script.test.ts.
import { jsonObject } from '../support/json';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, useBrowser, submit, signInAs } from '../support/browser';

const PAGE = '/profile/general-information';
const YEAR = new Date().getUTCFullYear();

/** Reads the served HTML (flashes fade after 7 s with JavaScript on). */
async function expectOnPage(page: Page, text: string): Promise<void> {
  const html = (await page.content()).replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&');
  assert.ok(html.includes(text), `no "${text}" on ${page.url()}`);
}

async function provider() {
  const user = await createProviderUser(ctx().db, {
    paid: true,
    providers: [{ type: 'individual', firstName: 'Robin', lastName: 'Hale' }],
  });
  return { user, id: user.providerIds[0]! };
}

describe('browser: General Information licences', function () {
  this.timeout(180_000);
  const session = useBrowser();

  it('without JavaScript: deletes a licence through the confirmation page', async () => {
    const { user, id } = await provider();
    await ctx()
      .db('licenses')
      .insert([
        {
          provider_id: id,
          state: 'NJ',
          number: '44SC0612',
          license_type: 'LCSW',
          expiration: YEAR + 1,
          verification: 'Verified',
        },
        {
          provider_id: id,
          state: 'NY',
          number: '084312',
          license_type: 'LCSW',
          expiration: YEAR + 3,
          verification: 'Unverified',
        },
      ]);
    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.goto(PAGE);
    await page.getByRole('heading', { name: 'General Information', level: 1 }).waitFor();
    await expectAccessible(page);

    // Delete the New Jersey licence: the server asks on a page of its own.
    await submit(page, page.getByRole('button', { name: 'Delete the New Jersey license 44SC0612' }));
    await page.getByRole('heading', { name: "Are you sure you'd like to delete this credential?" }).waitFor();
    await expectAccessible(page);
    await submit(page, page.getByRole('button', { name: 'Delete license' }));
    await expectOnPage(page, 'Your license has been deleted.');
    await expectAccessible(page);
    assert.deepEqual(
      (await ctx().db('licenses').where({ provider_id: id })).map((r) => r.state),
      ['NY'],
    );
  });

  it('with JavaScript: deleting asks in the browser first; cancelling keeps the licence, accepting deletes it', async () => {
    const { user, id } = await provider();
    await ctx()
      .db('licenses')
      .insert({
        provider_id: id,
        state: 'CA',
        number: 'LMFT 1234',
        license_type: 'LMFT',
        expiration: YEAR + 2,
        verification: 'Not found',
      });
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.goto(`${PAGE}#licensure`);
    await page.locator('#licensure').getByText('we could not verify this license').waitFor();
    await expectAccessible(page);

    const questions: string[] = [];
    page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Delete the California license LMFT 1234' }).click();
    await page.waitForTimeout(300);
    assert.equal(new URL(page.url()).pathname, PAGE, 'cancelled: nothing posted');
    assert.equal((await ctx().db('licenses').where({ provider_id: id })).length, 1);

    page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.accept();
    });
    await submit(page, page.getByRole('button', { name: 'Delete the California license LMFT 1234' }));
    assert.deepEqual(questions, [
      "Are you sure you'd like to delete this credential?",
      "Are you sure you'd like to delete this credential?",
    ]);
    await expectOnPage(page, 'Your license has been deleted.');
    await page.locator('#licensure').getByText('No licenses yet.').waitFor();
    await expectAccessible(page);
    assert.equal((await ctx().db('licenses').where({ provider_id: id })).length, 0);
  });

  it('with JavaScript: pronouns Other needs its own words, then saves', async () => {
    const { user, id } = await provider();
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.goto(`${PAGE}?edit=pronouns#pronouns`);
    await expectAccessible(page);
    await page.getByLabel('Other', { exact: true }).check();
    await submit(page, page.locator('#pronouns').getByRole('button', { name: 'Save' }));
    await page.locator('.field-error', { hasText: 'Please enter your preferred pronouns.' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Preferred pronouns (when Other)').fill('Ze/Zir');
    await submit(page, page.locator('#pronouns').getByRole('button', { name: 'Save' }));
    await expectOnPage(page, 'Your pronouns have been updated!');
    const content = jsonObject((await ctx().db('providers').where({ id }).first('custom_content'))!.custom_content);
    assert.equal(content.pronouns, 'Ze/Zir');
  });
});
