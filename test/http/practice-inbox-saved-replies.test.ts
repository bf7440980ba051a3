// Saved replies of the practice inbox (issue [22] item 2): an account's owners and intake coordinators list
// (paged), add, edit and delete them (asking first) without JavaScript; everyone else gets the inbox's
// refusal; another account's reply is not found. In a thread, "Use reply" puts one in the composer with the
// conversation's merge fields filled in, and the existing reply post sends it.
import assert from 'node:assert/strict';
import { SAVED_REPLIES_PAGE_SIZE, SAVED_REPLY_TEXTS } from '../../server/domain/saved-replies';
import { ctx } from '../support/context';
import { createProviderUser, type MadeUser } from '../support/factories';
import { agent, csrfFrom, mainTextOf, signIn, type Agent } from '../support/http';
import { clientUser, conversation } from './dashboard-helpers';
import { decryptedMessage } from '../support/encrypted';

const DENIED = /Oops! You are unable to access this resource\.\.\./;
const LIST = '/practice-inbox/saved-replies';

async function signedIn(roles: string[]): Promise<{ user: MadeUser; client: Agent; csrf: string }> {
  const user = await createProviderUser(ctx().db, {
    roles,
    providers: [
      { firstName: 'Ada', lastName: 'Lovelace' },
      { firstName: 'Alan', lastName: 'Turing' },
    ],
  });
  const client = agent();
  await signIn(client, user.email);
  const csrf = csrfFrom((await client.get('/account-preferences').expect(200)).text);
  return { user, client, csrf };
}

const post = (client: Agent, path: string, csrf: string, body: Record<string, string>) =>
  client
    .post(path)
    .type('form')
    .send({ _csrf: csrf, ...body });

async function savedReply(accountId: number, title: string, body = 'Hi {{client_first_name}}'): Promise<number> {
  const [row] = await ctx().db('saved_replies').insert({ account_id: accountId, title, body }).returning('id');
  return Number(row.id);
}

describe('saved replies: who may', () => {
  it('owners and intake coordinators of the account; an exporter, a billing manager or a clinician gets the refusal (403)', async () => {
    const { db } = ctx();
    for (const roles of [['owner'], ['intake-coordinator']]) {
      const { user, client, csrf } = await signedIn(roles);
      const id = await savedReply(user.accountId, 'Welcome');
      for (const path of [LIST, `${LIST}/new`, `${LIST}/${id}`]) await client.get(path).expect(200);
      await post(client, LIST, csrf, { title: 'Fees', body: 'Our fee is $150.' }).expect(303);
      await post(client, `${LIST}/${id}`, csrf, { title: 'Welcome!', body: 'Hello' }).expect(303);
      await post(client, `${LIST}/${id}/delete`, csrf, { confirmed: '1' }).expect(303);
    }
    for (const roles of [['intake-exporter'], ['billing-manager'], ['reimbursify-administrator'], []]) {
      const { user, client, csrf } = await signedIn(roles);
      const id = await savedReply(user.accountId, 'Theirs');
      const label = roles.join(',') || 'no role';
      for (const path of [LIST, `${LIST}/new`, `${LIST}/${id}`])
        assert.match(mainTextOf((await client.get(path).expect(403)).text), DENIED, `${label} GET ${path}`);
      for (const [path, body] of [
        [LIST, { title: 'Mine', body: 'Mine' }],
        [`${LIST}/${id}`, { title: 'Mine', body: 'Mine' }],
        [`${LIST}/${id}/delete`, { confirmed: '1' }],
      ] as const)
        assert.match(
          mainTextOf((await post(client, path, csrf, body).expect(403)).text),
          DENIED,
          `${label} POST ${path}`,
        );
      assert.deepEqual(
        (await db('saved_replies').where({ account_id: user.accountId })).map((r) => r.title),
        ['Theirs'],
      );
    }
    const visitor = agent();
    for (const path of [LIST, `${LIST}/new`, `${LIST}/1`])
      assert.match((await visitor.get(path).expect(303)).headers.location!, /^\/login/);
  });

  it('the menu shows Saved Replies to coordinators and owners only', async () => {
    const coordinator = await signedIn(['intake-coordinator']);
    assert.match(
      (await coordinator.client.get(LIST).expect(200)).text,
      /href="\/practice-inbox\/saved-replies"[^>]*>Saved Replies/,
    );
    const exporter = await signedIn(['intake-exporter']);
    assert.doesNotMatch((await exporter.client.get('/referral-data').expect(200)).text, /Saved Replies/);
  });

  it('another account’s reply is not found (404) on every route, and left as it was', async () => {
    const { db } = ctx();
    const { client, csrf } = await signedIn(['owner', 'intake-coordinator']);
    const other = await createProviderUser(db, {});
    const theirs = await savedReply(other.accountId, 'Theirs');
    for (const path of [`${LIST}/${theirs}`, `${LIST}/x`, `${LIST}/0`]) await client.get(path).expect(404);
    await post(client, `${LIST}/${theirs}`, csrf, { title: 'Taken over', body: 'Mine now' }).expect(404);
    await post(client, `${LIST}/${theirs}`, csrf, { title: '', body: '' }).expect(404);
    await post(client, `${LIST}/${theirs}/delete`, csrf, {}).expect(404);
    await post(client, `${LIST}/${theirs}/delete`, csrf, { confirmed: '1' }).expect(404);
    const kept = await db('saved_replies').where({ id: theirs }).first();
    assert.equal(kept!.title, 'Theirs');
  });
});

describe('saved replies: the list, adding, editing and deleting', () => {
  it('adds one (303, flash), lists it by title with the start of its text, edits it', async () => {
    const { db } = ctx();
    const { user, client, csrf } = await signedIn(['intake-coordinator']);
    const form = (await client.get(`${LIST}/new`).expect(200)).text;
    for (const field of ['client_first_name', 'provider_name', 'booking_link', 'benefits_check_link'])
      assert.ok(form.includes(`<code>{{${field}}}</code>`), `the form lists {{${field}}}`);
    const added = await post(client, LIST, csrf, {
      title: '  Welcome ',
      body: 'Hi {{client_first_name}}, thank you for reaching out to {{provider_name}}.',
    }).expect(303);
    assert.equal(added.headers.location, LIST);
    const [row] = await db('saved_replies').where({ account_id: user.accountId });
    assert.equal(row.title, 'Welcome');
    assert.equal(Number(row.created_by), user.userId);
    const list = mainTextOf((await client.get(LIST).expect(200)).text);
    assert.match(list, /The saved reply “Welcome” has been added\./);
    assert.match(list, /Welcome Hi \{\{client_first_name\}\}, thank you for reaching out to \{\{provider_name\}\}\./);
    const edit = (await client.get(`${LIST}/${row.id}`).expect(200)).text;
    assert.match(edit, /name="title"[^>]*value="Welcome"|value="Welcome"[^>]*name="title"/);
    await post(client, `${LIST}/${row.id}`, csrf, { title: 'Welcome back', body: 'Hello again.' }).expect(303);
    const changed = await db('saved_replies').where({ id: row.id }).first();
    assert.deepEqual([changed!.title, changed!.body], ['Welcome back', 'Hello again.']);
    assert.match(
      mainTextOf((await client.get(LIST).expect(200)).text),
      /The saved reply “Welcome back” has been saved\./,
    );
  });

  it('bad input is 422 with each message beside its field and what was typed kept', async () => {
    const { db } = ctx();
    const { user, client, csrf } = await signedIn(['intake-coordinator']);
    const blank = await post(client, LIST, csrf, { title: ' ', body: 'Kept text' }).expect(422);
    assert.match(blank.text, new RegExp(`id="title-error">${SAVED_REPLY_TEXTS.titleRequired}<`));
    assert.match(blank.text, />Kept text<\/textarea>/);
    const typo = await post(client, LIST, csrf, { title: 'Typo', body: 'Hi {{first_name}}' }).expect(422);
    assert.match(
      typo.text,
      /id="body-error">\{\{first_name\}\} is not a merge field\. Use \{\{client_first_name\}\}, \{\{provider_name\}\}, \{\{booking_link\}\} or \{\{benefits_check_link\}\}\.</,
    );
    assert.match(typo.text, /value="Typo"/);
    const long = await post(client, LIST, csrf, { title: 't'.repeat(101), body: 'b'.repeat(5001) }).expect(422);
    assert.match(long.text, /id="title-error">The title can be at most 100 characters\.</);
    assert.match(long.text, /id="body-error">The text can be at most 5,000 characters\.</);
    await savedReply(user.accountId, 'Welcome');
    const taken = await post(client, LIST, csrf, { title: 'WELCOME', body: 'Hi' }).expect(422);
    assert.match(taken.text, new RegExp(`id="title-error">${SAVED_REPLY_TEXTS.titleTaken}<`));
    const other = await savedReply(user.accountId, 'Fees');
    const renamed = await post(client, `${LIST}/${other}`, csrf, { title: 'welcome', body: 'Fees' }).expect(422);
    assert.match(renamed.text, new RegExp(`id="title-error">${SAVED_REPLY_TEXTS.titleTaken}<`));
    assert.deepEqual(
      (await db('saved_replies').where({ account_id: user.accountId }).orderBy('id')).map((r) => r.title),
      ['Welcome', 'Fees'],
    );
    // Another account may use the same title.
    const elsewhere = await signedIn(['owner']);
    await post(elsewhere.client, LIST, elsewhere.csrf, { title: 'Welcome', body: 'Hi' }).expect(303);
  });

  it('deleting asks first without JavaScript, then deletes', async () => {
    const { db } = ctx();
    const { user, client, csrf } = await signedIn(['owner']);
    const id = await savedReply(user.accountId, 'Old answer');
    const asked = await post(client, `${LIST}/${id}/delete`, csrf, {}).expect(200);
    assert.match(
      mainTextOf(asked.text),
      /Delete this saved reply\? “Old answer” is deleted for everyone on your team\./,
    );
    assert.match(asked.text, /<input type="hidden" name="confirmed" value="1"\/>/);
    assert.equal((await db('saved_replies').where({ id })).length, 1);
    await post(client, `${LIST}/${id}/delete`, csrf, { confirmed: '1' }).expect(303);
    assert.equal((await db('saved_replies').where({ id })).length, 0);
    assert.match(
      mainTextOf((await client.get(LIST).expect(200)).text),
      /The saved reply “Old answer” has been deleted\./,
    );
  });

  it('the list is paged, by title', async () => {
    const { user, client } = await signedIn(['intake-coordinator']);
    const titles = Array.from(
      { length: SAVED_REPLIES_PAGE_SIZE + 1 },
      (_, i) => `Reply ${String(i + 1).padStart(2, '0')}`,
    );
    await ctx()
      .db('saved_replies')
      .insert(titles.reverse().map((title) => ({ account_id: user.accountId, title, body: 'Text' })));
    const first = (await client.get(LIST).expect(200)).text;
    assert.match(mainTextOf(first), /21 saved replies, by title\. .*Reply 01 .*Reply 20 .*Page 1 of 2/);
    assert.doesNotMatch(mainTextOf(first), /Reply 21/);
    assert.match(first, /href="\/practice-inbox\/saved-replies\?page=2" rel="next"/);
    assert.match(mainTextOf((await client.get(`${LIST}?page=2`).expect(200)).text), /Reply 21/);
  });

  it('an account keeps at most 200', async () => {
    const { user, client, csrf } = await signedIn(['intake-coordinator']);
    await ctx()
      .db('saved_replies')
      .insert(Array.from({ length: 200 }, (_, i) => ({ account_id: user.accountId, title: `R${i}`, body: 'Text' })));
    const refused = await post(client, LIST, csrf, { title: 'One more', body: 'Text' }).expect(422);
    assert.match(mainTextOf(refused.text), new RegExp(SAVED_REPLY_TEXTS.tooMany.replace('.', '\\.')));
  });
});

describe('saved replies: using one in a thread', () => {
  it('"Use reply" puts it in the composer with the conversation’s details merged; the reply post sends it', async () => {
    const { db, config } = ctx();
    const { user, client } = await signedIn(['intake-coordinator']);
    const jane = await clientUser(db, 'Jane', 'Doe');
    const conversationId = await conversation(db, user.providerIds[1]!, jane, 'Do you have openings?');
    const id = await savedReply(
      user.accountId,
      'Booking',
      'Hi {{client_first_name}}, {{provider_name}} has openings: {{booking_link}} and {{benefits_check_link}}',
    );
    await savedReply(user.accountId, 'Another');
    const path = `/practice-inbox/messages/${jane}/${user.providerIds[1]}`;
    const thread = (await client.get(`${path}?unread=1`).expect(200)).text;
    assert.match(
      thread,
      /<form class="thread-desk__picker" action="\/practice-inbox\/messages\/\d+\/\d+" method="get">/,
    );
    assert.match(thread, /<input type="hidden" name="unread" value="1"\/>/, 'the list’s state is carried');
    assert.match(thread, new RegExp(`<option value="${id}">Booking</option>`));
    const slug = (await db('providers').where({ id: user.providerIds[1] }).first('slug'))!.slug;
    const merged = `Hi Jane, Alan Turing has openings: ${config.publicProfileBaseUrl}/therapists/${slug} and https://reimbursify.example.com/benefits-check/${user.providerIds[1]}`;
    const used = (await client.get(`${path}?unread=1&reply=${id}`).expect(200)).text;
    assert.ok(used.includes(`>${merged}</textarea>`), 'the composer holds the merged reply');
    assert.match(mainTextOf(used), /“Booking” is in the reply box, with this conversation’s details filled in\./);
    assert.match(used, new RegExp(`<option value="${id}" selected="">Booking</option>`));
    await client
      .post(path)
      .type('form')
      .send({ _csrf: csrfFrom(used), message: merged })
      .expect(303);
    const sent = await decryptedMessage(
      db,
      await db('messages').where({ conversation_id: conversationId, sender: 'provider' }).first(),
    );
    assert.equal(sent!.message_content, merged);
  });

  it('a client without a name is greeted as "there"; without a booking page the booking link is the directory profile', async () => {
    const { db } = ctx();
    const { user, client } = await signedIn(['intake-coordinator']);
    const [row] = await db('users')
      .insert({ email: 'nameless@client.test', scopes: ['client'] })
      .returning('id');
    const nameless = Number(row.id);
    await conversation(db, user.providerIds[0]!, nameless, 'Hello');
    const id = await savedReply(user.accountId, 'Hello', 'Hi {{client_first_name}}! Book here: {{booking_link}}');
    const used = (
      await client.get(`/practice-inbox/messages/${nameless}/${user.providerIds[0]}?reply=${id}`).expect(200)
    ).text;
    assert.match(used, />Hi there! Book here: https:\/\/directory\.example\.com\/therapists\/[^<]+<\/textarea>/);
  });

  it('another account’s reply id is not found (404); none is offered when the conversation takes no reply', async () => {
    const { db } = ctx();
    const { user, client } = await signedIn(['intake-coordinator']);
    const jane = await clientUser(db, 'Jane', 'Doe');
    await conversation(db, user.providerIds[0]!, jane, 'Hello');
    const other = await createProviderUser(db, {});
    const theirs = await savedReply(other.accountId, 'Theirs', 'Secret wording');
    const path = `/practice-inbox/messages/${jane}/${user.providerIds[0]}`;
    const refused = await client.get(`${path}?reply=${theirs}`).expect(404);
    assert.doesNotMatch(refused.text, /Secret wording/);
    await client.get(`${path}?reply=abc`).expect(200);
    await savedReply(user.accountId, 'Mine');
    await db('conversations').where({ client_user_id: jane }).update({ is_locked: true });
    const locked = (await client.get(path).expect(200)).text;
    assert.doesNotMatch(locked, /Use reply/);
    assert.match(locked, /Add an internal note/, 'notes stay possible');
  });

  it('an account without saved replies is offered to add one', async () => {
    const { db } = ctx();
    const { user, client } = await signedIn(['intake-coordinator']);
    const jane = await clientUser(db, 'Jane', 'Doe');
    await conversation(db, user.providerIds[0]!, jane, 'Hello');
    const page = (await client.get(`/practice-inbox/messages/${jane}/${user.providerIds[0]}`).expect(200)).text;
    assert.match(mainTextOf(page), /Your account has no saved replies yet\. Add a saved reply/);
    assert.match(page, /<a href="\/practice-inbox\/saved-replies">Add a saved reply<\/a>/);
  });
});
