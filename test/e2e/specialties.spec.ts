// The Specialties and Clientele & Approach pages in Chromium (issue 5 item 5): picking top specialties
// past the maximum (JavaScript off: the server's 422), and adding and deleting a custom approach with
// JavaScript (the confirm dialog). axe on each page. The filter with no results and the delete through the
// confirmation page are form round trips: test/http/specialties-no-script.test.ts.
import { jsonObject } from '../support/json';
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, signInAs, useBrowser, submit, expectFlash } from '../support/browser';

async function provider(): Promise<{ userId: number; id: number }> {
  const user = await createProviderUser(ctx().db, { paid: true });
  return { userId: user.userId, id: user.providerIds[0]! };
}

const customApproaches = async (id: number) =>
  (jsonObject((await ctx().db('providers').where({ id }).first('custom_content'))!.custom_content).custom_approaches ??
    []) as {
    name: string;
  }[];

describe('browser: specialties and clientele & approach', function () {
  this.timeout(180_000);
  const session = useBrowser();

  it('top specialties past the maximum: the message, then saved with six (JavaScript off)', async () => {
    const user = await provider();
    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.goto('/profile/specialties');
    await page.getByRole('heading', { name: 'Specialties', level: 1 }).waitFor();
    await expectAccessible(page);

    await submit(page, page.getByRole('link', { name: 'Edit Top specialties' }));
    const names = ['Anxiety', 'Depression', 'Grief and Loss', 'Burnout', 'ADHD', 'Parenting', 'Phobias'];
    for (const name of names) await page.getByLabel(name, { exact: true }).check();
    await submit(page, page.getByRole('button', { name: 'Save' }));
    await page
      .locator('.field-error', { hasText: "You've reached the maximum number of specialties (6)..." })
      .waitFor();
    assert.equal(await page.getByLabel('Phobias', { exact: true }).isChecked(), true, 'the ticks are kept');
    await expectAccessible(page);

    await page.getByLabel('Phobias', { exact: true }).uncheck();
    await submit(page, page.getByRole('button', { name: 'Save' }));
    await expectFlash(page, 'Your top specialties have been updated!');
    assert.equal(new URL(page.url()).pathname, '/profile/specialties');
    const top = await ctx()
      .db('taggings')
      .where({ provider_id: user.id, is_top: true })
      .count<{ count: string }[]>({ count: '*' });
    assert.equal(Number(top[0]!.count), 6);
    await expectAccessible(page);
  });

  it('adds and deletes a custom approach with JavaScript (confirm dialog)', async () => {
    const user = await provider();
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.goto('/profile/clientele-approach');
    await expectAccessible(page);

    await submit(page, page.getByRole('link', { name: 'Add a custom approach' }));
    await page.getByLabel('Approach name').fill('Walk and talk');
    await submit(page, page.getByRole('button', { name: 'Add' }));
    await page.locator('.field-error', { hasText: 'Approach description required' }).waitFor();
    await expectAccessible(page);
    assert.equal(await page.getByLabel('Approach name').inputValue(), 'Walk and talk');
    await page.getByLabel('Approach description').fill('Sessions held outdoors while walking.');
    await submit(page, page.getByRole('button', { name: 'Add' }));
    await expectFlash(page, 'Your custom approach has been added!');
    await page.getByRole('heading', { name: 'Walk and talk', level: 3 }).waitFor();
    await expectAccessible(page);

    let question = '';
    page.once('dialog', (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await submit(page, page.getByRole('button', { name: 'Delete Walk and talk' }));
    assert.equal(question, "Are you sure you'd like to delete this custom approach?");
    await expectFlash(page, 'Your custom approach has been deleted!');
    assert.deepEqual(await customApproaches(user.id), []);
    await expectAccessible(page);
  });
});
