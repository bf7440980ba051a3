// Photos & Video in Chromium (spec 2 §2 Photo gallery): upload gallery photos and look at them in the
// lightbox (Escape closes, the arrows navigate); then, with JavaScript off, reorder and delete a photo
// through the plain forms and the confirmation page. axe on every page visited.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, signInThroughForm, useBrowser, submit } from '../support/browser';
import { colourfulPng } from '../http/onboarding-helpers';

const PAGE = '/profile/photos-video';

async function provider() {
  return createProviderUser(ctx().db, { paid: true, providers: [{ type: 'individual', status: 'active', firstName: 'Robin', lastName: 'Hale' }] });
}

async function uploadTwo(page: Page): Promise<void> {
  await page.getByLabel('Add photos').setInputFiles([
    { name: 'office.png', mimeType: 'image/png', buffer: await colourfulPng() },
    { name: 'garden.png', mimeType: 'image/png', buffer: await colourfulPng() },
  ]);
  await submit(page, page.getByRole('button', { name: 'Upload photos' }));
}

const order = async (providerId: number) =>
  (await ctx().db('images').where({ provider_id: providerId, kind: 'gallery' }).orderBy('sort_order').select('filename')).map((r) => r.filename);

describe('browser: Photos & Video', function () {
  this.timeout(180_000);
  const session = useBrowser();

  it('uploads gallery photos and opens them in the lightbox: arrows navigate, Escape closes', async () => {
    const user = await provider();
    const page = await session.newPage();
    await signInThroughForm(page, user.email);
    await page.goto(PAGE);
    await expectAccessible(page);
    await uploadTwo(page);
    await page.getByText('Your 2 photos have been uploaded.').waitFor();
    await page.locator('[data-island="PhotoLightbox"][data-hydrated="true"]').waitFor();
    await expectAccessible(page);

    const first = page.getByRole('link', { name: 'Gallery photo 1 (open the full picture)' });
    await first.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    assert.equal(await dialog.getAttribute('aria-label'), 'Gallery photo 1, 1 of 2');
    assert.match(await dialog.locator('img').getAttribute('src') ?? '', /^\/uploads\/gallery-[0-9a-f-]+\.jpg$/);
    assert.equal(page.url().endsWith(PAGE + '#gallery'), true, 'the page did not navigate to the picture');
    await expectAccessible(page);

    await page.keyboard.press('ArrowRight');
    await dialog.getByText('Gallery photo 2 of 2').waitFor();
    await page.keyboard.press('ArrowRight');
    await dialog.getByText('Gallery photo 1 of 2').waitFor();
    await page.keyboard.press('ArrowLeft');
    await dialog.getByText('Gallery photo 2 of 2').waitFor();
    await dialog.getByRole('button', { name: 'Previous photo' }).click();
    await dialog.getByText('Gallery photo 1 of 2').waitFor();

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await first.evaluate((el) => el === document.activeElement), true, 'focus returns to the thumbnail');

    // With JavaScript the delete asks in the browser and goes straight through.
    page.once('dialog', (question) => {
      assert.equal(question.message(), 'Are you sure you want to delete this photo?');
      void question.accept();
    });
    await submit(page, page.getByRole('button', { name: 'Delete Gallery photo 2' }));
    await page.getByText('Your photo has been deleted.').waitFor();
    assert.deepEqual(await order(user.providerIds[0]!), ['office.png']);
  });

  it('without JavaScript: each thumbnail is a link to the picture; reorder and delete (with the confirmation page) work', async () => {
    const user = await provider();
    const page = await session.newPage({ javaScript: false });
    await signInThroughForm(page, user.email);
    await page.goto(PAGE);
    await uploadTwo(page);
    await page.getByText('Your 2 photos have been uploaded.').waitFor();
    await expectAccessible(page);
    const href = await page.getByRole('link', { name: 'Gallery photo 1 (open the full picture)' }).getAttribute('href');
    assert.match(href ?? '', /^\/uploads\/gallery-[0-9a-f-]+\.jpg$/);

    await submit(page, page.getByRole('button', { name: 'Move down Gallery photo 1' }));
    await page.getByText('Your photos have been reordered.').waitFor();
    assert.deepEqual(await order(user.providerIds[0]!), ['garden.png', 'office.png']);

    await submit(page, page.getByRole('button', { name: 'Delete Gallery photo 1' }));
    await page.getByRole('heading', { name: 'Are you sure you want to delete this photo?' }).waitFor();
    await expectAccessible(page);
    assert.deepEqual(await order(user.providerIds[0]!), ['garden.png', 'office.png'], 'nothing deleted before confirming');
    await submit(page, page.getByRole('button', { name: 'Delete photo' }));
    await page.getByText('Your photo has been deleted.').waitFor();
    await expectAccessible(page);
    assert.deepEqual(await order(user.providerIds[0]!), ['office.png']);
    assert.equal(new URL(page.url()).pathname, PAGE);
  });
});
