// The onboarding wizard in Chromium (issue 4, items 3 and 4): Photos with JavaScript (a grayscale photo
// refused, a colourful one cropped with the island) → Go Live, and the status banner after it. The steps
// before Photos are plain form round trips: test/http/wizard-no-script.test.ts walks them without
// JavaScript (axe on each page), and here they are only posted to reach Photos.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ctx } from '../support/context';
import { expectAccessible, useBrowser, submit, signInAs } from '../support/browser';
import { agent, postForm, signIn, type FormValues } from '../support/http';
import { colourfulPng, grayscaleJpeg, tagIds, wizardUser } from '../http/onboarding-helpers';

async function expectPath(page: Page, path: string | RegExp): Promise<void> {
  await page.waitForURL(
    (url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname + url.search)),
    { timeout: 60_000 },
  );
}

/** Locations, About You, Your Practice and its insurance, posted as the forms send them. */
async function walkToPhotos(email: string, id: number): Promise<void> {
  const client = agent();
  await signIn(client, email);
  const db = ctx().db;
  const steps: [string, FormValues][] = [
    [`/profiles/create/${id}`, { states: ['CA', 'OR'], no_physical_location: '1' }],
    [
      `/profiles/about-you-for/${id}`,
      {
        professions: await tagIds(db, 'professions', ['Psychologist']),
        languages: await tagIds(db, 'languages', ['English']),
        degrees: await tagIds(db, 'degrees', ['PhD']),
      },
    ],
    [
      `/profiles/your-practice-for/${id}`,
      {
        clientele: await tagIds(db, 'clientele', ['Adults (25 to 64)']),
        languages: await tagIds(db, 'languages', ['English']),
        specialties: await tagIds(db, 'specialties', ['Anxiety', 'Depression', 'Grief and Loss']),
        approaches: (await db('tags').where({ type: 'approaches' }).orderBy('name').first('id'))!.id,
        session_fee_ongoing: '160',
        session_length_ongoing: '50',
        takes_insurance: 'yes',
      },
    ],
    [
      `/profiles/your-practice-for/${id}/insurance`,
      { insurances: await tagIds(db, 'insurances', ['Aetna']), confirm_in_network: '1' },
    ],
  ];
  for (const [path, values] of steps) {
    const response = await postForm(client, path, path, values);
    assert.equal(response.status, 303, `${path}: ${response.status}`);
  }
}

describe('browser: the onboarding wizard to Go Live', function () {
  this.timeout(300_000); // many pages, each checked by axe; slow under a loaded machine
  const session = useBrowser();

  it('a new individual, past Your Practice, crops a photo with the island and goes live', async () => {
    const user = await wizardUser(ctx().db, { paid: true });
    const id = user.providerId;
    await walkToPhotos(user.email, id);

    // Photos and Go Live with JavaScript: the cropper island.
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.goto('/');
    await expectPath(page, `/profiles/photos-for/${id}`);
    await page.locator('[data-island="PhotoCropper"][data-hydrated="true"]').waitFor();
    await expectAccessible(page);
    await page
      .getByLabel('Headshot')
      .setInputFiles({ name: 'gray.jpg', mimeType: 'image/jpeg', buffer: await grayscaleJpeg() });
    await page.locator('.photo-cropper__frame').waitFor();
    await submit(page, page.getByRole('button', { name: 'Upload and continue' }));
    await page.getByText(/black-and-white or grayscale/).waitFor();
    await expectAccessible(page);
    await page.locator('[data-island="PhotoCropper"][data-hydrated="true"]').waitFor();
    await page
      .getByLabel('Headshot')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await colourfulPng(400, 300) });
    await page.locator('.photo-cropper__frame').waitFor();
    await page.locator('.photo-cropper__frame').focus();
    await page.keyboard.press('ArrowLeft');
    await submit(page, page.getByRole('button', { name: 'Upload and continue' }));
    await expectPath(page, `/profiles/go-live-for/${id}`);
    assert.equal((await ctx().db('providers').where({ id }).first())!.status, 'reviewing');
    await expectAccessible(page);

    await submit(page, page.getByRole('button', { name: 'Go live' }));
    await page.locator('.field-error', { hasText: 'Gotta be ready!' }).waitFor();
    await page.getByLabel("I'm ready to go live").check();
    await submit(page, page.getByRole('button', { name: 'Go live' }));
    await page
      .locator('main')
      .getByText(/within 24 business hours/)
      .first()
      .waitFor();
    await expectAccessible(page);
    assert.equal((await ctx().db('providers').where({ id }).first())!.status, 'pending');

    // Back on the dashboard: the pending banner.
    await page.goto('/');
    await page
      .getByRole('region', { name: 'Profile status' })
      .getByText(/being reviewed/)
      .waitFor();
    await expectAccessible(page);
  });
});
