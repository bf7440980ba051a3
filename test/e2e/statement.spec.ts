// Statement & Message and Education & Employment in Chromium, as a provider would (issue 5 items 4 and 6):
// a statement under 100 words confirmed once in the browser's dialog (JavaScript on) and once on the
// server's confirmation step (JavaScript off); an education line. axe runs on every page visited. A
// practice's question (JavaScript off) is a form round trip, tested over HTTP
// (test/http/message-statement-no-script.test.ts).
import { jsonObject } from '../support/json';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, signInAs, useBrowser, submit } from '../support/browser';

const words = (n: number, word = 'gentle') => Array.from({ length: n }, () => word).join(' ');

/** The page as served (before the shared script fades the flash on a slow machine). */
const served = async (page: Page) => (await page.content()).replace(/&amp;/g, '&');
const provider = (id: number) => ctx().db('providers').where({ id }).first();

describe('browser: statements, practice questions and education', function () {
  this.timeout(180_000);
  const session = useBrowser();

  it('with JavaScript: the live count and warning, then the confirm dialog before saving a short statement', async () => {
    const user = await createProviderUser(ctx().db, { paid: true });
    const id = user.providerIds[0]!;
    const page = await session.newPage();
    page.setDefaultTimeout(30_000);
    await signInAs(page, user.userId);
    await page.goto('/profile/message-statement');
    await page.getByRole('heading', { level: 1, name: 'Statement & Message' }).waitFor();
    await expectAccessible(page);

    await submit(page, page.getByRole('link', { name: 'Edit Professional Statement' }));
    const area = page.getByRole('textbox', { name: 'Professional Statement' });
    await area.fill(words(250));
    await page.locator('#professional_statement-count').filter({ hasText: '250' }).waitFor();
    assert.equal(await page.locator('#professional_statement-short').isHidden(), true, 'no warning at 250 words');
    await area.fill(words(320));
    await page.getByText('Please keep your professional statement under 300 words! (Suggested count: 240)').waitFor();
    await area.fill(words(42));
    await page.locator('#professional_statement-count').filter({ hasText: '42' }).waitFor();
    await page
      .getByText('Your professional statement is under the minimum of 100 words. (Suggested count: 240)')
      .first()
      .waitFor({ state: 'visible' });
    await expectAccessible(page);

    // Cancel in the dialog: nothing is sent.
    const questions: string[] = [];
    page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForTimeout(300);
    assert.equal((await provider(id))!.professional_statement, null);

    // OK in the dialog: saved.
    page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.accept();
    });
    await submit(page, page.getByRole('button', { name: 'Save', exact: true }));
    assert.deepEqual(
      questions,
      Array(2).fill('Your professional statement is under 100 words. Are you sure you want to save it?'),
    );
    assert.match(await served(page), /Professional Statement saved\./);
    assert.equal((await provider(id))!.professional_statement, words(42));
    await expectAccessible(page);
  });

  it('without JavaScript: the server asks on a confirmation step, and "Save anyway" saves', async () => {
    const user = await createProviderUser(ctx().db, { paid: true });
    const id = user.providerIds[0]!;
    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(30_000);
    await signInAs(page, user.userId);
    await page.goto('/profile/message-statement?edit=message-to-clients');
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'Message to Clients' }).fill(words(35, 'welcome'));
    await submit(page, page.getByRole('button', { name: 'Save', exact: true }));
    await page.getByText('Your message to clients is under 100 words. Are you sure you want to save it?').waitFor();
    assert.equal(
      await page.getByRole('textbox', { name: 'Message to Clients' }).inputValue(),
      words(35, 'welcome'),
      'the typed text is kept',
    );
    assert.equal((await provider(id))!.message_to_clients, null, 'nothing saved before confirming');
    await expectAccessible(page);
    await submit(page, page.getByRole('button', { name: 'Save anyway' }));
    assert.match(await served(page), /Message to Clients saved\./);
    assert.equal((await provider(id))!.message_to_clients, words(35, 'welcome'));
    await expectAccessible(page);
  });

  it('an individual adds an education line; a missing field is reported first', async () => {
    const user = await createProviderUser(ctx().db, { paid: true });
    const id = user.providerIds[0]!;
    const page = await session.newPage();
    page.setDefaultTimeout(30_000);
    await signInAs(page, user.userId);
    await page.goto('/profile/education-employment');
    await page.getByRole('heading', { level: 1, name: 'Education & Employment' }).waitFor();
    await expectAccessible(page);
    await submit(page, page.getByRole('link', { name: 'Edit Education' }));
    await page.getByLabel('Institution').fill('Boston University');
    await page.getByLabel('Completion Year').selectOption('2015');
    await submit(page, page.getByRole('button', { name: 'Save', exact: true }));
    await page.locator('.field-error', { hasText: /^Degree required$/ }).waitFor();
    await page.locator('.field-error', { hasText: 'Year Earned Graduate Degree required' }).waitFor();
    assert.equal(await page.getByLabel('Institution').inputValue(), 'Boston University');
    await expectAccessible(page);
    await page.getByLabel('Degree', { exact: true }).fill('MSW');
    await page.getByLabel('Year Earned Graduate Degree').selectOption('2015');
    await submit(page, page.getByRole('button', { name: 'Save', exact: true }));
    assert.match(await served(page), /Education saved\./);
    await page.locator('#education').getByText('MSW').waitFor();
    const content = jsonObject((await provider(id))!.custom_content);
    assert.deepEqual(content.education_v2, [{ institution: 'Boston University', degree: 'MSW', completion: '2015' }]);
    assert.equal(content.year_earned_grad_degree, 2015);
    await expectAccessible(page);
  });
});
