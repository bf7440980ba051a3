// Picture processing is bounded (Platform II, item 0): one sharp pipeline at a time in the process,
// whatever the number of pictures or of uploads at once, and past a short line "try again".
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { IMAGE_PIPELINES, makePhotoRenditions } from '../../server/domain/images';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, signIn, tokenFor, type Agent } from '../support/http';

const PAGE = '/profile/photos-video';

/** A colourful picture over 100 KB (gradients plus noise), made at run time. */
async function colourful(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width + Math.random() * 30;
      raw[i + 1] = (y * 255) / height + Math.random() * 30;
      raw[i + 2] = 128 + Math.random() * 60;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

async function uploadGallery(client: Agent, files: Buffer[]) {
  const _csrf = await tokenFor(client, PAGE);
  let request = client.post(`${PAGE}/gallery`).field('_csrf', _csrf);
  for (const [i, body] of files.entries()) request = request.attach('photos', body, `photo-${i}.png`);
  return request;
}

describe('picture processing is bounded', function () {
  this.timeout(120_000);

  it('three gallery posts of five pictures at once never run two pipelines together, and all are stored', async () => {
    const clients: { client: Agent; id: number }[] = [];
    for (let i = 0; i < 3; i += 1) {
      const user = await createProviderUser(ctx().db, { paid: true });
      const client = agent();
      await signIn(client, user.email);
      clients.push({ client, id: user.providerIds[0]! });
    }
    const picture = await colourful(700, 500);
    IMAGE_PIPELINES.peak = 0;
    const runsBefore = IMAGE_PIPELINES.runs;
    const answers = await Promise.all(
      clients.map(({ client }) =>
        uploadGallery(
          client,
          Array.from({ length: 5 }, () => picture),
        ),
      ),
    );
    assert.deepEqual(
      answers.map((a) => a.status),
      [303, 303, 303],
    );
    assert.equal(IMAGE_PIPELINES.peak, 1, 'at most one picture was processed at a time');
    assert.ok(IMAGE_PIPELINES.runs - runsBefore >= 30, 'each picture was checked and rendered under the bound');
    for (const { id } of clients) {
      const stored = await ctx().db('images').where({ provider_id: id, kind: 'gallery' }).count({ n: '*' }).first();
      assert.equal(Number(stored!.n), 5);
    }
  });

  it('past the line of waiting pictures, more work is refused with "try again" (503) instead of queueing without end', async () => {
    const picture = await colourful(600, 400);
    const attempts = IMAGE_PIPELINES.waiting + 10;
    const results = await Promise.allSettled(Array.from({ length: attempts }, () => makePhotoRenditions(picture)));
    const refused = results.filter((r) => r.status === 'rejected');
    assert.ok(refused.length >= 9, `${refused.length} refused`);
    const reason = (refused[0] as PromiseRejectedResult).reason as { status: number; retryAfterSeconds: number };
    assert.equal(reason.status, 503);
    assert.equal(reason.retryAfterSeconds, 5);
  });

  it('a 40 MP picture is shrunk while decoding: the renditions come out at most 1600 px', async () => {
    const big = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    const { full, thumb, width, height } = await makePhotoRenditions(big);
    assert.deepEqual([width, height], [1600, 1000]);
    assert.equal((await sharp(thumb).metadata()).width, 320);
    assert.ok(full.length > 0);
  });
});
