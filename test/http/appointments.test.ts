// The provider's phone consultations (spec 3 §2 Appointments list, §4 Appointments, §5 Reschedule, §8;
// spec 2 §2 appointment modal): the list and its tabs, the panel and its calendar links, cancel and
// reschedule with their messages, and ids of another provider's appointments. One describe per rule.
import assert from 'node:assert/strict';
import ical, { type VEvent } from 'node-ical';
import { Temporal } from 'temporal-polyfill';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { drainJobs } from '../support/jobs';
import { agent, csrfFrom, mainTextOf, postForm, signIn, textOf, type Agent, type FormValues } from '../support/http';
import { appointment as addAppointment, clientUser as addClient, minutes, noonZone } from './dashboard-helpers';
import { decryptedMessages } from '../support/encrypted';

const LIST = '/calendar/appointments';
const DAY_MS = 86_400_000;

const MESSAGES = {
  cancelled: 'Your phone consultation has been cancelled.',
  rescheduled: 'Your phone consultation has been rescheduled.',
  dateRequired: 'Enter a date.',
  timeRequired: 'Enter a time.',
  timeInvalid: 'Start time invalid. Use 1:00pm format',
  window: 'Choose a date within the next 90 days.',
  passed: 'This time has already passed. Choose a later time.',
  overlap: 'You have another phone consultation at this time. Choose another time.',
};

interface Made {
  client: Agent;
  providerId: number;
  zone: string;
}

/** A signed-in provider (Dana Rivera) whose calendar zone has it about noon now. */
async function signedIn(): Promise<Made> {
  const user = await createProviderUser(ctx().db, { providers: [{ firstName: 'Dana', lastName: 'Rivera' }] });
  const providerId = user.providerIds[0]!;
  const zone = noonZone();
  await ctx().db('providers').where({ id: providerId }).update({ timezone: zone });
  const client = agent();
  await signIn(client, user.email);
  return { client, providerId, zone };
}

const clientUser = (first: string, last: string) => addClient(ctx().db, first, last);
const appointment = (
  providerId: number,
  clientUserId: number | null,
  start: Date,
  extra: Record<string, unknown> = {},
) => addAppointment(ctx().db, providerId, clientUserId, start, extra);
const row = (id: number) => ctx().db('appointments').where({ id }).first();
const providerMessages = () =>
  ctx()
    .db('messages')
    .orderBy('id')
    .select('type', 'sender', 'message_content', 'appointment_id', 'provider_id', 'client_user_id')
    .then((rows) => decryptedMessages(ctx().db, rows));
async function sentMail() {
  await drainJobs();
  return ctx().db('sent_messages').where({ channel: 'email' }).orderBy('id').select('recipient', 'subject', 'body');
}

/** YYYY-MM-DD of an instant in a zone. */
const dayIn = (instant: Date, zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
const longDateIn = (instant: Date, zone: string) =>
  instant.toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: zone,
  });
/** "2:00pm" (spec 3 §5's 1:00pm format, the portal's one way of writing a time of day). */
const clockIn = (instant: Date, zone: string) =>
  instant
    .toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: zone })
    .replace(/[\s\u202f]/g, '')
    .toLowerCase();

const post = (client: Agent, path: string, values: FormValues) => postForm(client, LIST, path, values);
/** The confirmed cancel (the post of "Cancel this consultation?"). */
const cancel = (client: Agent, id: number, values: FormValues = {}) =>
  post(client, `${LIST}/${id}/cancellation`, { confirmed: '1', ...values });
const reschedule = (client: Agent, id: number, values: FormValues) => post(client, `${LIST}/${id}/reschedule`, values);

/** Follows a 303 and returns the page it leads to. */
async function follow(client: Agent, response: { status: number; headers: Record<string, string> }): Promise<string> {
  assert.equal(response.status, 303, 'a redirect');
  return (await client.get(response.headers.location!).expect(200)).text;
}

/** A consultation with Casey Client tomorrow about noon in the provider's zone, on a whole minute as booked ones are. */
async function tomorrowsCall(made: Made, extra: Record<string, unknown> = {}) {
  const casey = await clientUser('Casey', 'Client');
  const id = await appointment(made.providerId, casey, new Date(Math.floor((Date.now() + DAY_MS) / 60_000) * 60_000), {
    intake_form: JSON.stringify({ insurance: 'Aetna', reason_for_visit: 'Anxiety at work' }),
    ...extra,
  });
  return { id, casey };
}

describe('appointments list: Upcoming, Past and Canceled tabs, grouped by day with Today! and Tomorrow', () => {
  it('upcoming: soonest first, each day under its long date in the calendar zone, each row with time range and zone, client, provider and View details', async () => {
    const made = await signedIn();
    const now = Date.now();
    const casey = await clientUser('Casey', 'Client');
    const drew = await clientUser('Drew', 'Doe');
    const eli = await clientUser('Eli', 'Early');
    const later = await appointment(made.providerId, drew, new Date(now + 3 * DAY_MS));
    await appointment(made.providerId, drew, new Date(now + DAY_MS));
    const soon = await appointment(made.providerId, casey, new Date(now + minutes(60)));
    await appointment(made.providerId, eli, new Date(now + minutes(120)), { canceled: true });
    await appointment(made.providerId, eli, new Date(now - DAY_MS));
    const stranger = await createProviderUser(ctx().db);
    await appointment(stranger.providerIds[0]!, eli, new Date(now + minutes(30)));

    const html = (await made.client.get(LIST).expect(200)).text;
    assert.match(html, /<title>Phone Consultations \|/);
    assert.match(html, /<a href="\/calendar\/appointments\?tab=upcoming" aria-current="page">Upcoming<\/a>/);
    const text = mainTextOf(html);
    const day = (offset: number) => longDateIn(new Date(now + offset * DAY_MS), made.zone);
    const soonStart = new Date(now + minutes(60));
    const soonRange = `${clockIn(soonStart, made.zone)} – ${clockIn(new Date(soonStart.getTime() + minutes(30)), made.zone)}`;
    assert.ok(text.includes(`${day(0)} Today! ${soonRange}`), text);
    assert.match(
      text,
      new RegExp(
        `${day(0)} Today! .*Casey Client With Dana Rivera View details.*${day(1)} Tomorrow .*Drew Doe With Dana Rivera View details.*${day(3)} .*Drew Doe`,
      ),
    );
    assert.doesNotMatch(text, new RegExp(`${day(3)} (Today!|Tomorrow)`));
    assert.doesNotMatch(text, /Eli Early/);
    assert.doesNotMatch(html, /class="label label--neutral">Canceled</, 'no canceled note');
    assert.ok(html.includes(`href="/calendar/appointments?tab=upcoming&amp;id=${soon}#appointment"`));
    assert.ok(html.includes(`id=${later}#appointment`));
  });

  it('past: ended and not canceled, newest first; canceled: every canceled one with a canceled note', async () => {
    const made = await signedIn();
    const now = Date.now();
    const casey = await clientUser('Casey', 'Client');
    const drew = await clientUser('Drew', 'Doe');
    const eli = await clientUser('Eli', 'Early');
    await appointment(made.providerId, casey, new Date(now - 3 * DAY_MS));
    await appointment(made.providerId, drew, new Date(now - DAY_MS));
    await appointment(made.providerId, eli, new Date(now + DAY_MS), { canceled: true });
    await appointment(made.providerId, eli, new Date(now + 2 * DAY_MS));

    const past = mainTextOf((await made.client.get(`${LIST}?tab=past`).expect(200)).text);
    assert.match(past, /Drew Doe .*Casey Client/);
    assert.doesNotMatch(past, /Eli Early/);
    const canceled = mainTextOf((await made.client.get(`${LIST}?tab=canceled`).expect(200)).text);
    assert.match(canceled, /Tomorrow .* Canceled Eli Early With Dana Rivera View details/);
    assert.doesNotMatch(canceled, /Casey|Drew/);
  });

  it('each tab has its empty text', async () => {
    const { client } = await signedIn();
    for (const tab of ['upcoming', 'past', 'canceled']) {
      assert.match(
        mainTextOf((await client.get(`${LIST}?tab=${tab}`).expect(200)).text),
        new RegExp(`You have no ${tab} appointments at this time\\.`),
      );
    }
  });

  it("?id= opens the provider's own appointment above the list; another provider's id opens nothing", async () => {
    const made = await signedIn();
    const { id } = await tomorrowsCall(made);
    const own = (await made.client.get(`${LIST}?id=${id}`).expect(200)).text;
    assert.match(mainTextOf(own), /Phone Consult with Casey Client/);
    const stranger = await createProviderUser(ctx().db);
    const secret = await appointment(
      stranger.providerIds[0]!,
      await clientUser('Sam', 'Secret'),
      new Date(Date.now() + DAY_MS),
    );
    const other = (await made.client.get(`${LIST}?id=${secret}`).expect(200)).text;
    assert.doesNotMatch(other, /id="appointment"|Secret/);
  });

  it('signed-out visitors go to /login', async () => {
    assert.equal((await agent().get(LIST).expect(303)).headers.location, `/login?next=${encodeURIComponent(LIST)}`);
  });
});

describe('appointment panel: time, client contact, intake answers and calendar links', () => {
  it("shows the time with its zone, the client's phone and e-mail, the intake answers and the cancel and reschedule forms", async () => {
    const made = await signedIn();
    const { id } = await tomorrowsCall(made);
    const html = (await made.client.get(`${LIST}/${id}`).expect(200)).text;
    const panel = /<section id="appointment"[\s\S]*<\/section>/.exec(html)![0];
    const text = textOf(panel);
    const start = (await row(id))!.start_time as Date;
    assert.match(
      text,
      new RegExp(
        `Phone Consult with Casey Client Date ${longDateIn(start, made.zone)} Time ${clockIn(start, made.zone)} – .* (GMT|UTC)`,
      ),
    );
    assert.match(
      text,
      /Status Upcoming Client Casey Client Phone \(212\) 555-0199 Email casey\S+@client\.test Provider Dana Rivera/,
    );
    assert.match(text, /Intake answers Insurance Aetna Reason for visit Anxiety at work/);
    assert.match(
      panel,
      new RegExp(
        `<form data-progress="Rescheduling\\.\\.\\."[^>]* action="/calendar/appointments/${id}/reschedule" method="post"`,
      ),
    );
    // The cancel form leads to "Cancel this consultation?" first; its confirming form says "Canceling...".
    assert.match(panel, new RegExp(`<form[^>]* action="/calendar/appointments/${id}/cancellation" method="post"`));
    assert.ok(
      panel.includes(
        `type="date" min="${dayIn(new Date(), made.zone)}" max="${dayIn(new Date(Date.now() + 90 * DAY_MS), made.zone)}" name="date" value="${dayIn(start, made.zone)}"`,
      ),
      'the 90-day window on the date picker',
    );
  });

  it("Google and Outlook links and the .ics carry the time, the client's initials and a link back: never the client's name, phone, e-mail or intake answers", async () => {
    const made = await signedIn();
    const { id, casey } = await tomorrowsCall(made);
    const stored = (await row(id))!;
    const { email } = (await ctx().db('users').where({ id: casey }).first('email'))!;
    const pageUrl = `${ctx().config.portalUrl}${LIST}/${id}`;
    /** What the seeded client gave that must never leave in a calendar entry. */
    const markers = [
      /Casey/i,
      /Client\b/,
      /212|555|0199/,
      new RegExp(email.replace(/[.+]/g, '\\$&'), 'i'),
      /Aetna|Anxiety/,
    ];
    const html = (await made.client.get(`${LIST}/${id}`).expect(200)).text;
    const href = (label: string) =>
      new URL(
        [...html.matchAll(/href="([^"]+)"[^>]*>([^<]*)</g)].find((m) => m[2] === label)![1]!.replace(/&amp;/g, '&'),
      );
    const google = href('Google Calendar');
    assert.equal(google.origin + google.pathname, 'https://calendar.google.com/calendar/render');
    assert.equal(google.searchParams.get('action'), 'TEMPLATE');
    assert.equal(google.searchParams.get('text'), 'Phone consultation with C.C.');
    assert.ok(google.searchParams.get('details')!.includes(pageUrl), 'the link back');
    const compact = (d: Date) => d.toISOString().replace(/[-:]|\.\d{3}/g, '');
    assert.equal(google.searchParams.get('dates'), `${compact(stored.start_time)}/${compact(stored.end_time)}`);
    const outlook = href('Outlook');
    assert.equal(outlook.origin + outlook.pathname, 'https://outlook.live.com/calendar/0/deeplink/compose');
    assert.equal(outlook.searchParams.get('subject'), 'Phone consultation with C.C.');
    assert.ok(outlook.searchParams.get('body')!.includes(pageUrl), 'the link back');
    assert.equal(outlook.searchParams.get('startdt'), stored.start_time.toISOString());
    assert.equal(outlook.searchParams.get('enddt'), stored.end_time.toISOString());
    for (const link of [google, outlook]) {
      // The portal's address itself is no marker: what follows it in the query is.
      const query = [...link.searchParams.values()].join('\n').replaceAll(pageUrl, '');
      for (const marker of markers) assert.doesNotMatch(query, marker, `${link.host}: ${marker}`);
    }

    const response = await made.client.get(`${LIST}/${id}/ics`).expect(200);
    assert.match(response.headers['content-type']!, /^text\/calendar; charset=utf-8/);
    assert.match(
      response.headers['content-disposition']!,
      new RegExp(`^attachment; filename="?phone-consultation-${id}\\.ics"?$`),
    );
    const events = Object.values(ical.sync.parseICS(response.text)).filter(
      (entry) => entry?.type === 'VEVENT',
    ) as VEvent[];
    assert.equal(events.length, 1);
    const event = events[0]!;
    assert.equal(event.summary, 'Phone consultation with C.C.');
    assert.ok(String(event.description).includes(pageUrl));
    const unfolded = response.text.replace(/\r?\n[ \t]/g, '');
    assert.ok(unfolded.split(/\r?\n/).includes(`URL;VALUE=URI:${pageUrl}`) || unfolded.includes(`URL:${pageUrl}`));
    assert.equal(event.start.getTime(), stored.start_time.getTime());
    assert.equal(event.end?.getTime(), stored.end_time.getTime());
    // Unfolded (a long line of an .ics continues on the next after a space), the link taken out.
    const text = unfolded.replaceAll(pageUrl, '');
    for (const marker of markers) assert.doesNotMatch(text, marker, `.ics: ${marker}`);
  });

  it('?partial=1 answers the panel alone, without the page around it', async () => {
    const made = await signedIn();
    const { id } = await tomorrowsCall(made);
    const response = await made.client
      .get(`${LIST}/${id}?partial=1&return_to=${encodeURIComponent(`/calendar?id=${id}`)}`)
      .expect(200);
    assert.match(response.text, /^<section id="appointment"/);
    assert.doesNotMatch(response.text, /<html|<main/);
    assert.match(response.text, /name="_csrf" value="[^"]+"/);
    assert.ok(response.text.includes(`name="return_to" value="/calendar?id=${id}"`));
  });

  it('cancel and reschedule are offered only when not legacy, not canceled and not yet ended', async () => {
    const made = await signedIn();
    const casey = await clientUser('Casey', 'Client');
    const cases = {
      legacy: await appointment(made.providerId, casey, new Date(Date.now() + DAY_MS), { legacy: true }),
      canceled: await appointment(made.providerId, casey, new Date(Date.now() + 2 * DAY_MS), { canceled: true }),
      ended: await appointment(made.providerId, casey, new Date(Date.now() - minutes(31))),
    };
    for (const [name, id] of Object.entries(cases)) {
      const html = (await made.client.get(`${LIST}/${id}`).expect(200)).text;
      assert.doesNotMatch(html, /\/cancellation"|\/reschedule"/, name);
    }
  });
});

describe("cancel (spec 3 §8: 'Your phone consultation has been cancelled.')", () => {
  it('cancels with the optional message, writes it to the conversation, e-mails the client and goes back with the panel closed', async () => {
    const made = await signedIn();
    const { id, casey } = await tomorrowsCall(made);
    const response = await cancel(made.client, id, {
      cancel_message: 'Sorry, I am ill that day.',
      return_to: `${LIST}?tab=upcoming&id=${id}`,
    });
    assert.equal(response.headers.location, `${LIST}?tab=upcoming`);
    assert.match(mainTextOf(await follow(made.client, response)), /Your phone consultation has been cancelled\./);

    const stored = (await row(id))!;
    assert.equal(stored.canceled, true);
    assert.equal(stored.cancel_message, 'Sorry, I am ill that day.');
    assert.deepEqual(await providerMessages(), [
      {
        type: 'cancel_message',
        sender: 'provider',
        message_content: 'Sorry, I am ill that day.',
        appointment_id: id,
        provider_id: made.providerId,
        client_user_id: casey,
      },
    ]);
    const mail = await sentMail();
    assert.equal(mail.length, 1);
    assert.match(mail[0].recipient, /^casey\S+@client\.test$/);
    assert.equal(mail[0].subject, 'Your phone consultation with Dana Rivera has been cancelled');
    assert.match(mail[0].body, /Dana Rivera has cancelled your phone consultation of/);
    assert.doesNotMatch(
      mail[0].body,
      /Aetna|Anxiety|ill that day/,
      'no intake answers, and the note stays in the conversation',
    );
  });

  it('the message is optional', async () => {
    const made = await signedIn();
    const { id } = await tomorrowsCall(made);
    const response = await cancel(made.client, id, { return_to: '/' });
    assert.equal(response.headers.location, '/');
    assert.equal((await row(id))!.canceled, true);
    assert.equal((await providerMessages())[0]!.message_content, null);
  });

  it("a return_to that is not a path of this site goes to the panel's page instead", async () => {
    const made = await signedIn();
    const { id } = await tomorrowsCall(made);
    assert.equal(
      (await cancel(made.client, id, { return_to: 'https://elsewhere.test/' })).headers.location,
      `${LIST}/${id}`,
    );
  });
});

describe('reschedule (spec 3 §5: time required, date required, 1:00pm format, 90-day window; no double booking)', () => {
  const tomorrow = (zone: string) => dayIn(new Date(Date.now() + DAY_MS), zone);

  it('moves the call to the date and time in the calendar zone, same length, and says so', async () => {
    const made = await signedIn();
    const { id, casey } = await tomorrowsCall(made);
    const returnTo = `${LIST}?tab=upcoming&id=${id}`;
    const response = await reschedule(made.client, id, {
      date: tomorrow(made.zone),
      start_time: '2:00pm',
      reschedule_message: 'Could we talk a bit later?',
      return_to: returnTo,
    });
    assert.equal(response.headers.location, returnTo);
    const page = mainTextOf(await follow(made.client, response));
    assert.match(page, /Your phone consultation has been rescheduled\./);
    assert.match(page, /Reschedule successful!/);

    const stored = (await row(id))!;
    assert.equal(dayIn(stored.start_time, made.zone), tomorrow(made.zone));
    assert.equal(clockIn(stored.start_time, made.zone), '2:00pm');
    assert.equal(stored.end_time.getTime() - stored.start_time.getTime(), minutes(30));
    assert.ok(stored.rescheduled_at);
    assert.deepEqual(await providerMessages(), [
      {
        type: 'reschedule_message',
        sender: 'provider',
        message_content: 'Could we talk a bit later?',
        appointment_id: id,
        provider_id: made.providerId,
        client_user_id: casey,
      },
    ]);
    const mail = await sentMail();
    assert.equal(mail.length, 1);
    assert.equal(mail[0].subject, 'Your phone consultation with Dana Rivera has been rescheduled');
    assert.ok(
      mail[0].body.includes(
        `Dana Rivera has moved your phone consultation to ${longDateIn(stored.start_time, made.zone)}, 2:00pm – 2:30pm`,
      ),
      mail[0].body,
    );
    assert.doesNotMatch(mail[0].body, /Aetna|Anxiety/);
  });

  it('each rule has its message beside the field, what was typed is kept (422), and nothing changes', async () => {
    const made = await signedIn();
    const { id } = await tomorrowsCall(made);
    const before = (await row(id))!;
    const far = dayIn(new Date(Date.now() + 92 * DAY_MS), made.zone);
    const yesterday = dayIn(new Date(Date.now() - DAY_MS), made.zone);
    const cases: [FormValues, string, string][] = [
      [{ date: '', start_time: '2:00pm' }, 'date', MESSAGES.dateRequired],
      [{ date: tomorrow(made.zone), start_time: '' }, 'start_time', MESSAGES.timeRequired],
      [{ date: tomorrow(made.zone), start_time: '14:00' }, 'start_time', MESSAGES.timeInvalid],
      [{ date: tomorrow(made.zone), start_time: '13:00pm' }, 'start_time', MESSAGES.timeInvalid],
      [{ date: far, start_time: '2:00pm' }, 'date', MESSAGES.window],
      [{ date: yesterday, start_time: '2:00pm' }, 'date', MESSAGES.window],
      [{ date: dayIn(new Date(), made.zone), start_time: '1:00am' }, 'start_time', MESSAGES.passed],
    ];
    for (const [values, field, message] of cases) {
      const response = await reschedule(made.client, id, {
        ...values,
        reschedule_message: 'Typed note',
        return_to: '/',
      });
      assert.equal(response.status, 422, message);
      const html = response.text;
      assert.ok(html.includes(`id="reschedule-${field === 'date' ? 'date' : 'time'}-${id}-error"`), message);
      assert.ok(textOf(html).includes(message), message);
      assert.match(html, /Typed note<\/textarea>/);
      assert.ok(html.includes('name="return_to" value="/"'), 'return_to kept');
      if (values.start_time) assert.ok(html.includes(`value="${values.start_time}"`), 'the typed time is kept');
    }
    // The calendar's island asks for JSON: the same messages, by field.
    const _csrf = csrfFrom((await made.client.get(LIST)).text);
    const json = await made.client
      .post(`${LIST}/${id}/reschedule`)
      .set('Accept', 'application/json')
      .type('form')
      .send({ _csrf, date: tomorrow(made.zone), start_time: '14:00' });
    assert.equal(json.status, 422);
    assert.deepEqual(json.body.errors, { start_time: MESSAGES.timeInvalid });

    const after = (await row(id))!;
    assert.equal(after.start_time.getTime(), before.start_time.getTime());
    assert.deepEqual(await providerMessages(), []);
    assert.deepEqual(await sentMail(), []);
  });

  it('onto another live consultation of the provider: a form error, not a 500; a canceled one does not block the time', async () => {
    const made = await signedIn();
    const { id } = await tomorrowsCall(made);
    const other = await clientUser('Drew', 'Doe');
    const day = tomorrow(made.zone);
    const taken = (await row(id))!.start_time as Date;
    // Drew 3:15pm – 3:45pm tomorrow (live) and 5:00pm (canceled), in the calendar's zone.
    const at = (clock: string) =>
      new Date(Temporal.PlainDateTime.from(`${day}T${clock}`).toZonedDateTime(made.zone).epochMilliseconds);
    await appointment(made.providerId, other, at('15:15'));
    await appointment(made.providerId, other, at('17:00'), { canceled: true });

    const overlapping = await reschedule(made.client, id, { date: day, start_time: '3:00pm' });
    assert.equal(overlapping.status, 422);
    assert.ok(textOf(overlapping.text).includes(MESSAGES.overlap));
    assert.equal((await row(id))!.start_time.getTime(), taken.getTime());
    assert.deepEqual(await providerMessages(), []);

    assert.equal((await reschedule(made.client, id, { date: day, start_time: '5:00pm' })).status, 303);
  });
});

describe('cancel and reschedule are refused for legacy, canceled and ended appointments', () => {
  it('409 with the reason, and nothing changes', async () => {
    const made = await signedIn();
    const casey = await clientUser('Casey', 'Client');
    const cases: [number, RegExp][] = [
      [
        await appointment(made.providerId, casey, new Date(Date.now() + DAY_MS), { legacy: true }),
        /booked in the previous scheduling system and cannot be changed here/,
      ],
      [
        await appointment(made.providerId, casey, new Date(Date.now() + 2 * DAY_MS), { canceled: true }),
        /has been cancelled and cannot be changed/,
      ],
      [
        await appointment(made.providerId, casey, new Date(Date.now() - minutes(40))),
        /has already ended and cannot be changed/,
      ],
    ];
    const day = dayIn(new Date(Date.now() + 3 * DAY_MS), made.zone);
    for (const [id, reason] of cases) {
      const before = (await row(id))!;
      for (const response of [
        await cancel(made.client, id),
        await reschedule(made.client, id, { date: day, start_time: '2:00pm' }),
      ]) {
        assert.equal(response.status, 409);
        assert.match(mainTextOf(response.text), reason);
      }
      const after = (await row(id))!;
      assert.deepEqual([after.canceled, after.start_time.getTime()], [before.canceled, before.start_time.getTime()]);
    }
    assert.deepEqual(await providerMessages(), []);
  });
});

describe("another provider's appointment id is not found (404) everywhere", () => {
  it('panel, partial, .ics, cancellation and reschedule', async () => {
    const made = await signedIn();
    const stranger = await createProviderUser(ctx().db);
    const id = await appointment(
      stranger.providerIds[0]!,
      await clientUser('Sam', 'Secret'),
      new Date(Date.now() + DAY_MS),
    );
    for (const path of [`${LIST}/${id}`, `${LIST}/${id}?partial=1`, `${LIST}/${id}/ics`, `${LIST}/abc`]) {
      const response = await made.client.get(path);
      assert.equal(response.status, 404, path);
      assert.doesNotMatch(response.text, /Secret/, path);
    }
    assert.equal((await cancel(made.client, id)).status, 404);
    assert.equal(
      (
        await reschedule(made.client, id, {
          date: dayIn(new Date(Date.now() + 2 * DAY_MS), made.zone),
          start_time: '2:00pm',
        })
      ).status,
      404,
    );
    const stored = (await row(id))!;
    assert.equal(stored.canceled, false);
    assert.equal(stored.rescheduled_at, null);
  });
});
