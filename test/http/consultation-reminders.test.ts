// Consultation reminders (issue [23] item 1): the client's reminders are scheduled jobs, 24 hours and
// 2 hours before (none already past at booking), moved by a reschedule and dropped by a cancel; when one
// runs it checks the consultation again and the provider's settings, and sends the time, the provider's
// name and two one-tap links, never intake answers or message text. The links (cancel, ask for another
// time) work once, until the start, and refuse a changed token.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { createToken } from '../../server/api';
import { CLIENT_REMINDER_JOB, saveBookingRules, saveReminderSettings } from '../../server/domain/appointments';
import { createAvailability } from '../../server/domain/calendar';
import { ctx } from '../support/context';
import { drainJobs } from '../support/jobs';
import { agent, csrfFrom, mainTextOf, postForm, type Agent } from '../support/http';
import { at, bookableProvider, dayFromToday, iso, NEW_YORK } from './calendar-rules-helpers';
import { decryptedMessage } from '../support/encrypted';

const HOUR = 3_600_000;
const db = () => ctx().db;

/** Markers that must never leave in a reminder: an intake answer and a message's text. */
const INTAKE_MARKER = `intake-${randomUUID().slice(0, 8)}`;
const MESSAGE_MARKER = `message-${randomUUID().slice(0, 8)}`;

interface Booked {
  id: number;
  start: Date;
  providerId: number;
  provider: Agent;
  clientEmail: string;
}

let token = '';
const api = (call: supertest.Test) => call.set('Authorization', `Bearer ${token}`);

async function book(providerId: number, start: Date, clientEmail: string) {
  token ||= (await createToken(db(), 'Directory (reminders)')).token;
  const answer = await api(supertest(ctx().app).post(`/api/v1/providers/${providerId}/consultations`))
    .set('Idempotency-Key', randomUUID())
    .send({
      start_time: iso(start),
      client: { email: clientEmail, first_name: 'Casey', last_name: 'Clientson', phone_number: '(212) 555-0142' },
      intake_form: { reason: INTAKE_MARKER },
    });
  assert.equal(answer.status, 201, answer.text);
  return Number(answer.body.consultation?.id ?? answer.body.id);
}

/** Dana Rivera, signed in, with a consultation booked by Casey at `start` (free time around it). */
async function booked(start: Date, rules: Record<string, string> | null = null): Promise<Booked> {
  const { client, providerId } = await bookableProvider();
  if (rules) await saveBookingRules(db(), providerId, rules);
  await createAvailability(db(), providerId, {
    start: new Date(start.getTime() - HOUR),
    end: new Date(start.getTime() + 2 * HOUR),
    free: true,
    name: null,
    rrule: null,
    timeZone: NEW_YORK,
  });
  const clientEmail = `casey-${randomUUID().slice(0, 8)}@example.test`;
  const id = await book(providerId, start, clientEmail);
  token = '';
  return { id, start, providerId, provider: client, clientEmail };
}

interface JobRow {
  id: string;
  state: string;
  singleton_key: string;
  start_after: Date;
  data: { appointmentId: number; kind: string; start: string };
}

const reminderJobs = async (appointmentId: number): Promise<JobRow[]> =>
  db()('pgboss.job')
    .where({ name: CLIENT_REMINDER_JOB })
    .whereRaw(`(data->>'appointmentId')::bigint = ?`, [appointmentId])
    .orderBy('created_on')
    .select('id', 'state', 'singleton_key', 'start_after', 'data');

const waiting = async (appointmentId: number) =>
  (await reminderJobs(appointmentId))
    .filter((job) => job.state === 'created')
    .map((job) => ({ key: job.singleton_key, at: new Date(job.start_after).toISOString(), start: job.data.start }));

/** Makes the waiting reminders of a consultation due now, then runs every due job (and the e-mails they queue). */
async function runReminders(appointmentId: number, kind?: string): Promise<void> {
  await db()('pgboss.job')
    .where({ name: CLIENT_REMINDER_JOB, state: 'created' })
    .whereRaw(`(data->>'appointmentId')::bigint = ?`, [appointmentId])
    .modify((q) => (kind ? q.whereRaw(`data->>'kind' = ?`, [kind]) : q))
    .update({ start_after: db().raw('now()') });
  await drainJobs();
}

const sent = (channel: 'email' | 'sms', recipient: string) =>
  db()('sent_messages').where({ channel, recipient }).orderBy('id').select('subject', 'body');

const linksIn = (body: string) => ({
  cancel: /(https?:\/\/\S+\/consultations\/[A-Za-z0-9_-]{43}\/cancel)\b/.exec(body)?.[1],
  another: /(https?:\/\/\S+\/consultations\/[A-Za-z0-9_-]{43}\/reschedule-request)\b/.exec(body)?.[1],
});
const pathOf = (url: string) => new URL(url).pathname;

/** The reminder e-mail of a consultation (run now), with its links. */
async function reminderOf(b: Booked, kind = 'day_before') {
  await runReminders(b.id, kind);
  const [mail] = await sent('email', b.clientEmail);
  assert.ok(mail, 'a reminder e-mail was sent');
  const links = linksIn(mail.body);
  assert.ok(links.cancel && links.another, mail.body);
  return { mail, cancel: pathOf(links.cancel), another: pathOf(links.another) };
}

async function row(id: number) {
  const found = await db()('appointments').where({ id }).first();
  assert.ok(found, `appointment ${id}`);
  return found;
}

describe('reminders are scheduled jobs: 24 hours and 2 hours before, none already past', () => {
  it('a booking three days ahead schedules both, keyed by consultation and reminder, listed on /dev/jobs', async () => {
    const start = at(3, '10:00');
    const b = await booked(start);
    assert.deepEqual(await waiting(b.id), [
      {
        key: `appointment-${b.id}-day_before`,
        at: new Date(start.getTime() - 24 * HOUR).toISOString(),
        start: start.toISOString(),
      },
      {
        key: `appointment-${b.id}-two_hours_before`,
        at: new Date(start.getTime() - 2 * HOUR).toISOString(),
        start: start.toISOString(),
      },
    ]);
    const page = await agent().get('/dev/jobs').expect(200);
    assert.match(mainTextOf(page.text), new RegExp(`${CLIENT_REMINDER_JOB}.*Scheduled for`));
  });

  it('a booking about three hours ahead schedules only the 2-hour reminder', async () => {
    // The next quarter hour at least three hours from now.
    const quarter = 15 * 60_000;
    const start = new Date(Math.ceil((Date.now() + 3 * HOUR) / quarter) * quarter);
    const b = await booked(start);
    assert.deepEqual(
      (await waiting(b.id)).map((job) => job.key),
      [`appointment-${b.id}-two_hours_before`],
    );
  });
});

describe('a reschedule moves the reminders; a cancel drops them', () => {
  it("the provider's reschedule cancels the waiting reminders and schedules the new start's", async () => {
    const b = await booked(at(3, '10:00'));
    const moved = await postForm(b.provider, '/calendar/appointments', `/calendar/appointments/${b.id}/reschedule`, {
      date: dayFromToday(4),
      start_time: '10:30am',
    });
    assert.equal(moved.status, 303);
    const newStart = at(4, '10:30');
    assert.deepEqual(
      (await waiting(b.id)).map((job) => [job.key, job.at, job.start]),
      [
        [
          `appointment-${b.id}-day_before`,
          new Date(newStart.getTime() - 24 * HOUR).toISOString(),
          newStart.toISOString(),
        ],
        [
          `appointment-${b.id}-two_hours_before`,
          new Date(newStart.getTime() - 2 * HOUR).toISOString(),
          newStart.toISOString(),
        ],
      ],
    );
    assert.deepEqual(
      (await reminderJobs(b.id)).filter((job) => job.state === 'cancelled').map((job) => job.data.start),
      [b.start.toISOString(), b.start.toISOString()],
    );
  });

  it("the provider's cancel drops them", async () => {
    const b = await booked(at(3, '10:00'));
    const canceled = await postForm(
      b.provider,
      '/calendar/appointments',
      `/calendar/appointments/${b.id}/cancellation`,
      { confirmed: '1' },
    );
    assert.equal(canceled.status, 303);
    assert.deepEqual(await waiting(b.id), []);
    assert.deepEqual(
      (await reminderJobs(b.id)).map((job) => job.state),
      ['cancelled', 'cancelled'],
    );
  });

  it("the client's cancel through the directory API drops them", async () => {
    const b = await booked(at(3, '10:00'));
    token = (await createToken(db(), 'Directory (cancel)')).token;
    await api(supertest(ctx().app).post(`/api/v1/consultations/${b.id}/cancel`))
      .set('Idempotency-Key', randomUUID())
      .send({ client_email: b.clientEmail })
      .expect((answer) => assert.ok(answer.status < 300, answer.text));
    token = '';
    assert.deepEqual(await waiting(b.id), []);
  });

  it('a request is reminded of once accepted; declining it drops its reminders', async () => {
    const approveFirst = {
      consultation_minutes: '15',
      buffer_before_minutes: '0',
      buffer_after_minutes: '0',
      notice_hours: '2',
      horizon_days: '90',
      weekly_cap: '',
      approval_required: '1',
    };
    const b = await booked(at(3, '10:00'), approveFirst);
    assert.equal((await waiting(b.id)).length, 2, 'scheduled with the request');
    await runReminders(b.id, 'day_before');
    assert.deepEqual(await sent('email', b.clientEmail), [], 'not while it waits for an answer');
    const accepted = await postForm(
      b.provider,
      '/calendar/appointments',
      `/calendar/appointments/${b.id}/acceptance`,
      {},
    );
    assert.equal(accepted.status, 303);
    await runReminders(b.id, 'two_hours_before');
    assert.ok(
      (await sent('email', b.clientEmail)).some((m) => m.subject?.startsWith('Reminder:')),
      'reminded once accepted',
    );

    const c = await booked(at(4, '10:00'), approveFirst);
    const declined = await postForm(c.provider, '/calendar/appointments', `/calendar/appointments/${c.id}/decline`, {});
    assert.equal(declined.status, 303);
    assert.deepEqual(await waiting(c.id), []);
  });

  it('a job whose consultation moved or was canceled behind its back sends nothing (checked when it runs)', async () => {
    const b = await booked(at(3, '10:00'));
    // Moved without the use case (as an import or a repair would): the waiting job is for the old start.
    await db()('appointments')
      .where({ id: b.id })
      .update({ start_time: at(3, '11:00'), end_time: at(3, '11:15') });
    await runReminders(b.id);
    assert.deepEqual(await sent('email', b.clientEmail), []);

    const c = await booked(at(5, '10:00'));
    await db()('appointments').where({ id: c.id }).update({ canceled: true, canceled_at: new Date() });
    await runReminders(c.id);
    assert.deepEqual(await sent('email', c.clientEmail), []);
  });
});

describe("a reminder's content: the time, the provider's name and the links; never intake answers or message text", () => {
  it('e-mail and text carry the time, Dana Rivera and both links, and neither marker', async () => {
    const b = await booked(at(3, '10:00'));
    // A message in the conversation, whose text must stay there.
    const conversation = await db()('conversations').where({ provider_id: b.providerId }).first('id', 'client_user_id');
    assert.ok(conversation);
    await db()('messages').insert({
      conversation_id: conversation.id,
      provider_id: b.providerId,
      client_user_id: conversation.client_user_id,
      sender: 'provider',
      message_content: MESSAGE_MARKER,
    });
    const { mail } = await reminderOf(b);
    assert.equal(mail.subject, `Reminder: your phone consultation with Dana Rivera on ${longDate(b.start)}`);
    assert.match(mail.body, /phone consultation with Dana Rivera on .+, 10:00am – 10:15am E[SD]T\./);
    const [sms] = await sent('sms', '+12125550142');
    assert.ok(sms, 'a text went to the phone number the client gave');
    assert.match(sms.body, /Dana Rivera .*10:00am – 10:15am E[SD]T/);
    const smsLinks = linksIn(sms.body);
    assert.ok(smsLinks.cancel && smsLinks.another, sms.body);
    for (const body of [mail.body, sms.body]) {
      assert.ok(!body.includes(INTAKE_MARKER), 'no intake answer');
      assert.ok(!body.includes(MESSAGE_MARKER), 'no message text');
    }
  });

  it('the 2-hour reminder says when it starts', async () => {
    const b = await booked(at(3, '10:00'));
    await reminderOf(b, 'two_hours_before');
    const [mail] = await sent('email', b.clientEmail);
    assert.equal(mail.subject, 'Reminder: your phone consultation with Dana Rivera starts at 10:00am');
  });

  it('no text when the client gave no phone number; none of either when the provider turned them off', async () => {
    const b = await booked(at(3, '10:00'));
    await db()('conversations').where({ provider_id: b.providerId }).update({ client_phone_number: null });
    await runReminders(b.id, 'day_before');
    assert.equal((await sent('email', b.clientEmail)).length, 1);
    assert.deepEqual(await sent('sms', '+12125550142'), []);

    // Texts off: the 2-hour e-mail goes alone; the day-before e-mail off: nothing more.
    const c = await booked(at(4, '10:00'));
    await saveReminderSettings(db(), c.providerId, { email_two_hours_before: '1', morning_digest: '1' });
    await runReminders(c.id);
    assert.deepEqual(
      (await sent('email', c.clientEmail)).map((m) => m.subject),
      ['Reminder: your phone consultation with Dana Rivera starts at 10:00am'],
    );
    assert.deepEqual(await sent('sms', '+12125550142'), []);
  });
});

describe('one-tap links: opening changes nothing, the post acts once', () => {
  it('cancel: the page asks; the post cancels, tells the provider and drops the 2-hour reminder; again it is 410', async () => {
    const b = await booked(at(3, '10:00'));
    const { cancel } = await reminderOf(b);
    const visitor = agent();
    const page = await visitor.get(cancel).expect(200);
    assert.match(mainTextOf(page.text), /Cancel this phone consultation\? Your phone consultation with Dana Rivera on/);
    assert.equal((await row(b.id)).canceled, false, 'opening the link changed nothing');

    const done = await visitor
      .post(cancel)
      .type('form')
      .send({ _csrf: csrfFrom(page.text) });
    assert.equal(done.status, 303);
    assert.equal(done.headers.location, '/consultations/done');
    assert.match(mainTextOf((await visitor.get('/consultations/done').expect(200)).text), /has been cancelled/);
    assert.equal((await row(b.id)).canceled, true);
    assert.deepEqual(await waiting(b.id), []);
    await drainJobs();
    const providerMail = await db()('sent_messages')
      .where({ channel: 'email', subject: 'A phone consultation was canceled' })
      .first();
    assert.ok(providerMail, 'the provider was told');
    const message = await db()('messages').where({ appointment_id: b.id, type: 'cancel_message' }).first();
    assert.equal(message?.sender, 'client');

    const again = await visitor
      .post(cancel)
      .type('form')
      .send({ _csrf: csrfFrom(page.text) });
    assert.equal(again.status, 410);
    assert.match(mainTextOf(again.text), /This link has already been used\./);
    const reopened = await agent().get(cancel);
    assert.equal(reopened.status, 410);
  });

  it('ask for another time: the booking stays, the request goes into the conversation and to the provider', async () => {
    const b = await booked(at(3, '10:00'));
    const { another } = await reminderOf(b);
    const visitor = agent();
    const page = await visitor.get(another).expect(200);
    assert.match(mainTextOf(page.text), /Ask for another time\?/);
    const done = await visitor
      .post(another)
      .type('form')
      .send({ _csrf: csrfFrom(page.text) });
    assert.equal(done.status, 303);
    const stored = await row(b.id);
    assert.equal(stored.canceled, false);
    const message = await decryptedMessage(
      db(),
      await db()('messages').where({ appointment_id: b.id, type: 'message', sender: 'client' }).first(),
    );
    assert.match(message?.message_content ?? '', /ask for another time/);
    await drainJobs();
    const providerMail = await db()('sent_messages').where({ subject: 'A client asks for another time' }).first();
    assert.ok(providerMail, 'the provider was e-mailed');
    assert.ok(!providerMail.body.includes(INTAKE_MARKER));
    assert.equal(
      (
        await visitor
          .post(another)
          .type('form')
          .send({ _csrf: csrfFrom(page.text) })
      ).status,
      410,
    );
  });

  it('a tampered or unknown token is 404 with a clear page, on GET and POST; a cancel token on the other action too', async () => {
    const b = await booked(at(3, '10:00'));
    const { cancel } = await reminderOf(b);
    const token = cancel.split('/')[2]!;
    const tampered = cancel.replace(token, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);
    const visitor = agent();
    const answer = await visitor.get(tampered);
    assert.equal(answer.status, 404);
    assert.match(mainTextOf(answer.text), /This link is not valid\./);
    assert.equal((await visitor.get('/consultations/not-a-token/cancel')).status, 404);
    assert.equal((await visitor.get(`/consultations/${token}/reschedule-request`)).status, 404);
    const page = await visitor.get(cancel).expect(200);
    const posted = await visitor
      .post(tampered)
      .type('form')
      .send({ _csrf: csrfFrom(page.text) });
    assert.equal(posted.status, 404);
    assert.equal((await row(b.id)).canceled, false);
  });

  it('a link expires at the consultation start, and is void once the consultation moved', async () => {
    const b = await booked(at(3, '10:00'));
    const { cancel, another } = await reminderOf(b);
    // Moved by the provider: both links refuse.
    await postForm(b.provider, '/calendar/appointments', `/calendar/appointments/${b.id}/reschedule`, {
      date: dayFromToday(4),
      start_time: '10:30am',
    });
    const moved = await agent().get(cancel);
    assert.equal(moved.status, 410);
    assert.match(mainTextOf(moved.text), /has moved to another time/);

    // Started: the consultation (and the link made for its start) lie a minute in the past.
    const past = new Date(Date.now() - 60_000);
    await db()('appointments')
      .where({ id: b.id })
      .update({ start_time: past, end_time: new Date(past.getTime() + 15 * 60_000) });
    await db()('consultation_links').where({ appointment_id: b.id }).update({ expires_at: past });
    const expired = await agent().get(another);
    assert.equal(expired.status, 410);
    assert.match(mainTextOf(expired.text), /This link has expired: the phone consultation has started\./);
    const visitor = agent();
    const token = csrfFrom((await visitor.get('/consultations/done')).text);
    assert.equal((await visitor.post(another).type('form').send({ _csrf: token })).status, 410);
    assert.equal((await row(b.id)).canceled, false);
  });
});

describe('one-tap links are throttled per IP address', () => {
  it('past the hour’s limit a look-up is 429 with Retry-After, before the token is looked at', async () => {
    const visitor = agent();
    const path = `/consultations/${'A'.repeat(43)}/cancel`;
    for (let i = 0; i < 60; i++) assert.equal((await visitor.get(path)).status, 404);
    const refused = await visitor.get(path);
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers['retry-after']) > 0);
  });
});

describe('reminder settings (/calendar/reminders): defaults on, a 422 round trip, saved in one post', () => {
  it('shows every reminder on, saves the boxes, and refuses a value that is not on or off', async () => {
    const b = await booked(at(3, '10:00'));
    const page = await b.provider.get('/calendar/reminders').expect(200);
    for (const field of ['email_day_before', 'email_two_hours_before', 'sms', 'morning_digest'])
      assert.match(page.text, new RegExp(`id="${field}"[^>]*checked`), field);

    const saved = await postForm(b.provider, '/calendar/reminders', '/calendar/reminders', {
      email_day_before: '1',
      morning_digest: '1',
    });
    assert.equal(saved.status, 303);
    const after = await b.provider.get('/calendar/reminders').expect(200);
    assert.match(mainTextOf(after.text), /Your reminder settings have been updated\./);
    assert.doesNotMatch(after.text, /id="sms"[^>]*checked/);
    assert.match(after.text, /id="email_day_before"[^>]*checked/);

    const refused = await postForm(b.provider, '/calendar/reminders', '/calendar/reminders', {
      email_day_before: 'yes please',
      sms: '1',
    });
    assert.equal(refused.status, 422);
    assert.match(mainTextOf(refused.text), /Choose whether this reminder is on or off\./);
    assert.match(refused.text, /id="sms"[^>]*checked/, 'the boxes as posted');
    const stored = await db()('reminder_settings').where({ provider_id: b.providerId }).first();
    assert.equal(stored?.sms, false, 'nothing saved by the refused post');
  });
});

function longDate(instant: Date): string {
  return instant.toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: NEW_YORK,
  });
}
