// /profile/photos-video (spec 2 §2 Profile pages and Photo gallery, §3 Image, §4 Video status and Photo
// edits by support, §5 Photos, §8, §9): one describe per rule, the messages as the page shows them.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import sharp from 'sharp';
import type { Storage } from '../../server/integrations/storage/port';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, signIn, tokenFor, type Agent } from '../support/http';
import { colourfulPng, grayRgbPng, grayscaleJpeg, notAnImage, smallPng } from './onboarding-helpers';

const PAGE = '/profile/photos-video';
type Upload = { name: string; body: Buffer };

async function signedIn(options: { type?: 'individual' | 'practice'; status?: 'active' | 'inactive' | 'incomplete' } = {}) {
  const user = await createProviderUser(ctx().db, {
    paid: true, providers: [{ type: options.type ?? 'individual', status: options.status ?? 'active', firstName: 'Robin', lastName: 'Hale', companyName: options.type === 'practice' ? 'Hale Practice' : undefined }],
  });
  const client = agent();
  await signIn(client, user.email);
  return { client, id: user.providerIds[0]!, user };
}

async function uploadTo(client: Agent, path: string, field: string, files: Upload[], fields: Record<string, string> = {}) {
  const _csrf = await tokenFor(client, PAGE);
  let request = client.post(path).field('_csrf', _csrf);
  for (const [key, value] of Object.entries(fields)) request = request.field(key, value);
  for (const file of files) request = request.attach(field, file.body, file.name);
  return request;
}
const uploadGallery = (client: Agent, files: Upload[]) => uploadTo(client, `${PAGE}/gallery`, 'photos', files);

async function post(client: Agent, path: string, values: Record<string, string> = {}) {
  const _csrf = await tokenFor(client, PAGE);
  return client.post(path).type('form').send({ _csrf, ...values });
}

async function count(table: string, where: Record<string, unknown> = {}): Promise<number> {
  const row = await ctx().db(table).where(where).count<{ count: number }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}

const photos = (id: number, kind = 'gallery') => ctx().db('images').where({ provider_id: id, kind }).orderBy('sort_order').select('id', 'storage_key', 'sort_order', 'filename');
const good = async (name = 'photo.png'): Promise<Upload> => ({ name, body: await colourfulPng() });

describe('photos & video: the page (spec 2 §2 Profile pages)', () => {
  it('signed-out visitors go to /login', async () => {
    const response = await agent().get(PAGE).expect(303);
    assert.equal(response.headers.location, '/login');
  });

  it('shows the profile photo, gallery, video and photo-edit sections with links to the shoot and contact pages; no practice section for individuals', async () => {
    const { client } = await signedIn();
    const html = (await client.get(PAGE).expect(200)).text;
    assert.match(html, /<title>Photos &amp; Video \|/);
    const text = mainTextOf(html);
    for (const heading of ['Profile photo', 'Gallery photos', 'Video introduction', 'Photo edits by our team']) assert.match(text, new RegExp(heading));
    assert.doesNotMatch(text, /Practice photos/);
    assert.match(html, /href="\/benefits\/photo-videoshoot"/);
    assert.match(html, /href="\/contact"/);
    assert.match(text, /We suggest 4 to 8 photos\./);
    assert.match(text, /Up to 15 at a time; each at least 100 KB and in color\./);
    assert.match(text, /You do not have a profile photo yet\./);
  });
});
