// /profile/photos-video (spec 2 §2 Profile pages and Photo gallery, §3 Image, §4 Video status and Photo
// edits by support, §5 Photos, §8, §9): one describe per rule, the messages as the page shows them.
import { jsonObject } from '../support/json';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, signIn, tokenFor, type Agent } from '../support/http';
import { drainJobs } from '../support/jobs';
import { colourfulPng, grayRgbPng, grayscaleJpeg, notAnImage, smallPng } from './onboarding-helpers';

const PAGE = '/profile/photos-video';
type Upload = { name: string; body: Buffer };

async function signedIn(
  options: { type?: 'individual' | 'practice'; status?: 'active' | 'inactive' | 'incomplete' } = {},
) {
  const user = await createProviderUser(ctx().db, {
    paid: true,
    providers: [
      {
        type: options.type ?? 'individual',
        status: options.status ?? 'active',
        firstName: 'Robin',
        lastName: 'Hale',
        companyName: options.type === 'practice' ? 'Hale Practice' : undefined,
      },
    ],
  });
  const client = agent();
  await signIn(client, user.email);
  return { client, id: user.providerIds[0]!, user };
}

async function uploadTo(
  client: Agent,
  path: string,
  field: string,
  files: Upload[],
  fields: Record<string, string> = {},
) {
  const _csrf = await tokenFor(client, PAGE);
  let request = client.post(path).field('_csrf', _csrf);
  for (const [key, value] of Object.entries(fields)) request = request.field(key, value);
  for (const file of files) request = request.attach(field, file.body, file.name);
  return request;
}
/** The upload was accepted (303), else the page's message is shown. */
async function succeeds(request: Promise<{ status: number; text: string }>) {
  const response = await request;
  assert.equal(response.status, 303, mainTextOf(response.text).slice(-600));
}
const uploadGallery = (client: Agent, files: Upload[]) => uploadTo(client, `${PAGE}/gallery`, 'photos', files);

async function post(client: Agent, path: string, values: Record<string, string> = {}) {
  const _csrf = await tokenFor(client, PAGE);
  return client
    .post(path)
    .type('form')
    .send({ _csrf, ...values });
}

async function count(table: string, where: Record<string, unknown> = {}): Promise<number> {
  const row = await ctx().db(table).where(where).count<{ count: number }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}

const photos = (id: number, kind = 'gallery') =>
  ctx()
    .db('images')
    .where({ provider_id: id, kind })
    .orderBy('sort_order')
    .select('id', 'storage_key', 'sort_order', 'filename');
/** A large colourful picture: gradients (stay colourful when shrunk, unlike pure noise) plus noise (for the size). */
async function colourfulLarge(width: number, height: number): Promise<Buffer> {
  const noise = crypto.randomBytes(width * height);
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      raw[i * 3] = Math.floor((x / width) * 255);
      raw[i * 3 + 1] = Math.floor((y / height) * 120);
      raw[i * 3 + 2] = 200 + (noise[i]! % 55);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
const good = async (name = 'photo.png'): Promise<Upload> => ({ name, body: await colourfulPng() });

describe('photos & video: the page (spec 2 §2 Profile pages)', () => {
  it('signed-out visitors go to /login', async () => {
    const response = await agent().get(PAGE).expect(303);
    assert.equal(response.headers.location, `/login?next=${encodeURIComponent(PAGE)}`);
  });

  it('shows the profile photo, gallery, video and photo-edit sections with links to the shoot and contact pages; no practice section for individuals', async () => {
    const { client } = await signedIn();
    const html = (await client.get(PAGE).expect(200)).text;
    assert.match(html, /<title>Photos &amp; Video \|/);
    const text = mainTextOf(html);
    for (const heading of ['Profile photo', 'Gallery photos', 'Video introduction', 'Photo edits by our team'])
      assert.match(text, new RegExp(heading));
    assert.doesNotMatch(text, /Practice photos/);
    assert.match(html, /href="\/benefits\/photo-videoshoot"/);
    assert.match(html, /href="\/contact"/);
    assert.match(text, /We suggest 4 to 8 photos\./);
    assert.match(text, /Up to 15 at a time; each at least 100 KB and in color\./);
    assert.match(text, /You do not have a profile photo yet\./);
  });
});

describe('photos & video: gallery upload (spec 2 §5 Photos, §9: up to 15 at once, each ≥ 100 KB, not grayscale)', () => {
  it('uploads several photos at once, in order, re-encoded as JPEG without metadata, with a thumbnail; both are served', async () => {
    const { client, id } = await signedIn();
    const tagged = await sharp(await colourfulLarge(2400, 1200))
      .jpeg({ quality: 95 })
      .withExif({
        IFD0: { Artist: 'Secret Camera Owner' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 44/1 0/1' },
      })
      .toBuffer();
    assert.ok((await sharp(tagged).metadata()).exif, 'the upload carries EXIF');
    const response = await uploadGallery(client, [{ name: 'office.jpg', body: tagged }, await good('garden.png')]);
    assert.equal(response.status, 303, mainTextOf(response.text).slice(-600));
    assert.equal(response.headers.location, `${PAGE}#gallery`);
    const rows = await photos(id);
    assert.deepEqual(
      rows.map((r) => [r.filename, r.sort_order]),
      [
        ['office.jpg', 0],
        ['garden.png', 1],
      ],
    );
    const full = await agent().get(`/uploads/${rows[0].storage_key}`).buffer(true).expect(200);
    assert.equal(full.headers['content-type'], 'image/jpeg');
    const meta = await sharp(full.body).metadata();
    assert.deepEqual(
      [meta.format, meta.width, meta.height],
      ['jpeg', 1600, 800],
      'at most 1600 px on the longest side',
    );
    assert.equal(meta.exif, undefined, 'EXIF and GPS are gone');
    const thumb = await agent()
      .get(`/uploads/${rows[0].storage_key.replace('.jpg', '-thumb.jpg')}`)
      .buffer(true)
      .expect(200);
    const thumbMeta = await sharp(thumb.body).metadata();
    assert.deepEqual([thumbMeta.width, thumbMeta.height], [320, 320]);
    const page = await client.get(PAGE);
    assert.match(mainTextOf(page.text), /Your 2 photos have been uploaded\./);
    assert.match(mainTextOf(page.text), /You have 2 photos\./);
    // Each thumbnail links to the full picture (the lightbox's fallback).
    assert.match(
      page.text,
      new RegExp(
        `<a href="/uploads/${rows[0].storage_key}"[^>]*><img src="/uploads/${rows[0].storage_key.replace('.jpg', '-thumb.jpg')}"`,
      ),
    );
  });

  it('one photo: "Your photo has been uploaded."; later uploads go after the existing ones', async () => {
    const { client, id } = await signedIn();
    await succeeds(uploadGallery(client, [await good('one.png')]));
    assert.match(mainTextOf((await client.get(PAGE)).text), /Your photo has been uploaded\./);
    await succeeds(uploadGallery(client, [await good('two.png')]));
    assert.deepEqual(
      (await photos(id)).map((r) => [r.filename, r.sort_order]),
      [
        ['one.png', 0],
        ['two.png', 1],
      ],
    );
  });

  const rejections: [string, () => Promise<Upload>, RegExp][] = [
    [
      'too small',
      async () => ({ name: 'tiny.png', body: await smallPng() }),
      /tiny\.png: Please select a higher quality photo \(at least 100kb\)/,
    ],
    [
      'grayscale (one channel)',
      async () => ({ name: 'gray.jpg', body: await grayscaleJpeg() }),
      /gray\.jpg: This photo looks black-and-white or grayscale\. Please upload a more colorful picture\./,
    ],
    [
      'grayscale (gray RGB)',
      async () => ({ name: 'gray.png', body: await grayRgbPng() }),
      /gray\.png: This photo looks black-and-white or grayscale\./,
    ],
    [
      'not an image but named .jpg',
      async () => ({ name: 'notes.jpg', body: notAnImage() }),
      /notes\.jpg: Please upload an image file \(JPEG, PNG, WebP, GIF, AVIF or TIFF\)\./,
    ],
    [
      'too many pixels (a decompression bomb)',
      async () => ({
        name: 'bomb.png',
        body: await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#3a7' } })
          .png()
          .toBuffer(),
      }),
      /bomb\.png: This image has too many pixels \(more than 40 megapixels\)\. Please upload a smaller image\./,
    ],
  ];
  for (const [what, make, message] of rejections) {
    it(`refuses a file that is ${what}, with its name, and saves nothing of the batch`, async () => {
      const { client, id } = await signedIn();
      const response = await uploadGallery(client, [await good('fine.png'), await make()]);
      assert.equal(response.status, 422);
      const text = mainTextOf(response.text);
      assert.match(text, message);
      assert.match(text, /Nothing was uploaded\. Please choose your photos again without the ones listed\./);
      assert.doesNotMatch(text, /fine\.png:/, 'a good file is not listed');
      assert.equal((await photos(id)).length, 0);
    });
  }

  it('more than 15 files: "You can upload up to 15 photos at a time."', async () => {
    const { client, id } = await signedIn();
    const body = await colourfulPng();
    const response = await uploadGallery(
      client,
      Array.from({ length: 16 }, (_, i) => ({ name: `p${i}.png`, body })),
    );
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /You can upload up to 15 photos at a time\./);
    assert.equal((await photos(id)).length, 0);
  });

  it('exactly 15 files are fine', async () => {
    const { client, id } = await signedIn();
    const body = await colourfulPng(240, 160);
    const files = Array.from({ length: 15 }, (_, i) => ({ name: `p${i}.png`, body }));
    assert.ok(body.length >= 100 * 1024);
    await succeeds(uploadGallery(client, files));
    assert.equal((await photos(id)).length, 15);
  });

  it('a file over 15 MB: "Each photo must be smaller than 15 MB."', async () => {
    const { client } = await signedIn();
    const response = await uploadGallery(client, [
      { name: 'huge.png', body: Buffer.concat([await colourfulPng(), crypto.randomBytes(15 * 1024 * 1024)]) },
    ]);
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /Each photo must be smaller than 15 MB\./);
  });

  it('no file chosen: "Please choose at least one photo to upload."', async () => {
    const { client } = await signedIn();
    const response = await uploadGallery(client, []);
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /Please choose at least one photo to upload\./);
  });

  it('needs the CSRF token like every form', async () => {
    const { client, id } = await signedIn();
    await client.get(PAGE);
    await client
      .post(`${PAGE}/gallery`)
      .attach('photos', await colourfulPng(), 'a.png')
      .expect(403);
    await client
      .post(`${PAGE}/gallery`)
      .field('_csrf', 'wrong')
      .attach('photos', await colourfulPng(), 'a.png')
      .expect(403);
    assert.equal((await photos(id)).length, 0);
  });

  it('a storage failure: "There was an error updating your profile." and nothing recorded or left behind', async () => {
    const { client, id } = await signedIn();
    const storage = ctx().integrations.storage;
    const { put, delete: remove } = storage;
    const removed: string[] = [];
    let puts = 0;
    storage.put = async (...args) => {
      puts += 1;
      if (puts > 2) throw new Error('disk full');
      return put.apply(storage, args);
    };
    storage.delete = async (key) => {
      removed.push(key);
      return remove.call(storage, key);
    };
    try {
      const response = await uploadGallery(client, [await good('a.png'), await good('b.png')]);
      assert.equal(response.status, 500);
      assert.match(mainTextOf(response.text), /There was an error updating your profile\./);
    } finally {
      storage.put = put;
      storage.delete = remove;
    }
    assert.equal((await photos(id)).length, 0);
    assert.ok(
      removed.some((key) => /^gallery-.*\.jpg$/.test(key)),
      'the photo stored before the failure is removed again',
    );
  });
});

describe('photos & video: a large batch is rendered by a job (over 24 MP in all)', () => {
  let large: Upload[];
  before(async function () {
    this.timeout(60_000);
    const picture = await sharp(await colourfulLarge(4000, 3200))
      .jpeg({ quality: 90 })
      .toBuffer();
    large = [
      { name: 'first.jpg', body: picture },
      { name: 'second.jpg', body: picture },
    ];
  });

  it('answers at once with "being prepared"; the job renders both, then the page shows them and the originals are gone', async () => {
    const { client, id } = await signedIn();
    const response = await uploadGallery(client, large);
    assert.equal(response.status, 303, mainTextOf(response.text).slice(-400));
    const waiting = await ctx().db('images').where({ provider_id: id, kind: 'gallery' }).orderBy('sort_order');
    assert.equal(waiting.length, 2);
    assert.ok(
      waiting.every((row) => row.source_key && row.width === null),
      'recorded as waiting, with the original kept',
    );
    const page = mainTextOf((await client.get(PAGE).expect(200)).text);
    assert.match(
      page,
      /Your 2 photos have been uploaded\. They are being prepared and appear here in a minute or so\./,
    );
    assert.match(page, /2 photos are being prepared\. Reload this page in a minute to see them\./);
    assert.doesNotMatch(page, /You have 2 photos/);
    // Not served before the job has made it, and never the original.
    await client.get(`/uploads/${waiting[0].storage_key}`).expect(404);
    await client.get(`/uploads/${waiting[0].source_key}`).expect(404);

    assert.ok((await drainJobs()) >= 2);
    const rendered = await ctx().db('images').where({ provider_id: id, kind: 'gallery' }).orderBy('sort_order');
    assert.deepEqual(
      rendered.map((row) => row.source_key),
      [null, null],
    );
    assert.deepEqual(
      rendered.map((row) => [row.width, row.height]),
      [
        [1600, 1280],
        [1600, 1280],
      ],
    );
    assert.deepEqual(
      rendered.map((row) => row.filename),
      ['first.jpg', 'second.jpg'],
    );
    const storage = ctx().integrations.storage;
    assert.equal(await storage.get(waiting[0].source_key!), null, 'the original is deleted once rendered');
    const after = mainTextOf((await client.get(PAGE).expect(200)).text);
    assert.match(after, /You have 2 photos\./);
    assert.doesNotMatch(after, /being prepared/);
    const served = await client.get(`/uploads/${rendered[0].storage_key}`).expect(200);
    assert.equal(served.headers['content-type'], 'image/jpeg');
  });

  it('a photo deleted while it waits leaves nothing behind, and its job then does nothing', async () => {
    const { client, id } = await signedIn();
    await succeeds(uploadGallery(client, large));
    const [first] = await photos(id);
    const { source_key: sourceKey } = (await ctx().db('images').where({ id: first.id }).first('source_key'))!;
    await client
      .post(`${PAGE}/photos/${first.id}/deletion`)
      .type('form')
      .send({ _csrf: await tokenFor(client, PAGE), confirmed: '1' })
      .expect(303);
    const storage = ctx().integrations.storage;
    assert.equal(await storage.get(sourceKey!), null);
    await drainJobs();
    assert.equal((await photos(id)).length, 1);
    assert.equal(await storage.get(first.storage_key), null, 'no rendition is stored for the deleted photo');
  });

  it('the batch is parsed to temporary files, which are gone when the answer is sent (accepted or refused)', async () => {
    const { client } = await signedIn();
    const directory = path.join(os.tmpdir(), `portal-uploads-${process.pid}`);
    const leftovers = async () => {
      for (let i = 0; i < 50 && fs.existsSync(directory) && fs.readdirSync(directory).length > 0; i += 1)
        await new Promise((r) => setTimeout(r, 20));
      return fs.existsSync(directory) ? fs.readdirSync(directory) : [];
    };
    // While the post runs, both pictures wait on disk (seen from the storage's first put).
    const storage = ctx().integrations.storage;
    const { put } = storage;
    let duringRequest = -1;
    storage.put = async (...args) => {
      if (duringRequest < 0) duringRequest = fs.readdirSync(directory).length;
      return put.apply(storage, args);
    };
    try {
      await succeeds(uploadGallery(client, large));
    } finally {
      storage.put = put;
    }
    assert.equal(duringRequest, 2);
    assert.deepEqual(await leftovers(), []);
    const refused = await uploadGallery(client, [...large, { name: 'tiny.png', body: await smallPng() }]);
    assert.equal(refused.status, 422);
    assert.deepEqual(await leftovers(), []);
  });

  it('a waiting photo cannot be made the profile photo yet', async () => {
    const { client, id } = await signedIn();
    await succeeds(uploadGallery(client, large));
    const [first] = await photos(id);
    const response = await post(client, `${PAGE}/profile-photo/choice`, { image_id: String(first.id) });
    assert.equal(response.status, 422);
    assert.match(
      mainTextOf(response.text),
      /That photo is still being prepared\. Please choose it again in a minute\./,
    );
  });

  it('a failing render is retried by the queue: the photo stays waiting with its original', async () => {
    const { client, id } = await signedIn();
    await succeeds(uploadGallery(client, large));
    const storage = ctx().integrations.storage;
    const { put } = storage;
    storage.put = async () => {
      throw new Error('disk full');
    };
    try {
      await drainJobs();
    } finally {
      storage.put = put;
    }
    const rows = await ctx().db('images').where({ provider_id: id, kind: 'gallery' });
    assert.ok(
      rows.every((row) => row.source_key),
      'still waiting',
    );
    assert.ok(await storage.get(rows[0].source_key!), 'the original is kept for the retry');
  });
});

describe('photos & video: practice photos (practices only)', () => {
  it('a practice has a Practice photos section; its uploads are practice photos', async () => {
    const { client, id } = await signedIn({ type: 'practice' });
    assert.match(mainTextOf((await client.get(PAGE)).text), /Practice photos/);
    await succeeds(uploadTo(client, `${PAGE}/practice-photos`, 'practice_photos', [await good('office.png')]));
    assert.equal((await photos(id, 'practice')).length, 1);
    assert.equal((await photos(id, 'gallery')).length, 0);
    const rejected = await uploadTo(client, `${PAGE}/practice-photos`, 'practice_photos', [
      { name: 'tiny.png', body: await smallPng() },
    ]);
    assert.equal(rejected.status, 422);
    assert.match(mainTextOf(rejected.text), /tiny\.png: Please select a higher quality photo \(at least 100kb\)/);
  });

  it('an individual cannot post practice photos (404)', async () => {
    const { client, id } = await signedIn();
    const response = await uploadTo(client, `${PAGE}/practice-photos`, 'practice_photos', [await good()]);
    assert.equal(response.status, 404);
    assert.equal(await count('images', { provider_id: id }), 0);
  });
});

describe('photos & video: reorder and delete', () => {
  async function withThree() {
    const signed = await signedIn();
    await succeeds(uploadGallery(signed.client, [await good('a.png'), await good('b.png'), await good('c.png')]));
    return { ...signed, rows: await photos(signed.id) };
  }

  it('moves a photo up or down (no JavaScript needed); the first cannot go further up', async () => {
    const { client, id, rows } = await withThree();
    const moved = await post(client, `${PAGE}/photos/${rows[2].id}/position`, { direction: 'up' });
    assert.equal(moved.status, 303);
    assert.equal(moved.headers.location, `${PAGE}#gallery`);
    assert.deepEqual(
      (await photos(id)).map((r) => r.filename),
      ['a.png', 'c.png', 'b.png'],
    );
    assert.match(mainTextOf((await client.get(PAGE)).text), /Your photos have been reordered\./);
    await post(client, `${PAGE}/photos/${rows[0].id}/position`, { direction: 'down' }).then((r) =>
      assert.equal(r.status, 303),
    );
    assert.deepEqual(
      (await photos(id)).map((r) => [r.filename, r.sort_order]),
      [
        ['c.png', 0],
        ['a.png', 1],
        ['b.png', 2],
      ],
    );
    await post(client, `${PAGE}/photos/${rows[2].id}/position`, { direction: 'up' });
    assert.deepEqual(
      (await photos(id)).map((r) => r.filename),
      ['c.png', 'a.png', 'b.png'],
      'already first',
    );
    await post(client, `${PAGE}/photos/${rows[0].id}/position`, { direction: 'sideways' }).then((r) =>
      assert.equal(r.status, 400),
    );
  });

  it('delete asks first: without confirmed=1 a confirmation page, with it the photo and its files are gone', async () => {
    const { client, id, rows } = await withThree();
    const asked = await post(client, `${PAGE}/photos/${rows[1].id}/deletion`);
    assert.equal(asked.status, 200);
    assert.match(mainTextOf(asked.text), /Are you sure you want to delete this photo\?/);
    assert.match(asked.text, /name="confirmed" value="1"/);
    assert.equal((await photos(id)).length, 3, 'nothing deleted yet');
    const done = await post(client, `${PAGE}/photos/${rows[1].id}/deletion`, { confirmed: '1' });
    assert.equal(done.status, 303);
    assert.deepEqual(
      (await photos(id)).map((r) => [r.filename, r.sort_order]),
      [
        ['a.png', 0],
        ['c.png', 1],
      ],
    );
    assert.match(mainTextOf((await client.get(PAGE)).text), /Your photo has been deleted\./);
    await agent().get(`/uploads/${rows[1].storage_key}`).expect(404);
    const storage = ctx().integrations.storage;
    assert.equal(await storage.get(rows[1].storage_key), null);
    assert.equal(await storage.get(rows[1].storage_key.replace('.jpg', '-thumb.jpg')), null);
  });

  it("another account's photo id is not found (404) for reorder, delete and the picker; a headshot is not a gallery photo", async () => {
    const mine = await signedIn();
    const other = await withThree();
    const theirs = other.rows[0].id;
    await post(mine.client, `${PAGE}/photos/${theirs}/position`, { direction: 'down' }).then((r) =>
      assert.equal(r.status, 404),
    );
    await post(mine.client, `${PAGE}/photos/${theirs}/deletion`, { confirmed: '1' }).then((r) =>
      assert.equal(r.status, 404),
    );
    await post(mine.client, `${PAGE}/photos/${theirs}/deletion`).then((r) => assert.equal(r.status, 404));
    await post(mine.client, `${PAGE}/profile-photo/choice`, { image_id: String(theirs) }).then((r) =>
      assert.equal(r.status, 404),
    );
    await post(mine.client, `${PAGE}/photos/abc/deletion`, { confirmed: '1' }).then((r) => assert.equal(r.status, 404));
    assert.equal((await photos(other.id)).length, 3);
    // Their headshot is never reachable through these routes either, nor is one's own.
    await succeeds(uploadTo(mine.client, `${PAGE}/profile-photo`, 'headshot', [await good('me.png')]));
    const headshot = await ctx().db('images').where({ provider_id: mine.id, kind: 'headshot' }).first();
    await post(mine.client, `${PAGE}/photos/${headshot!.id}/deletion`, { confirmed: '1' }).then((r) =>
      assert.equal(r.status, 404),
    );
  });
});

describe('photos & video: profile photo (as in the wizard) and the picker', () => {
  it('uploads a headshot with the wizard rules and renditions; it becomes the profile photo', async () => {
    const { client, id } = await signedIn();
    const small = await uploadTo(client, `${PAGE}/profile-photo`, 'headshot', [
      { name: 'small.png', body: await smallPng() },
    ]);
    assert.equal(small.status, 422);
    assert.match(mainTextOf(small.text), /Please select a higher quality photo \(at least 100kb\)/);
    const gray = await uploadTo(client, `${PAGE}/profile-photo`, 'headshot', [
      { name: 'gray.jpg', body: await grayscaleJpeg() },
    ]);
    assert.match(mainTextOf(gray.text), /black-and-white or grayscale/);
    const none = await uploadTo(client, `${PAGE}/profile-photo`, 'headshot', []);
    assert.match(mainTextOf(none.text), /Please upload a headshot\./);
    const two = await uploadTo(client, `${PAGE}/profile-photo`, 'headshot', [await good('a.png'), await good('b.png')]);
    assert.match(mainTextOf(two.text), /Please upload one photo at a time\./);
    const saved = await uploadTo(client, `${PAGE}/profile-photo`, 'headshot', [await good('me.png')], {
      crop_x: '0',
      crop_y: '0',
      crop_size: '0.5',
    });
    assert.equal(saved.status, 303);
    assert.equal(saved.headers.location, `${PAGE}#profile-photo`);
    const provider = await ctx().db('providers').where({ id }).first();
    const response = await agent()
      .get(`/uploads/${provider!.image_key!.replace('.jpg', '-250.jpg')}`)
      .buffer(true)
      .expect(200);
    assert.deepEqual(
      [(await sharp(response.body).metadata()).width, (await sharp(response.body).metadata()).height],
      [250, 250],
    );
    const page = await client.get(PAGE);
    assert.match(mainTextOf(page.text), /Your profile photo has been saved\./);
    assert.match(page.text, /alt="Your current profile photo"/);
  });

  it('a storage failure keeps the wizard wording: "There was an error saving your profile photo."', async () => {
    const { client, id } = await signedIn();
    const storage = ctx().integrations.storage;
    const put = storage.put;
    storage.put = async () => {
      throw new Error('disk full');
    };
    try {
      const response = await uploadTo(client, `${PAGE}/profile-photo`, 'headshot', [await good('me.png')]);
      assert.equal(response.status, 500);
      assert.match(mainTextOf(response.text), /There was an error saving your profile photo\./);
    } finally {
      storage.put = put;
    }
    assert.equal((await ctx().db('providers').where({ id }).first())!.image_key, null);
  });

  it('the picker makes one of the photos the profile photo (a new centred 400x400 headshot)', async () => {
    const { client, id } = await signedIn();
    assert.doesNotMatch(
      (await client.get(PAGE)).text,
      /Choose your profile photo from your photos/,
      'no picker without photos',
    );
    await succeeds(uploadGallery(client, [await good('a.png'), await good('b.png')]));
    assert.match((await client.get(PAGE)).text, /Choose your profile photo from your photos/);
    const [, second] = await photos(id);
    const missing = await post(client, `${PAGE}/profile-photo/choice`);
    assert.equal(missing.status, 422);
    assert.match(mainTextOf(missing.text), /Please choose one of your photos\./);
    const chosen = await post(client, `${PAGE}/profile-photo/choice`, { image_id: String(second.id) });
    assert.equal(chosen.status, 303);
    const provider = await ctx().db('providers').where({ id }).first();
    const headshot = await ctx().db('images').where({ storage_key: provider!.image_key! }).first();
    assert.equal(headshot!.kind, 'headshot');
    assert.equal(headshot!.filename, 'b.png');
    const large = await agent().get(`/uploads/${provider!.image_key}`).buffer(true).expect(200);
    assert.deepEqual(
      [(await sharp(large.body).metadata()).width, (await sharp(large.body).metadata()).height],
      [400, 400],
    );
    assert.match(mainTextOf((await client.get(PAGE)).text), /Your profile photo has been updated\./);
    assert.equal((await photos(id)).length, 2, 'the gallery photo stays');
  });
});

describe('photos & video: video introduction (spec 2 §4 Video status: visible, hidden, no-video)', () => {
  const VIDEOS = [{ url: 'https://vimeo.com/123456', title: 'Meet Robin' }];
  async function withVideo(display: boolean) {
    const signed = await signedIn();
    await ctx()
      .db('providers')
      .where({ id: signed.id })
      .update({
        custom_content: ctx().db.raw('custom_content || ?::jsonb', [
          JSON.stringify({ videos: VIDEOS, display_video_introduction: display }),
        ]),
      });
    return signed;
  }
  const content = async (id: number) => jsonObject((await ctx().db('providers').where({ id }).first())!.custom_content);

  it('shows the status, the videos and the embed help link', async () => {
    const { client } = await withVideo(true);
    const html = (await client.get(PAGE)).text;
    assert.match(html, /id="status-visible"[^>]*checked=""/);
    assert.match(html, /<a href="https:\/\/vimeo.com\/123456">Meet Robin<\/a>/);
    assert.match(html, /href="\/marketing\/video-embedding"/);
  });

  it('visible and hidden switch display_video_introduction', async () => {
    const { client, id } = await withVideo(true);
    const hidden = await post(client, `${PAGE}/video-status`, { status: 'hidden' });
    assert.equal(hidden.status, 303);
    assert.equal(hidden.headers.location, `${PAGE}#video`);
    assert.equal((await content(id)).display_video_introduction, false);
    assert.deepEqual((await content(id)).videos, VIDEOS, 'kept with the hosts');
    assert.match(
      mainTextOf((await client.get(PAGE)).text),
      /Your video introduction is now hidden\. It stays with our video hosts\./,
    );
    await post(client, `${PAGE}/video-status`, { status: 'visible' }).then((r) => assert.equal(r.status, 303));
    assert.equal((await content(id)).display_video_introduction, true);
    assert.match(mainTextOf((await client.get(PAGE)).text), /Your video introduction is now shown on your profile\./);
    await post(client, `${PAGE}/video-status`, { status: 'visible' });
    assert.match(mainTextOf((await client.get(PAGE)).text), /Your video setting has not changed\./);
  });

  it('no-video asks first, then empties the list and files a "photo-video-edit" support request to delete it from the hosts', async () => {
    const { client, id, user } = await withVideo(true);
    const asked = await post(client, `${PAGE}/video-status`, { status: 'no-video' });
    assert.equal(asked.status, 200);
    assert.match(
      mainTextOf(asked.text),
      /Are you sure you want to remove your video introduction\? It will be deleted from the video hosts\./,
    );
    assert.deepEqual((await content(id)).videos, VIDEOS, 'nothing changed yet');
    assert.equal(await count('support_requests'), 0);
    const done = await post(client, `${PAGE}/video-status`, { status: 'no-video', confirmed: '1' });
    assert.equal(done.status, 303);
    assert.deepEqual((await content(id)).videos, []);
    assert.equal((await content(id)).display_video_introduction, false);
    const request = await ctx().db('support_requests').first();
    assert.equal(request!.template, 'photo-video-edit');
    assert.equal(Number(request!.provider_id), id);
    assert.equal(Number(request!.user_id), user.userId);
    assert.deepEqual((request!.locals as Record<string, unknown>).requestedVideoEdits, [
      { action: 'delete-from-hosts', video: VIDEOS[0] },
    ]);
    assert.match(
      mainTextOf((await client.get(PAGE)).text),
      /Your video introduction has been removed\. We have asked our team to delete it from the video hosts\./,
    );
  });

  it('without a video, visible or hidden cannot be chosen: "You do not have a video introduction yet. Book a video shoot to get one."', async () => {
    const { client } = await signedIn();
    const response = await post(client, `${PAGE}/video-status`, { status: 'visible' });
    assert.equal(response.status, 422);
    assert.match(
      mainTextOf(response.text),
      /You do not have a video introduction yet\. Book a video shoot to get one\./,
    );
    const bad = await post(client, `${PAGE}/video-status`, { status: 'sometimes' });
    assert.equal(bad.status, 422);
    assert.match(mainTextOf(bad.text), /Please choose how your video introduction is shown\./);
  });
});

describe('photos & video: photo edits by support (one-time unless the profile is active and not yet used)', () => {
  it('an active profile requests once: a "photo-video-edit" request, photo_edit_used set; then it is used', async () => {
    const { client, id } = await signedIn();
    const empty = await post(client, `${PAGE}/photo-edit-request`, { edits: '  ' });
    assert.equal(empty.status, 422);
    assert.match(mainTextOf(empty.text), /Please describe the edits you would like\./);
    const long = await post(client, `${PAGE}/photo-edit-request`, { edits: `Brighter ${'x'.repeat(2001)}` });
    assert.equal(long.status, 422);
    assert.match(mainTextOf(long.text), /Please keep your message under 2000 characters\./);
    assert.match(long.text, /Brighter x{20}/, 'the typed text is kept');
    const done = await post(client, `${PAGE}/photo-edit-request`, { edits: 'Please brighten the second photo.' });
    assert.equal(done.status, 303);
    assert.equal(done.headers.location, `${PAGE}#photo-edits`);
    const request = await ctx().db('support_requests').where({ provider_id: id }).first();
    assert.equal(request!.template, 'photo-video-edit');
    assert.equal((request!.locals as Record<string, unknown>).edits, 'Please brighten the second photo.');
    assert.equal(jsonObject((await ctx().db('providers').where({ id }).first())!.custom_content).photo_edit_used, true);
    const page = mainTextOf((await client.get(PAGE)).text);
    assert.match(page, /Support request submitted, we'll contact you shortly!/);
    assert.match(page, /You have already used your one-time photo edit\. Please contact us for further changes\./);
    const again = await post(client, `${PAGE}/photo-edit-request`, { edits: 'Once more please.' });
    assert.equal(again.status, 422);
    assert.match(mainTextOf(again.text), /You have already used your one-time photo edit\./);
    assert.equal(await count('support_requests', { provider_id: id }), 1);
  });

  it('a profile that is not active: "Photo edits by our team are available once your profile is active."', async () => {
    const { client, id } = await signedIn({ status: 'inactive' });
    assert.match(
      mainTextOf((await client.get(PAGE)).text),
      /Photo edits by our team are available once your profile is active\./,
    );
    const response = await post(client, `${PAGE}/photo-edit-request`, { edits: 'Crop please.' });
    assert.equal(response.status, 422);
    assert.equal(await count('support_requests', { provider_id: id }), 0);
    assert.equal(
      jsonObject((await ctx().db('providers').where({ id }).first())!.custom_content).photo_edit_used,
      undefined,
    );
  });
});
