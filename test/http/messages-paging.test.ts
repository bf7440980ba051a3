// Every read of messages is bounded (issue [19] item 1): a thread shows its newest 50 messages with
// "Show earlier messages" (a plain link, ?before=, and JSON for the island), live updates come a page at
// a time, the practice inbox's thread does the same, and the directory reads replies a page at a time.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { createToken } from '../../server/api';
import { receiveClientMessage, THREAD_PAGE_SIZE } from '../../server/domain/messaging';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, islandPropsOf, postForm, signIn } from '../support/http';
import { expectAccessibleHtml } from '../support/accessible-html';

const db = () => ctx().db;

async function signedIn(roles?: string[]) {
  const user = await createProviderUser(db(), {
    paid: true,
    roles,
    providers: [{ firstName: 'Dana', lastName: 'Rivera' }],
  });
  const client = agent();
  await signIn(client, user.email);
  return { client, providerId: user.providerIds[0]!, accountId: user.accountId };
}

/**
 * A conversation of `count` messages, a minute apart, alternating client and provider (odd numbers are
 * the client's), whose texts say their number. Returns the client and the ids, oldest first.
 */
async function longThread(providerId: number, count: number) {
  const email = `long-${randomUUID().slice(0, 8)}@example.test`;
  const start = new Date(Date.now() - (count + 10) * 60_000);
  const first = await receiveClientMessage(db(), ctx().integrations.jobs, {
    providerId,
    client: { email, firstName: 'Lena', lastName: 'Long', phone: null },
    content: 'Message 1',
    type: 'message',
    now: start,
  });
  await db().raw(
    `insert into messages (conversation_id, provider_id, client_user_id, sender, type, message_content, send_date)
     select ?, ?, ?, case when k % 2 = 1 then 'client' else 'provider' end, 'message', 'Message ' || k,
            ?::timestamptz + (k - 1) * interval '1 minute'
       from generate_series(2, ?) k`,
    [first.conversationId, providerId, first.clientUserId, start, count],
  );
  await db()('conversations')
    .where('id', first.conversationId)
    .update({ last_message_at: new Date(start.getTime() + (count - 1) * 60_000) });
  const ids = (await db()('messages').where('conversation_id', first.conversationId).orderBy('id').pluck('id')).map(
    Number,
  );
  return { clientUserId: first.clientUserId, conversationId: first.conversationId, ids };
}

const threadPropsOf = (html: string) => islandPropsOf<IslandProps>(html, 'MessageThread');

interface IslandProps {
  messages: { id: number; content: string | null; deletable: boolean }[];
  earlierCursor: number | null;
  latest: boolean;
}

const texts = (props: { messages: { content: string | null }[] }) => props.messages.map((m) => m.content);
const numbered = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `Message ${from + i}`);
const renderedMessages = (html: string) => (html.match(/<li id="message-\d+"/g) ?? []).length;
const earlierHref = (html: string) =>
  /<a href="([^"]+)"[^>]*>Show earlier messages<\/a>/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null;

describe('messages: a long thread is shown a page at a time (issue [19] item 1)', () => {
  it('the newest 50 first; "Show earlier messages" is a plain link to the page before, down to the first message', async () => {
    const { client, providerId } = await signedIn();
    const thread = await longThread(providerId, 130);
    const page = await client.get(`/messages/${thread.clientUserId}`).expect(200);
    const props = threadPropsOf(page.text);
    assert.equal(THREAD_PAGE_SIZE, 50);
    assert.deepEqual(texts(props), numbered(81, 130));
    assert.equal(props.latest, true);
    assert.equal(renderedMessages(page.text), 50, 'the server renders the page, not the thread');
    assert.equal(earlierHref(page.text), `/messages/${thread.clientUserId}?before=${thread.ids[80]}`);
    await expectAccessibleHtml(page.text);

    const second = await client.get(earlierHref(page.text)!).expect(200);
    assert.deepEqual(texts(threadPropsOf(second.text)), numbered(31, 80));
    assert.equal(threadPropsOf(second.text).latest, false);
    assert.match(second.text, new RegExp(`<a href="/messages/${thread.clientUserId}">Show latest messages</a>`));
    const third = await client.get(earlierHref(second.text)!).expect(200);
    assert.deepEqual(texts(threadPropsOf(third.text)), numbered(1, 30));
    assert.equal(earlierHref(third.text), null, 'the first page has no earlier link');
    assert.equal(threadPropsOf(third.text).earlierCursor, null);

    // A search of the list beside the thread travels with the earlier and latest pages.
    const searched = await client.get(`/messages/${thread.clientUserId}?q=Lena`).expect(200);
    assert.equal(earlierHref(searched.text), `/messages/${thread.clientUserId}?q=Lena&before=${thread.ids[80]}`);
    const searchedEarlier = await client.get(earlierHref(searched.text)!).expect(200);
    assert.deepEqual(texts(threadPropsOf(searchedEarlier.text)), numbered(31, 80));
    assert.match(
      searchedEarlier.text,
      new RegExp(`<a href="/messages/${thread.clientUserId}\\?q=Lena">Show latest messages</a>`),
    );

    // A cursor that is not a message of this conversation shows the newest page.
    const other = await longThread(providerId, 3);
    const wrong = await client.get(`/messages/${thread.clientUserId}?before=${other.ids[2]}`).expect(200);
    assert.deepEqual(texts(threadPropsOf(wrong.text)), numbered(81, 130));
    const junk = await client.get(`/messages/${thread.clientUserId}?before=abc`).expect(200);
    assert.deepEqual(texts(threadPropsOf(junk.text)), numbered(81, 130));
  });

  it('the island asks for the page before as JSON; another provider’s conversation is 404', async () => {
    const { client, providerId } = await signedIn();
    const thread = await longThread(providerId, 75);
    const earlier = await client
      .get(`/messages/${thread.clientUserId}/earlier?before=${thread.ids[25]}`)
      .set('Accept', 'application/json')
      .expect(200);
    assert.deepEqual(texts(earlier.body), numbered(1, 25));
    assert.equal(earlier.body.earlierCursor, null);
    const middle = await client
      .get(`/messages/${thread.clientUserId}/earlier?before=${thread.ids[70]}`)
      .set('Accept', 'application/json')
      .expect(200);
    assert.deepEqual(texts(middle.body), numbered(21, 70));
    assert.equal(middle.body.earlierCursor, thread.ids[20]);

    const stranger = await signedIn();
    await stranger.client
      .get(`/messages/${thread.clientUserId}/earlier?before=${thread.ids[25]}`)
      .set('Accept', 'application/json')
      .expect(404);
  });

  it('polling reads at most a page after the last id, and says when more are waiting', async () => {
    const { client, providerId } = await signedIn();
    const thread = await longThread(providerId, 120);
    const first = await client
      .get(`/messages/${thread.clientUserId}/updates?after=0`)
      .set('Accept', 'application/json')
      .expect(200);
    assert.deepEqual(texts(first.body), numbered(1, 50));
    assert.equal(first.body.more, true);
    const last = await client
      .get(`/messages/${thread.clientUserId}/updates?after=${thread.ids[99]}`)
      .set('Accept', 'application/json')
      .expect(200);
    assert.deepEqual(texts(last.body), numbered(101, 120));
    assert.equal(last.body.more, false);
  });

  it('a message on an earlier page can still be deleted (after the confirmation)', async () => {
    const { client, providerId } = await signedIn();
    const thread = await longThread(providerId, 80);
    const target = thread.ids[1]!; // "Message 2", the provider's, not on the newest page
    const path = `/messages/${thread.clientUserId}`;
    const done = await postForm(client, path, `${path}/messages/${target}/delete`, { confirmed: '1' });
    assert.equal(done.status, 303);
    const row = (await db()('messages').where('id', target).first('deleted_at'))!;
    assert.ok(row.deleted_at, 'deleted');
  });
});

describe('practice inbox: a long thread is shown a page at a time (issue [19] item 1)', () => {
  it('the newest 50, "Show earlier messages" as a link and as JSON, and polling a page at a time', async () => {
    const { client, providerId } = await signedIn(['intake-coordinator']);
    const thread = await longThread(providerId, 110);
    const base = `/practice-inbox/messages/${thread.clientUserId}/${providerId}`;
    const page = await client.get(base).expect(200);
    assert.deepEqual(texts(threadPropsOf(page.text)), numbered(61, 110));
    assert.equal(renderedMessages(page.text), 50);
    assert.equal(earlierHref(page.text), `${base}?before=${thread.ids[60]}`);
    const earlier = await client.get(earlierHref(page.text)!).expect(200);
    assert.deepEqual(texts(threadPropsOf(earlier.text)), numbered(11, 60));
    // The list's filters travel with the earlier page.
    const filtered = await client.get(`${base}?unread=1&q=Lena`).expect(200);
    assert.equal(earlierHref(filtered.text), `${base}?unread=1&q=Lena&before=${thread.ids[60]}`);
    const json = await client
      .get(`${base}/earlier?before=${thread.ids[10]}`)
      .set('Accept', 'application/json')
      .expect(200);
    assert.deepEqual(texts(json.body), numbered(1, 10));
    const updates = await client.get(`${base}/updates?after=0`).set('Accept', 'application/json').expect(200);
    assert.equal(updates.body.messages.length, 50);
    assert.equal(updates.body.more, true);
  });
});

describe('messages API: the replies come a page at a time (issue [19] item 1)', () => {
  async function directoryWith(count: number) {
    const { providerId } = await signedIn();
    const { token } = await createToken(db(), 'Directory (paging)');
    const email = `paged-${randomUUID().slice(0, 8)}@example.test`;
    const written = await supertest(ctx().app)
      .post(`/api/v1/providers/${providerId}/messages`)
      .set('Authorization', `Bearer ${token}`)
      .set('Idempotency-Key', randomUUID())
      .send({ client: { email, first_name: 'Pat', last_name: 'Paged' }, message_content: 'Hello' })
      .expect(201);
    const conversation = (await db()('conversations')
      .where({ provider_id: providerId })
      .first('id', 'client_user_id'))!;
    await db().raw(
      `insert into messages (conversation_id, provider_id, client_user_id, sender, type, message_content, send_date)
       select ?, ?, ?, 'provider', 'message', 'Reply ' || k, now() + k * interval '1 second' from generate_series(1, ?) k`,
      [conversation.id, providerId, conversation.client_user_id, count],
    );
    const read = (query: Record<string, string | number> = {}) =>
      supertest(ctx().app)
        .get(`/api/v1/providers/${providerId}/messages`)
        .query({ client_email: email, ...query })
        .set('Authorization', `Bearer ${token}`)
        .set('Conversation-Token', written.body.conversation_token);
    return { read };
  }

  it('100 by default, ?limit= up to 100, next_cursor to the next page and null at the end', async () => {
    const { read } = await directoryWith(230);
    const first = await read().expect(200);
    assert.equal(first.body.messages.length, 100);
    assert.equal(first.body.messages[0].message_content, 'Reply 1');
    assert.equal(typeof first.body.next_cursor, 'string');
    const second = await read({ cursor: first.body.next_cursor }).expect(200);
    assert.equal(second.body.messages[0].message_content, 'Reply 101');
    const third = await read({ cursor: second.body.next_cursor }).expect(200);
    assert.deepEqual(
      third.body.messages.map((m: { message_content: string }) => m.message_content),
      Array.from({ length: 30 }, (_, i) => `Reply ${201 + i}`),
    );
    assert.equal(third.body.next_cursor, null);
    const small = await read({ limit: 7 }).expect(200);
    assert.equal(small.body.messages.length, 7);
    const next = await read({ limit: 7, cursor: small.body.next_cursor }).expect(200);
    assert.equal(next.body.messages[0].message_content, 'Reply 8');
  });

  it('a wrong limit or cursor is 422 validation_failed naming the field', async () => {
    const { read } = await directoryWith(2);
    for (const [query, field] of [
      [{ limit: 101 }, 'limit'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 'ten' }, 'limit'],
      [{ cursor: 'not-a-cursor' }, 'cursor'],
    ] as const) {
      const answer = await read(query).expect(422);
      assert.equal(answer.body.error.code, 'validation_failed');
      assert.deepEqual(Object.keys(answer.body.error.details), [field], JSON.stringify(query));
    }
  });
});
