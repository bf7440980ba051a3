// Issue [19] item 4: a reschedule to an unusual time (the night, Unavailable time, busy time of a linked
// calendar) warns and asks "Reschedule anyway"; "Cancel consultation" e-mails the client, so it asks
// "Cancel this consultation?" first, on a page that works without JavaScript. Nothing changes, and no
// e-mail leaves, before the confirming post.
import assert from 'node:assert/strict';
import { Temporal } from 'temporal-polyfill';
import { createAvailability } from '../../server/domain/calendar';
import { expectAccessibleHtml } from '../support/accessible-html';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { drainJobs } from '../support/jobs';
import { agent, postForm, signIn, textOf, type Agent } from '../support/http';
import { open, redirected } from '../support/served-form';
import { appointment, clientUser, noonZone } from './dashboard-helpers';

const LIST = '/calendar/appointments';
const DAY_MS = 86_400_000;
const NIGHT = 'This time is at night, between 10:00pm and 6:00am in your calendar’s time zone.';
const UNAVAILABLE = 'You marked this time as Unavailable on your calendar.';
const EXTERNAL = 'This time is busy in a calendar you linked.';

interface Made {
  client: Agent;
  providerId: number;
  zone: string;
  id: number;
}

const db = () => ctx().db;
const row = (id: number) => db()('appointments').where({ id }).first();
async function sentMail() {
  await drainJobs();
  return db()('sent_messages').where({ channel: 'email' }).select('subject');
}

/** Dana, signed in, in a zone where it is about noon, with a consultation with Casey tomorrow about noon. */
async function withCall(): Promise<Made> {
  const user = await createProviderUser(db(), { providers: [{ firstName: 'Dana', lastName: 'Rivera' }] });
  const providerId = user.providerIds[0]!;
  const zone = noonZone();
  await db()('providers').where({ id: providerId }).update({ timezone: zone, has_calendar: true });
  const casey = await clientUser(db(), 'Casey', 'Client');
  const id = await appointment(db(), providerId, casey, new Date(Math.floor((Date.now() + DAY_MS) / 60_000) * 60_000));
  const client = agent();
  await signIn(client, user.email);
  return { client, providerId, zone, id };
}

const tomorrow = (zone: string) => Temporal.Now.plainDateISO(zone).add({ days: 1 }).toString();
const instant = (zone: string, clock: string) =>
  new Date(Temporal.PlainDateTime.from(`${tomorrow(zone)}T${clock}`).toZonedDateTime(zone).epochMilliseconds);

const reschedule = (made: Made, values: Record<string, string>) =>
  postForm(made.client, LIST, `${LIST}/${made.id}/reschedule`, {
    date: tomorrow(made.zone),
    return_to: '/',
    ...values,
  });

describe('a reschedule to an unusual time warns and asks first (issue [19] item 4)', () => {
  it('3:00am: the form comes back with the warning and "Reschedule anyway"; nothing moves, nobody is told', async () => {
    const made = await withCall();
    const before = (await row(made.id))!.start_time.getTime();
    const response = await reschedule(made, { start_time: '3:00am', reschedule_message: 'Early one?' });
    assert.equal(response.status, 200);
    const text = textOf(response.text);
    assert.ok(text.includes(NIGHT), text);
    assert.match(text, /Reschedule to .+, 3:00am – 3:30am .*\?/);
    assert.match(response.text, />Reschedule anyway<\/button>/);
    assert.match(response.text, /Early one\?<\/textarea>/);
    assert.ok(response.text.includes(`name="confirmed_start" value="${instant(made.zone, '03:00').toISOString()}"`));
    await expectAccessibleHtml(response.text);
    assert.equal((await row(made.id))!.start_time.getTime(), before);
    assert.deepEqual(await sentMail(), []);
  });

  it('confirmed for that start, it moves; a confirmation of another start asks again', async () => {
    const made = await withCall();
    const other = await reschedule(made, {
      start_time: '3:00am',
      confirmed_start: instant(made.zone, '04:00').toISOString(),
    });
    assert.equal(other.status, 200);
    assert.ok(textOf(other.text).includes(NIGHT));
    const moved = await reschedule(made, {
      start_time: '3:00am',
      confirmed_start: instant(made.zone, '03:00').toISOString(),
    });
    assert.equal(moved.status, 303);
    assert.equal((await row(made.id))!.start_time.getTime(), instant(made.zone, '03:00').getTime());
    assert.equal((await sentMail()).length, 1);
  });

  it('into an Unavailable block, or into busy time of a linked calendar: the warning says which', async () => {
    const made = await withCall();
    await createAvailability(db(), made.providerId, {
      start: instant(made.zone, '16:00'),
      end: instant(made.zone, '17:00'),
      free: false,
      name: 'School run',
      rrule: null,
      timeZone: made.zone,
    });
    const [calendar] = await db()('external_calendars')
      .insert({ provider_id: made.providerId, kind: 'ics', name: 'Work', url: 'https://calendar.example.test/w.ics' })
      .returning('id');
    await db()('availability_events').insert({
      provider_id: made.providerId,
      free: false,
      start_time: instant(made.zone, '18:00'),
      end_time: instant(made.zone, '19:00'),
      duration_in_minutes: 60,
      provider_external_calendar_id: calendar.id,
      external_uid: 'busy@example.test',
    });
    const unavailable = textOf((await reschedule(made, { start_time: '4:15pm' })).text);
    assert.ok(unavailable.includes(UNAVAILABLE) && !unavailable.includes(EXTERNAL) && !unavailable.includes(NIGHT));
    const external = textOf((await reschedule(made, { start_time: '5:45pm' })).text);
    assert.ok(external.includes(EXTERNAL) && !external.includes(UNAVAILABLE));
    // 2:00pm, free of all that, moves at once (outside her availability is not unusual by itself).
    assert.equal((await reschedule(made, { start_time: '2:00pm' })).status, 303);
    assert.equal((await row(made.id))!.start_time.getTime(), instant(made.zone, '14:00').getTime());
  });

  it('without JavaScript: the panel’s form, the warning, then Reschedule anyway', async () => {
    const made = await withCall();
    const panel = await open(made.client, `${LIST}/${made.id}`);
    const form = panel.document.querySelector(`form[action$="/reschedule"]`)!;
    panel.fill('Date', tomorrow(made.zone), form).fill('Start time', '11:30pm', form);
    const warned = await panel.submit(made.client, 'Reschedule', { within: form });
    assert.equal(warned.status, 200);
    assert.ok(warned.text.includes(NIGHT));
    const done = await warned.submit(made.client, 'Reschedule anyway');
    redirected(done);
    assert.ok(done.flashes.includes('Your phone consultation has been rescheduled.'), done.flashes.join());
    assert.equal((await row(made.id))!.start_time.getTime(), instant(made.zone, '23:30').getTime());
  });
});

describe('"Cancel consultation" asks "Cancel this consultation?" first (issue [19] item 4)', () => {
  it('GET shows the question with the consultation’s details; nothing is canceled', async () => {
    const made = await withCall();
    const page = await made.client.get(`${LIST}/${made.id}/cancellation`).expect(200);
    const text = textOf(page.text);
    assert.match(text, /Cancel this consultation\?/);
    assert.match(text, /Phone Consult with Casey Client/);
    assert.match(text, /Casey Client will be told by e-mail that you cancelled\./);
    assert.match(page.text, /data-progress="Canceling\.\.\."/);
    await expectAccessibleHtml(page.text);
    assert.equal((await row(made.id))!.canceled, false);
  });

  it('the panel’s post asks first (the note kept); the confirming post cancels and e-mails, without JavaScript', async () => {
    const made = await withCall();
    const panel = await open(made.client, `${LIST}/${made.id}`);
    const form = panel.document.querySelector(`form[action$="/cancellation"]`)!;
    panel.fill('Message to the client (optional)', 'Sorry, I am ill.', form);
    const question = await panel.submit(made.client, 'Cancel consultation', { within: form });
    assert.equal(question.status, 200);
    assert.match(question.text, /Cancel this consultation\?/);
    assert.equal(question.byName('cancel_message').value, 'Sorry, I am ill.');
    assert.equal((await row(made.id))!.canceled, false);
    assert.deepEqual(await sentMail(), []);
    assert.equal(question.link('Keep consultation').getAttribute('href'), `${LIST}/${made.id}`);

    const done = await question.submit(made.client, 'Cancel consultation');
    redirected(done);
    assert.ok(done.flashes.includes('Your phone consultation has been cancelled.'), done.flashes.join());
    const stored = (await row(made.id))!;
    assert.deepEqual([stored.canceled, stored.cancel_message], [true, 'Sorry, I am ill.']);
    assert.equal((await sentMail()).length, 1);
  });

  it('a note too long on the question page comes back there (422); another provider’s consultation is not found', async () => {
    const made = await withCall();
    const long = await postForm(made.client, LIST, `${LIST}/${made.id}/cancellation`, {
      confirmed: '1',
      cancel_message: 'x'.repeat(2001),
    });
    assert.equal(long.status, 422);
    assert.match(textOf(long.text), /Cancel this consultation\?/);
    assert.match(textOf(long.text), /Please keep your message under 2000 characters!/);
    assert.equal((await row(made.id))!.canceled, false);

    const stranger = await withCall();
    await made.client.get(`${LIST}/${stranger.id}/cancellation`).expect(404);
    const refused = await postForm(made.client, LIST, `${LIST}/${stranger.id}/cancellation`, { confirmed: '1' });
    assert.equal(refused.status, 404);
    assert.equal((await row(stranger.id))!.canceled, false);
  });
});
