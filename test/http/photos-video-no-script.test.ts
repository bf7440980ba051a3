// Photos & Video's gallery as a provider with JavaScript off manages it (spec 2 §2 Photo gallery): reorder with
// the Move buttons, delete through the confirmation page; axe-core on each page answered. Uploading without
// JavaScript, and each thumbnail being a link to the picture, stay a browser flow (test/e2e/photos-video.spec.ts).
import assert from 'node:assert/strict';
import { expectAccessibleHtml } from '../support/accessible-html';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, signIn } from '../support/http';
import { open, redirected, rerendered } from '../support/served-form';
import { colourfulPng } from './onboarding-helpers';

const PAGE = '/profile/photos-video';

const order = async (providerId: number) =>
  (
    await ctx()
      .db('images')
      .where({ provider_id: providerId, kind: 'gallery' })
      .orderBy('sort_order')
      .select('filename')
  ).map((r) => r.filename);

describe('photos & video without JavaScript: reordering and deleting gallery photos', () => {
  it('"Your photos have been reordered."; the delete asks on a page of its own, then "Your photo has been deleted."', async () => {
    const user = await createProviderUser(ctx().db, {
      paid: true,
      providers: [{ type: 'individual', status: 'active', firstName: 'Robin', lastName: 'Hale' }],
    });
    const providerId = user.providerIds[0]!;
    const client = agent();
    await signIn(client, user.email);
    const page = await open(client, PAGE);
    page.attach('Add photos', [
      { name: 'office.png', type: 'image/png', body: await colourfulPng() },
      { name: 'garden.png', type: 'image/png', body: await colourfulPng() },
    ]);
    const uploaded = redirected(await page.submit(client, 'Upload photos'), PAGE);
    assert.match(uploaded.text, /Your 2 photos have been uploaded\./);

    const reordered = redirected(await uploaded.submit(client, 'Move down Gallery photo 1'), PAGE);
    assert.match(reordered.text, /Your photos have been reordered\./);
    assert.deepEqual(await order(providerId), ['garden.png', 'office.png']);
    await expectAccessibleHtml(reordered.html, 'Photos & Video after reordering');

    const question = rerendered(await reordered.submit(client, 'Delete Gallery photo 1'), 200); // the confirmation page
    assert.ok(
      [...question.document.querySelectorAll('h1, h2')].some(
        (h) => h.textContent?.trim() === 'Are you sure you want to delete this photo?',
      ),
    );
    await expectAccessibleHtml(question.html, 'the photo delete confirmation');
    assert.deepEqual(await order(providerId), ['garden.png', 'office.png'], 'nothing deleted before confirming');

    const deleted = redirected(await question.submit(client, 'Delete photo'), PAGE);
    assert.match(deleted.text, /Your photo has been deleted\./);
    await expectAccessibleHtml(deleted.html, 'Photos & Video after deleting a photo');
    assert.deepEqual(await order(providerId), ['office.png']);
  });
});
