// Photos & Video in Chromium (spec 2 §2 Photo gallery): upload gallery photos and look at them in the
// lightbox (Escape closes, the arrows navigate); with JavaScript off, upload them and find each thumbnail a
// link to the picture. axe on every page visited. Reordering and deleting with JavaScript off (the plain
// forms and the confirmation page) are tested over HTTP: test/http/photos-video-no-script.test.ts.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, signInAs, useBrowser, submit } from '../support/browser';
import sharp from 'sharp';
import { colourfulPng } from '../http/onboarding-helpers';

const PAGE = '/profile/photos-video';

async function provider() {
  return createProviderUser(ctx().db, {
    paid: true,
    providers: [{ type: 'individual', status: 'active', firstName: 'Robin', lastName: 'Hale' }],
  });
}

async function uploadTwo(page: Page): Promise<void> {
  await page.getByLabel('Add photos').setInputFiles([
    { name: 'office.png', mimeType: 'image/png', buffer: await colourfulPng() },
    { name: 'garden.png', mimeType: 'image/png', buffer: await colourfulPng() },
  ]);
  await submit(page, page.getByRole('button', { name: 'Upload photos' }));
}

const order = async (providerId: number) =>
  (
    await ctx()
      .db('images')
      .where({ provider_id: providerId, kind: 'gallery' })
      .orderBy('sort_order')
      .select('filename')
  ).map((r) => r.filename);

describe('browser: Photos & Video', function () {
  this.timeout(180_000);
  const session = useBrowser();

  it('uploads gallery photos and opens them in the lightbox: arrows navigate, Escape closes', async () => {
    const user = await provider();
    const page = await session.newPage();
    await signInAs(page, user.userId);
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
    assert.match((await dialog.locator('img').getAttribute('src')) ?? '', /^\/uploads\/gallery-[0-9a-f-]+\.jpg$/);
    assert.equal(page.url().endsWith(`${PAGE}#gallery`), true, 'the page did not navigate to the picture');
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

  it('without JavaScript: uploads gallery photos, and each thumbnail is a link to the picture', async () => {
    const user = await provider();
    const page = await session.newPage({ javaScript: false });
    await signInAs(page, user.userId);
    await page.goto(PAGE);
    await uploadTwo(page);
    await page.getByText('Your 2 photos have been uploaded.').waitFor();
    await expectAccessible(page);
    const href = await page.getByRole('link', { name: 'Gallery photo 1 (open the full picture)' }).getAttribute('href');
    assert.match(href ?? '', /^\/uploads\/gallery-[0-9a-f-]+\.jpg$/);
    assert.deepEqual(await order(user.providerIds[0]!), ['office.png', 'garden.png']);
  });

  it('the cropper: a square frame inside the picture, moved by dragging and the keyboard, resized; the upload is a 400×400 square', async () => {
    const user = await createProviderUser(ctx().db, { paid: true, providers: [{ status: 'active' }] });
    const page = await session.newPage();
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, user.userId);
    await page.goto('/profile/photos-video');
    await page.locator('[data-island="PhotoCropper"][data-hydrated="true"]').waitFor();
    // A wide colourful picture (600 × 300, over 100 KB).
    await page
      .getByLabel('Upload a new profile photo')
      .setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: await colourfulPng(600, 300) });
    const frame = page.locator('.photo-cropper__frame');
    await frame.waitFor();
    const picture = (await page.locator('.photo-cropper__picture img').boundingBox())!;
    const square = async () => {
      const box = (await frame.boundingBox())!;
      assert.ok(Math.abs(box.width - box.height) <= 1.5, `the frame is square (${box.width} × ${box.height})`);
      assert.ok(
        box.x >= picture.x - 1 &&
          box.y >= picture.y - 1 &&
          box.x + box.width <= picture.x + picture.width + 1 &&
          box.y + box.height <= picture.y + picture.height + 1,
        'inside the picture',
      );
      return box;
    };
    let box = await square();
    // The shade covers the picture only: the page's header is still what is there.
    assert.equal(
      await page.evaluate(() => document.elementFromPoint(10, 10)?.closest('.photo-cropper') === null),
      true,
    );

    // Resize (the slider's step by the keyboard), then drag to the left edge, then one step right by the keyboard.
    await frame.focus();
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    assert.equal(await page.locator('input[name="crop_size"]').inputValue(), '0.9000');
    box = await square();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x - 200, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    assert.equal(await page.locator('input[name="crop_x"]').inputValue(), '0.0000', 'dragged to the left edge');
    await frame.focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.locator('input[name="crop_x"]').inputValue(), '0.0200');
    await square();
    await expectAccessible(page);

    await submit(page, page.getByRole('button', { name: 'Upload profile photo' }));
    const { image_key: key } = (await ctx().db('providers').where({ id: user.providerIds[0] }).first('image_key'))!;
    const stored = await ctx().integrations.storage.get(key!);
    const meta = await sharp(stored!.body).metadata();
    assert.deepEqual([meta.width, meta.height], [400, 400]);
  });
});
