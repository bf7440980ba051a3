// The practice inbox's intake desk (issue [22] item 2): each conversation's assignee, status and snooze, set
// from the thread's Desk form (no JavaScript) and by the messages themselves; the list's desk filters; who
// may use the desk's routes; and the thread's live view of changes made by someone else.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Temporal } from 'temporal-polyfill';
import { bookConsultation, cancelConsultationAsClient } from '../../server/domain/appointments';
import { createAvailability } from '../../server/domain/calendar';
import { DESK_MESSAGES, insertMessageRows, receiveClientMessage, updateDesk } from '../../server/domain/messaging';
import { expectAccessibleHtml } from '../support/accessible-html';
import { ctx } from '../support/context';
import { cookieFor, readUntil } from '../support/event-stream';
import { createProviderUser, type MadeUser } from '../support/factories';
import { agent, csrfFrom, mainTextOf, signIn, type Agent } from '../support/http';
import { clientUser, conversation } from './dashboard-helpers';

const db = () => ctx().db;
const ZONE = 'America/New_York';

/** A person with a login and these roles on the account (and clinician access to a profile, if given). */
async function person(accountId: number, firstName: string, roles: string[], clinicianOf?: number): Promise<MadeUser> {
  const user = await createProviderUser(db(), { roles: [], providers: [] });
  await db()('users').where({ id: user.userId }).update({ first_name: firstName, last_name: 'Desk' });
  for (const role of roles) await db()('account_roles').insert({ user_id: user.userId, account_id: accountId, role });
  if (clinicianOf) await db()('provider_clinicians').insert({ user_id: user.userId, provider_id: clinicianOf });
  return { ...user, accountId };
}

/**
 * A practice: Cora the intake coordinator (signed in) on two profiles; Grace, a second coordinator; Olive,
 * an owner; Cliff, a clinician of the second profile; Eve, an intake exporter only. Jane has written to the
 * first profile.
 */
async function practice() {
  const cora = await createProviderUser(db(), {
    roles: ['intake-coordinator'],
    providers: [
      { firstName: 'Ada', lastName: 'Lovelace' },
      { firstName: 'Alan', lastName: 'Turing' },
    ],
  });
  await db()('users').where({ id: cora.userId }).update({ first_name: 'Cora', last_name: 'Desk' });
  await db()('providers').whereIn('id', cora.providerIds).update({ timezone: ZONE });
  const grace = await person(cora.accountId, 'Grace', ['intake-coordinator']);
  const olive = await person(cora.accountId, 'Olive', ['owner']);
  const cliff = await person(cora.accountId, 'Cliff', [], cora.providerIds[1]);
  const eve = await person(cora.accountId, 'Eve', ['intake-exporter']);
  const jane = await clientUser(db(), 'Jane', 'Client');
  const conversationId = await conversation(db(), cora.providerIds[0]!, jane, 'Hello there');
  const client = agent();
  await signIn(client, cora.email);
  const path = `/practice-inbox/messages/${jane}/${cora.providerIds[0]}`;
  return { cora, grace, olive, cliff, eve, jane, conversationId, client, path };
}

const deskOf = (conversationId: number) =>
  db()('conversations')
    .where({ id: conversationId })
    .first('desk_status', 'assignee_user_id', 'snoozed_until')
    .then((row) => ({
      status: row!.desk_status as string,
      assignee: row!.assignee_user_id === null ? null : Number(row!.assignee_user_id),
      snoozedUntil: row!.snoozed_until as Date | null,
    }));

type AuditDetails = Record<string, { from: unknown; to: unknown } | number | undefined> & {
  conversation_id: number;
};
const deskAudits = async () =>
  (
    await db()('audit_log').where({ action: 'practice_inbox_desk_changed' }).orderBy('id').select('user_id', 'details')
  ).map((row) => ({ user_id: row.user_id, details: row.details as AuditDetails }));

/** A day `days` after today in the practice's zone, as the date input sends it. */
const dayAhead = (days: number) => Temporal.Now.plainDateISO(ZONE).add({ days }).toString();

/** Posts the Desk form as the thread page would; with `status`, the answer must have it. */
async function postDesk(client: Agent, path: string, values: Record<string, string>, status?: number) {
  const _csrf = csrfFrom((await client.get(path).expect(200)).text);
  const answer = await client
    .post(`${path}/desk`)
    .type('form')
    .send({ _csrf, ...values });
  if (status !== undefined) assert.equal(answer.status, status, JSON.stringify(values));
  return answer;
}

/** The names in the list, in order. */
const listNames = (html: string) => [...html.matchAll(/class="messages-list__client">([^<]+)</g)].map((m) => m[1]!);

/** The `<select>` of this id, and its options' labels. */
const optionsOf = (html: string, id: string) => {
  const select = new RegExp(`<select id="${id}"[\\s\\S]*?</select>`).exec(html);
  assert.ok(select, `a select #${id}`);
  return [...select[0].matchAll(/<option value="([^"]*)"[^>]*>([^<]+)</g)].map((m) => m[2]!);
};

describe('practice inbox desk: who may', () => {
  it('only an intake coordinator of the account: signed out, owners, exporters, clinicians and billing managers are refused every desk route, and nothing changes', async () => {
    const { cora, olive, cliff, eve, conversationId, path } = await practice();
    const billing = await person(cora.accountId, 'Bill', ['billing-manager']);
    const signedOut = agent();
    const _csrf = csrfFrom((await signedOut.get('/login')).text);
    for (const route of ['desk', 'assignment']) {
      const answer = await signedOut
        .post(`${path}/${route}`)
        .type('form')
        .send({ _csrf, assignee: '', status: 'closed' });
      assert.ok([303, 403].includes(answer.status), `${route} signed out: ${answer.status}`);
      assert.doesNotMatch(answer.headers.location ?? '', /practice-inbox/);
    }
    await signedOut.get(`${path}/updates?after=0`).set('Accept', 'application/json').expect(401);
    for (const someone of [olive, cliff, eve, billing]) {
      const client = agent();
      await signIn(client, someone.email);
      const token = csrfFrom((await client.get('/practice-inbox')).text);
      for (const route of ['desk', 'assignment']) {
        await client
          .post(`${path}/${route}`)
          .type('form')
          .send({ _csrf: token, assignee: String(someone.userId), status: 'closed' })
          .expect(403);
      }
      await client.get(`${path}/updates?after=0`).set('Accept', 'application/json').expect(403);
      await client.get(`${path}/events`).set('Accept', 'text/event-stream').expect(403);
    }
    assert.deepEqual(await deskOf(conversationId), { status: 'new', assignee: null, snoozedUntil: null });
    assert.equal((await deskAudits()).length, 0);
  });

  it('another account’s conversation, or a mix of ids, is not found (404) on every desk route; nothing changes', async () => {
    const { cora, client, jane } = await practice();
    const other = await createProviderUser(db(), { roles: ['owner', 'intake-coordinator'] });
    const theirs = await clientUser(db(), 'Theo', 'Other');
    const theirConversation = await conversation(db(), other.providerIds[0]!, theirs, 'Hi');
    const _csrf = csrfFrom((await client.get('/practice-inbox/messages').expect(200)).text);
    for (const path of [
      `/practice-inbox/messages/${theirs}/${other.providerIds[0]}`,
      `/practice-inbox/messages/${jane}/${other.providerIds[0]}`,
      `/practice-inbox/messages/${theirs}/${cora.providerIds[0]}`,
      `/practice-inbox/messages/abc/${cora.providerIds[0]}`,
    ]) {
      await client
        .post(`${path}/desk`)
        .type('form')
        .send({ _csrf, assignee: String(cora.userId), status: 'closed' })
        .expect(404);
      await client.post(`${path}/assignment`).type('form').send({ _csrf }).expect(404);
      await client.get(`${path}/updates?after=0`).set('Accept', 'application/json').expect(404);
      await client.get(`${path}/events`).set('Accept', 'text/event-stream').expect(404);
    }
    assert.deepEqual(await deskOf(theirConversation), { status: 'new', assignee: null, snoozedUntil: null });
    assert.equal((await deskAudits()).length, 0);
  });
});

describe('practice inbox desk: the Desk form beside the thread', () => {
  it('offers the account’s coordinators, owners and clinicians, and the four statuses; the thread shows the desk', async () => {
    const { client, path } = await practice();
    const stranger = await createProviderUser(db(), { roles: ['intake-coordinator'] });
    const page = (await client.get(path).expect(200)).text;
    assert.match(page, new RegExp(`action="${path}/desk" method="post"`));
    assert.deepEqual(optionsOf(page, 'desk-assignee'), [
      'Unassigned',
      'Cliff Desk',
      'Cora Desk (you)',
      'Grace Desk',
      'Olive Desk',
    ]);
    assert.deepEqual(optionsOf(page, 'desk-status'), ['New', 'Replied', 'Consultation booked', 'Closed']);
    assert.match(page, /<option value="new" selected="">New</);
    assert.match(page, /<input id="desk-snooze-until"[^>]*type="date"/);
    assert.match(mainTextOf(page), /New Unassigned/);
    assert.match(page, new RegExp(`action="${path}/assignment" method="post"`));
    assert.doesNotMatch(page, new RegExp(stranger.email));
    await expectAccessibleHtml(page);
  });

  it('saves assignee, status and snooze in one post: 303 with a flash, written to the audit log; the list shows it under Snoozed', async () => {
    const { cora, grace, client, path, conversationId } = await practice();
    const snooze = dayAhead(3);
    const saved = await postDesk(client, path, {
      assignee: String(grace.userId),
      status: 'replied',
      snooze_until: snooze,
    });
    assert.equal(saved.status, 303);
    assert.equal(saved.headers.location, `${path}#desk-heading`);
    const desk = await deskOf(conversationId);
    assert.equal(desk.status, 'replied');
    assert.equal(desk.assignee, grace.userId);
    // Hidden until the start of that day in the practice's zone.
    assert.equal(
      desk.snoozedUntil?.getTime(),
      Temporal.PlainDate.from(snooze).toZonedDateTime({ timeZone: ZONE }).epochMilliseconds,
    );
    const page = (await client.get(path).expect(200)).text;
    assert.match(mainTextOf(page), /The desk has been saved\./);
    assert.match(mainTextOf(page), /Replied Snoozed until [A-Z][a-z]{2} \d+, \d{4} Assigned to Grace Desk/);
    assert.match(page, new RegExp(`<option value="${grace.userId}" selected="">Grace Desk<`));
    assert.match(page, new RegExp(`name="snooze_until" [^>]*value="${snooze}"`));

    const [audit] = await deskAudits();
    assert.equal(Number(audit!.user_id), cora.userId);
    assert.equal(audit!.details.conversation_id, conversationId);
    assert.deepEqual(audit!.details.assignee_user_id, { from: null, to: grace.userId });
    assert.deepEqual(audit!.details.desk_status, { from: 'new', to: 'replied' });
    assert.equal((audit!.details.snoozed_until as { from: unknown }).from, null);

    // Snoozed: out of the open list, in the Snoozed one.
    assert.deepEqual(listNames((await client.get('/practice-inbox/messages').expect(200)).text), []);
    const snoozed = (await client.get('/practice-inbox/messages?status=snoozed').expect(200)).text;
    assert.deepEqual(listNames(snoozed), ['Jane Client']);
    assert.match(mainTextOf(snoozed), /Jane Client .*Replied Snoozed until .* Assigned to Grace Desk/);

    // The same values again: nothing written.
    const again = await postDesk(client, path, {
      assignee: String(grace.userId),
      status: 'replied',
      snooze_until: snooze,
    });
    assert.equal(again.status, 303);
    assert.match(mainTextOf((await client.get(path)).text), /Nothing has changed/);
    assert.equal((await deskAudits()).length, 1);
  });

  it('refuses bad input beside its field (422) with what was typed, and saves nothing', async () => {
    const { eve, client, path, conversationId } = await practice();
    const stranger = await createProviderUser(db(), { roles: ['intake-coordinator'] });
    const cases: [Record<string, string>, string, string][] = [
      [{ assignee: String(eve.userId), status: 'closed' }, 'desk-assignee', DESK_MESSAGES.assignee],
      [{ assignee: String(stranger.userId), status: 'closed' }, 'desk-assignee', DESK_MESSAGES.assignee],
      [{ assignee: 'someone', status: 'closed' }, 'desk-assignee', DESK_MESSAGES.assignee],
      [{ assignee: '', status: 'open' }, 'desk-status', DESK_MESSAGES.status],
      [{ assignee: '' }, 'desk-status', DESK_MESSAGES.status],
      [{ assignee: '', status: 'new', snooze_until: dayAhead(0) }, 'desk-snooze-until', DESK_MESSAGES.snoozePast],
      [{ assignee: '', status: 'new', snooze_until: dayAhead(-2) }, 'desk-snooze-until', DESK_MESSAGES.snoozePast],
      [{ assignee: '', status: 'new', snooze_until: dayAhead(400) }, 'desk-snooze-until', DESK_MESSAGES.snoozeFar],
      [{ assignee: '', status: 'new', snooze_until: '2027-02-30' }, 'desk-snooze-until', DESK_MESSAGES.snoozeDate],
      [{ assignee: '', status: 'new', snooze_until: 'next week' }, 'desk-snooze-until', DESK_MESSAGES.snoozeDate],
    ];
    for (const [values, field, message] of cases) {
      const answer = await postDesk(client, path, values);
      assert.equal(answer.status, 422, JSON.stringify(values));
      assert.match(answer.text, new RegExp(`id="${field}-error"[^>]*>[\\s\\S]*?${message.slice(0, 30)}`), field);
      assert.match(answer.text, new RegExp(`href="#${field}"`), 'the error summary links to the field');
      if (values.status === 'closed') assert.match(answer.text, /<option value="closed" selected="">Closed</);
      if (values.snooze_until && field === 'desk-snooze-until')
        assert.match(answer.text, new RegExp(`name="snooze_until" [^>]*value="${values.snooze_until}"`));
    }
    // Repeated fields, a NUL byte: refused, never a failure.
    const _csrf = csrfFrom((await client.get(path)).text);
    await client.post(`${path}/desk`).type('form').send(`_csrf=${_csrf}&status=new&status=closed`).expect(422);
    await client.post(`${path}/desk`).type('form').send({ _csrf, status: 'new\u0000' }).expect(422);
    assert.deepEqual(await deskOf(conversationId), { status: 'new', assignee: null, snoozedUntil: null });
    assert.equal((await deskAudits()).length, 0);
  });

  it('closing ends a snooze; a person who left the team keeps the conversation until it is given to someone else', async () => {
    const { cora, grace, client, path, conversationId } = await practice();
    await postDesk(client, path, { assignee: String(grace.userId), status: 'new', snooze_until: dayAhead(5) }, 303);
    await postDesk(
      client,
      path,
      {
        assignee: String(grace.userId),
        status: 'closed',
        snooze_until: dayAhead(5),
      },
      303,
    );
    assert.deepEqual(await deskOf(conversationId), { status: 'closed', assignee: grace.userId, snoozedUntil: null });
    await db()('account_roles').where({ user_id: grace.userId, account_id: cora.accountId }).delete();
    const page = (await client.get(path).expect(200)).text;
    assert.match(page, new RegExp(`<option value="${grace.userId}" selected="">Grace Desk<`));
    // Saving with the holder unchanged is accepted; giving it to them again once changed is not.
    await postDesk(client, path, { assignee: String(grace.userId), status: 'replied' }, 303);
    await postDesk(client, path, { assignee: '', status: 'replied' }, 303);
    await postDesk(client, path, { assignee: String(grace.userId), status: 'replied' }, 422);
    assert.deepEqual(await deskOf(conversationId), { status: 'replied', assignee: null, snoozedUntil: null });
  });

  it('Assign to me: the coordinator takes it (audited); the button goes, and the conversation is under Mine', async () => {
    const { cora, grace, client, path, conversationId } = await practice();
    await postDesk(client, path, { assignee: String(grace.userId), status: 'new' }, 303);
    const _csrf = csrfFrom((await client.get(path)).text);
    const taken = await client.post(`${path}/assignment?status=all`).type('form').send({ _csrf }).expect(303);
    assert.equal(taken.headers.location, `${path}?status=all#desk-heading`);
    assert.equal((await deskOf(conversationId)).assignee, cora.userId);
    const page = (await client.get(path).expect(200)).text;
    assert.match(mainTextOf(page), /This conversation is assigned to you\./);
    assert.doesNotMatch(page, new RegExp(`action="${path}/assignment`));
    const audits = await deskAudits();
    assert.deepEqual(audits.at(-1)!.details.assignee_user_id, { from: grace.userId, to: cora.userId });
    assert.deepEqual(listNames((await client.get('/practice-inbox/messages?assignee=me').expect(200)).text), [
      'Jane Client',
    ]);
  });
});

describe('practice inbox desk: the list’s filters', () => {
  it('open by default (no closed, no snoozed); mine, unassigned, a person, a status, snoozed, all; the filters travel in links', async () => {
    const { cora, grace, client, conversationId } = await practice();
    const ids: Record<string, number> = { Jane: conversationId };
    const add = async (first: string, providerIndex: number, desk: Record<string, unknown>) => {
      const id = await conversation(
        db(),
        cora.providerIds[providerIndex]!,
        await clientUser(db(), first, 'Client'),
        'Hi',
      );
      await db()('conversations').where({ id }).update(desk);
      ids[first] = id;
    };
    const later = new Date(Date.now() + 3 * 86_400_000);
    await add('Mia', 0, { desk_status: 'replied', assignee_user_id: cora.userId });
    await add('Gus', 1, { desk_status: 'consultation_booked', assignee_user_id: grace.userId });
    await add('Cal', 0, { desk_status: 'closed', assignee_user_id: cora.userId });
    await add('Sam', 1, { desk_status: 'new', snoozed_until: later });
    await add('Old', 1, { desk_status: 'new', snoozed_until: new Date(Date.now() - 60_000) });
    const names = async (query: string) =>
      listNames((await client.get(`/practice-inbox/messages${query}`).expect(200)).text).sort();

    assert.deepEqual(await names(''), ['Gus Client', 'Jane Client', 'Mia Client', 'Old Client']);
    assert.deepEqual(await names('?assignee=me'), ['Mia Client']);
    assert.deepEqual(await names('?assignee=me&status=all'), ['Cal Client', 'Mia Client']);
    assert.deepEqual(await names('?assignee=none'), ['Jane Client', 'Old Client']);
    assert.deepEqual(await names(`?assignee=${grace.userId}`), ['Gus Client']);
    assert.deepEqual(await names('?status=closed'), ['Cal Client']);
    assert.deepEqual(await names('?status=new'), ['Jane Client', 'Old Client']);
    assert.deepEqual(await names('?status=consultation_booked'), ['Gus Client']);
    assert.deepEqual(await names('?status=snoozed'), ['Sam Client']);
    assert.deepEqual(await names(`?status=all&provider=${cora.providerIds[1]}`), [
      'Gus Client',
      'Old Client',
      'Sam Client',
    ]);
    // Values it does not know are the default view, never an error.
    assert.deepEqual(await names('?status=bogus&assignee=everyone'), await names(''));

    const page = (await client.get(`/practice-inbox/messages?assignee=none&status=new`).expect(200)).text;
    assert.deepEqual(optionsOf(page, 'inbox-assignee'), [
      'Anyone',
      'Me',
      'Unassigned',
      'Cliff Desk',
      'Grace Desk',
      'Olive Desk',
    ]);
    assert.deepEqual(optionsOf(page, 'inbox-status'), [
      'Open',
      'New',
      'Replied',
      'Consultation booked',
      'Closed',
      'Snoozed',
      'All',
    ]);
    assert.match(page, /<option value="none" selected="">Unassigned</);
    assert.match(page, /<option value="new" selected="">New</);
    const janeLink = `/practice-inbox/messages/`;
    assert.match(page, new RegExp(`href="${janeLink}\\d+/\\d+\\?assignee=none&amp;status=new"`));
    assert.match(mainTextOf(page), /Jane Client .*New Unassigned/);
    const gus = mainTextOf((await client.get('/practice-inbox/messages?status=consultation_booked').expect(200)).text);
    assert.match(gus, /Gus Client .*Consultation booked Assigned to Grace Desk/);
    // A thread opened from a filtered list keeps the filters on its way back and in its Desk form.
    const thread = (
      await client
        .get(`/practice-inbox/messages/${await clientOf(ids.Gus!)}/${cora.providerIds[1]}?status=consultation_booked`)
        .expect(200)
    ).text;
    assert.match(thread, /action="[^"]+\/desk\?status=consultation_booked" method="post"/);
    assert.match(thread, /href="\/practice-inbox\/messages\?status=consultation_booked"[^>]*>All conversations/);
  });
});

const clientOf = async (conversationId: number) =>
  Number((await db()('conversations').where({ id: conversationId }).first('client_user_id'))!.client_user_id);

describe('practice inbox desk: automatic transitions, end to end', () => {
  it('a reply makes it replied; a client message reopens a replied or closed one and wakes a snoozed one', async () => {
    const { cora, client, path, conversationId, jane } = await practice();
    const email = (await db()('users').where({ id: jane }).first('email'))!.email as string;
    const clientWrites = (content: string) =>
      receiveClientMessage(db(), ctx().integrations.jobs, {
        providerId: cora.providerIds[0]!,
        client: { email, firstName: 'Jane', lastName: 'Client' },
        content,
        type: 'message',
        now: new Date(),
      });
    const _csrf = csrfFrom((await client.get(path)).text);
    await client.post(path).type('form').send({ _csrf, message: 'We can see you Tuesday.' }).expect(303);
    assert.equal((await deskOf(conversationId)).status, 'replied');
    await clientWrites('Thank you!');
    assert.equal((await deskOf(conversationId)).status, 'new');

    await postDesk(client, path, { assignee: '', status: 'closed' }, 303);
    await clientWrites('One more question');
    assert.equal((await deskOf(conversationId)).status, 'new');

    await postDesk(client, path, { assignee: '', status: 'replied', snooze_until: dayAhead(10) }, 303);
    assert.ok((await deskOf(conversationId)).snoozedUntil);
    await clientWrites('Are you there?');
    assert.deepEqual(await deskOf(conversationId), { status: 'new', assignee: null, snoozedUntil: null });
    assert.deepEqual(listNames((await client.get('/practice-inbox/messages').expect(200)).text), ['Jane Client']);
  });

  it('a booked consultation makes it consultation booked, which a reply keeps; the client’s cancel makes it new', async () => {
    const { cora, client, path, conversationId, jane } = await practice();
    const providerId = cora.providerIds[0]!;
    await db()('providers').where({ id: providerId }).update({ has_calendar: true, calendar_open: true });
    await db()('locations').insert({
      provider_id: providerId,
      state: 'NY',
      remote_location: true,
      accepting_patients: 40,
    });
    const day = Temporal.Now.plainDateISO(ZONE).add({ days: 3 });
    const atHour = (hour: number) => new Date(day.toPlainDateTime({ hour }).toZonedDateTime(ZONE).epochMilliseconds);
    await createAvailability(db(), providerId, {
      start: atHour(9),
      end: atHour(12),
      free: true,
      name: null,
      rrule: null,
      timeZone: ZONE,
    });
    const email = (await db()('users').where({ id: jane }).first('email'))!.email as string;
    const booked = await bookConsultation(
      db(),
      ctx().integrations.jobs,
      {
        providerId,
        start: atHour(10),
        client: { email, firstName: 'Jane', lastName: 'Client', phoneNumber: '+12125550123' },
        intakeForm: {},
      },
      new Date(),
    );
    assert.equal((await deskOf(conversationId)).status, 'consultation_booked');
    const _csrf = csrfFrom((await client.get(path)).text);
    await client.post(path).type('form').send({ _csrf, message: 'See you then.' }).expect(303);
    assert.equal((await deskOf(conversationId)).status, 'consultation_booked');
    await cancelConsultationAsClient(
      db(),
      ctx().integrations.jobs,
      { appointmentId: booked.id, clientEmail: email, cancelMessage: 'Something came up.' },
      new Date(),
    );
    assert.equal((await deskOf(conversationId)).status, 'new');
  });
});

describe('practice inbox desk: live', () => {
  let server: Server;
  let base: string;
  before(async () => {
    await ctx().changes.whenLive();
    server = await new Promise((resolve) => {
      const s = ctx().app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('the thread’s stream sends the desk as it is, then each change another coordinator makes', async () => {
    const { cora, grace, path, conversationId } = await practice();
    const cookie = await cookieFor(base, cora.email);
    const controller = new AbortController();
    const response = await fetch(`${base}${path}/events`, {
      headers: { Cookie: cookie, Accept: 'text/event-stream' },
      signal: controller.signal,
    });
    try {
      assert.equal(response.status, 200);
      const reader = response.body!.getReader();
      const first = await readUntil(reader, (text) => text.includes('event: desk'));
      assert.match(
        first,
        /event: desk\ndata: \{"status":"New","statusState":"attention","assignee":null,"snoozedUntil":null\}/,
      );
      await updateDesk(
        db(),
        { userId: grace.userId, accountId: cora.accountId, meta: {}, timeZone: ZONE },
        conversationId,
        { assignee: String(grace.userId), status: 'closed', snoozeUntil: '' },
      );
      const second = await readUntil(reader, (text) => text.includes('"assignee":"Grace Desk"'));
      assert.match(
        second,
        /event: desk\ndata: \{"status":"Closed","statusState":"neutral","assignee":"Grace Desk","snoozedUntil":null\}/,
      );
    } finally {
      controller.abort();
    }
  });

  it('polling: /updates carries the desk as well', async () => {
    const { client, path } = await practice();
    const body = (await client.get(`${path}/updates?after=0`).set('Accept', 'application/json').expect(200)).body;
    assert.deepEqual(body.desk, { status: 'New', statusState: 'attention', assignee: null, snoozedUntil: null });
  });
});

describe('practice inbox desk: search by name, e-mail and message text', () => {
  /** A conversation of the provider with a client, holding these messages (client's first). */
  async function talk(
    providerId: number,
    client: { first: string; last: string; email: string },
    messages: { sender: 'client' | 'provider'; text: string; deleted?: boolean; redacted?: boolean }[],
  ): Promise<number> {
    const [user] = await db()('users')
      .insert({ email: client.email, first_name: client.first, last_name: client.last, scopes: ['client'] })
      .returning('id');
    const [row] = await db()('conversations')
      .insert({ provider_id: providerId, client_user_id: user.id, last_message_at: new Date() })
      .returning('id');
    for (const m of messages)
      await insertMessageRows(db(), [
        {
          conversation_id: row.id,
          provider_id: providerId,
          client_user_id: user.id,
          sender: m.sender,
          type: 'message',
          message_content: m.deleted ? null : m.text,
          deleted_at: m.deleted ? new Date() : null,
          redacted_at: m.redacted ? new Date() : null,
          send_date: new Date(),
        },
      ]);
    return Number(row.id);
  }

  it('finds a client by name, by e-mail and by the words of live messages; never deleted or redacted text, nor another account’s', async () => {
    const { cora, client } = await practice();
    const [ada, alan] = cora.providerIds as [number, number];
    await talk(ada, { first: 'Rosa', last: 'Parks', email: 'rosa@example.test' }, [
      { sender: 'client', text: 'I would like help with insomnia.' },
    ]);
    await talk(alan, { first: 'Omar', last: 'Khayyam', email: 'poet.omar@example.test' }, [
      { sender: 'client', text: 'Do you take Aetna?' },
      { sender: 'provider', text: 'Yes, we accept Aetna plans.' },
    ]);
    await talk(ada, { first: 'Dina', last: 'Deleted', email: 'dina@example.test' }, [
      { sender: 'client', text: 'secret tangerine', deleted: true },
      { sender: 'client', text: 'hidden kumquat', redacted: true },
    ]);
    const redactedId = await talk(alan, { first: 'Rhea', last: 'Gone', email: 'rhea.gone@example.test' }, [
      { sender: 'client', text: 'private persimmon' },
      { sender: 'provider', text: 'Our reply about persimmon' },
    ]);
    await db()('conversations').where({ id: redactedId }).update({ client_redacted_at: new Date() });
    const other = await createProviderUser(db(), { roles: ['intake-coordinator'] });
    await talk(other.providerIds[0]!, { first: 'Stranger', last: 'Insomnia', email: 'insomnia@example.test' }, [
      { sender: 'client', text: 'insomnia again' },
    ]);
    const found = async (q: string) =>
      listNames((await client.get(`/practice-inbox/messages?q=${encodeURIComponent(q)}`).expect(200)).text).sort();

    assert.deepEqual(await found('rosa parks'), ['Rosa Parks']);
    assert.deepEqual(await found('POET.OMAR@'), ['Omar Khayyam']);
    assert.deepEqual(await found('insomnia'), ['Rosa Parks']);
    assert.deepEqual(await found('aetna plans'), ['Omar Khayyam']);
    // Deleted and redacted messages are never read, nor a redacted client's own messages or e-mail…
    assert.deepEqual(await found('tangerine'), []);
    assert.deepEqual(await found('kumquat'), []);
    assert.deepEqual(await found('private persimmon'), []);
    assert.deepEqual(await found('rhea.gone'), []);
    // …but the practice's own reply in that conversation is.
    assert.deepEqual(await found('reply about persimmon'), ['Rhea Gone']);
    // LIKE's wildcards are taken as written.
    assert.deepEqual(await found('%'), []);
    assert.deepEqual(await found('_'), []);
    // Under three letters: names only (no e-mail, no message text).
    assert.deepEqual(await found('Om'), ['Omar Khayyam']);
    assert.deepEqual(await found('ae'), []);
    // The search keeps the other filters, and travels in links.
    assert.deepEqual(await found('aetna'), ['Omar Khayyam']);
    const page = (await client.get(`/practice-inbox/messages?q=aetna&provider=${ada}`).expect(200)).text;
    assert.deepEqual(listNames(page), []);
    const listed = (await client.get('/practice-inbox/messages?q=aetna&status=all').expect(200)).text;
    assert.match(listed, /href="\/practice-inbox\/messages\/\d+\/\d+\?q=aetna&amp;status=all"/);
    assert.match(listed, /Showing the 1 most recent conversation of 1\./);
  });
});
