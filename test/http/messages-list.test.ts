// The conversation lists of /messages and the practice inbox (issue [19] items 5 and 8): opening a
// conversation moves it to the top for good (spec 3 §4), each name has the last message's first line
// under it, the lists search by client name with a GET form (paged like the list), and the thread's
// scroll region can be reached by keyboard.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { receiveClientMessage, sendProviderMessage } from '../../server/domain/messaging';
import { expectAccessibleHtml } from '../support/accessible-html';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, postForm, signIn } from '../support/http';

const db = () => ctx().db;

async function signedIn(roles?: string[]) {
  const user = await createProviderUser(db(), {
    paid: true,
    roles,
    providers: [{ firstName: 'Dana', lastName: 'Rivera' }],
  });
  const client = agent();
  await signIn(client, user.email);
  return { client, providerId: user.providerIds[0]! };
}

function receive(providerId: number, firstName: string, content: string, minutesAgo: number) {
  return receiveClientMessage(db(), ctx().integrations.jobs, {
    providerId,
    client: {
      email: `${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.test`,
      firstName,
      lastName: 'Morgan',
      phone: null,
    },
    content,
    type: 'message',
    now: new Date(Date.now() - minutesAgo * 60_000),
  });
}

/** The names of a page's conversation list, in order. */
const namesOf = (html: string) =>
  [
    ...(/<ul class="messages-list"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '').matchAll(/messages-list__client">([^<]+)</g),
  ].map((m) => m[1]);
/** The preview line under each name, in order. */
const previewsOf = (html: string) =>
  [...html.matchAll(/messages-list__preview">([^<]*)</g)].map((m) =>
    m[1]!.replace(/&#x27;/g, "'").replace(/&quot;/g, '"'),
  );

describe('conversation lists: opening moves a conversation to the top for good (issue [19] item 5)', () => {
  it('/messages: after a reload the opened conversation is still first, until a newer message arrives', async () => {
    const { client, providerId } = await signedIn();
    const ann = await receive(providerId, 'Ann', 'Hello', 30);
    await receive(providerId, 'Ben', 'Hi there', 20);
    await receive(providerId, 'Cy', 'Good morning', 10);
    assert.deepEqual(namesOf((await client.get('/messages').expect(200)).text), [
      'Cy Morgan',
      'Ben Morgan',
      'Ann Morgan',
    ]);
    await client.get(`/messages/${ann.clientUserId}`).expect(200);
    assert.deepEqual(namesOf((await client.get('/messages').expect(200)).text), [
      'Ann Morgan',
      'Cy Morgan',
      'Ben Morgan',
    ]);
    await receive(providerId, 'Di', 'A new question', 0);
    assert.deepEqual(namesOf((await client.get('/messages').expect(200)).text), [
      'Di Morgan',
      'Ann Morgan',
      'Cy Morgan',
      'Ben Morgan',
    ]);
  });

  it('the practice inbox keeps the same order across reloads', async () => {
    const { client, providerId } = await signedIn(['intake-coordinator']);
    const ann = await receive(providerId, 'Ann', 'Hello', 30);
    await receive(providerId, 'Ben', 'Hi there', 20);
    await client.get(`/practice-inbox/messages/${ann.clientUserId}/${providerId}`).expect(200);
    assert.deepEqual(namesOf((await client.get('/practice-inbox/messages').expect(200)).text), [
      'Ann Morgan',
      'Ben Morgan',
    ]);
  });
});

describe('conversation lists: the last message’s first line under each name (issue [19] item 8)', () => {
  it('/messages and the practice inbox show the first line only; a deleted last message says so', async () => {
    const { client, providerId } = await signedIn(['owner', 'intake-coordinator']);
    await receive(providerId, 'Ann', '\n  Could we meet on Tuesday?\nI work until five, so evenings are best.', 30);
    const ben = await receive(providerId, 'Ben', 'Hello', 20);
    const reply = await sendProviderMessage(db(), ctx().integrations.jobs, {
      owner: { providerId },
      providerId,
      clientUserId: ben.clientUserId,
      content: 'Wrong person, sorry',
      now: new Date(Date.now() - 10 * 60_000),
    });
    await postForm(
      client,
      `/messages/${ben.clientUserId}`,
      `/messages/${ben.clientUserId}/messages/${reply.id}/delete`,
      {
        confirmed: '1',
      },
    ).then((r) => assert.equal(r.status, 303));
    for (const path of ['/messages', '/practice-inbox/messages']) {
      const page = await client.get(path).expect(200);
      // Ben was opened last (to delete the reply), so he is first.
      assert.deepEqual(previewsOf(page.text), ['This message has been deleted.', 'Could we meet on Tuesday?'], path);
      assert.ok(!page.text.includes('evenings are best'), `${path}: only the first line`);
      await expectAccessibleHtml(page.text, path);
    }
  });
});

describe('conversation lists: search by client name (issue [19] item 8)', () => {
  it('a GET form; the results are the matching clients, kept on the thread page; no match says so', async () => {
    const { client, providerId } = await signedIn();
    await receive(providerId, 'Alice', 'One', 30);
    const malik = await receive(providerId, 'Malik', 'Two', 20);
    await receive(providerId, 'Bob', 'Three', 10);
    const page = await client.get('/messages').expect(200);
    assert.match(page.text, /<form role="search" class="search conversation-search" action="\/messages" method="get">/);
    assert.match(page.text, /<label for="conversation-search">Search by client name<\/label>/);

    const found = await client.get('/messages?q=ali').expect(200);
    assert.deepEqual(namesOf(found.text), ['Malik Morgan', 'Alice Morgan']);
    assert.match(found.text, new RegExp(`href="/messages/${malik.clientUserId}\\?q=ali"`));
    assert.match(found.text, /value="ali"/);
    const thread = await client.get(`/messages/${malik.clientUserId}?q=ali`).expect(200);
    assert.deepEqual(namesOf(thread.text), ['Malik Morgan', 'Alice Morgan']);

    const none = await client.get('/messages?q=%25_zzz').expect(200);
    assert.deepEqual(namesOf(none.text), []);
    assert.match(none.text, /No conversations with a client named “%_zzz”\./);
    await expectAccessibleHtml(none.text);
  });

  it('results are paged like the list (Load More keeps the search), in the inbox too', async () => {
    const { client, providerId } = await signedIn(['owner', 'intake-coordinator']);
    await db().raw(
      `with made as (
         insert into users (email, first_name, last_name, full_name, scopes)
         select 'many-' || g || '-' || ? || '@example.test', 'Manny', 'Number ' || g, 'Manny Number ' || g, array['client']
           from generate_series(1, 105) g returning id)
       insert into conversations (provider_id, client_user_id, last_message_at)
       select ?, id, now() - id * interval '1 second' from made`,
      [randomUUID().slice(0, 8), providerId],
    );
    await receive(providerId, 'Other', 'Not a match', 0);
    const first = await client.get('/messages?q=manny').expect(200);
    assert.equal(namesOf(first.text).length, 100);
    assert.match(first.text, /href="\/messages\?q=manny&amp;shown=200"/);
    const more = await client.get('/messages?q=manny&shown=200').expect(200);
    assert.equal(namesOf(more.text).length, 105);
    assert.ok(!namesOf(more.text).includes('Other Morgan'));

    const inbox = await client.get('/practice-inbox/messages?q=manny').expect(200);
    assert.equal(namesOf(inbox.text).length, 100);
    assert.match(inbox.text, /href="\/practice-inbox\/messages\?q=manny&amp;loads=2"/);
    const inboxMore = await client.get('/practice-inbox/messages?q=manny&loads=2').expect(200);
    assert.equal(namesOf(inboxMore.text).length, 105);
  });
});

describe('the thread’s scroll region is reachable by keyboard (issue [19] item 8)', () => {
  it('tabindex=0 and a name, on /messages and in the practice inbox', async () => {
    const { client, providerId } = await signedIn(['owner', 'intake-coordinator']);
    const ann = await receive(providerId, 'Ann', 'Hello', 5);
    for (const path of [
      `/messages/${ann.clientUserId}`,
      `/practice-inbox/messages/${ann.clientUserId}/${providerId}`,
    ]) {
      const page = await client.get(path).expect(200);
      assert.match(
        page.text,
        /<div class="thread-scroll" tabindex="0" role="region" aria-label="Conversation with Ann Morgan">/,
        path,
      );
    }
  });
});

describe('conversation lists stay bounded (issue [19] item 1)', () => {
  it('Load More stops at 1,000 conversations in both lists, and says how to find older ones', async function () {
    this.timeout(60_000);
    const { client, providerId } = await signedIn(['owner', 'intake-coordinator']);
    await db().raw(
      `with made as (
         insert into users (email, first_name, last_name, full_name, scopes)
         select 'bulk-' || g || '-' || ? || '@example.test', 'Bulk', 'Client ' || g, 'Bulk Client ' || g, array['client']
           from generate_series(1, 1005) g returning id)
       insert into conversations (provider_id, client_user_id, last_message_at)
       select ?, id, now() - id * interval '1 second' from made`,
      [randomUUID().slice(0, 8), providerId],
    );
    const inbox = await client.get('/practice-inbox/messages?loads=11').expect(200);
    assert.equal(namesOf(inbox.text).length, 1000);
    assert.ok(!inbox.text.includes('>Load more<'), 'no Load More past 1,000');
    assert.match(inbox.text, /To find an older conversation, search by client name\./);
    const messages = await client.get('/messages?shown=1100').expect(200);
    assert.equal(namesOf(messages.text).length, 1000);
    assert.match(messages.text, /1000 of 1005\. To find an older conversation, search by client name\./);
  });
});

describe("the menu's unread dot: the signed-in user's statement counts the profile's unread client messages", () => {
  it('shows once a client message is unread and goes once the thread is opened', async () => {
    const { client, providerId } = await signedIn();
    const dot = /aria-label="unread messages"/;
    assert.doesNotMatch((await client.get('/').expect(200)).text, dot);
    const ann = await receive(providerId, 'Ann', 'Hello', 5);
    assert.match((await client.get('/').expect(200)).text, dot);
    await client.get(`/messages/${ann.clientUserId}`).expect(200);
    assert.doesNotMatch((await client.get('/').expect(200)).text, dot);
  });
});
