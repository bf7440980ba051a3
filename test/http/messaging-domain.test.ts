// The messaging domain (issue [12]; spec 3 §2 Messages, §3, §4 Messaging, §5 message reply): the list,
// read marking, modes, deletion, invalid types, replies, the practice inbox, ids of other owners, the
// out-of-office reply once per absence, coalesced notifications without content, and the live NOTIFY.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pg from 'pg';
import pino from 'pino';
import { HttpError, ValidationError } from '../../server/lib/errors';
import {
  deleteProviderMessage,
  findConversationFor,
  listConversations,
  MESSAGE_CHANNEL,
  MESSAGE_TEXTS,
  messagesAfter,
  openThread,
  receiveClientMessage,
  repliesForClient,
  sendProviderMessage,
  unreadCount,
  type MessagingOwner,
} from '../../server/domain/messaging';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { drainJobs } from '../support/jobs';

const db = () => ctx().db;
const jobs = () => ctx().integrations.jobs;
const T0 = new Date('2030-06-05T12:00:00Z');
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

async function provider(options: { firstName?: string; providers?: number } = {}) {
  const user = await createProviderUser(db(), {
    providers: Array.from({ length: options.providers ?? 1 }, (_, i) => ({
      firstName: `${options.firstName ?? 'Dana'}${i || ''}`,
      lastName: 'Rivera',
    })),
  });
  return {
    providerId: user.providerIds[0]!,
    providerIds: user.providerIds,
    accountId: user.accountId,
    email: user.email,
  };
}

let clients = 0;
const client = (firstName = 'Alex') => ({
  email: `client${++clients}@example.test`,
  firstName,
  lastName: 'Morgan',
  phone: '5551234567',
});

function receive(
  providerId: number,
  who: ReturnType<typeof client>,
  at: Date,
  content: string | null = 'Hello, I would like to book a session.',
  type: 'message' | 'messaging_tool_intake' = 'message',
) {
  return receiveClientMessage(db(), jobs(), {
    providerId,
    client: who,
    content,
    type,
    now: at,
    ...(type === 'messaging_tool_intake'
      ? { intakeForm: { state: 'NY', session_type: 'in_person' }, vobData: { status: 'eligible' } }
      : {}),
  });
}

async function rejects(promise: Promise<unknown>, status: number) {
  await assert.rejects(promise, (error: unknown) => error instanceof HttpError && error.status === status);
}

async function sentMail() {
  await drainJobs();
  return db()('sent_messages').where({ channel: 'email' }).orderBy('id').select('recipient', 'subject', 'body');
}

describe('messaging: the conversation list, newest activity first, with the unread dot', () => {
  it("lists a provider's conversations by last activity (a message, or opening it), pages them and counts the unread", async () => {
    const { providerId } = await provider();
    const other = await provider();
    const first = await receive(providerId, client('Ann'), later(0));
    await receive(providerId, client('Ben'), later(1));
    await receive(other.providerId, client('Cleo'), later(2));
    await openThread(db(), { providerId }, first.clientUserId, { now: later(3) });
    await receive(providerId, client('Dan'), later(4));

    const { conversations, total } = await listConversations(db(), { providerId }, { limit: 100, offset: 0 });
    assert.equal(total, 3);
    assert.deepEqual(
      conversations.map((c) => [c.clientFirstName, c.unread]),
      // Opening Ann (after Ben wrote) moved her above Ben, for good (spec 3 §4); Dan wrote after that.
      [
        ['Dan', true],
        ['Ann', false],
        ['Ben', true],
      ],
    );
    assert.equal(conversations[0]!.providerName, 'Dana Rivera');
    assert.equal(await unreadCount(db(), { providerId }), 2);

    const page2 = await listConversations(db(), { providerId }, { limit: 2, offset: 2 });
    assert.deepEqual(
      page2.conversations.map((c) => c.clientFirstName),
      ['Ben'],
    );
  });

  it('the practice inbox merges every profile of the account, one entry per client and provider, and no other account', async () => {
    const practice = await provider({ providers: 2 });
    const outsider = await provider();
    const shared = client('Sam');
    await receive(practice.providerIds[0]!, shared, later(0));
    await receive(practice.providerIds[1]!, shared, later(1));
    await receive(practice.providerIds[0]!, shared, later(2));
    await receive(outsider.providerId, client('Olga'), later(3));

    const inbox: MessagingOwner = { accountId: practice.accountId };
    const { conversations, total } = await listConversations(db(), inbox, { limit: 100, offset: 0 });
    assert.equal(total, 2);
    assert.deepEqual(
      conversations.map((c) => [c.clientFirstName, c.providerId]),
      [
        ['Sam', practice.providerIds[0]],
        ['Sam', practice.providerIds[1]],
      ],
    );
    assert.deepEqual(
      conversations.map((c) => c.providerName),
      ['Dana Rivera', 'Dana1 Rivera'],
    );
    assert.equal(await unreadCount(db(), inbox), 2);
    assert.equal(
      (await findConversationFor(db(), inbox, conversations[0]!.clientUserId, practice.providerIds[1]))?.providerId,
      practice.providerIds[1],
    );
  });
});

describe('messaging: opening a conversation', () => {
  it("marks the client's messages read (unless asked not to) and shows intake and appointment details", async () => {
    const { providerId } = await provider();
    const who = client('Ann');
    const intake = await receive(providerId, who, later(0), null, 'messaging_tool_intake');
    await openThread(db(), { providerId }, intake.clientUserId, { now: later(1), markRead: false });
    assert.equal(await unreadCount(db(), { providerId }), 1);

    const thread = (await openThread(db(), { providerId }, intake.clientUserId, { now: later(1) }))!;
    assert.equal(thread.conversation.unread, false);
    assert.equal(thread.conversation.clientEmail, who.email);
    assert.equal(thread.mode, 'sendable');
    assert.equal(thread.providerHasReplied, false);
    assert.deepEqual(
      thread.messages.map((m) => [m.type, m.shownAs, m.intakeForm, m.vobData]),
      [['messaging_tool_intake', 'text', { state: 'NY', session_type: 'in_person' }, { status: 'eligible' }]],
    );
    assert.equal(await unreadCount(db(), { providerId }), 0);
    assert.ok((await db()('messages').where({ id: intake.message.id }).first('read_at'))!.read_at);
  });

  it('leaves out types it does not know, and logs them', async () => {
    const { providerId } = await provider();
    const { conversationId, clientUserId } = await receive(providerId, client(), later(0));
    await db()('messages').insert({
      conversation_id: conversationId,
      provider_id: providerId,
      client_user_id: clientUserId,
      type: 'mystery_type',
      sender: 'client',
      message_content: 'secret',
      send_date: later(1),
    });
    const lines: string[] = [];
    const logger = pino(
      { level: 'warn' },
      new Writable({
        write(chunk, _e, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );

    const thread = (await openThread(db(), { providerId }, clientUserId, { now: later(2), logger }))!;
    assert.deepEqual(
      thread.messages.map((m) => m.type),
      ['message'],
    );
    assert.equal(lines.length, 1);
    assert.match(lines[0]!, /mystery_type/);
    assert.doesNotMatch(lines[0]!, /secret/);
  });

  it('modes: locked, then provider inactive, then client redacted (their words unavailable), else sendable; only sendable accepts a reply', async () => {
    const { providerId } = await provider();
    const { conversationId, clientUserId } = await receive(providerId, client(), later(0));
    const open = async () => (await openThread(db(), { providerId }, clientUserId, { now: later(1) }))!;
    const reply = () =>
      sendProviderMessage(db(), jobs(), {
        owner: { providerId },
        providerId,
        clientUserId,
        content: 'Hi',
        now: later(2),
      });

    await db()('conversations')
      .where({ id: conversationId })
      .update({ is_locked: true, client_redacted_at: later(0) });
    await db()('providers').where({ id: providerId }).update({ status: 'inactive' });
    assert.equal((await open()).mode, 'locked');
    await rejects(reply(), 403);
    await db()('conversations').where({ id: conversationId }).update({ is_locked: false });
    assert.equal((await open()).mode, 'provider-inactive');
    await rejects(reply(), 403);
    await db()('providers').where({ id: providerId }).update({ status: 'active' });
    const redacted = await open();
    assert.equal(redacted.mode, 'client-redacted');
    assert.deepEqual(
      redacted.messages.map((m) => [m.shownAs, m.content]),
      [['unavailable', null]],
    );
    assert.equal(redacted.conversation.clientEmail, null);
    await rejects(reply(), 403);
    await db()('conversations').where({ id: conversationId }).update({ client_redacted_at: null });
    assert.equal((await open()).mode, 'sendable');
    assert.equal((await reply()).content, 'Hi');
  });
});

describe('messaging: replying and deleting', () => {
  it('a blank reply is "Message is required"; a reply moves the conversation up and tells the client, without its content', async () => {
    const { providerId } = await provider();
    const ann = await receive(providerId, client('Ann'), later(0));
    await receive(providerId, client('Ben'), later(1));
    await assert.rejects(
      sendProviderMessage(db(), jobs(), {
        owner: { providerId },
        providerId,
        clientUserId: ann.clientUserId,
        content: '   ',
        now: later(2),
      }),
      (error: unknown) => error instanceof ValidationError && error.fields.message === MESSAGE_TEXTS.required,
    );
    await sentMail(); // the provider's own notifications
    await db()('sent_messages').del();
    const sent = await sendProviderMessage(db(), jobs(), {
      owner: { providerId },
      providerId,
      clientUserId: ann.clientUserId,
      content: ' See you Tuesday. ',
      now: later(3),
    });
    assert.deepEqual([sent.content, sent.sender, sent.deletable], ['See you Tuesday.', 'provider', true]);
    assert.equal(
      (await listConversations(db(), { providerId }, { limit: 100, offset: 0 })).conversations[0]!.clientFirstName,
      'Ann',
    );
    assert.equal((await db()('messages').where({ id: sent.id }).first('account_id'))!.account_id, null);

    const mail = await sentMail();
    assert.equal(mail.length, 1);
    assert.equal(mail[0].subject, 'New message from Dana Rivera');
    assert.doesNotMatch(mail[0].body, /Tuesday/);
    const thread = (await openThread(db(), { providerId }, ann.clientUserId, { now: later(4) }))!;
    assert.equal(thread.providerHasReplied, true);
    assert.deepEqual(
      (
        await repliesForClient(
          db(),
          providerId,
          (await db()('users').where({ id: ann.clientUserId }).first('email'))!.email,
          ann.conversationToken!,
        )
      ).messages.map((m) => m.content),
      ['See you Tuesday.'],
    );
  });

  it('replies from the practice inbox carry the account, and need an active profile', async () => {
    const practice = await provider({ providers: 2 });
    const { clientUserId } = await receive(practice.providerIds[1]!, client(), later(0));
    const owner = { accountId: practice.accountId };
    const sent = await sendProviderMessage(db(), jobs(), {
      owner,
      providerId: practice.providerIds[1]!,
      clientUserId,
      content: 'Hello from the front desk',
      now: later(1),
    });
    assert.equal(
      Number((await db()('messages').where({ id: sent.id }).first('account_id'))!.account_id),
      practice.accountId,
    );
    await db()('providers').where({ id: practice.providerIds[1]! }).update({ status: 'inactive' });
    await rejects(
      sendProviderMessage(db(), jobs(), {
        owner,
        providerId: practice.providerIds[1]!,
        clientUserId,
        content: 'Again',
        now: later(2),
      }),
      403,
    );
  });

  it('a provider deletes only their own messages; deleted and redacted messages show their texts, never the content', async () => {
    const { providerId } = await provider();
    const received = await receive(providerId, client(), later(0));
    const sent = await sendProviderMessage(db(), jobs(), {
      owner: { providerId },
      providerId,
      clientUserId: received.clientUserId,
      content: 'Oops, wrong client',
      now: later(1),
    });
    const second = await receive(providerId, client(), later(2));

    await rejects(deleteProviderMessage(db(), { providerId }, received.message.id), 404);
    await deleteProviderMessage(db(), { providerId }, sent.id);
    await rejects(deleteProviderMessage(db(), { providerId }, sent.id), 404);
    await db()('messages')
      .where({ id: second.message.id })
      .update({ redacted_at: later(3) });

    const thread = (await openThread(db(), { providerId }, received.clientUserId, { now: later(4) }))!;
    assert.deepEqual(
      thread.messages.map((m) => [m.sender, m.shownAs, m.content, m.deletable]),
      [
        ['client', 'text', received.message.content, false],
        ['provider', 'deleted', null, false],
      ],
    );
    assert.equal(
      (await db()('messages').where({ id: sent.id }).first('message_content', 'deleted_by'))!.deleted_by,
      'provider',
    );
    assert.equal((await db()('messages').where({ id: sent.id }).first('message_content'))!.message_content, null);
    const redacted = (await openThread(db(), { providerId }, second.clientUserId, { now: later(4) }))!;
    assert.deepEqual(
      redacted.messages.map((m) => [m.shownAs, m.content]),
      [['unavailable', null]],
    );
  });

  it("another provider's (or account's) conversations and messages are not found", async () => {
    const mine = await provider();
    const theirs = await provider();
    const theirMessage = await receive(theirs.providerId, client(), later(0));
    const theirReply = await sendProviderMessage(db(), jobs(), {
      owner: { providerId: theirs.providerId },
      providerId: theirs.providerId,
      clientUserId: theirMessage.clientUserId,
      content: 'Private',
      now: later(1),
    });

    for (const owner of [{ providerId: mine.providerId }, { accountId: mine.accountId }] as MessagingOwner[]) {
      assert.equal(await openThread(db(), owner, theirMessage.clientUserId, { now: later(2) }), null);
      assert.equal(await findConversationFor(db(), owner, theirMessage.clientUserId), null);
      await rejects(messagesAfter(db(), owner, theirMessage.conversationId, 0), 404);
      await rejects(deleteProviderMessage(db(), owner, theirReply.id), 404);
      await rejects(
        sendProviderMessage(db(), jobs(), {
          owner,
          providerId: theirs.providerId,
          clientUserId: theirMessage.clientUserId,
          content: 'Hi',
          now: later(2),
        }),
        404,
      );
    }
    await rejects(
      sendProviderMessage(db(), jobs(), {
        owner: { providerId: mine.providerId },
        providerId: theirs.providerId,
        clientUserId: theirMessage.clientUserId,
        content: 'Hi',
        now: later(2),
      }),
      404,
    );
    assert.equal(await unreadCount(db(), { providerId: theirs.providerId }), 1);
    assert.deepEqual(
      (
        await messagesAfter(
          db(),
          { providerId: theirs.providerId },
          theirMessage.conversationId,
          theirMessage.message.id,
        )
      ).map((m) => m.id),
      [theirReply.id],
    );
  });
});

describe('messaging: the out-of-office reply, once per conversation per absence', () => {
  it('answers the first message of each absence, not the following ones; new dates are a new absence', async () => {
    const { providerId } = await provider();
    await db()('out_of_office_messages').insert({
      provider_id: providerId,
      status: 'active',
      start_date: '2030-06-01',
      end_date: '2030-06-10',
      message: 'Away until June 11.',
    });
    const who = client();
    const first = await receive(providerId, who, later(0));
    assert.deepEqual(
      [first.autoReply?.type, first.autoReply?.content],
      ['automated_message_out_of_office', 'Away until June 11.'],
    );
    assert.equal((await receive(providerId, who, later(60))).autoReply, null);
    assert.ok((await receive(providerId, client(), later(61))).autoReply, 'another conversation gets its own reply');

    await db()('out_of_office_messages')
      .where({ provider_id: providerId })
      .update({ start_date: '2030-07-01', end_date: '2030-07-10' });
    assert.ok((await receive(providerId, who, new Date('2030-07-02T09:00:00Z'))).autoReply);
    assert.equal((await receive(providerId, who, new Date('2030-07-03T09:00:00Z'))).autoReply, null);
    assert.equal(
      (await receive(providerId, who, new Date('2030-07-12T09:00:00Z'))).autoReply,
      null,
      'after the absence',
    );
  });
});

describe("messaging: the provider's notifications", () => {
  it('a burst of 20 messages in 5 minutes from one client sends one e-mail, with the first name and a link only', async () => {
    const { providerId, email } = await provider();
    const who = client('Ann');
    let clientUserId = 0;
    for (let i = 0; i < 20; i += 1)
      clientUserId = (await receive(providerId, who, new Date(T0.getTime() + i * 14_000), `Private detail number ${i}`))
        .clientUserId;

    const mail = await sentMail();
    assert.equal(mail.length, 1);
    assert.equal(mail[0].recipient, email);
    assert.equal(mail[0].subject, 'New message from Ann');
    assert.ok(mail[0].body.includes(`/messages/${clientUserId}?current_provider_id=${providerId}`), mail[0].body);
    assert.doesNotMatch(mail[0].body, /Private detail|Morgan/);

    await receive(providerId, who, later(6), 'After the window');
    assert.equal((await sentMail()).length, 2);
  });

  it('referrals always notify; per-user settings choose e-mail (default on) and SMS (default off)', async () => {
    const { providerId, email } = await provider();
    await db()('users')
      .where({ email })
      .update({ phone_number: '5550001111', settings: { email_messages: false, sms_messages: true } });
    await receive(providerId, client('Ann'), later(0), null, 'messaging_tool_intake');
    await drainJobs();
    const sent = await db()('sent_messages').orderBy('id').select('channel', 'recipient', 'body');
    assert.equal(sent.length, 1);
    assert.equal(sent[0].channel, 'sms');
    assert.match(sent[0].body, /New referral from Ann/);
  });
});

describe('messaging: live updates', () => {
  it('every message insert is announced on the channel, in its transaction', async () => {
    const { providerId } = await provider();
    const listener = new pg.Client({ connectionString: ctx().database.url });
    await listener.connect();
    try {
      const payloads: unknown[] = [];
      listener.on('notification', (n) => {
        if (n.channel === MESSAGE_CHANNEL) payloads.push(JSON.parse(n.payload!));
      });
      await listener.query(`LISTEN ${MESSAGE_CHANNEL}`);
      const received = await receive(providerId, client(), later(0));
      for (let i = 0; i < 50 && payloads.length === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
      assert.deepEqual(payloads, [
        { conversationId: received.conversationId, providerId, messageId: received.message.id, event: 'inserted' },
      ]);
    } finally {
      await listener.end();
    }
  });
});
