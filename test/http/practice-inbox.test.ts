// The practice inbox (spec 3 §2, §4 Messaging, §6 intake-coordinator, §9): the conversations of every
// profile of the account with provider names, Load More by 100, replies carrying the account, the
// appointments with their search, the account's client list; another account's ids are not found.
import assert from 'node:assert/strict';
import type { Knex } from 'knex';
import { MESSAGE_TEXTS } from '../../server/domain/messaging';
import { ctx } from '../support/context';
import { createProviderUser, type MadeUser, type ProviderSpec } from '../support/factories';
import { agent, csrfFrom, mainTextOf, signIn, textOf, type Agent } from '../support/http';
import { OLDER_HINT } from '../../views/components/messaging/ConversationSearch';
import { decryptedMessage } from '../support/encrypted';

const DENIED = /Oops! You are unable to access this resource\.\.\./;

async function signedIn(
  roles: string[],
  providers: ProviderSpec[] = [
    { firstName: 'Ada', lastName: 'Lovelace' },
    { firstName: 'Alan', lastName: 'Turing' },
  ],
): Promise<{ user: MadeUser; client: Agent }> {
  const user = await createProviderUser(ctx().db, { roles, providers });
  const client = agent();
  await signIn(client, user.email);
  return { user, client };
}

async function clientUser(
  db: Knex,
  first: string,
  email = `${first.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.test`,
): Promise<number> {
  const [row] = await db('users')
    .insert({ email, first_name: first, last_name: 'Client', scopes: ['client'] })
    .returning('id');
  return Number(row.id);
}

/** A conversation the client opened, with one unread message. */
async function conversation(db: Knex, providerId: number, clientUserId: number, at = new Date()): Promise<number> {
  const [c] = await db('conversations')
    .insert({ provider_id: providerId, client_user_id: clientUserId, last_message_at: at })
    .returning('id');
  await db('messages').insert({
    conversation_id: c.id,
    provider_id: providerId,
    client_user_id: clientUserId,
    sender: 'client',
    type: 'message',
    message_content: 'Hello there',
    send_date: at,
  });
  return Number(c.id);
}

const INBOX_PAGES = [
  '/practice-inbox',
  '/practice-inbox/messages',
  '/practice-inbox/appointments',
  '/practice-inbox/client-list',
];

describe('practice inbox: who may', () => {
  it('intake coordinators only; others get the access-denied page (403)', async () => {
    const owner = await signedIn(['owner', 'intake-exporter']);
    for (const path of INBOX_PAGES)
      assert.match(mainTextOf((await owner.client.get(path).expect(403)).text), DENIED, path);
    const coordinator = await signedIn(['intake-coordinator']);
    for (const path of INBOX_PAGES) await coordinator.client.get(path).expect(200);
    assert.match(
      (await coordinator.client.get('/practice-inbox').expect(200)).text,
      /href="\/practice-inbox"[^>]*>Practice Inbox/,
    );
  });
});

/** `count` clients (e-mails `<prefix>1@example.test` …), each with a conversation with the provider, newest first. */
async function manyConversations(db: Knex, providerId: number, count: number, prefix: string): Promise<void> {
  await db.raw(
    `INSERT INTO users (email, first_name, last_name, scopes)
     SELECT ? || n || '@example.test', upper(?) || n, 'Client', '{client}' FROM generate_series(1, ?) n`,
    [prefix, prefix, count],
  );
  await db.raw(
    `INSERT INTO conversations (provider_id, client_user_id, last_message_at)
     SELECT ?, u.id, now() - (u.id || ' minutes')::interval FROM users u WHERE u.email LIKE ? || '%@example.test'`,
    [providerId, prefix],
  );
}

describe('practice inbox: conversations', () => {
  it('every profile of the account, once per client and provider, with the provider’s name; not another account’s', async () => {
    const { db } = ctx();
    const { user, client } = await signedIn(['intake-coordinator']);
    const jane = await clientUser(db, 'Jane');
    await conversation(db, user.providerIds[0]!, jane);
    await conversation(db, user.providerIds[1]!, jane);
    const other = await createProviderUser(db, {});
    await conversation(db, other.providerIds[0]!, await clientUser(db, 'Stranger'));
    const page = (await client.get('/practice-inbox/messages').expect(200)).text;
    const text = mainTextOf(page);
    assert.match(text, /Showing the 2 most recent conversations of 2\./);
    assert.match(text, /Jane Client Ada Lovelace/);
    assert.match(text, /Jane Client Alan Turing/);
    assert.doesNotMatch(text, /Stranger/);
    assert.match(text, new RegExp(MESSAGE_TEXTS.selectConversation.replace('.', '\\.')));
    assert.match(page, /href="\/practice-inbox\/client-list"/);
    assert.doesNotMatch(page, />Load more</);
  });

  it('Load More adds 100 at a time and is gone once nothing more comes', async () => {
    const { db } = ctx();
    const { user, client } = await signedIn(['intake-coordinator']);
    await manyConversations(db, user.providerIds[0]!, 101, 'c');
    const first = (await client.get('/practice-inbox/messages').expect(200)).text;
    assert.match(mainTextOf(first), /Showing the 100 most recent conversations of 101\./);
    assert.match(
      first,
      /<a class="button button--secondary" href="\/practice-inbox\/messages\?loads=2">Load more<\/a>/,
    );
    const more = (await client.get('/practice-inbox/messages?loads=2').expect(200)).text;
    assert.match(mainTextOf(more), /Showing the 101 most recent conversations of 101\./);
    assert.equal((more.match(/class="messages-list__item"/g) ?? []).length, 101, 'each conversation once');
    assert.doesNotMatch(more, />Load more</);
  });

  it('counts no further than Load More reaches: past 1,000 the list says "more than 1,000", and page 10 is the last', async () => {
    const { db } = ctx();
    const { user, client } = await signedIn(['intake-coordinator']);
    await manyConversations(db, user.providerIds[0]!, 1002, 'm');
    const first = mainTextOf((await client.get('/practice-inbox/messages').expect(200)).text);
    assert.match(first, /Showing the 100 most recent conversations of more than 1,000\./);
    const last = (await client.get('/practice-inbox/messages?loads=10').expect(200)).text;
    assert.match(mainTextOf(last), /Showing the 1000 most recent conversations of more than 1,000\./);
    assert.equal((last.match(/class="messages-list__item"/g) ?? []).length, 1000);
    assert.doesNotMatch(last, />Load more</);
    assert.match(mainTextOf(last), new RegExp(OLDER_HINT.slice(0, 30)));
  });
});

describe('practice inbox: a conversation and the reply', () => {
  it('opens with the provider, marks it read; the reply is sent for that provider and carries the account', async () => {
    const { db } = ctx();
    const { user, client } = await signedIn(['intake-coordinator']);
    const jane = await clientUser(db, 'Jane');
    const conversationId = await conversation(db, user.providerIds[1]!, jane);
    const path = `/practice-inbox/messages/${jane}/${user.providerIds[1]}`;
    const page = await client.get(path).expect(200);
    assert.match(mainTextOf(page.text), /Jane Client Conversation with Alan Turing/);
    assert.match(mainTextOf(page.text), /Hello there/);
    assert.equal(
      await db('messages')
        .where({ conversation_id: conversationId, sender: 'client' })
        .whereNull('read_at')
        .count({ n: '*' })
        .then((r) => Number(r[0]!.n)),
      0,
    );
    const _csrf = csrfFrom(page.text);
    const blank = await client.post(path).type('form').send({ _csrf, message: '  ' }).expect(422);
    assert.match(mainTextOf(blank.text), /Message is required/);
    const sent = await client.post(path).type('form').send({ _csrf, message: 'We can see you Tuesday.' }).expect(303);
    assert.match(sent.headers.location!, new RegExp(`^${path}#message-\\d+$`));
    const reply = (await decryptedMessage(
      db,
      await db('messages').where({ conversation_id: conversationId, sender: 'provider' }).first(),
    ))!;
    assert.equal(reply.message_content, 'We can see you Tuesday.');
    assert.equal(Number(reply.provider_id), user.providerIds[1]);
    assert.equal(Number(reply.account_id), user.accountId);
    const json = await client
      .post(path)
      .set('Accept', 'application/json')
      .set('X-CSRF-Token', _csrf)
      .send({ message: 'And Thursday.' })
      .expect(200);
    assert.equal(json.body.message.content, 'And Thursday.');
  });

  it('an inactive profile cannot message: its notice replaces the composer, a post is refused', async () => {
    const { db } = ctx();
    const { user, client } = await signedIn(['intake-coordinator'], [{ status: 'inactive' }]);
    const jane = await clientUser(db, 'Jane');
    await conversation(db, user.providerIds[0]!, jane);
    const path = `/practice-inbox/messages/${jane}/${user.providerIds[0]}`;
    const page = await client.get(path).expect(200);
    assert.match(textOf(page.text), new RegExp(MESSAGE_TEXTS.providerInactiveNotice.slice(0, 40)));
    assert.doesNotMatch(page.text, /name="message"/);
    await client
      .post(path)
      .type('form')
      .send({ _csrf: csrfFrom(page.text), message: 'Hi' })
      .expect(303);
    assert.equal(
      await db('messages')
        .where({ sender: 'provider' })
        .count({ n: '*' })
        .then((r) => Number(r[0]!.n)),
      0,
    );
  });
});

describe('practice inbox: another account’s ids are not found (404)', () => {
  it('conversation, client and provider ids of another account, in every inbox route', async () => {
    const { db } = ctx();
    const { user, client } = await signedIn(['intake-coordinator']);
    const mine = await clientUser(db, 'Mine');
    await conversation(db, user.providerIds[0]!, mine);
    const other = await createProviderUser(db, {});
    const theirs = await clientUser(db, 'Theirs');
    await conversation(db, other.providerIds[0]!, theirs);
    const [appointment] = await db('appointments')
      .insert({
        provider_id: other.providerIds[0],
        client_user_id: theirs,
        start_time: new Date(Date.now() + 86_400_000),
        end_time: new Date(Date.now() + 87_300_000),
      })
      .returning('id');
    const _csrf = csrfFrom((await client.get('/practice-inbox/messages').expect(200)).text);
    for (const path of [
      `/practice-inbox/messages/${theirs}/${other.providerIds[0]}`,
      `/practice-inbox/messages/${mine}/${other.providerIds[0]}`,
      `/practice-inbox/messages/${theirs}/${user.providerIds[0]}`,
    ]) {
      const page = await client.get(path).expect(404);
      assert.match(mainTextOf(page.text), /Oops, this conversation doesn't exist!/, path);
      await client.post(path).type('form').send({ _csrf, message: 'Hi' }).expect(404);
      await client.get(`${path}/updates?after=0`).set('Accept', 'application/json').expect(404);
    }
    await client.get(`/practice-inbox/appointments/${appointment.id}/ics`).expect(404);
    assert.doesNotMatch(
      (await client.get(`/practice-inbox/appointments?id=${appointment.id}`).expect(200)).text,
      /id="appointment"/,
    );
    assert.equal(
      await db('messages')
        .where({ sender: 'provider' })
        .count({ n: '*' })
        .then((r) => Number(r[0]!.n)),
      0,
    );
  });
});

describe('practice inbox: appointments', () => {
  it('the account’s appointments with the provider, searched by client name or email, with the empty texts', async () => {
    const { db } = ctx();
    const { user, client } = await signedIn(['intake-coordinator']);
    const jane = await clientUser(db, 'Jane', 'jane.doe@example.test');
    const omar = await clientUser(db, 'Omar', 'omar@example.test');
    const soon = Date.now() + 2 * 86_400_000;
    const [a] = await db('appointments')
      .insert({
        provider_id: user.providerIds[0],
        client_user_id: jane,
        start_time: new Date(soon),
        end_time: new Date(soon + 900_000),
      })
      .returning('id');
    await db('appointments').insert({
      provider_id: user.providerIds[1],
      client_user_id: omar,
      start_time: new Date(soon + 3_600_000),
      end_time: new Date(soon + 4_500_000),
    });
    const all = mainTextOf((await client.get('/practice-inbox/appointments').expect(200)).text);
    assert.match(all, /Search by client name or email\./);
    assert.match(all, /Jane Client With Ada Lovelace/);
    assert.match(all, /Omar Client With Alan Turing/);
    const byEmail = mainTextOf((await client.get('/practice-inbox/appointments?search=JANE.DOE').expect(200)).text);
    assert.match(byEmail, /Jane Client/);
    assert.doesNotMatch(byEmail, /Omar Client/);
    assert.match(
      mainTextOf((await client.get('/practice-inbox/appointments?search=omar%20client').expect(200)).text),
      /Omar Client/,
    );
    assert.match(
      mainTextOf((await client.get('/practice-inbox/appointments?search=nobody').expect(200)).text),
      /Your practice has no upcoming appointments matching the search term\./,
    );
    assert.match(
      mainTextOf((await client.get('/practice-inbox/appointments?tab=past').expect(200)).text),
      /Your practice has no past appointments at this time\./,
    );
    const panel = (await client.get(`/practice-inbox/appointments?id=${a.id}`).expect(200)).text;
    assert.match(textOf(/<section id="appointment"[\s\S]*?<\/section>/.exec(panel)![0]), /Provider Ada Lovelace/);
    const ics = await client
      .get(`/practice-inbox/appointments/${a.id}/ics`)
      .expect(200)
      .expect('Content-Type', /text\/calendar/);
    // The file names the client by initials and links back to the inbox's panel; no name or e-mail.
    const unfolded = ics.text.replace(/\r?\n[ \t]/g, '');
    assert.match(unfolded, /SUMMARY:Phone consultation with J\.C\./);
    assert.ok(unfolded.includes(`/practice-inbox/appointments?id=${a.id}#appointment`));
    assert.doesNotMatch(unfolded, /Jane|jane\.doe/i);
  });
});

describe('practice inbox: Full Client List', () => {
  it('titled "Practice Inbox | Full Client List": the account’s referrals with the provider, each client’s name linking into the inbox', async () => {
    const { db } = ctx();
    const { user, client } = await signedIn(['intake-coordinator']);
    const jane = await clientUser(db, 'Jane');
    await conversation(db, user.providerIds[1]!, jane);
    const page = (await client.get('/practice-inbox/client-list').expect(200)).text;
    assert.match(page, /<title>Practice Inbox \| Full Client List \|/);
    assert.match(mainTextOf(page), /Jane Client/);
    assert.match(mainTextOf(page), /Alan Turing/);
    assert.match(page, new RegExp(`href="/practice-inbox/messages/${jane}/${user.providerIds[1]}"`));
  });

  it('pages merge both profiles’ bookings and conversations newest first, whichever profile holds the newest of a page', async () => {
    const { db } = ctx();
    const { user, client } = await signedIn(['intake-coordinator']);
    const [ada, alan] = user.providerIds as [number, number];
    const day = (d: number) => new Date(Date.UTC(2026, 0, d, 12));
    // 14 bookings with Ada on days 1..14, then one conversation on each of days 15..17 and 3 bookings on
    // days 18..20 with Alan: newest first, Alan's six lead page 1, and page 2 is all Ada's.
    for (let d = 1; d <= 20; d++) {
      const person = await clientUser(db, `d${d}`);
      if (d >= 15 && d <= 17) await conversation(db, alan, person, day(d));
      else {
        await db('appointments').insert({
          provider_id: d > 17 ? alan : ada,
          client_user_id: person,
          start_time: day(d + 30),
          end_time: new Date(day(d + 30).getTime() + 900_000),
          created_at: day(d),
        });
      }
    }
    const names = async (page: number) =>
      [
        ...mainTextOf((await client.get(`/practice-inbox/client-list?page=${page}`).expect(200)).text).matchAll(
          /\bd(\d+) Client/g,
        ),
      ].map((m) => Number(m[1]));
    assert.deepEqual(await names(1), [20, 19, 18, 17, 16, 15, 14, 13, 12, 11]);
    assert.deepEqual(await names(2), [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });
});
