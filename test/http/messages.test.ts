// /messages and /messages/{clientId} (spec 3 §2 Messages, §4 Messaging, §5 reply, §8): the list and its
// unread dot, every message type and mode, the placeholders, replying, deleting after a confirmation,
// other providers' ids, and the live thread (server-sent events and the polling fallback).
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { STREAMS_PER_USER } from '../../server/http/event-stream';
import { FEED_APPLICATION_NAME } from '../../server/db/change-feed';
import { MESSAGE_TEXTS, receiveClientMessage, sendProviderMessage } from '../../server/domain/messaging';
import { ctx } from '../support/context';
import { cookieFor as signInCookie, readUntil } from '../support/event-stream';
import { createProviderUser } from '../support/factories';
import { agent, csrfFrom, islandPropsOf, mainTextOf, postForm, signIn, type Agent } from '../support/http';

const db = () => ctx().db;
let clients = 0;

async function signedIn(options: { status?: 'active' | 'inactive' } = {}) {
  const user = await createProviderUser(db(), {
    paid: true,
    providers: [{ firstName: 'Dana', lastName: 'Rivera', status: options.status ?? 'active' }],
  });
  const client = agent();
  await signIn(client, user.email);
  return { client, providerId: user.providerIds[0]!, user };
}

function receive(
  providerId: number,
  firstName = 'Alex',
  content: string | null = 'Hello, I would like to book a session.',
  extra: Partial<Parameters<typeof receiveClientMessage>[2]> = {},
) {
  clients += 1;
  return receiveClientMessage(db(), ctx().integrations.jobs, {
    providerId,
    client: {
      email: `client${clients}-${Date.now()}@example.test`,
      firstName,
      lastName: 'Morgan',
      phone: '+12125550142',
    },
    content,
    type: 'message',
    now: new Date(),
    ...extra,
  });
}

const reply = (providerId: number, clientUserId: number, content: string) =>
  sendProviderMessage(db(), ctx().integrations.jobs, {
    owner: { providerId },
    providerId,
    clientUserId,
    content,
    now: new Date(),
  });

/** The island's props on a thread page. */
const threadPropsOf = (html: string) =>
  islandPropsOf<{
    messages: { id: number; type: string; shownAs: string; content: string | null; deletable: boolean }[];
    mode: string;
    showReminder: boolean;
  }>(html, 'MessageThread');

describe('messages: the conversation list and its placeholders', () => {
  it('no conversations yet; then each client by name with an unread dot, and "Select a conversation" until one is open', async () => {
    const { client, providerId } = await signedIn();
    const empty = await client.get('/messages').expect(200);
    assert.match(mainTextOf(empty.text), /You don't have any conversations yet/);

    await receive(providerId, 'Ann');
    await receive(providerId, 'Ben');
    const page = await client.get('/messages').expect(200);
    const text = mainTextOf(page.text);
    assert.ok(text.includes(MESSAGE_TEXTS.selectConversation));
    assert.ok(text.indexOf('Ben Morgan') < text.indexOf('Ann Morgan'), 'newest first');
    assert.equal((page.text.match(/messages-list__dot/g) ?? []).length, 2);
    assert.match(page.text, /<title>Messages \|/);
  });

  it('opening a conversation marks it read and moves it to the top', async () => {
    const { client, providerId } = await signedIn();
    const ann = await receive(providerId, 'Ann');
    await receive(providerId, 'Ben');
    const page = await client.get(`/messages/${ann.clientUserId}`).expect(200);
    const list = /<ul class="messages-list"[\s\S]*?<\/ul>/.exec(page.text)![0];
    assert.ok(list.indexOf('Ann Morgan') < list.indexOf('Ben Morgan'), 'the open conversation comes first');
    assert.match(list, /aria-current="page"[^>]*>[\s\S]*?Ann Morgan/);
    assert.equal((list.match(/messages-list__dot/g) ?? []).length, 1, 'only Ben is unread');
    assert.ok((await db()('messages').where({ id: ann.message.id }).first('read_at'))!.read_at);
  });

  it("an unknown client, or another provider's, is the missing-conversation text with a contact link (404)", async () => {
    const { client } = await signedIn();
    const other = await createProviderUser(db());
    const theirs = await receive(other.providerIds[0]!, 'Olga');
    for (const path of [`/messages/${theirs.clientUserId}`, '/messages/999999999', '/messages/abc']) {
      const page = await client.get(path).expect(404);
      assert.ok(mainTextOf(page.text).includes(MESSAGE_TEXTS.missingConversation), path);
      assert.match(page.text, /<a href="\/contact">Contact us<\/a>/);
      assert.doesNotMatch(page.text, /Olga/);
    }
  });

  it('needs sign-in', async () => {
    const response = await agent().get('/messages').expect(303);
    assert.equal(response.headers.location, `/login?next=${encodeURIComponent('/messages')}`);
  });
});

describe('messages: the thread shows every rendered type and leaves out the others', () => {
  it('message, intake, booking, reschedule, cancel and out-of-office, with intake answers and appointments; unknown types are not rendered', async () => {
    const { client, providerId } = await signedIn();
    const received = await receive(providerId, 'Ann', null, {
      type: 'messaging_tool_intake',
      intakeForm: { state: 'NY', session_type: 'in_person', insurance: 'Aetna' },
    });
    const base = {
      conversation_id: received.conversationId,
      provider_id: providerId,
      client_user_id: received.clientUserId,
      send_date: new Date(),
    };
    const [appointment] = await db()('appointments')
      .insert({
        provider_id: providerId,
        client_user_id: received.clientUserId,
        start_time: new Date('2030-01-02T15:00:00Z'),
        end_time: new Date('2030-01-02T15:15:00Z'),
      })
      .returning('id');
    const appointmentId = Number(appointment.id);
    await db()('messages').insert([
      {
        ...base,
        type: 'booking_tool_intake',
        sender: 'client',
        message_content: 'Booked a call',
        appointment_id: appointmentId,
      },
      {
        ...base,
        type: 'reschedule_message',
        sender: 'provider',
        message_content: 'Moved to Thursday',
        appointment_id: appointmentId,
      },
      { ...base, type: 'cancel_message', sender: 'provider', message_content: 'Sorry, canceled' },
      { ...base, type: 'automated_message_out_of_office', sender: 'provider', message_content: 'I am away this week' },
      { ...base, type: 'mystery_type', sender: 'client', message_content: 'Never shown' },
      { ...base, type: 'message', sender: 'client', message_content: 'Plain words' },
    ]);
    const page = await client.get(`/messages/${received.clientUserId}`).expect(200);
    const text = mainTextOf(page.text);
    for (const expected of [
      'New referral',
      'Session type',
      'In person',
      'Aetna',
      'Phone consultation booked',
      'Booked a call',
      'Phone consultation rescheduled',
      'Moved to Thursday',
      'Phone consultation canceled',
      'Sorry, canceled',
      'Automatic out-of-office reply',
      'I am away this week',
      'Plain words',
      'Phone consultation: Jan 2, 2030, 10:00am',
    ]) {
      assert.ok(text.includes(expected), expected);
    }
    assert.ok(!text.includes('Never shown'));
    assert.ok(!page.text.includes('Never shown'), 'not in the island props either');
    assert.match(page.text, new RegExp(`href="/calendar/appointments/${appointmentId}"`));
    assert.deepEqual(
      threadPropsOf(page.text).messages.map((m) => m.type),
      [
        'messaging_tool_intake',
        'booking_tool_intake',
        'reschedule_message',
        'cancel_message',
        'automated_message_out_of_office',
        'message',
      ],
    );
  });

  it("a message with a benefits check shows its card, and never sends the client's insurance answers to the browser", async () => {
    const { client, providerId } = await signedIn();
    const received = await receive(providerId, 'Ann', null, {
      type: 'messaging_tool_intake',
      vobData: { status: 'pending_rerun', id: 7 },
      vobInputInfo: { member_id: 'MEMBER-12345', dob: '1990-01-02', insurance_name: 'Aetna' },
    });
    const page = await client.get(`/messages/${received.clientUserId}`).expect(200);
    assert.match(
      page.text,
      new RegExp(`class="card vob-card"[^>]*id="vob-${received.message.id}"|id="vob-${received.message.id}"`),
    );
    assert.match(
      page.text,
      new RegExp(`action="/messages/${received.clientUserId}/benefits-check/${received.message.id}/rerun"`),
    );
    assert.ok(!page.text.includes('MEMBER-12345'));
    assert.ok(!page.text.includes('1990-01-02'));
  });

  it('deleted and redacted messages show their texts, never their content', async () => {
    const { client, providerId } = await signedIn();
    const received = await receive(providerId, 'Ann', 'Secret words');
    const sent = await reply(providerId, received.clientUserId, 'Wrong client');
    await db()('messages').where({ id: sent.id }).update({ deleted_at: new Date(), message_content: null });
    await db()('messages').where({ id: received.message.id }).update({ redacted_at: new Date() });
    const page = await client.get(`/messages/${received.clientUserId}`).expect(200);
    const text = mainTextOf(page.text);
    assert.ok(text.includes(MESSAGE_TEXTS.deleted));
    assert.ok(text.includes(MESSAGE_TEXTS.unavailable));
    assert.ok(!page.text.includes('Secret words'));
  });
});

describe('messages: modes replace the composer with their notice', () => {
  async function threadText(client: Agent, clientUserId: number) {
    const page = await client.get(`/messages/${clientUserId}`).expect(200);
    return { text: mainTextOf(page.text), html: page.text };
  }

  it('sendable shows the reply form and the on-behalf reminder until the first reply', async () => {
    const { client, providerId } = await signedIn();
    const received = await receive(providerId);
    const first = await threadText(client, received.clientUserId);
    assert.match(first.html, /<textarea[^>]*name="message"/);
    assert.ok(first.text.includes(MESSAGE_TEXTS.onBehalfReminder));
    await reply(providerId, received.clientUserId, 'Hello!');
    const later = await threadText(client, received.clientUserId);
    assert.ok(!later.text.includes(MESSAGE_TEXTS.onBehalfReminder));
    assert.equal(threadPropsOf(later.html).showReminder, false);
  });

  it("locked, client redacted, and provider inactive (with the client's e-mail and phone and a way to reactivate)", async () => {
    const { client, providerId } = await signedIn();
    const received = await receive(providerId);
    const who = await db()('users').where({ id: received.clientUserId }).first('email');

    await db()('conversations').where({ id: received.conversationId }).update({ is_locked: true });
    let page = await threadText(client, received.clientUserId);
    assert.ok(page.text.includes(MESSAGE_TEXTS.lockedNotice));
    assert.doesNotMatch(page.html, /<textarea[^>]*name="message"/);

    await db()('conversations')
      .where({ id: received.conversationId })
      .update({ is_locked: false, client_redacted_at: new Date() });
    page = await threadText(client, received.clientUserId);
    assert.ok(page.text.includes(MESSAGE_TEXTS.clientRedactedNotice));
    assert.doesNotMatch(page.html, /<textarea[^>]*name="message"/);

    await db()('conversations').where({ id: received.conversationId }).update({ client_redacted_at: null });
    await db()('providers').where({ id: providerId }).update({ status: 'inactive' });
    page = await threadText(client, received.clientUserId);
    assert.ok(page.text.includes(MESSAGE_TEXTS.providerInactiveNotice));
    assert.ok(page.text.includes(who!.email));
    assert.ok(page.text.includes('+12125550142'));
    assert.match(page.html, /Reactivate your profile/);
    assert.doesNotMatch(page.html, /<textarea[^>]*name="message"/);

    // The post is refused too, with the notice.
    const refused = await postForm(client, `/messages/${received.clientUserId}`, `/messages/${received.clientUserId}`, {
      message: 'Hi',
    });
    assert.equal(refused.status, 303);
    const after = await client.get(refused.headers.location!).expect(200);
    assert.ok(mainTextOf(after.text).includes(MESSAGE_TEXTS.providerInactiveNotice));
    assert.equal(
      await db()('messages')
        .where({ conversation_id: received.conversationId, sender: 'provider' })
        .count({ n: '*' })
        .first()
        .then((r) => Number(r!.n)),
      0,
    );
  });
});

describe('messages: replying', () => {
  it('an unexpected failure keeps the typed reply and says so; nothing is half-saved (with JSON for the island too)', async () => {
    const { client, providerId } = await signedIn();
    const received = await receive(providerId);
    const path = `/messages/${received.clientUserId}`;
    const db = ctx().db;
    const count = async () =>
      Number(
        (
          await db('messages')
            .where({ provider_id: providerId, sender: 'provider' })
            .count<{ count: string }[]>({ count: '*' })
        )[0]!.count,
      );
    await db.raw(
      `CREATE OR REPLACE FUNCTION test_refuse_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused for the test'; END $$`,
    );
    await db.raw(
      'CREATE TRIGGER test_refuse_messages BEFORE INSERT ON messages FOR EACH ROW EXECUTE FUNCTION test_refuse_insert()',
    );
    try {
      const failed = await postForm(client, path, path, { message: 'See you Thursday at four' });
      assert.equal(failed.status, 500);
      assert.ok(mainTextOf(failed.text).includes(MESSAGE_TEXTS.sendFailed));
      assert.match(failed.text, />See you Thursday at four</);
      const page = await client.get(path).expect(200);
      const json = await client
        .post(path)
        .set('Accept', 'application/json')
        .type('form')
        .send({ _csrf: csrfFrom(page.text), message: 'Again' });
      assert.equal(json.status, 500);
      assert.equal(json.body.message, MESSAGE_TEXTS.sendFailed);
      assert.equal(await count(), 0);
    } finally {
      await db.raw('DROP TRIGGER test_refuse_messages ON messages');
    }
  });

  it('blank is "Message is required" (422) with the form shown again; a reply is a 303 with "Message sent!"', async () => {
    const { client, providerId } = await signedIn();
    const received = await receive(providerId);
    const path = `/messages/${received.clientUserId}`;
    const blank = await postForm(client, path, path, { message: '   ' });
    assert.equal(blank.status, 422);
    assert.ok(mainTextOf(blank.text).includes(MESSAGE_TEXTS.required));
    assert.match(blank.text, /aria-invalid="true"/);

    const sent = await postForm(client, path, path, { message: 'See you Thursday' });
    assert.equal(sent.status, 303);
    const page = await client.get(sent.headers.location!.replace(/#.*$/, '')).expect(200);
    assert.ok(mainTextOf(page.text).includes(MESSAGE_TEXTS.sent));
    assert.ok(mainTextOf(page.text).includes('See you Thursday'));
  });

  it('with Accept: application/json (the island) the reply comes back as the new message, and errors as JSON', async () => {
    const { client, providerId } = await signedIn();
    const received = await receive(providerId);
    const path = `/messages/${received.clientUserId}`;
    const token = csrfFrom((await client.get(path)).text);
    const ok = await client
      .post(path)
      .set('Accept', 'application/json')
      .set('X-CSRF-Token', token)
      .send({ message: 'Hello from the island' })
      .expect(200);
    assert.equal(ok.body.message.content, 'Hello from the island');
    assert.equal(ok.body.message.sender, 'provider');
    assert.equal(typeof ok.body.message.sendDate, 'string');
    const blank = await client
      .post(path)
      .set('Accept', 'application/json')
      .set('X-CSRF-Token', token)
      .send({ message: '' })
      .expect(422);
    assert.equal(blank.body.errors.message, MESSAGE_TEXTS.required);
  });

  it("another provider's client cannot be written to (404)", async () => {
    const { client } = await signedIn();
    const other = await createProviderUser(db());
    const theirs = await receive(other.providerIds[0]!);
    const response = await postForm(client, '/messages', `/messages/${theirs.clientUserId}`, { message: 'Hi' });
    assert.equal(response.status, 404);
    assert.equal(
      await db()('messages')
        .where({ conversation_id: theirs.conversationId, sender: 'provider' })
        .count({ n: '*' })
        .first()
        .then((r) => Number(r!.n)),
      0,
    );
  });
});

describe('messages: deleting a message after a confirmation', () => {
  it('asks first ("cannot be undone"), then deletes; the thread reads "This message has been deleted."', async () => {
    const { client, providerId } = await signedIn();
    const received = await receive(providerId);
    const sent = await reply(providerId, received.clientUserId, 'Oops, wrong person');
    const path = `/messages/${received.clientUserId}`;
    const thread = await client.get(path).expect(200);
    const form = new RegExp(`<form[^>]*action="${path}/messages/${sent.id}/delete"[^>]*>`).exec(thread.text);
    assert.match(form?.[0] ?? '', /data-confirm="[^"]*cannot be undone/);

    const ask = await postForm(client, path, `${path}/messages/${sent.id}/delete`, {});
    assert.equal(ask.status, 200);
    assert.ok(mainTextOf(ask.text).includes(MESSAGE_TEXTS.deleteConfirm));
    assert.ok(await db()('messages').where({ id: sent.id }).whereNull('deleted_at').first());

    const done = await postForm(client, path, `${path}/messages/${sent.id}/delete`, { confirmed: '1' });
    assert.equal(done.status, 303);
    const after = await client.get(path).expect(200);
    assert.ok(mainTextOf(after.text).includes(MESSAGE_TEXTS.deleted));
    assert.ok(!after.text.includes('Oops, wrong person'));
  });

  it("a client's message, another provider's, or one of another conversation is not found", async () => {
    const { client, providerId } = await signedIn();
    const received = await receive(providerId);
    const elsewhere = await receive(providerId, 'Ben');
    const mineElsewhere = await reply(providerId, elsewhere.clientUserId, 'Hi Ben');
    const other = await createProviderUser(db());
    const theirs = await receive(other.providerIds[0]!);
    const theirReply = await reply(other.providerIds[0]!, theirs.clientUserId, 'Private');
    const path = `/messages/${received.clientUserId}`;
    for (const target of [
      `${path}/messages/${received.message.id}/delete`,
      `${path}/messages/${theirReply.id}/delete`,
      `${path}/messages/${mineElsewhere.id}/delete`,
      `/messages/${theirs.clientUserId}/messages/${theirReply.id}/delete`,
    ]) {
      const response = await postForm(client, path, target, { confirmed: '1' });
      assert.equal(response.status, 404, target);
    }
    assert.equal(
      await db()('messages')
        .whereNotNull('deleted_at')
        .count({ n: '*' })
        .first()
        .then((r) => Number(r!.n)),
      0,
    );
  });
});

describe('messages: live updates', () => {
  it("polling: /updates?after= returns the newer messages as JSON; another provider's client is 404", async () => {
    const { client, providerId } = await signedIn();
    const received = await receive(providerId);
    const sent = await reply(providerId, received.clientUserId, 'Newer');
    const updates = await client
      .get(`/messages/${received.clientUserId}/updates?after=${received.message.id}`)
      .set('Accept', 'application/json')
      .expect(200);
    assert.deepEqual(
      updates.body.messages.map((m: { id: number; content: string }) => [m.id, m.content]),
      [[sent.id, 'Newer']],
    );
    const other = await createProviderUser(db());
    const theirs = await receive(other.providerIds[0]!);
    await client.get(`/messages/${theirs.clientUserId}/updates?after=0`).expect(404);
    await client.get(`/messages/${theirs.clientUserId}/events`).expect(404);
    await agent().get(`/messages/${received.clientUserId}/updates?after=0`).expect(401);
  });

  describe('server-sent events', () => {
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

    const cookieFor = (email: string) => signInCookie(base, email);

    it('catches up a page at a time: a stream that starts far behind gets every message, in order (issue [19] item 1)', async () => {
      const { user, providerId } = await signedIn();
      const received = await receive(providerId, 'Alex', 'Message 1');
      await db().raw(
        `insert into messages (conversation_id, provider_id, client_user_id, sender, type, message_content, send_date)
         select ?, ?, ?, 'client', 'message', 'Message ' || k, now() + k * interval '1 second' from generate_series(2, 120) k`,
        [received.conversationId, providerId, received.clientUserId],
      );
      const cookie = await cookieFor(user.email);
      const controller = new AbortController();
      const response = await fetch(`${base}/messages/${received.clientUserId}/events?after=0`, {
        headers: { Cookie: cookie, Accept: 'text/event-stream' },
        signal: controller.signal,
      });
      try {
        assert.equal(response.status, 200);
        const text = await readUntil(response.body!.getReader(), (t) => t.includes('"content":"Message 120"'));
        const contents = [...text.matchAll(/"content":"(Message \d+)"/g)].map((m) => m[1]);
        assert.deepEqual(
          contents,
          Array.from({ length: 120 }, (_, i) => `Message ${i + 1}`),
        );
      } finally {
        controller.abort();
      }
    });

    it('delivers, uncompressed, a message inserted after connecting, and a deletion as the message now reads', async () => {
      const { user, providerId } = await signedIn();
      const received = await receive(providerId);
      const cookie = await cookieFor(user.email);
      const controller = new AbortController();
      const response = await fetch(`${base}/messages/${received.clientUserId}/events?after=${received.message.id}`, {
        headers: { Cookie: cookie, Accept: 'text/event-stream', 'Accept-Encoding': 'gzip, br' },
        signal: controller.signal,
      });
      try {
        assert.equal(response.status, 200);
        assert.match(response.headers.get('content-type')!, /^text\/event-stream/);
        assert.equal(response.headers.get('content-encoding'), null);
        const reader = response.body!.getReader();
        await readUntil(reader, (text) => text.includes('retry:'));

        const sent = await reply(providerId, received.clientUserId, 'Arrives live');
        const first = await readUntil(reader, (text) => text.includes('Arrives live'));
        assert.match(first, new RegExp(`id: ${sent.id}\\nevent: message\\ndata: \\{"id":${sent.id},`));

        await db()('messages')
          .where({ id: sent.id })
          .update({ deleted_at: new Date(), message_content: null, deleted_by: 'provider' });
        const second = await readUntil(reader, (text) => text.includes('"shownAs":"deleted"'));
        assert.match(second, new RegExp(`"id":${sent.id},[^\\n]*"shownAs":"deleted"`));
      } finally {
        controller.abort();
      }
    });

    it('ends the stream when notifications are lost (the browser reconnects and catches up)', async () => {
      const { user, providerId } = await signedIn();
      const received = await receive(providerId);
      const cookie = await cookieFor(user.email);
      const controller = new AbortController();
      try {
        const response = await fetch(`${base}/messages/${received.clientUserId}/events`, {
          headers: { Cookie: cookie },
          signal: controller.signal,
        });
        const reader = response.body!.getReader();
        await readUntil(reader, (text) => text.includes('retry:'));
        await db().raw(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ?`, [
          `${FEED_APPLICATION_NAME} pid ${process.pid}`,
        ]);
        const ended = await Promise.race([
          reader.read().then(async function drain(chunk): Promise<boolean> {
            return chunk.done ? true : drain(await reader.read());
          }),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000)),
        ]);
        assert.equal(ended, true, 'the stream ended');
      } finally {
        controller.abort();
        await ctx().changes.whenLive();
      }
    });

    it(`catches up from Last-Event-ID, and refuses more than ${STREAMS_PER_USER} open streams of one user (429)`, async () => {
      const { user, providerId } = await signedIn();
      const received = await receive(providerId);
      const missed = await reply(providerId, received.clientUserId, 'Sent while away');
      const cookie = await cookieFor(user.email);
      const controllers: AbortController[] = [];
      try {
        const open = () => {
          const controller = new AbortController();
          controllers.push(controller);
          return fetch(`${base}/messages/${received.clientUserId}/events`, {
            headers: { Cookie: cookie, 'Last-Event-ID': String(received.message.id) },
            signal: controller.signal,
          });
        };
        const firstStream = await open();
        const text = await readUntil(firstStream.body!.getReader(), (t) => t.includes('Sent while away'));
        assert.match(text, new RegExp(`id: ${missed.id}\\n`));
        for (let i = 1; i < STREAMS_PER_USER; i++) assert.equal((await open()).status, 200);
        assert.equal((await open()).status, 429);
        // A stream that ends frees its place.
        controllers[0]!.abort();
        let reopened = 0;
        for (let attempt = 0; attempt < 20 && reopened !== 200; attempt++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          reopened = (await open()).status;
        }
        assert.equal(reopened, 200);
      } finally {
        for (const controller of controllers) controller.abort();
      }
    });
  });
});
