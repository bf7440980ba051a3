// Internal notes in the practice inbox (issue [22] item 2): a coordinator adds a note to a conversation (303 and
// a flash; blank or too long: 422 with the message beside the field and the text kept); notes show with their
// author, time and the "not sent to the client" label, a page at a time. Who may, whose conversation (404),
// and note privacy: a note is in nothing the client, the directory API, the e-mails or the exports can read.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { createToken } from '../../server/api';
import { NOTE_TEXTS, NOTES_PAGE_SIZE } from '../../server/domain/conversation-notes';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, csrfFrom, mainTextOf, postForm, signIn, textOf, type Agent } from '../support/http';
import { drainJobs } from '../support/jobs';
import { clientUser, conversation } from './dashboard-helpers';

const DENIED = /Oops! You are unable to access this resource\.\.\./;

async function signedIn(roles: string[]) {
  const user = await createProviderUser(ctx().db, {
    roles,
    providers: [
      { firstName: 'Ada', lastName: 'Lovelace' },
      { firstName: 'Alan', lastName: 'Turing' },
    ],
  });
  const client = agent();
  await signIn(client, user.email);
  return { user, client };
}

/** The thread of a client with the first profile, and the form's token. */
async function openThread(client: Agent, clientUserId: number, providerId: number) {
  const path = `/practice-inbox/messages/${clientUserId}/${providerId}`;
  const page = await client.get(path).expect(200);
  return { path, page: page.text, csrf: csrfFrom(page.text) };
}

describe('internal notes: adding one', () => {
  it('303 back to the note with a flash; the thread shows it with its author, its time and the label', async () => {
    const { db } = ctx();
    const { user, client } = await signedIn(['intake-coordinator']);
    const jane = await clientUser(db, 'Jane', 'Doe');
    const conversationId = await conversation(db, user.providerIds[0]!, jane, 'Do you take new clients?');
    const { path, csrf } = await openThread(client, jane, user.providerIds[0]!);
    const added = await client
      .post(`${path}/notes?unread=1`)
      .type('form')
      .send({ _csrf: csrf, note: '  Called her back; prefers evenings.\nInsurance: Aetna.  ' })
      .expect(303);
    const [stored] = await db('conversation_notes').where({ conversation_id: conversationId });
    assert.equal(stored.body, 'Called her back; prefers evenings.\nInsurance: Aetna.');
    assert.equal(Number(stored.author_user_id), user.userId);
    assert.equal(added.headers.location, `${path}?unread=1#note-${stored.id}`);
    const page = (await client.get(added.headers.location!).expect(200)).text;
    const text = mainTextOf(page);
    assert.match(text, new RegExp(NOTE_TEXTS.added.replace('.', '\\.')));
    assert.match(
      text,
      /Internal notes Only your practice’s team sees these notes\. They are never sent to the client\./,
    );
    assert.match(
      text,
      /Internal note — not sent to the client Ada Lovelace \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[ap]m Called her back; prefers evenings\. Insurance: Aetna\./i,
    );
    assert.match(page, /<span class="label label--attention">Internal note — not sent to the client<\/span>/);
    assert.match(page, new RegExp(`<li id="note-${stored.id}" class="note">`));
  });

  it('blank is 422 with the message beside the field; too long is 422 with the typed text kept; nothing stored', async () => {
    const { db } = ctx();
    const { user, client } = await signedIn(['intake-coordinator']);
    const jane = await clientUser(db, 'Jane', 'Doe');
    await conversation(db, user.providerIds[0]!, jane, 'Hello');
    const { path, csrf } = await openThread(client, jane, user.providerIds[0]!);
    const blank = await client.post(`${path}/notes`).type('form').send({ _csrf: csrf, note: '   ' }).expect(422);
    assert.match(blank.text, /<p class="field-error" id="note-error">Enter the note\.<\/p>/);
    assert.match(blank.text, /<a href="#note">Enter the note\.<\/a>/, 'in the error summary');
    assert.match(mainTextOf(blank.text), /Jane Doe Conversation with Ada Lovelace/, 'the thread is shown again');
    const long = `Long note ${'x'.repeat(5000)}`;
    const refused = await client.post(`${path}/notes`).type('form').send({ _csrf: csrf, note: long }).expect(422);
    assert.match(refused.text, /id="note-error">The note can be at most 5,000 characters\.</);
    assert.ok(refused.text.includes(`>${long}</textarea>`), 'the typed text is kept');
    assert.equal((await db('conversation_notes')).length, 0);
  });

  it('newest first, a page at a time, with links to the older ones', async () => {
    const { db } = ctx();
    const { user, client } = await signedIn(['intake-coordinator']);
    const jane = await clientUser(db, 'Jane', 'Doe');
    const conversationId = await conversation(db, user.providerIds[0]!, jane, 'Hello');
    const start = Date.now() - 3_600_000;
    await db('conversation_notes').insert(
      Array.from({ length: NOTES_PAGE_SIZE + 2 }, (_, i) => ({
        conversation_id: conversationId,
        author_user_id: user.userId,
        body: `Note number ${i + 1}.`,
        created_at: new Date(start + i * 60_000),
      })),
    );
    const path = `/practice-inbox/messages/${jane}/${user.providerIds[0]}`;
    const first = (await client.get(path).expect(200)).text;
    const firstText = mainTextOf(first);
    assert.match(firstText, /Note number 12\.[\s\S]*Note number 3\./);
    assert.doesNotMatch(firstText, /Note number 2\./);
    assert.match(firstText, /Page 1 of 2/);
    assert.match(first, new RegExp(`href="${path}\\?notes_page=2#internal-notes-heading" rel="next"`));
    const second = mainTextOf((await client.get(`${path}?notes_page=2`).expect(200)).text);
    assert.match(second, /Note number 2\.[\s\S]*Note number 1\./);
    assert.doesNotMatch(second, /Note number 3\./);
  });

  it('a note of a former team member stays, unsigned', async () => {
    const { db } = ctx();
    const { user, client } = await signedIn(['intake-coordinator']);
    const jane = await clientUser(db, 'Jane', 'Doe');
    const conversationId = await conversation(db, user.providerIds[0]!, jane, 'Hello');
    await db('conversation_notes').insert({ conversation_id: conversationId, author_user_id: null, body: 'Old note.' });
    const text = mainTextOf((await client.get(`/practice-inbox/messages/${jane}/${user.providerIds[0]}`)).text);
    assert.match(text, /Internal note — not sent to the client A former team member .* Old note\./);
  });
});

describe('internal notes: who may', () => {
  it('intake coordinators only: an owner, an exporter or a billing manager gets the refusal (403); signed out goes to sign in', async () => {
    const { db } = ctx();
    const coordinator = await signedIn(['intake-coordinator']);
    const jane = await clientUser(db, 'Jane', 'Doe');
    await conversation(db, coordinator.user.providerIds[0]!, jane, 'Hello');
    const path = `/practice-inbox/messages/${jane}/${coordinator.user.providerIds[0]}/notes`;
    for (const roles of [['owner'], ['intake-exporter'], ['billing-manager'], []]) {
      const other = await signedIn(roles);
      // Their own account's conversation: the role decides, not the id.
      const theirs = await clientUser(db, 'Theo', 'Other');
      await conversation(db, other.user.providerIds[0]!, theirs, 'Hello');
      const csrf = csrfFrom((await other.client.get('/account-preferences').expect(200)).text);
      for (const target of [path, `/practice-inbox/messages/${theirs}/${other.user.providerIds[0]}/notes`]) {
        const refused = await other.client.post(target).type('form').send({ _csrf: csrf, note: 'Mine' }).expect(403);
        assert.match(mainTextOf(refused.text), DENIED, `${roles.join(',') || 'no role'} ${target}`);
      }
    }
    const visitor = agent();
    const csrf = csrfFrom((await visitor.get('/login').expect(200)).text);
    const signedOut = await visitor.post(path).type('form').send({ _csrf: csrf, note: 'x' }).expect(303);
    assert.match(signedOut.headers.location!, /^\/login/);
    assert.equal((await db('conversation_notes')).length, 0);
  });

  it('another account’s conversation, or a client or provider of another account, is not found (404)', async () => {
    const { db } = ctx();
    const { user, client } = await signedIn(['intake-coordinator']);
    const mine = await clientUser(db, 'Mine', 'Client');
    await conversation(db, user.providerIds[0]!, mine, 'Hello');
    const other = await createProviderUser(db, {});
    const theirs = await clientUser(db, 'Theirs', 'Client');
    await conversation(db, other.providerIds[0]!, theirs, 'Hello');
    const csrf = csrfFrom((await client.get('/practice-inbox/messages').expect(200)).text);
    for (const path of [
      `/practice-inbox/messages/${theirs}/${other.providerIds[0]}/notes`,
      `/practice-inbox/messages/${mine}/${other.providerIds[0]}/notes`,
      `/practice-inbox/messages/${theirs}/${user.providerIds[0]}/notes`,
      `/practice-inbox/messages/${mine}/${user.providerIds[1]}/notes`, // no conversation with that profile
      '/practice-inbox/messages/x/1/notes',
    ]) {
      // A blank note too: the conversation is looked up before the note is read.
      for (const note of ['Peek', '']) await client.post(path).type('form').send({ _csrf: csrf, note }).expect(404);
    }
    assert.equal((await db('conversation_notes')).length, 0);
  });
});

describe('internal notes: privacy (a note is in nothing the client, the API, the e-mails or the exports read)', () => {
  it('the client’s /dev/client page and API replies, the provider’s Messages, the list preview, e-mails, exports', async () => {
    const { db, app } = ctx();
    const { user, client } = await createProviderUser(db, {
      roles: ['intake-coordinator', 'intake-exporter'],
      providers: [{ firstName: 'Dana', lastName: 'Rivera' }],
    }).then(async (made) => {
      const signed = agent();
      await signIn(signed, made.email);
      return { user: made, client: signed };
    });
    const providerId = user.providerIds[0]!;
    const marker = `NOTE-MARKER-${randomUUID()}`;

    // Jane writes through the demo directory (/dev/client); Sam through the directory API itself.
    const jane = agent();
    const written = await postForm(jane, `/dev/client?message_provider_id=${providerId}`, '/dev/client/messages', {
      provider_id: providerId,
      type: 'message',
      message_content: 'Do you see couples?',
      email: 'jane.notes@example.test',
      first_name: 'Jane',
      last_name: 'Client',
      phone_number: '',
    });
    assert.equal(written.status, 303);
    const { token } = await createToken(db, 'Directory (notes test)');
    const sam = await supertest(app)
      .post(`/api/v1/providers/${providerId}/messages`)
      .set('Authorization', `Bearer ${token}`)
      .set('Idempotency-Key', randomUUID())
      .send({
        type: 'message',
        client: { email: 'sam.notes@example.test', first_name: 'Sam', last_name: 'Client' },
        message_content: 'Hello from Sam',
      })
      .expect(201);
    const samToken = sam.body.conversation_token as string;

    const janeId = Number((await db('users').where({ email: 'jane.notes@example.test' }).first('id'))!.id);
    const samId = Number((await db('users').where({ email: 'sam.notes@example.test' }).first('id'))!.id);
    for (const clientId of [janeId, samId]) {
      const { path, csrf } = await openThread(client, clientId, providerId);
      await client
        .post(`${path}/notes`)
        .type('form')
        .send({ _csrf: csrf, note: `${marker} private intake detail` })
        .expect(303);
      // A reply after the note, so the client's e-mail and the API have something new to carry.
      await client.post(path).type('form').send({ _csrf: csrf, message: 'Yes, we can help.' }).expect(303);
      assert.match((await client.get(path).expect(200)).text, new RegExp(marker), 'the inbox thread shows it');
    }
    await drainJobs();

    const reads: [string, string][] = [];
    // The client: the demo directory's conversation page (it reads the replies through the API) and the API.
    const devPage = (await jane.get(written.headers.location!).expect(200)).text;
    assert.match(mainTextOf(devPage), /Yes, we can help\./, 'the dev client shows the reply');
    reads.push(['/dev/client', devPage]);
    const replies = await supertest(app)
      .get(`/api/v1/providers/${providerId}/messages`)
      .query({ client_email: 'sam.notes@example.test' })
      .set('Authorization', `Bearer ${token}`)
      .set('Conversation-Token', samToken)
      .expect(200);
    assert.ok(
      replies.body.messages.some((m: { message_content: string }) => m.message_content === 'Yes, we can help.'),
    );
    reads.push(['API replies', JSON.stringify(replies.body)]);
    // E-mails and texts, to the client and to the provider.
    const outbox = await db('sent_messages').select('recipient', 'subject', 'body', 'html');
    assert.ok(
      outbox.some((m) => m.recipient === 'jane.notes@example.test'),
      'the client was e-mailed about the reply',
    );
    reads.push(['outbox', JSON.stringify(outbox)]);
    // The provider's own Messages page and its list, the inbox's list (previews), the exports.
    for (const path of [
      `/messages/${janeId}?current_provider_id=${providerId}`,
      `/messages?current_provider_id=${providerId}`,
      '/practice-inbox/messages',
      '/practice-inbox/client-list',
      '/referral-data',
      '/referral-data/download',
      `/practice-inbox/messages/${janeId}/${providerId}/updates?after=0`,
    ])
      reads.push([path, (await client.get(path).expect(200)).text]);
    // Nothing stored for the client holds it either.
    reads.push(['messages table', JSON.stringify(await db('messages').select('message_content'))]);

    for (const [where, body] of reads) assert.ok(!body.includes(marker), `a note leaked into ${where}`);
    assert.ok(!textOf(devPage).includes('Internal note'));
  });
});
