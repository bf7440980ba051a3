// The directory's profile events through the API (issue [22] item 3; docs/api.md "Profile events"):
// batched, stored once per event id, and the Idempotency-Key replays the first answer.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { createToken, revokeToken } from '../../server/api';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, postForm } from '../support/http';

const db = () => ctx().db;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

async function directory() {
  const made = await createToken(db(), 'Directory (events test)');
  return {
    ...made,
    send: (providerId: number | string, body: unknown, key: string = randomUUID(), token = made.token) =>
      supertest(ctx().app)
        .post(`/api/v1/providers/${providerId}/events`)
        .set('Authorization', `Bearer ${token}`)
        .set('Idempotency-Key', key)
        .send(body as object),
  };
}

async function liveProvider() {
  const user = await createProviderUser(db());
  return user.providerIds[0]!;
}

const stored = (providerId: number) =>
  db()('profile_events')
    .where({ provider_id: providerId })
    .orderBy('event_id')
    .select('event_id', 'kind', 'occurred_at');

const view = (id: string, occurredAt = ago(MINUTE)) => ({ id, type: 'profile_view', occurred_at: occurredAt });
const click = (id: string, occurredAt = ago(MINUTE)) => ({ id, type: 'contact_click', occurred_at: occurredAt });

describe('POST /api/v1/providers/:id/events', () => {
  it('stores each event once: 202 with how many were new and how many were known', async () => {
    const providerId = await liveProvider();
    const api = await directory();
    const first = await api.send(providerId, { events: [view('v-1', ago(2 * DAY)), click('c-1'), view('v-2')] });
    assert.equal(first.status, 202);
    assert.deepEqual(first.body, { accepted: 3, duplicates: 0 });
    const rows = await stored(providerId);
    assert.deepEqual(
      rows.map((r) => [r.event_id, r.kind]),
      [
        ['c-1', 'contact_click'],
        ['v-1', 'profile_view'],
        ['v-2', 'profile_view'],
      ],
    );
    // Within a batch and across batches (a new key): an id already stored counts nothing.
    const again = await api.send(providerId, { events: [view('v-1'), view('v-3'), view('v-3')] });
    assert.equal(again.status, 202);
    assert.deepEqual(again.body, { accepted: 1, duplicates: 2 });
    assert.equal((await stored(providerId)).length, 4);
    // The same event id at another provider is another event.
    const other = await liveProvider();
    assert.deepEqual((await api.send(other, { events: [view('v-1')] }).expect(202)).body, {
      accepted: 1,
      duplicates: 0,
    });
  });

  it('an Idempotency-Key sent again replays the first answer and stores nothing more', async () => {
    const providerId = await liveProvider();
    const api = await directory();
    const key = randomUUID();
    const body = { events: [view('r-1'), click('r-2')] };
    const first = await api.send(providerId, body, key).expect(202);
    assert.deepEqual(first.body, { accepted: 2, duplicates: 0 });
    const replay = await api.send(providerId, body, key).expect(202);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.deepEqual(replay.body, { accepted: 2, duplicates: 0 });
    assert.equal((await stored(providerId)).length, 2);
    // The same key with another batch is refused.
    const reused = await api.send(providerId, { events: [view('r-3')] }, key).expect(422);
    assert.equal(reused.body.error.code, 'idempotency_key_reused');
    assert.equal((await stored(providerId)).length, 2);
  });

  it('refuses a bad batch whole with field errors, storing none of it', async () => {
    const providerId = await liveProvider();
    const api = await directory();
    const refused = async (body: unknown) => {
      const answer = await api.send(providerId, body).expect(422);
      assert.equal(answer.body.error.code, 'validation_failed');
      assert.ok(answer.body.error.requestId);
      return answer.body.error.details as Record<string, string>;
    };
    assert.deepEqual(await refused({ events: [view('ok-1'), { id: 'b-1', type: 'page_view', occurred_at: ago(0) }] }), {
      'events.1.type': "type is 'profile_view' or 'contact_click'.",
    });
    assert.deepEqual(await refused({ events: [view('b-2', 'yesterday')] }), {
      'events.0.occurred_at': 'occurred_at is required: an ISO 8601 time with its zone, e.g. 2026-12-01T15:00:00Z.',
    });
    assert.deepEqual(await refused({ events: [view('b-3', '2026-11-20T10:00:00')] }), {
      'events.0.occurred_at': 'occurred_at is required: an ISO 8601 time with its zone, e.g. 2026-12-01T15:00:00Z.',
    });
    assert.deepEqual(await refused({ events: [view('b-4', new Date(Date.now() + 10 * MINUTE).toISOString())] }), {
      'events.0.occurred_at': 'occurred_at may not be in the future (more than 5 minutes ahead).',
    });
    assert.deepEqual(await refused({ events: [view('b-5', ago(401 * DAY))] }), {
      'events.0.occurred_at': 'occurred_at may be at most 400 days ago.',
    });
    assert.deepEqual(await refused({ events: [{ type: 'profile_view', occurred_at: ago(0) }] }), {
      'events.0.id': "id is required: the directory's id of the event, 1 to 200 visible characters.",
    });
    assert.deepEqual(await refused({ events: [] }), { events: 'events is a list of 1 to 500 events.' });
    assert.deepEqual(await refused({}), { events: 'events is a list of 1 to 500 events.' });
    const tooMany = Array.from({ length: 501 }, (_, i) => view(`m-${i}`));
    assert.deepEqual(await refused({ events: tooMany }), { events: 'events is a list of 1 to 500 events.' });
    assert.equal((await stored(providerId)).length, 0);
    // A clock a little ahead is allowed, and 500 is a batch.
    const full = Array.from({ length: 500 }, (_, i) => view(`f-${i}`, new Date(Date.now() + 2 * MINUTE).toISOString()));
    assert.deepEqual((await api.send(providerId, { events: full }).expect(202)).body, { accepted: 500, duplicates: 0 });
  });

  it('needs a valid token and an Idempotency-Key', async () => {
    const providerId = await liveProvider();
    const api = await directory();
    const body = { events: [view('a-1')] };
    const anonymous = await supertest(ctx().app)
      .post(`/api/v1/providers/${providerId}/events`)
      .set('Idempotency-Key', randomUUID())
      .send(body)
      .expect(401);
    assert.equal(anonymous.body.error.code, 'unauthenticated');
    const noKey = await supertest(ctx().app)
      .post(`/api/v1/providers/${providerId}/events`)
      .set('Authorization', `Bearer ${api.token}`)
      .send(body)
      .expect(400);
    assert.equal(noKey.body.error.code, 'idempotency_key_required');
    await revokeToken(db(), api.client.prefix);
    assert.equal((await api.send(providerId, body).expect(401)).body.error.code, 'unauthenticated');
    assert.equal((await stored(providerId)).length, 0);
  });

  it('answers 404 for an unknown or not-live provider', async () => {
    const api = await directory();
    const body = { events: [view('n-1')] };
    for (const id of ['999999999', 'abc', '0']) {
      const answer = await api.send(id, body).expect(404);
      assert.equal(answer.body.error.code, 'not_found');
      assert.equal(answer.body.error.message, 'There is no live provider with this id.');
    }
    const hidden = await createProviderUser(db(), { providers: [{ status: 'inactive' }] });
    await api.send(hidden.providerIds[0]!, body).expect(404);
    assert.equal((await stored(hidden.providerIds[0]!)).length, 0);
  });
});

describe('/dev/client: the demo directory sends profile events with a plain form', () => {
  it('a sent event is stored once, through the API, and the page says so', async () => {
    const providerId = await liveProvider();
    const client = agent();
    const sent = await postForm(client, '/dev/client', '/dev/client/events', {
      provider_id: providerId,
      type: 'contact_click',
      client_email: 'casey@example.test',
    });
    assert.equal(sent.status, 303);
    assert.equal(sent.headers.location, '/dev/client?client_email=casey%40example.test#events');
    const rows = await stored(providerId);
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.kind, 'contact_click');
    assert.ok(Math.abs(new Date(rows[0]!.occurred_at).getTime() - Date.now()) < MINUTE);
    const page = mainTextOf((await client.get(sent.headers.location).expect(200)).text);
    assert.match(page, /Contact click sent: counted\./);
    assert.match(page, /POST \/api\/v1\/providers\/\d+\/events Answer: HTTP 202[\s\S]*accepted(&quot;|")?: 1,/);
  });

  it('a refused event shows the page again (422) with the reason and the choices kept', async () => {
    const providerId = await liveProvider();
    const missing = await postForm(agent(), '/dev/client', '/dev/client/events', {
      provider_id: '',
      type: 'profile_view',
    });
    assert.equal(missing.status, 422);
    assert.match(mainTextOf(missing.text), /Choose a provider\./);
    assert.match(missing.text, /id="event-type-profile_view"[^>]*checked|checked[^>]*id="event-type-profile_view"/);
    const hidden = await createProviderUser(db(), { providers: [{ status: 'inactive' }] });
    const refused = await postForm(agent(), '/dev/client', '/dev/client/events', {
      provider_id: hidden.providerIds[0]!,
      type: 'profile_view',
    });
    assert.equal(refused.status, 422);
    assert.match(mainTextOf(refused.text), /The API refused the event[\s\S]*There is no live provider with this id\./);
    assert.equal((await stored(providerId)).length, 0);
  });
});
