// The S3-compatible storage adapter against a tiny in-process fake S3 (path-style HTTP: PUT, GET,
// DELETE /{bucket}/{object}), its command mapping, and the settings that select it.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../../../server/config';
import { createPortalIntegrations } from '../../../../server/wiring';
import { createS3Storage, s3ClientConfig, s3Commands } from '../../../../server/integrations/storage/s3';

interface FakeObject {
  body: Buffer;
  contentType: string;
  cacheControl: string | undefined;
}
interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
}

/** Enough of S3 for the adapter: objects in a map, 404 NoSuchKey as S3 words it, every request recorded. */
async function startFakeS3() {
  const objects = new Map<string, FakeObject>();
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = decodeURIComponent((req.url ?? '').split('?')[0]!);
      seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
      if (req.method === 'PUT') {
        objects.set(path, {
          body: Buffer.concat(chunks),
          contentType: String(req.headers['content-type']),
          cacheControl: req.headers['cache-control'] as string | undefined,
        });
        res.writeHead(200, { ETag: '"etag"' }).end();
      } else if (req.method === 'GET') {
        const object = objects.get(path);
        if (!object) {
          res
            .writeHead(404, { 'Content-Type': 'application/xml' })
            .end(
              '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
            );
          return;
        }
        res
          .writeHead(200, { 'Content-Type': object.contentType, 'Content-Length': object.body.length })
          .end(object.body);
      } else if (req.method === 'DELETE') {
        objects.delete(path);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    objects,
    seen,
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('S3-compatible storage adapter', () => {
  let fake: Awaited<ReturnType<typeof startFakeS3>>;
  before(async () => {
    fake = await startFakeS3();
  });
  after(async () => {
    await fake.close();
  });

  const settings = () => ({
    bucket: 'portal-files',
    region: 'us-east-1',
    endpoint: fake.endpoint,
    accessKeyId: 'test-key',
    secretAccessKey: 'test-secret',
    prefix: 'uploads/',
  });

  it('stores under bucket/prefix+key with the content type, reads back, deletes; a missing object is null', async () => {
    const storage = createS3Storage(settings());
    await storage.put('gallery-abc.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
    const stored = fake.objects.get('/portal-files/uploads/gallery-abc.jpg');
    assert.equal(stored?.body.toString(), 'jpeg bytes');
    assert.equal(stored?.contentType, 'image/jpeg');
    assert.equal(stored?.cacheControl, 'public, max-age=31536000, immutable');
    const file = await storage.get('gallery-abc.jpg');
    assert.equal(file?.body.toString(), 'jpeg bytes');
    assert.equal(file?.contentType, 'image/jpeg');
    await storage.delete('gallery-abc.jpg');
    assert.equal(fake.objects.size, 0);
    assert.equal(await storage.get('gallery-abc.jpg'), null);
    await storage.delete('gallery-abc.jpg'); // deleting again is not an error
  });

  it('signs every request with the configured access key (SigV4)', async () => {
    fake.seen.length = 0;
    await createS3Storage(settings()).put('headshot-1.jpg', Buffer.from('x'), 'image/jpeg');
    assert.match(
      fake.seen[0]!.authorization ?? '',
      /^AWS4-HMAC-SHA256 Credential=test-key\/\d{8}\/us-east-1\/s3\/aws4_request/,
    );
  });

  it('refuses keys that are not ours (no path separators) before any request', async () => {
    fake.seen.length = 0;
    const storage = createS3Storage(settings());
    await assert.rejects(storage.put('../etc/passwd', Buffer.from('x'), 'text/plain'), /invalid storage key/);
    await assert.rejects(storage.get('a/b.jpg'), /invalid storage key/);
    assert.equal(fake.seen.length, 0);
  });

  it('a server error is an error, not a missing file', async () => {
    const server = http.createServer((_req, res) => res.writeHead(500).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const failing = createS3Storage({
        ...settings(),
        endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      });
      await assert.rejects(failing.get('gallery-x.jpg'));
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('S3 command and client mapping', () => {
  it('maps our key to Bucket and Key (with the prefix) for put, get and delete', () => {
    const commands = s3Commands({ bucket: 'b', prefix: 'uploads/' });
    const put = commands.put('practice-1.jpg', Buffer.from('abc'), 'image/jpeg').input;
    assert.deepEqual(
      { Bucket: put.Bucket, Key: put.Key, ContentType: put.ContentType, ContentLength: put.ContentLength },
      { Bucket: 'b', Key: 'uploads/practice-1.jpg', ContentType: 'image/jpeg', ContentLength: 3 },
    );
    assert.deepEqual(commands.get('practice-1.jpg').input, { Bucket: 'b', Key: 'uploads/practice-1.jpg' });
    assert.deepEqual(commands.delete('practice-1.jpg').input, { Bucket: 'b', Key: 'uploads/practice-1.jpg' });
  });

  it('an endpoint means path-style addressing; keys given → static credentials; none → the SDK chain', () => {
    const withEndpoint = s3ClientConfig({
      bucket: 'b',
      region: 'auto',
      endpoint: 'http://minio:9000',
      accessKeyId: 'k',
      secretAccessKey: 's',
    });
    assert.equal(withEndpoint.endpoint, 'http://minio:9000');
    assert.equal(withEndpoint.forcePathStyle, true);
    assert.deepEqual(withEndpoint.credentials, { accessKeyId: 'k', secretAccessKey: 's' });
    const aws = s3ClientConfig({
      bucket: 'b',
      region: 'eu-west-1',
      endpoint: null,
      accessKeyId: null,
      secretAccessKey: null,
    });
    assert.equal(aws.endpoint, undefined);
    assert.equal(aws.forcePathStyle, undefined);
    assert.equal(aws.credentials, undefined);
    assert.equal(aws.region, 'eu-west-1');
  });
});

describe('storage settings (S3_*)', () => {
  const base = { NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '.data/test' };

  it('without S3_BUCKET: the local disk', () => {
    assert.deepEqual(loadConfig(base).storage, { kind: 'local' });
  });

  it('with S3_BUCKET and S3_REGION: S3, with the optional endpoint and key pair', () => {
    assert.deepEqual(loadConfig({ ...base, S3_BUCKET: 'portal-files', S3_REGION: 'us-east-1' }).storage, {
      kind: 's3',
      bucket: 'portal-files',
      region: 'us-east-1',
      endpoint: null,
      accessKeyId: null,
      secretAccessKey: null,
    });
    assert.deepEqual(
      loadConfig({
        ...base,
        S3_BUCKET: 'b-1',
        S3_REGION: 'auto',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
      }).storage,
      {
        kind: 's3',
        bucket: 'b-1',
        region: 'auto',
        endpoint: 'http://127.0.0.1:9000',
        accessKeyId: 'k',
        secretAccessKey: 's',
      },
    );
  });

  it('names the wrong setting', () => {
    const attempt = (extra: Record<string, string>) => () => loadConfig({ ...base, ...extra });
    assert.throws(
      attempt({ S3_BUCKET: 'portal-files' }),
      /Invalid setting S3_REGION: S3_REGION is required when S3_BUCKET is set/,
    );
    assert.throws(attempt({ S3_BUCKET: 'Portal_Files', S3_REGION: 'us-east-1' }), /Invalid setting S3_BUCKET/);
    assert.throws(
      attempt({ S3_BUCKET: 'b-1', S3_REGION: 'auto', S3_ENDPOINT: 'ftp://x' }),
      /Invalid setting S3_ENDPOINT/,
    );
    assert.throws(
      attempt({ S3_BUCKET: 'b-1', S3_REGION: 'auto', S3_ACCESS_KEY_ID: 'k' }),
      /Invalid setting S3_SECRET_ACCESS_KEY/,
    );
    assert.throws(
      attempt({ S3_BUCKET: 'b-1', S3_REGION: 'auto', S3_SECRET_ACCESS_KEY: 's' }),
      /Invalid setting S3_ACCESS_KEY_ID/,
    );
  });

  it('createIntegrations picks the S3 adapter from the settings', async () => {
    const fake = await startFakeS3();
    try {
      const config = loadConfig({
        ...base,
        S3_BUCKET: 'portal-files',
        S3_REGION: 'us-east-1',
        S3_ENDPOINT: fake.endpoint,
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
      });
      const { storage } = createPortalIntegrations(config, {} as never);
      await storage.put('headshot-2.jpg', Buffer.from('y'), 'image/jpeg');
      assert.ok(fake.objects.has('/portal-files/uploads/headshot-2.jpg'));
    } finally {
      await fake.close();
    }
  });
});
