// How bookings arrive (issue [11]; docs/api.md "Bookings"): the directory API lists a live provider's
// free consultation slots, books one with an Idempotency-Key, and lets the client cancel; no double
// booking, ever; the provider is told by e-mail (and SMS when turned on) with a link and nothing more.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import supertest from 'supertest';
import { Temporal } from 'temporal-polyfill';
import { createToken } from '../../server/api';
import { createAvailability } from '../../server/domain/calendar';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, postForm } from '../support/http';
import { drainJobs } from '../support/jobs';
import { decryptedMessage } from '../support/encrypted';

const ZONE = 'America/New_York';
const db = () => ctx().db;

/** An instant `days` from today at a wall-clock time in the provider's zone (far enough ahead for the lead time). */
function at(days: number, time: string): Date {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const day = Temporal.Now.plainDateISO(ZONE).add({ days });
  return new Date(day.toPlainDateTime({ hour, minute }).toZonedDateTime(ZONE).epochMilliseconds);
}
const iso = (instant: Date) => instant.toISOString().replace(/\.000Z$/, 'Z');

/** A live provider whose calendar takes bookings: attached, open, a location accepting new clients. */
async function bookableProvider() {
  const user = await createProviderUser(db());
  const providerId = user.providerIds[0]!;
  await db()('providers').where({ id: providerId }).update({ has_calendar: true, calendar_open: true, timezone: ZONE });
  await db()('locations').insert({
    provider_id: providerId,
    state: 'NY',
    remote_location: true,
    accepting_patients: 40,
  });
  return { ...user, providerId };
}

const block = (providerId: number, start: Date, end: Date, free = true) =>
  createAvailability(db(), providerId, { start, end, free, name: null, rrule: null, timeZone: ZONE });

async function externalBusy(providerId: number, start: Date, end: Date) {
  const [calendar] = await db()('external_calendars')
    .insert({ provider_id: providerId, kind: 'ics', name: 'Work', url: 'https://calendar.example.test/work.ics' })
    .returning('id');
  await db()('availability_events').insert({
    provider_id: providerId,
    free: false,
    start_time: start,
    end_time: end,
    duration_in_minutes: (end.getTime() - start.getTime()) / 60_000,
    provider_external_calendar_id: calendar.id,
    external_uid: 'busy-1@example.test',
  });
}

async function directory() {
  const { token } = await createToken(db(), 'Directory (test)');
  const auth = (call: supertest.Test) => call.set('Authorization', `Bearer ${token}`);
  return {
    token,
    slots: (providerId: number, query: Record<string, string> = {}) =>
      auth(supertest(ctx().app).get(`/api/v1/providers/${providerId}/slots`).query(query)),
    book: (providerId: number, body: object, key: string = randomUUID()) =>
      auth(supertest(ctx().app).post(`/api/v1/providers/${providerId}/consultations`))
        .set('Idempotency-Key', key)
        .send(body),
    cancel: (id: string | number, body: object, key: string = randomUUID()) =>
      auth(supertest(ctx().app).post(`/api/v1/consultations/${id}/cancel`))
        .set('Idempotency-Key', key)
        .send(body),
  };
}

const CLIENT = {
  email: 'casey@example.test',
  first_name: 'Casey',
  last_name: 'Clientson',
  phone_number: '(212) 555-0142',
};
const INTAKE = { state: 'NY', session_type: 'Individual therapy', insurance: 'Aetna', reason: 'Panic attacks at work' };
const bookingOf = (start: Date, client: object = CLIENT) => ({ start_time: iso(start), client, intake_form: INTAKE });

const startsOf = (body: { slots: { start_time: string }[] }) => body.slots.map((s) => s.start_time);
const liveRows = async (providerId: number) =>
  db()('appointments').where({ provider_id: providerId, canceled: false }).select('id', 'start_time');

describe('booking API: only a token of the directory gets in', () => {
  it('slots, booking and cancel answer 401 without a valid token', async () => {
    const { providerId } = await bookableProvider();
    const app = supertest(ctx().app);
    assert.equal(
      (await app.get(`/api/v1/providers/${providerId}/slots`).expect(401)).body.error.code,
      'unauthenticated',
    );
    await app
      .post(`/api/v1/providers/${providerId}/consultations`)
      .set('Idempotency-Key', randomUUID())
      .send(bookingOf(at(3, '10:00')))
      .expect(401);
    await app
      .post('/api/v1/consultations/1/cancel')
      .set('Authorization', 'Bearer dir_nope')
      .set('Idempotency-Key', randomUUID())
      .send({ client_email: CLIENT.email })
      .expect(401);
    assert.equal((await liveRows(providerId)).length, 0);
  });
});

describe('booking API: slots are the free time, less busy time, bookings and the lead time', () => {
  it('15-minute slots inside free availability, without own busy blocks, external busy time or live bookings', async () => {
    const { providerId } = await bookableProvider();
    const api = await directory();
    await block(providerId, at(3, '10:00'), at(3, '12:00'));
    await block(providerId, at(3, '10:30'), at(3, '11:00'), false);
    await externalBusy(providerId, at(3, '11:00'), at(3, '11:15'));
    const clientId = (
      await db()('users')
        .insert({ email: 'earlier@example.test', scopes: ['client'] })
        .returning('id')
    )[0].id;
    await db()('appointments').insert([
      { provider_id: providerId, client_user_id: clientId, start_time: at(3, '11:30'), end_time: at(3, '11:45') },
      {
        provider_id: providerId,
        client_user_id: clientId,
        start_time: at(3, '11:45'),
        end_time: at(3, '12:00'),
        canceled: true,
        canceled_at: new Date(),
      },
    ]);
    const answer = await api.slots(providerId).expect(200);
    assert.equal(answer.body.provider_id, String(providerId));
    assert.equal(answer.body.time_zone, ZONE);
    assert.deepEqual(
      startsOf(answer.body),
      ['10:00', '10:15', '11:15', '11:45'].map((t) => iso(at(3, t))),
    );
    assert.equal(answer.body.slots[0].end_time, iso(at(3, '10:15')));
  });

  it('nothing sooner than the lead time, and from/to narrow the range (at most 31 days)', async () => {
    const { providerId } = await bookableProvider();
    const api = await directory();
    const soon = new Date(Math.ceil(Date.now() / 900_000) * 900_000 + 15 * 60_000);
    await block(providerId, soon, new Date(soon.getTime() + 4 * 3600_000));
    await block(providerId, at(5, '09:00'), at(5, '09:30'));
    const starts = startsOf((await api.slots(providerId).expect(200)).body).map((s) => new Date(s).getTime());
    assert.ok(starts.length > 0);
    assert.ok(
      starts.every((s) => s >= Date.now() + 119 * 60_000),
      'no slot within two hours',
    );
    const narrowed = await api.slots(providerId, { from: iso(at(4, '00:00')), to: iso(at(6, '00:00')) }).expect(200);
    assert.deepEqual(startsOf(narrowed.body), [iso(at(5, '09:00')), iso(at(5, '09:15'))]);
    const tooLong = await api.slots(providerId, { from: iso(at(1, '00:00')), to: iso(at(40, '00:00')) }).expect(422);
    assert.equal(tooLong.body.error.code, 'validation_failed');
    assert.match(tooLong.body.error.details.to, /31 days/);
    await api.slots(providerId, { from: 'tomorrow' }).expect(422);
  });

  it('a closed calendar has no slots; a provider who is not live, or unknown, is not found', async () => {
    const { providerId } = await bookableProvider();
    const api = await directory();
    await block(providerId, at(3, '10:00'), at(3, '11:00'));
    await db()('providers').where({ id: providerId }).update({ calendar_open: false });
    assert.deepEqual((await api.slots(providerId).expect(200)).body.slots, []);
    await db()('providers').where({ id: providerId }).update({ calendar_open: true, status: 'inactive' });
    assert.equal((await api.slots(providerId).expect(404)).body.error.code, 'not_found');
    await api.slots(999_999).expect(404);
    await api.book(providerId, bookingOf(at(3, '10:00'))).expect(404);
  });
});

describe('booking API: a booking', () => {
  it('books a free slot for the client: 201, one row, the intake in the conversation, the slot gone', async () => {
    const { providerId } = await bookableProvider();
    const api = await directory();
    await block(providerId, at(3, '10:00'), at(3, '11:00'));
    const answer = await api.book(providerId, bookingOf(at(3, '10:15'))).expect(201);
    const { consultation } = answer.body;
    assert.deepEqual(
      { ...consultation, id: undefined },
      {
        id: undefined,
        provider_id: String(providerId),
        start_time: iso(at(3, '10:15')),
        end_time: iso(at(3, '10:30')),
        status: 'booked',
        request_deadline: null,
      },
    );
    const row = await db()('appointments as a')
      .join('users as u', 'u.id', 'a.client_user_id')
      .where('a.id', Number(consultation.id))
      .first('a.intake_form', 'a.type', 'u.first_name', 'u.phone_number', 'u.scopes');
    // The intake answers are stored encrypted (what the client wrote).
    assert.match(String(row!.intake_form), /^v1:/);
    assert.deepEqual(await decryptedMessage(db(), row), {
      intake_form: INTAKE,
      type: 'phone_consultation',
      first_name: 'Casey',
      phone_number: '+12125550142',
      scopes: ['client'],
    });
    const message = await decryptedMessage(
      db(),
      await db()('messages')
        .where({ appointment_id: Number(consultation.id) })
        .first('type', 'sender', 'intake_form', 'read_at'),
    );
    assert.deepEqual(message, { type: 'booking_tool_intake', sender: 'client', intake_form: INTAKE, read_at: null });
    assert.ok(!startsOf((await api.slots(providerId).expect(200)).body).includes(iso(at(3, '10:15'))));
  });

  it("the booking that makes the conversation gives its token, which reads the provider's replies; a second booking gives none", async () => {
    const { providerId } = await bookableProvider();
    const api = await directory();
    await block(providerId, at(3, '10:00'), at(3, '11:00'));
    const first = await api.book(providerId, bookingOf(at(3, '10:15'))).expect(201);
    assert.match(first.body.conversation_token, /^cvt_[\w-]{43}$/);
    const second = await api.book(providerId, bookingOf(at(3, '10:30'))).expect(201);
    assert.equal(second.body.conversation_token, null);
    const email = (bookingOf(at(3, '10:15')).client as { email: string }).email;
    const conversation = await db()('conversations')
      .where({ provider_id: providerId })
      .first('client_first_name', 'client_phone_number');
    assert.deepEqual(conversation, { client_first_name: 'Casey', client_phone_number: '+12125550142' });
    const replies = await supertest(ctx().app)
      .get(`/api/v1/providers/${providerId}/messages`)
      .query({ client_email: email })
      .set('Authorization', `Bearer ${api.token}`)
      .set('Conversation-Token', first.body.conversation_token)
      .expect(200);
    assert.deepEqual(replies.body.messages, []);
  });

  it('the same Idempotency-Key and body replay the answer without a second booking; another body with it is refused', async () => {
    const { providerId } = await bookableProvider();
    const api = await directory();
    await block(providerId, at(3, '10:00'), at(3, '11:00'));
    const first = await api.book(providerId, bookingOf(at(3, '10:00')), 'booking-key-0001').expect(201);
    const again = await api.book(providerId, bookingOf(at(3, '10:00')), 'booking-key-0001').expect(201);
    assert.deepEqual(again.body, first.body);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal((await liveRows(providerId)).length, 1);
    const reused = await api.book(providerId, bookingOf(at(3, '10:30')), 'booking-key-0001').expect(422);
    assert.equal(reused.body.error.code, 'idempotency_key_reused');
    assert.equal((await liveRows(providerId)).length, 1);
    const unkeyed = await supertest(ctx().app)
      .post(`/api/v1/providers/${providerId}/consultations`)
      .set('Authorization', `Bearer ${api.token}`)
      .send(bookingOf(at(3, '10:30')))
      .expect(400);
    assert.equal(unkeyed.body.error.code, 'idempotency_key_required');
  });

  it('a time outside free availability, in the past or already taken is refused with 409 slot_unavailable', async () => {
    const { providerId } = await bookableProvider();
    const api = await directory();
    await block(providerId, at(3, '10:00'), at(3, '11:00'));
    await block(providerId, at(3, '10:30'), at(3, '11:00'), false);
    await api.book(providerId, bookingOf(at(3, '10:00'))).expect(201);
    for (const start of [at(3, '10:00'), at(3, '10:30'), at(3, '14:00'), at(-1, '10:00')]) {
      const refused = await api
        .book(providerId, bookingOf(start, { ...CLIENT, email: 'other@example.test' }))
        .expect(409);
      assert.equal(refused.body.error.code, 'slot_unavailable');
    }
    assert.equal((await liveRows(providerId)).length, 1);
  });

  it('wrong fields get 422 with a message per field, and nothing is booked', async () => {
    const { providerId } = await bookableProvider();
    const api = await directory();
    const answer = await api
      .book(providerId, {
        start_time: '2026-12-01 10:00',
        client: { email: 'not-an-address', first_name: '', last_name: 'X', phone_number: '555' },
        intake_form: { 'bad key!': 'x' },
      })
      .expect(422);
    assert.equal(answer.body.error.code, 'validation_failed');
    assert.deepEqual(Object.keys(answer.body.error.details).sort(), [
      'client.email',
      'client.first_name',
      'client.phone_number',
      'intake_form',
      'start_time',
    ]);
    assert.match(answer.body.error.details['client.phone_number'], /valid US phone number/);
    assert.equal((await liveRows(providerId)).length, 0);
  });

  it('a client name with < or > is refused with a field error (issue [19] item 13), and nothing is booked', async () => {
    const { providerId } = await bookableProvider();
    const api = await directory();
    const answer = await api
      .book(providerId, bookingOf(at(3, '10:15'), { ...CLIENT, first_name: '<img src=x onerror=alert(1)>' }))
      .expect(422);
    assert.equal(answer.body.error.code, 'validation_failed');
    assert.deepEqual(answer.body.error.details, {
      'client.first_name': 'client.first_name may not contain < or >.',
    });
    assert.equal((await liveRows(providerId)).length, 0);
  });

  it('50 bookings of one slot at the same moment: exactly one wins, the others get 409', async function () {
    this.timeout(60_000);
    const { providerId } = await bookableProvider();
    const api = await directory();
    await block(providerId, at(3, '10:00'), at(3, '11:00'));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api.book(providerId, bookingOf(at(3, '10:00'), { ...CLIENT, email: `racer${i}@example.test` })),
      ),
    );
    assertOneWinner(answers);
    assert.equal((await liveRows(providerId)).length, 1);
  });

  // Racers that all found the slot free (no booking committed yet) insert into the exclusion constraint,
  // and each waits on the first in-progress overlapping row it finds. When the row they wait on is rolled
  // back (a booking that failed, or lost a deadlock), each looks again and waits on another racer: every
  // racer waits on a racer, a deadlock that PostgreSQL breaks after deadlock_timeout (1 s) by rolling one
  // back (40P01), and so on, one a second, until one is left. Under load this once answered 49 of 50
  // racers with 500. Here the rolled-back row is the test's own: an overlapping booking held open until
  // the racers wait, then rolled back.
  it('racers waiting on an overlapping booking that is rolled back: one 201, the others 409, never a 500', async function () {
    this.timeout(60_000);
    const { providerId } = await bookableProvider();
    const api = await directory();
    await block(providerId, at(3, '10:00'), at(3, '11:00'));
    const held = new pg.Client({ connectionString: ctx().database.url });
    await held.connect();
    try {
      await held.query('BEGIN');
      const client = await held.query(
        `INSERT INTO users (email, scopes) VALUES ('held@example.test', '{client}') RETURNING id`,
      );
      await held.query(
        'INSERT INTO appointments (provider_id, client_user_id, start_time, end_time) VALUES ($1, $2, $3, $4)',
        [providerId, client.rows[0].id, at(3, '10:00'), at(3, '10:15')],
      );
      const racing = Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          api.book(providerId, bookingOf(at(3, '10:00'), { ...CLIENT, email: `racer${i}@example.test` })),
        ),
      );
      // Every connection of the portal's pool ends up waiting: on the held row, a racer, or its turn to book.
      const poolSize = (ctx().db.client as { pool: { max: number } }).pool.max;
      await waitForLockWaiters(held, poolSize - 2);
      await held.query('ROLLBACK');
      assertOneWinner(await racing);
    } finally {
      await held.end();
    }
    assert.equal((await liveRows(providerId)).length, 1);
  });

  // Another writer of appointments (not a booking, so it does not take turns) can still deadlock with a
  // booking: here it holds an overlapping row, the booking waits on it, and then it waits on the
  // booking (the same client e-mail). PostgreSQL rolls back the booking, which waited first (40P01); the
  // booking runs again, finds the other writer's row committed and refuses the slot.
  it('a booking rolled back in a deadlock with another writer runs again: 409 slot_unavailable, not 500', async function () {
    this.timeout(30_000);
    const { providerId } = await bookableProvider();
    const api = await directory();
    await block(providerId, at(3, '10:00'), at(3, '11:00'));
    const other = new pg.Client({ connectionString: ctx().database.url });
    await other.connect();
    try {
      await other.query('BEGIN');
      const [someone] = (
        await other.query(`INSERT INTO users (email, scopes) VALUES ('someone@example.test', '{client}') RETURNING id`)
      ).rows;
      await other.query(
        'INSERT INTO appointments (provider_id, client_user_id, start_time, end_time) VALUES ($1, $2, $3, $4)',
        [providerId, someone.id, at(3, '10:00'), at(3, '10:15')],
      );
      // then() sends it now (a supertest request waits for its first then()).
      const booking = api.book(providerId, bookingOf(at(3, '10:00'))).then((answer) => answer);
      await waitForLockWaiters(other, 1);
      // The booking holds the new user CLIENT.email: inserting the same address waits on it.
      await other.query(`INSERT INTO users (email, scopes) VALUES ($1, '{client}')`, [CLIENT.email]);
      await other.query('COMMIT');
      const refused = await booking;
      assert.deepEqual([refused.status, refused.body.error?.code], [409, 'slot_unavailable']);
    } finally {
      await other.end();
    }
    const rows = await db()('appointments').where({ provider_id: providerId }).select('client_user_id');
    assert.equal(rows.length, 1, "only the other writer's row");
  });
});

describe('booking API: the client cancels', () => {
  it('only with the booking e-mail; once; the slot is free again and the cancel message is in the conversation', async () => {
    const { providerId } = await bookableProvider();
    const api = await directory();
    await block(providerId, at(3, '10:00'), at(3, '11:00'));
    const { id } = (await api.book(providerId, bookingOf(at(3, '10:00'))).expect(201)).body.consultation;
    assert.equal(
      (await api.cancel(id, { client_email: 'someone@example.test' }).expect(404)).body.error.code,
      'not_found',
    );
    const canceled = await api
      .cancel(id, { client_email: 'CASEY@example.test', cancel_message: 'Something came up, sorry!' })
      .expect(200);
    assert.equal(canceled.body.consultation.status, 'canceled');
    assert.equal(
      (await api.cancel(id, { client_email: CLIENT.email }).expect(409)).body.error.code,
      'already_canceled',
    );
    const message = await decryptedMessage(
      db(),
      await db()('messages')
        .where({ appointment_id: Number(id), type: 'cancel_message' })
        .first('sender', 'message_content'),
    );
    assert.deepEqual(message, { sender: 'client', message_content: 'Something came up, sorry!' });
    assert.ok(startsOf((await api.slots(providerId).expect(200)).body).includes(iso(at(3, '10:00'))));
  });

  it('a consultation that has ended cannot be canceled (409)', async () => {
    const { providerId } = await bookableProvider();
    const api = await directory();
    const [client] = await db()('users')
      .insert({ email: CLIENT.email, scopes: ['client'] })
      .returning('id');
    const [past] = await db()('appointments')
      .insert({
        provider_id: providerId,
        client_user_id: client.id,
        start_time: at(-2, '10:00'),
        end_time: at(-2, '10:15'),
      })
      .returning('id');
    assert.equal(
      (await api.cancel(past.id, { client_email: CLIENT.email }).expect(409)).body.error.code,
      'consultation_ended',
    );
  });
});

describe('booking API: the provider is told, with a link and nothing of the intake', () => {
  it('a booking and a cancel each e-mail the clinicians (and text those who turned SMS on); no client name, no answers', async () => {
    const { providerId, userId, email } = await bookableProvider();
    await db()('users')
      .where({ id: userId })
      .update({ phone_number: '+12125550199', settings: { sms_notifications: true } });
    const api = await directory();
    await block(providerId, at(3, '10:00'), at(3, '11:00'));
    const { id } = (await api.book(providerId, bookingOf(at(3, '10:00'))).expect(201)).body.consultation;
    assert.equal((await db()('sent_messages').select('id')).length, 0, 'sent by the job, not the request');
    await drainJobs();
    const sent = await db()('sent_messages').orderBy('id').select('channel', 'recipient', 'subject', 'body');
    assert.deepEqual(
      sent.map((m) => [m.channel, m.recipient]),
      [
        ['email', email],
        ['sms', '+12125550199'],
      ],
    );
    assert.equal(sent[0].subject, 'New phone consultation request');
    for (const { body } of sent) {
      assert.match(body, /You have a new phone consultation request/);
      assert.ok(body.includes(`${ctx().config.portalUrl}/calendar/appointments/${id}`), body);
      assert.doesNotMatch(body, /Casey|Clientson|casey@|Aetna|Panic|Individual therapy|555-0142/);
    }
    await api.cancel(id, { client_email: CLIENT.email }).expect(200);
    await drainJobs();
    const afterCancel = await db()('sent_messages').where('id', '>', sent.length).select('channel', 'subject');
    assert.deepEqual(afterCancel.map((m) => m.channel).sort(), ['email', 'sms']);
  });
});

describe('/dev/client: the demo directory books through the API with plain forms', () => {
  it("a refused booking shows the page again (422) with the API's message beside the field and what was typed", async () => {
    const { providerId } = await bookableProvider();
    await block(providerId, at(3, '10:00'), at(3, '11:00'));
    const response = await postForm(agent(), `/dev/client?provider_id=${providerId}`, '/dev/client/bookings', {
      provider_id: providerId,
      time_zone: ZONE,
      start_time: iso(at(3, '10:00')),
      email: CLIENT.email,
      first_name: 'Casey',
      last_name: 'Clientson',
      phone_number: '555',
      intake_state: 'NY',
      intake_session_type: '',
      intake_insurance: '',
    });
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /The API refused the booking[\s\S]*Please enter a valid US phone number/);
    assert.match(response.text, /id="phone_number"[^>]*value="555"|value="555"[^>]*id="phone_number"/);
    assert.equal((await liveRows(providerId)).length, 0);
  });
});

/** One booking won; every other answer is the 409 slot_unavailable (a 500 shows with its error code). */
function assertOneWinner(answers: { status: number; body: { error?: { code: string } } }[]) {
  const outcomes = answers.map((a) => (a.status === 201 ? '201' : `${a.status} ${a.body.error?.code}`)).sort();
  assert.deepEqual(outcomes, ['201', ...Array<string>(answers.length - 1).fill('409 slot_unavailable')]);
}

/**
 * Waits until `count` other sessions of this database wait on a lock (a row, a transaction, an advisory
 * lock), or until 20 s have passed (then the race runs with whoever is there: the assertions decide).
 */
async function waitForLockWaiters(session: pg.Client, count: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const { rows } = await session.query(
      `SELECT count(DISTINCT pid)::int AS waiting FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
    );
    if (rows[0].waiting >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
