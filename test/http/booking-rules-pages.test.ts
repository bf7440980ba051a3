// The booking rules' pages (issue [23] items 2 and 4), as a browser without JavaScript uses them: the
// rules form (its round trip and its messages), the calendar's "slots a client would see" (the slots
// API's own answer), and approve-before-confirm: a booking held as a request, accepted or declined from the
// appointment's page, or declined by the job when its deadline passes; the client is told by e-mail.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { createToken } from '../../server/api';
import { EXPIRE_REQUESTS_JOB, saveBookingRules } from '../../server/domain/appointments';
import { createAvailability, dateKeyOf, weekOf } from '../../server/domain/calendar';
import { expectAccessibleHtml } from '../support/accessible-html';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, csrfFrom, signIn } from '../support/http';
import { drainJobs } from '../support/jobs';
import { open, redirected, rerendered } from '../support/served-form';
import { at, bookableProvider, iso, NEW_YORK, slotStarts, wallTime } from './calendar-rules-helpers';
import { decryptedMessage } from '../support/encrypted';

const RULES_PATH = '/calendar/booking-rules';
const db = () => ctx().db;

const free = (providerId: number, start: Date, end: Date) =>
  createAvailability(db(), providerId, { start, end, free: true, name: null, rrule: null, timeZone: NEW_YORK });

const DEFAULTS = {
  consultation_minutes: '15',
  buffer_before_minutes: '0',
  buffer_after_minutes: '0',
  notice_hours: '2',
  horizon_days: '90',
  weekly_cap: '',
};

async function book(providerId: number, start: Date, email = 'casey@example.test', status = 201) {
  const { token } = await createToken(db(), 'Directory (requests)');
  return supertest(ctx().app)
    .post(`/api/v1/providers/${providerId}/consultations`)
    .set('Authorization', `Bearer ${token}`)
    .set('Idempotency-Key', randomUUID())
    .send({
      start_time: iso(start),
      client: { email, first_name: 'Casey', last_name: 'Clientson', phone_number: '(212) 555-0142' },
      intake_form: { reason: 'Panic attacks at work' },
    })
    .expect(status);
}

async function mailTo(email: string): Promise<{ subject: string; body: string }[]> {
  await drainJobs();
  const sent = await db()('sent_messages')
    .where({ channel: 'email', recipient: email })
    .orderBy('id')
    .select('subject', 'body');
  return sent.map((m) => ({ subject: m.subject ?? '', body: m.body }));
}

describe('booking rules page: the form round trip without JavaScript', () => {
  it("shows today's rules as the defaults, refuses bad input with each message beside its field (422, typed values kept), then saves", async () => {
    const { client, providerId } = await bookableProvider();
    const page = await open(client, RULES_PATH);
    await expectAccessibleHtml(page.html, 'the booking rules page');
    assert.equal((page.field('15 minutes') as HTMLInputElement).checked, true);
    assert.equal(page.field('Minimum notice (hours)').value, '2');
    assert.equal(page.field('How far ahead clients can book (days)').value, '90');
    assert.equal((page.field('Confirm the consultation at once') as HTMLInputElement).checked, true);

    const refused = rerendered(
      await page
        .fill('Break before a consultation (minutes)', 'ten')
        .fill('Minimum notice (hours)', '200')
        .fill('Most consultations in a week (optional)', '0')
        .submit(client, 'Save booking rules'),
    );
    await expectAccessibleHtml(refused.html, 'the refused booking rules');
    assert.match(
      refused.textAt('#buffer_before_minutes-error'),
      /break before a consultation as a whole number of minutes from 0 to 120/,
    );
    assert.match(refused.textAt('#notice_hours-error'), /minimum notice as a whole number of hours from 0 to 168/);
    assert.match(refused.textAt('#weekly_cap-error'), /weekly limit as a whole number from 1 to 100/);
    assert.equal(refused.field('Break before a consultation (minutes)').value, 'ten');
    assert.equal(refused.field('Minimum notice (hours)').value, '200');
    assert.equal((await db()('booking_rules').where({ provider_id: providerId })).length, 0);

    const saved = redirected(
      await refused
        .fill('Break before a consultation (minutes)', '10')
        .fill('Break after a consultation (minutes)', '10')
        .fill('Minimum notice (hours)', '24')
        .fill('Most consultations in a week (optional)', '')
        .check('No same-day bookings')
        .check('I approve each booking first')
        .submit(client, 'Save booking rules'),
      RULES_PATH,
    );
    assert.deepEqual(saved.flashes, ['Your booking rules have been updated.']);
    assert.equal(saved.field('Minimum notice (hours)').value, '24');
    const row = (await db()('booking_rules').where({ provider_id: providerId }).first())!;
    assert.deepEqual(
      [
        row.buffer_before_minutes,
        row.buffer_after_minutes,
        row.notice_hours,
        row.no_same_day,
        row.weekly_cap,
        row.approval_required,
      ],
      [10, 10, 24, true, null, true],
    );
  });

  it('a profile without a call calendar has no booking rules (404)', async () => {
    const user = await createProviderUser(db());
    const client = agent();
    await signIn(client, user.email);
    await client.get(RULES_PATH).expect(404);
  });
});

describe("the calendar shows the slots a client would see (the slots API's own answer)", () => {
  it("next week's times, grouped by day, are the API's; they change with the rules", async () => {
    const { client, providerId } = await bookableProvider();
    const monday = [...Array(7).keys()].map((i) => i + 7).find((d) => at(d, '12:00').getUTCDay() === 1)!;
    await free(providerId, at(monday, '09:00'), at(monday, '10:00'));
    const week = weekOf(dateKeyOf(at(monday, '12:00'), NEW_YORK), NEW_YORK);
    const timesOnPage = async () => {
      const page = await open(client, `/calendar?week=${week.start}`);
      return {
        page,
        times: [...page.document.querySelectorAll('#client-slots .slot-times li')].map((li) => li.textContent ?? ''),
      };
    };
    const apiTimes = async () =>
      (await slotStarts(providerId, week.from, week.to)).map((s) => clock(wallTime(s, NEW_YORK)));

    const before = await timesOnPage();
    await expectAccessibleHtml(before.page.html, 'the calendar with the slots card');
    assert.match(before.page.textAt('#client-slots'), /The slots a client would see in the week of/);
    assert.deepEqual(before.times, ['9:00am', '9:15am', '9:30am', '9:45am']);
    assert.deepEqual(before.times, await apiTimes());
    assert.match(before.page.textAt('#booking-rules-summary'), /15-minute consultations.*At least 2 hours' notice/s);

    await saveBookingRules(db(), providerId, { ...DEFAULTS, consultation_minutes: '30' });
    const after = await timesOnPage();
    assert.deepEqual(after.times, ['9:00am', '9:15am', '9:30am']);
    assert.deepEqual(after.times, await apiTimes());
    assert.match(after.page.textAt('#booking-rules-summary'), /30-minute consultations/);

    // Busy time just before the week (a Saturday night) keeps the week's first slots clear by the break.
    await free(providerId, week.from, new Date(week.from.getTime() + 3600_000));
    await db()('availability_events').insert({
      provider_id: providerId,
      free: false,
      start_time: new Date(week.from.getTime() - 15 * 60_000),
      end_time: week.from,
      duration_in_minutes: 15,
    });
    await saveBookingRules(db(), providerId, { ...DEFAULTS, buffer_before_minutes: '30' });
    const buffered = await timesOnPage();
    assert.deepEqual(buffered.times, await apiTimes());
    assert.deepEqual(buffered.times.slice(0, 2), ['12:30am', '12:45am']);
  });

  it('a hidden calendar says clients cannot book, as the API answers no slot', async () => {
    const { client, providerId } = await bookableProvider();
    await free(providerId, at(8, '09:00'), at(8, '10:00'));
    await db()('providers').where({ id: providerId }).update({ calendar_open: false });
    const page = await open(client, RULES_PATH);
    assert.match(page.textAt('#client-slots'), /Your calendar is hidden, so clients cannot book any time/);
    assert.deepEqual(await slotStarts(providerId), []);
  });
});

describe('approve-before-confirm: a request, accepted or declined by the provider', () => {
  async function withRequest() {
    const made = await bookableProvider();
    await saveBookingRules(db(), made.providerId, { ...DEFAULTS, approval_required: '1' });
    await free(made.providerId, at(3, '10:00'), at(3, '11:00'));
    const answer = await book(made.providerId, at(3, '10:00'));
    return { ...made, answer, id: Number(answer.body.consultation.id) };
  }

  it('the API answers pending with the deadline; the slot is held; the provider is asked, nothing of the client in it', async () => {
    const { providerId, answer, email } = await withRequest();
    assert.equal(answer.body.consultation.status, 'pending');
    const deadline = new Date(answer.body.consultation.request_deadline);
    assert.ok(
      Math.abs(deadline.getTime() - (Date.now() + 24 * 3600_000)) < 60_000,
      answer.body.consultation.request_deadline,
    );
    assert.ok(!(await slotStarts(providerId)).includes(iso(at(3, '10:00'))));
    const [asked] = await mailTo(email);
    assert.equal(asked.subject, 'A phone consultation request waits for your answer');
    assert.match(asked.body, /Accept or decline it by .+; after that it is declined for you/);
    assert.doesNotMatch(asked.body, /Casey|Clientson|Panic/);
  });

  it('Accept confirms it: a 303 with the flash, the client e-mailed, and the panel offers cancel and reschedule again', async () => {
    const { client, id } = await withRequest();
    const list = await open(client, '/calendar/appointments');
    assert.match(
      list.mainText,
      /Casey Clientson\s*Request: awaiting your answer|Request: awaiting your answer[\s\S]*Casey Clientson/,
    );
    const panel = await open(client, `/calendar/appointments/${id}`);
    await expectAccessibleHtml(panel.html, 'the panel of a request');
    assert.match(panel.textAt('#appointment'), /This consultation is a request.*Accept or decline it by/s);
    assert.ok(!panel.has('[action$="/reschedule"]'), 'no reschedule while it waits');
    const accepted = redirected(await panel.submit(client, 'Accept request'));
    assert.deepEqual(accepted.flashes, ['You accepted the phone consultation. The client has been told by e-mail.']);
    assert.ok(accepted.has('[action$="/reschedule"]'));
    assert.ok(!accepted.has('[action$="/acceptance"]'));
    assert.doesNotMatch((await open(client, '/calendar/appointments')).mainText, /awaiting your answer/);
    const row = (await db()('appointments').where({ id }).first())!;
    assert.deepEqual([row.request_status, row.canceled], ['accepted', false]);
    const [told] = await mailTo('casey@example.test');
    assert.match(told.subject, /Your phone consultation with Dana Rivera is confirmed/);
    assert.doesNotMatch(told.body, /Panic/);
    // Answered once: a second post is refused with the reason.
    const again = await client
      .post(`/calendar/appointments/${id}/acceptance`)
      .type('form')
      .send({ _csrf: csrfFrom(accepted.html) });
    assert.equal(again.status, 409);
    assert.match(again.text, /This request has already been answered/);
  });

  it('Decline frees the slot; the note goes into the conversation, never into the e-mail', async () => {
    const { client, id, providerId } = await withRequest();
    const panel = await open(client, `/calendar/appointments?id=${id}`);
    const tooLong = rerendered(
      await panel.submit(client, 'Decline request', { values: { decline_message: 'x'.repeat(2001) } }),
    );
    assert.match(tooLong.textAt(`#decline-message-${id}-error`), /under 2000 characters/);
    const declined = redirected(
      await tooLong.submit(client, 'Decline request', { values: { decline_message: 'I am fully booked, sorry.' } }),
    );
    assert.deepEqual(declined.flashes, ['You declined the phone consultation. The client has been told by e-mail.']);
    const row = (await db()('appointments').where({ id }).first())!;
    assert.deepEqual([row.request_status, row.canceled], ['declined', true]);
    assert.ok((await slotStarts(providerId)).includes(iso(at(3, '10:00'))));
    const note = await decryptedMessage(
      db(),
      await db()('messages').where({ appointment_id: id, type: 'cancel_message' }).first('sender', 'message_content'),
    );
    assert.deepEqual(note, { sender: 'provider', message_content: 'I am fully booked, sorry.' });
    const [told] = await mailTo('casey@example.test');
    assert.match(told.subject, /was not accepted/);
    assert.match(told.body, /also sent you a message/);
    assert.doesNotMatch(told.body, /fully booked|Panic/);
  });

  it("another provider's request is not found (404)", async () => {
    const { id } = await withRequest();
    const other = await bookableProvider();
    const page = await open(other.client, '/calendar');
    await other.client
      .post(`/calendar/appointments/${id}/acceptance`)
      .type('form')
      .send({ _csrf: csrfFrom(page.html) })
      .expect(404);
    await other.client
      .post(`/calendar/appointments/${id}/decline`)
      .type('form')
      .send({ _csrf: csrfFrom(page.html) })
      .expect(404);
    assert.equal((await db()('appointments').where({ id }).first())!.request_status, 'pending');
  });

  it('unanswered by its deadline: the job declines it, frees the slot and tells the client; Accept is refused after it', async () => {
    const { client, id, providerId } = await withRequest();
    await db()('appointments')
      .where({ id })
      .update({ request_deadline: new Date(Date.now() - 1000) });
    const panel = await open(client, `/calendar/appointments/${id}`);
    assert.ok(!panel.has('[action$="/acceptance"]'), 'no Accept once the deadline passed');
    await ctx().integrations.jobs.enqueue(db(), EXPIRE_REQUESTS_JOB, {});
    const [told] = await mailTo('casey@example.test');
    assert.match(told.body, /did not answer your phone consultation request .+ in time/);
    const row = (await db()('appointments').where({ id }).first())!;
    assert.deepEqual([row.request_status, row.canceled], ['expired', true]);
    assert.ok((await slotStarts(providerId)).includes(iso(at(3, '10:00'))));
    const refused = await client
      .post(`/calendar/appointments/${id}/acceptance`)
      .type('form')
      .send({ _csrf: csrfFrom(panel.html) });
    assert.equal(refused.status, 409);
    assert.match(refused.text, /This request has expired/);
  });

  it('a request for a start sooner than 24 hours is due at its start', async () => {
    const made = await bookableProvider();
    await saveBookingRules(db(), made.providerId, { ...DEFAULTS, notice_hours: '0', approval_required: '1' });
    const soon = new Date(Math.ceil((Date.now() + 3 * 3600_000) / 900_000) * 900_000);
    await free(made.providerId, soon, new Date(soon.getTime() + 3600_000));
    const answer = await book(made.providerId, soon);
    assert.equal(answer.body.consultation.request_deadline, iso(soon));
  });
});

/** "09:15" → "9:15am", as the page writes a time. */
function clock(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${h % 12 || 12}:${String(m).padStart(2, '0')}${h < 12 ? 'am' : 'pm'}`;
}
