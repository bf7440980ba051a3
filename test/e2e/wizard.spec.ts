// The onboarding wizard in Chromium, as a new provider would walk it (issue 4, items 3 and 4):
// Locations → About You → Your Practice (+ insurance) with JavaScript off, then Photos (a grayscale
// photo refused, a colourful one cropped with the island) → Go Live, and the status banner after it.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ctx } from '../support/context';
import { expectAccessible, useBrowser, submit, signInThroughForm } from '../support/browser';
import { colourfulPng, grayscaleJpeg, wizardUser } from '../http/onboarding-helpers';

async function expectPath(page: Page, path: string | RegExp): Promise<void> {
  await page.waitForURL((url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname + url.search)), { timeout: 60_000 });
}

describe('browser: the onboarding wizard to Go Live', function () {
  this.timeout(300_000); // many pages, each checked by axe; slow under a loaded machine
  const session = useBrowser();

  it('a new individual walks Locations, About You, Your Practice, Photos and Go Live', async () => {
    const user = await wizardUser(ctx().db, { paid: true });
    const id = user.providerId;

    // Steps 2–4 without JavaScript: plain forms and GET filters.
    const plain = await session.newPage({ javaScript: false });
    plain.setDefaultTimeout(60_000);
    await signInThroughForm(plain, user.email);
    await expectPath(plain, `/profiles/create/${id}`); // / sends the new-wizard profile to its first step
    await plain.getByRole('heading', { name: "Complete Robin Hale's profile" }).waitFor();
    await expectAccessible(plain);
    await submit(plain, plain.getByRole('button', { name: 'Save and continue' }));
    await plain.getByText('Please select at least one state').waitFor();
    await plain.getByText('Address is required.').waitFor();
    await expectAccessible(plain);
    await plain.getByLabel('States where you offer online sessions').selectOption(['CA', 'OR']);
    await plain.getByLabel("I don't have a physical office").check();
    await submit(plain, plain.getByRole('button', { name: 'Save and continue' }));
    await expectPath(plain, `/profiles/about-you-for/${id}`);
    await expectAccessible(plain);

    await plain.getByLabel('Psychologist', { exact: true }).check();
    await plain.getByLabel('English', { exact: true }).check();
    await plain.getByLabel('PhD', { exact: true }).check();
    await submit(plain, plain.getByRole('button', { name: 'Save and continue' }));
    await expectPath(plain, `/profiles/your-practice-for/${id}`);
    await expectAccessible(plain);

    await plain.getByLabel('Adults (25 to 64)').check();
    await plain.locator('#languages-fieldset').getByLabel('English', { exact: true }).check();
    await plain.getByLabel('Anxiety', { exact: true }).check();
    await plain.getByLabel('Depression', { exact: true }).check();
    await submit(plain, plain.getByRole('button', { name: 'Save and continue' }));
    await plain.getByText('You must have at least 3 selection(s).').waitFor();
    await plain.getByText('Fee and length required').first().waitFor();
    await expectAccessible(plain);
    await plain.getByLabel('Grief and Loss', { exact: true }).check();
    await plain.locator('#approaches-fieldset input[type=checkbox]').first().check();
    await plain.getByLabel('Fee (dollars)').fill('160');
    await plain.getByLabel('Length (minutes)').fill('50');
    await plain.getByLabel('Yes, I take insurance').check();
    await submit(plain, plain.getByRole('button', { name: 'Save and continue' }));
    await expectPath(plain, `/profiles/your-practice-for/${id}/insurance`);
    await expectAccessible(plain);
    await plain.getByLabel('Filter insurances').fill('aet');
    await submit(plain, plain.getByRole('button', { name: 'Filter' }));
    await expectPath(plain, /insurance\?q=aet$/);
    assert.equal(await plain.locator('#insurances-fieldset input[type=checkbox]').count(), 1);
    await plain.getByLabel('Aetna').check();
    await submit(plain, plain.getByRole('button', { name: 'Save + Next' }));
    await plain.getByText('Please confirm that you are in-network with the insurances you selected.').waitFor();
    await expectAccessible(plain);
    await plain.getByLabel('I confirm that I am in-network with the insurances I selected.').check();
    await submit(plain, plain.getByRole('button', { name: 'Save + Next' }));
    await expectPath(plain, `/profiles/photos-for/${id}`);
    await expectAccessible(plain);

    // Photos and Go Live with JavaScript: the cropper island.
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await signInThroughForm(page, user.email);
    await expectPath(page, `/profiles/photos-for/${id}`);
    await page.locator('[data-island="PhotoCropper"][data-hydrated="true"]').waitFor();
    await expectAccessible(page);
    await page.getByLabel('Headshot').setInputFiles({ name: 'gray.jpg', mimeType: 'image/jpeg', buffer: await grayscaleJpeg() });
    await page.locator('.photo-cropper__frame').waitFor();
    await submit(page, page.getByRole('button', { name: 'Upload and continue' }));
    await page.getByText(/black-and-white or grayscale/).waitFor();
    await expectAccessible(page);
    await page.locator('[data-island="PhotoCropper"][data-hydrated="true"]').waitFor();
    await page.getByLabel('Headshot').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await colourfulPng(400, 300) });
    await page.locator('.photo-cropper__frame').waitFor();
    await page.locator('.photo-cropper__frame').focus();
    await page.keyboard.press('ArrowLeft');
    await submit(page, page.getByRole('button', { name: 'Upload and continue' }));
    await expectPath(page, `/profiles/go-live-for/${id}`);
    assert.equal((await ctx().db('providers').where({ id }).first()).status, 'reviewing');
    await expectAccessible(page);

    await submit(page, page.getByRole('button', { name: 'Go Live' }));
    await page.getByText('Gotta be ready!').waitFor();
    await page.getByLabel("I'm ready to go live").check();
    await submit(page, page.getByRole('button', { name: 'Go Live' }));
    await page.locator('main').getByText(/within 24 business hours/).first().waitFor();
    await expectAccessible(page);
    assert.equal((await ctx().db('providers').where({ id }).first()).status, 'pending');

    // Back on the dashboard: the pending banner.
    await page.goto('/');
    await page.getByRole('region', { name: 'Profile status' }).getByText(/being reviewed/).waitFor();
    await expectAccessible(page);
  });
});
