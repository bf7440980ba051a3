// The base of the directory-facing API (Platform II, item 3): bearer tokens stored hashed, one error
// shape, Idempotency-Key replays, a rate limit per token, and no session for API calls.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import express from 'express';
import supertest from 'supertest';
import { apiRouter, createToken, IDEMPOTENCY_LEASE_SECONDS, listTokens, revokeToken } from '../../server/api';
import { createApp } from '../../server/app';
import { createLogger } from '../../server/logger';
import { createPortalIntegrations } from '../../server/wiring';
import { ctx, testConfig } from '../support/context';
import { textOf } from '../support/http';

const api = () => supertest(ctx().app);
const sessionRows = async () => Number((await ctx().db('sessions').count({ n: '*' }).first())!.n);

function assertErrorShape(body: unknown, code: string) {
  const error = (body as { error?: { code?: string; message?: string; requestId?: string } }).error;
  assert.ok(error, `no error object in ${JSON.stringify(body)}`);
  assert.equal(error.code, code);
  assert.ok(error.message && error.message.length > 10);
  assert.match(String(error.requestId), /^[\w-]{8,}$/);
}

describe('directory API: bearer tokens', () => {
  it('GET /api/v1/ping answers a live token with its client', async () => {
    const { token } = await createToken(ctx().db, 'Directory (staging)');
    const response = await api().get('/api/v1/ping').set('Authorization', `Bearer ${token}`).expect(200);
    assert.equal(response.body.ok, true);
    assert.equal(response.body.client.name, 'Directory (staging)');
    assert.equal(response.headers['set-cookie'], undefined, 'no cookie for API calls');
    assert.equal(await sessionRows(), 0);
  });

  it('a missing, malformed, unknown or revoked token gets 401 in the one error shape', async () => {
    const { client, token } = await createToken(ctx().db, 'soon revoked');
    assertErrorShape((await api().get('/api/v1/ping').expect(401)).body, 'unauthenticated');
    assertErrorShape(
      (await api().get('/api/v1/ping').set('Authorization', 'Bearer nope').expect(401)).body,
      'unauthenticated',
    );
    const unknown = `${token.slice(0, -4)}AAAA`;
    assertErrorShape(
      (await api().get('/api/v1/ping').set('Authorization', `Bearer ${unknown}`).expect(401)).body,
      'unauthenticated',
    );
    assert.equal(await revokeToken(ctx().db, client.prefix), true);
    assertErrorShape(
      (await api().get('/api/v1/ping').set('Authorization', `Bearer ${token}`).expect(401)).body,
      'unauthenticated',
    );
  });

  it('stores only a hash of the token, and lists tokens by prefix', async () => {
    const { client, token } = await createToken(ctx().db, 'hashed');
    const row = (await ctx().db('api_tokens').where({ id: client.id }).first())!;
    // The secret part may itself hold '_' (base64url): cut it after the known prefix.
    const secret = token.slice(`dir_${client.prefix}_`.length);
    assert.equal(secret.length, 43);
    assert.ok(!JSON.stringify(row).includes(secret), 'the secret is not stored');
    assert.match(row.token_hash, /^[0-9a-f]{64}$/);
    const listed = await listTokens(ctx().db);
    assert.deepEqual(
      listed.map((t) => [t.prefix, t.name]),
      [[client.prefix, 'hashed']],
    );
    assert.ok(token.startsWith(`dir_${client.prefix}_`));
  });

  it('an unknown endpoint is a 404 in the error shape, and a non-JSON body a 415', async () => {
    const { token } = await createToken(ctx().db, 'shapes');
    assertErrorShape(
      (await api().get('/api/v1/nothing-here').set('Authorization', `Bearer ${token}`).expect(404)).body,
      'not_found',
    );
    const notJson = await api()
      .post('/api/v1/ping')
      .set('Authorization', `Bearer ${token}`)
      .type('form')
      .send('a=1')
      .expect(415);
    assertErrorShape(notJson.body, 'unsupported_media_type');
  });

  it('the CLI creates, lists and revokes tokens', async function () {
    this.timeout(60_000);
    const run = promisify(execFile);
    const env = { ...process.env, DATABASE_URL: ctx().database.url, LOG_LEVEL: 'silent' };
    const created = await run(
      process.execPath,
      ['--import', 'tsx', 'server/api/token-cli.ts', 'create', 'From the CLI'],
      { env },
    );
    const token = /(dir_[a-z0-9]{8}_[\w-]{43})/.exec(created.stdout)?.[1];
    assert.ok(token, created.stdout);
    await api().get('/api/v1/ping').set('Authorization', `Bearer ${token}`).expect(200);
    const listed = await run(process.execPath, ['--import', 'tsx', 'server/api/token-cli.ts', 'list'], { env });
    assert.match(listed.stdout, /From the CLI/);
    const prefix = token.slice(4, 12);
    await run(process.execPath, ['--import', 'tsx', 'server/api/token-cli.ts', 'revoke', prefix], { env });
    await api().get('/api/v1/ping').set('Authorization', `Bearer ${token}`).expect(401);
  });
});

describe('directory API: Idempotency-Key', () => {
  /**
   * An API with one POST endpoint that counts how often it really ran (the middleware under test). The
   * endpoint is made up, so it is outside the description and mounted without the contract check.
   */
  function bookingApi() {
    const ran: unknown[] = [];
    const app = express();
    app.use(
      '/api/v1',
      apiRouter({ db: ctx().db, ratePerMinute: 1000 }, [
        (router, { idempotent }) =>
          router.post('/bookings', idempotent, async (req, res) => {
            ran.push(req.body);
            await new Promise((resolve) => setTimeout(resolve, 150));
            res.status(201).json({ id: ran.length, received: req.body });
          }),
      ]),
    );
    return { app, ran };
  }

  it('the same key and body give the same answer and run once; another body with that key is refused', async () => {
    const { app, ran } = bookingApi();
    const { token } = await createToken(ctx().db, 'idempotent');
    const post = (key: string | null, body: object) => {
      const call = supertest(app).post('/api/v1/bookings').set('Authorization', `Bearer ${token}`);
      if (key) call.set('Idempotency-Key', key);
      return call.send(body);
    };
    const first = await post('booking-0001', { slot: '2026-12-01T15:00:00Z', client: 'Casey' }).expect(201);
    const again = await post('booking-0001', { client: 'Casey', slot: '2026-12-01T15:00:00Z' }).expect(201);
    assert.deepEqual(again.body, first.body);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(ran.length, 1);
    assertErrorShape(
      (await post('booking-0001', { slot: '2026-12-02T15:00:00Z', client: 'Casey' }).expect(422)).body,
      'idempotency_key_reused',
    );
    assertErrorShape((await post(null, { slot: 'x' }).expect(400)).body, 'idempotency_key_required');
    assert.equal(ran.length, 1);
  });

  it('two requests with one key at the same moment run once: the second is told to retry (409) or replayed', async () => {
    const { app, ran } = bookingApi();
    const { token } = await createToken(ctx().db, 'concurrent');
    const send = () =>
      supertest(app)
        .post('/api/v1/bookings')
        .set('Authorization', `Bearer ${token}`)
        .set('Idempotency-Key', 'booking-0002')
        .send({ slot: 'a' });
    const answers = await Promise.all([send(), send(), send()]);
    assert.equal(ran.length, 1);
    assert.deepEqual(answers.map((a) => a.status).sort(), [201, 409, 409]);
    assertErrorShape(answers.find((a) => a.status === 409)!.body, 'idempotency_request_in_progress');
  });

  it(`a claim whose request died (no answer stored) blocks the key only for its ${IDEMPOTENCY_LEASE_SECONDS} s lease`, async () => {
    const { app, ran } = bookingApi();
    const { client, token } = await createToken(ctx().db, 'crashed');
    const send = (key: string) =>
      supertest(app)
        .post('/api/v1/bookings')
        .set('Authorization', `Bearer ${token}`)
        .set('Idempotency-Key', key)
        .send({ slot: 'a' });
    // What a kill -9 mid-request leaves behind: the claim, no answer. The hash is the one `send` makes.
    await send('probe-hash-1').expect(201);
    const { request_hash: requestHash } = (await ctx()
      .db('api_idempotency_keys')
      .where({ token_id: client.id, key: 'probe-hash-1' })
      .first())!;
    const abandon = (key: string, secondsAgo: number) =>
      ctx()
        .db('api_idempotency_keys')
        .insert({
          token_id: client.id,
          key,
          request_hash: requestHash,
          created_at: ctx().db.raw(`now() - interval '${secondsAgo} seconds'`),
        });
    await abandon('died-long-ago', IDEMPOTENCY_LEASE_SECONDS + 1);
    await abandon('still-running', 5);
    const retried = await send('died-long-ago').expect(201);
    assert.equal(retried.headers['idempotent-replayed'], undefined);
    assert.equal(ran.length, 2, 'the retry ran the request');
    assert.equal(
      (await send('died-long-ago').expect(201)).headers['idempotent-replayed'],
      'true',
      'and its answer is kept for replays',
    );
    assertErrorShape((await send('still-running').expect(409)).body, 'idempotency_request_in_progress');
    assert.equal(ran.length, 2);
  });

  it('an expired claim is taken over by one retry only', async () => {
    const { app, ran } = bookingApi();
    const { client, token } = await createToken(ctx().db, 'crashed-twice');
    const send = (key: string) =>
      supertest(app)
        .post('/api/v1/bookings')
        .set('Authorization', `Bearer ${token}`)
        .set('Idempotency-Key', key)
        .send({ slot: 'b' });
    await send('probe-hash-2').expect(201);
    const { request_hash: requestHash } = (await ctx()
      .db('api_idempotency_keys')
      .where({ token_id: client.id, key: 'probe-hash-2' })
      .first())!;
    await ctx()
      .db('api_idempotency_keys')
      .insert({
        token_id: client.id,
        key: 'died-key-2',
        request_hash: requestHash,
        created_at: ctx().db.raw(`now() - interval '1 hour'`),
      });
    const answers = await Promise.all([send('died-key-2'), send('died-key-2'), send('died-key-2')]);
    assert.equal(ran.length, 2);
    assert.deepEqual(answers.map((a) => a.status).sort(), [201, 409, 409]);
  });

  it('keys are per token: another client may use the same key', async () => {
    const { app, ran } = bookingApi();
    const one = await createToken(ctx().db, 'one');
    const two = await createToken(ctx().db, 'two');
    for (const { token } of [one, two]) {
      await supertest(app)
        .post('/api/v1/bookings')
        .set('Authorization', `Bearer ${token}`)
        .set('Idempotency-Key', 'shared-key-1')
        .send({ slot: 'a' })
        .expect(201);
    }
    assert.equal(ran.length, 2);
  });
});

describe('directory API: rate limit per token', () => {
  it('past the limit a token gets 429 with Retry-After; another token is not affected', async () => {
    const app = express();
    app.use('/api/v1', apiRouter({ db: ctx().db, ratePerMinute: 3, contractCheck: ctx().config.apiContractCheck }));
    const busy = await createToken(ctx().db, 'busy');
    const calm = await createToken(ctx().db, 'calm');
    for (let i = 0; i < 3; i += 1) {
      const ok = await supertest(app).get('/api/v1/ping').set('Authorization', `Bearer ${busy.token}`).expect(200);
      assert.equal(ok.headers['ratelimit-remaining'], String(2 - i));
    }
    const refused = await supertest(app).get('/api/v1/ping').set('Authorization', `Bearer ${busy.token}`).expect(429);
    assertErrorShape(refused.body, 'rate_limited');
    assert.ok(Number(refused.headers['retry-after']) >= 1);
    await supertest(app).get('/api/v1/ping').set('Authorization', `Bearer ${calm.token}`).expect(200);
  });
});

describe('/dev/client', () => {
  it('calls the API with a token of its own and shows the answer; nothing is stored in a session', async () => {
    const page = await supertest(ctx().app).get('/dev/client').expect(200);
    const text = textOf(page.text).replace(/&quot;/g, `"`);
    assert.match(text, /GET \/api\/v1\/ping/);
    assert.match(text, /HTTP 200/);
    assert.match(text, /"name": "Demo directory client \(\/dev\/client\)"/);
    assert.match(page.text, /Bookings, messages and profile events reach the portal only/);
    const [token] = await listTokens(ctx().db);
    assert.equal(token!.name, 'Demo directory client (/dev/client)');
    assert.ok(token!.lastUsedAt, 'the API saw the token');
  });

  it('does not exist in production', async () => {
    // READ_CACHE=0: no change feed, whose start-up check this short-lived app would cut off.
    const config = testConfig({ NODE_ENV: 'production', READ_CACHE: '0' });
    const portal = createApp({
      config,
      db: ctx().db,
      databaseUrl: ctx().database.url,
      logger: createLogger('silent'),
      integrations: createPortalIntegrations(config, ctx().db, createLogger('silent')),
    });
    try {
      await supertest(portal.app).get('/dev/client').expect(404);
    } finally {
      await portal.close();
    }
  });
});
