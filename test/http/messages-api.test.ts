// How messages arrive (issue [12]; docs/api.md "Messages"): the directory posts a client's message or
// referral to a live provider with an Idempotency-Key, and reads the provider's replies to that client
// (only that client's, only that provider's). The provider hears of it with no message content. The
// demo directory at /dev/client does both with plain forms.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { createToken } from '../../server/api';
import { listConversations, sendProviderMessage } from '../../server/domain/messaging';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, postForm } from '../support/http';
import { drainJobs } from '../support/jobs';
import { decryptedMessages } from '../support/encrypted';

const db = () => ctx().db;

async function liveProvider(status: 'active' | 'inactive' = 'active') {
  const user = await createProviderUser(db(), { providers: [{ firstName: 'Dana', lastName: 'Rivera', status }] });
  return { ...user, providerId: user.providerIds[0]! };
}

/** The directory: it keeps the conversation token each new conversation's first answer carries, and shows it to read replies. */
async function directory() {
  const { token } = await createToken(db(), 'Directory (test)');
  const auth = (call: supertest.Test) => call.set('Authorization', `Bearer ${token}`);
  const conversationTokens = new Map<string, string>();
  const conversationKey = (providerId: number | string, email: unknown) =>
    `${providerId} ${String(email).toLowerCase()}`;
  return {
    conversationTokens,
    write: (
      providerId: number | string,
      body: { client?: { email?: unknown } } | object,
      key: string = randomUUID(),
    ) => {
      const call = auth(supertest(ctx().app).post(`/api/v1/providers/${providerId}/messages`))
        .set('Idempotency-Key', key)
        .send(body);
      call.on('response', (response: { body?: { conversation_token?: unknown } }) => {
        const made = response.body?.conversation_token;
        if (typeof made === 'string')
          conversationTokens.set(
            conversationKey(providerId, (body as { client?: { email?: unknown } }).client?.email),
            made,
          );
      });
      return call;
    },
    replies: (providerId: number | string, clientEmail?: string, conversationToken?: string) => {
      const call = auth(
        supertest(ctx().app)
          .get(`/api/v1/providers/${providerId}/messages`)
          .query(clientEmail === undefined ? {} : { client_email: clientEmail }),
      );
      const shown = conversationToken ?? conversationTokens.get(conversationKey(providerId, clientEmail));
      return shown === undefined ? call : call.set('Conversation-Token', shown);
    },
  };
}

let clients = 0;
const clientNamed = (first_name: string) => ({
  email: `client${++clients}-${randomUUID().slice(0, 6)}@example.test`,
  first_name,
  last_name: 'Morgan',
});
const messageOf = (client: object, message_content = 'Hello, do you have openings on Tuesdays?') => ({
  client,
  type: 'message',
  message_content,
});
const stored = (providerId: number) =>
  db()('messages')
    .where({ provider_id: providerId })
    .orderBy('id')
    .select('type', 'sender', 'message_content', 'intake_form')
    .then((rows) => decryptedMessages(db(), rows));

async function reply(providerId: number, clientEmail: string, content: string) {
  const user = await db()('users').where({ email: clientEmail }).first('id');
  return sendProviderMessage(db(), ctx().integrations.jobs, {
    owner: { providerId },
    providerId,
    clientUserId: Number(user!.id),
    content,
    now: new Date(),
  });
}

describe('messages API: only a token of the directory gets in', () => {
  it('writing and reading replies answer 401 without a valid token', async () => {
    const { providerId } = await liveProvider();
    const app = supertest(ctx().app);
    const refused = await app
      .post(`/api/v1/providers/${providerId}/messages`)
      .set('Idempotency-Key', randomUUID())
      .send(messageOf(clientNamed('Ann')))
      .expect(401);
    assert.equal(refused.body.error.code, 'unauthenticated');
    await app
      .get(`/api/v1/providers/${providerId}/messages`)
      .query({ client_email: 'a@example.test' })
      .set('Authorization', 'Bearer dir_nope')
      .expect(401);
    assert.equal((await stored(providerId)).length, 0);
  });
});

describe('messages API: a client writes to a provider', () => {
  it('stores the message, answers 201 with it and no auto reply, and tells the provider without the content', async () => {
    const { providerId, email } = await liveProvider();
    const api = await directory();
    const client = { ...clientNamed('Casey'), phone_number: '(212) 555-0142' };
    const answer = await api.write(providerId, messageOf(client, 'I have panic attacks at work.')).expect(201);
    assert.equal(answer.body.auto_reply, null);
    assert.deepEqual(
      { ...answer.body.message, id: undefined, send_date: undefined },
      {
        id: undefined,
        send_date: undefined,
        provider_id: String(providerId),
        type: 'message',
        sender: 'client',
        status: 'visible',
        message_content: 'I have panic attacks at work.',
      },
    );
    assert.match(answer.body.message.send_date, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    assert.deepEqual(
      (await stored(providerId)).map((m) => [m.sender, m.message_content]),
      [['client', 'I have panic attacks at work.']],
    );

    await drainJobs();
    const mail = await db()('sent_messages').where({ recipient: email }).select('subject', 'body');
    assert.equal(mail.length, 1);
    assert.equal(mail[0].subject, 'New message from Casey');
    assert.ok(!mail[0].body.includes('panic') && !mail[0].body.includes('Morgan'), 'no content, no last name');
  });

  it('an intake (referral) carries its intake form, with or without words', async () => {
    const { providerId } = await liveProvider();
    const api = await directory();
    const intake = {
      state: 'NY',
      session_type: 'Individual therapy',
      insurance: 'Aetna',
      source: 'directory',
      source_type: 'profile',
    };
    const answer = await api
      .write(providerId, { client: clientNamed('Remy'), type: 'messaging_tool_intake', intake_form: intake })
      .expect(201);
    assert.equal(answer.body.message.type, 'messaging_tool_intake');
    assert.equal(answer.body.message.message_content, null);
    assert.deepEqual(answer.body.message.intake_form, intake);
    assert.deepEqual((await stored(providerId))[0].intake_form, intake);
  });

  it('the vacation responder answers in auto_reply', async () => {
    const { providerId } = await liveProvider();
    const today = new Date().toISOString().slice(0, 10);
    await db()('out_of_office_messages').insert({
      provider_id: providerId,
      status: 'active',
      start_date: '2000-01-01',
      end_date: '2999-12-31',
      message: `Away since ${today}.`,
    });
    const api = await directory();
    const answer = await api.write(providerId, messageOf(clientNamed('Ola'))).expect(201);
    assert.equal(answer.body.auto_reply.type, 'automated_message_out_of_office');
    assert.equal(answer.body.auto_reply.sender, 'provider');
    assert.equal(answer.body.auto_reply.message_content, `Away since ${today}.`);
  });
});

describe('messages API: Idempotency-Key', () => {
  it('a replay answers the same without storing twice; the key with another body is 422; no key is 400', async () => {
    const { providerId } = await liveProvider();
    const api = await directory();
    const body = messageOf(clientNamed('Ivy'));
    const key = randomUUID();
    const first = await api.write(providerId, body, key).expect(201);
    const again = await api.write(providerId, body, key).expect(201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.body, first.body);
    assert.equal((await stored(providerId)).length, 1);

    const reused = await api.write(providerId, { ...body, message_content: 'Something else' }, key).expect(422);
    assert.equal(reused.body.error.code, 'idempotency_key_reused');
    const keyless = await api.write(providerId, body, '').expect(400);
    assert.equal(keyless.body.error.code, 'idempotency_key_required');
    assert.equal((await stored(providerId)).length, 1);
  });
});

describe('messages API: fields at fault are 422 with details', () => {
  it('names each wrong field and stores nothing', async () => {
    const { providerId } = await liveProvider();
    const api = await directory();
    const wrong = await api
      .write(providerId, {
        type: 'gossip',
        client: { email: 'not-an-address', first_name: '', last_name: 'M', phone_number: '12' },
      })
      .expect(422);
    assert.equal(wrong.body.error.code, 'validation_failed');
    assert.deepEqual(Object.keys(wrong.body.error.details).sort(), [
      'client.email',
      'client.first_name',
      'client.phone_number',
      'message_content',
      'type',
    ]);

    const blank = await api.write(providerId, messageOf(clientNamed('Bo'), '   ')).expect(422);
    assert.deepEqual(blank.body.error.details, {
      message_content: 'message_content is required for a message (text of at most 10,000 characters).',
    });

    const intakeWithoutForm = await api
      .write(providerId, { client: clientNamed('Cy'), type: 'messaging_tool_intake' })
      .expect(422);
    assert.deepEqual(Object.keys(intakeWithoutForm.body.error.details), ['intake_form']);
    const formOnPlainMessage = await api
      .write(providerId, { ...messageOf(clientNamed('Di')), intake_form: { state: 'NY' } })
      .expect(422);
    assert.deepEqual(Object.keys(formOnPlainMessage.body.error.details), ['intake_form']);
    assert.equal((await stored(providerId)).length, 0);

    const noEmail = await api.replies(providerId).expect(422);
    assert.deepEqual(Object.keys(noEmail.body.error.details), ['client_email']);
  });
});

describe('messages API: a client name with < or > is refused (issue [19] item 13)', () => {
  it('answers 422 with a field error per name and stores nothing', async () => {
    const { providerId } = await liveProvider();
    const api = await directory();
    const client = { ...clientNamed('<b>Eve</b>'), last_name: 'Smith >' };
    const refused = await api.write(providerId, messageOf(client)).expect(422);
    assert.equal(refused.body.error.code, 'validation_failed');
    assert.deepEqual(refused.body.error.details, {
      'client.first_name': 'client.first_name may not contain < or >.',
      'client.last_name': 'client.last_name may not contain < or >.',
    });
    assert.equal((await stored(providerId)).length, 0);
    // Other punctuation of real names is fine.
    await api
      .write(providerId, messageOf({ ...clientNamed("Zoë-Ann O'Neil & co."), last_name: 'St. John' }))
      .expect(201);
  });
});

describe('messages API: an unknown or not-live provider is 404', () => {
  it('for writing and for reading replies', async () => {
    const inactive = await liveProvider('inactive');
    const api = await directory();
    for (const id of [inactive.providerId, 999_999_999, 'abc']) {
      const write = await api.write(id, messageOf(clientNamed('Eve'))).expect(404);
      assert.equal(write.body.error.code, 'not_found');
      await api.replies(id, 'eve@example.test').expect(404);
    }
    assert.equal((await stored(inactive.providerId)).length, 0);
  });
});

describe("messages API: the replies are the provider's, to that client only", () => {
  it("lists the provider's replies in this conversation, not the client's words, other clients' or other providers'", async () => {
    const { providerId } = await liveProvider();
    const other = await liveProvider();
    const api = await directory();
    const casey = clientNamed('Casey');
    const jo = clientNamed('Jo');
    await api.write(providerId, messageOf(casey, 'Hi from Casey')).expect(201);
    await api.write(providerId, messageOf(jo, 'Hi from Jo')).expect(201);
    await api.write(other.providerId, messageOf(casey, 'Hi other provider')).expect(201);
    await reply(providerId, casey.email, 'Hello Casey, Tuesday works.');
    await reply(providerId, jo.email, 'Hello Jo.');
    await reply(other.providerId, casey.email, 'From the other provider.');

    const answer = await api.replies(providerId, casey.email.toUpperCase()).expect(200);
    assert.equal(answer.body.provider_id, String(providerId));
    assert.deepEqual(
      answer.body.messages.map((m: { sender: string; message_content: string }) => [m.sender, m.message_content]),
      [['provider', 'Hello Casey, Tuesday works.']],
    );
    const unknown = await api.replies(providerId, 'nobody@example.test', `cvt_${'A'.repeat(43)}`).expect(404);
    assert.equal(unknown.body.error.code, 'not_found');
  });
});

describe("messages API: what a client sends never changes anyone's account (issue [15] item 8)", () => {
  const userOf = (email: string) =>
    db()('users').where({ email }).first('first_name', 'last_name', 'full_name', 'phone_number', 'scopes');
  const seenBy = async (providerId: number) =>
    (await listConversations(db(), { providerId })).conversations.map((c) => [c.clientFirstName, c.clientName]);

  it("a message in a known client's name renames nobody: the details given belong to that conversation only", async () => {
    const first = await liveProvider();
    const second = await liveProvider();
    const api = await directory();
    const casey = { ...clientNamed('Casey'), last_name: 'Client', phone_number: '(212) 555-0142' };
    await api.write(first.providerId, messageOf(casey, 'Hello from Casey')).expect(201);
    const mallory = {
      email: casey.email,
      first_name: 'Mallory',
      last_name: 'Attacker',
      phone_number: '(646) 555-0199',
    };
    await api.write(first.providerId, messageOf(mallory, 'I am Casey now')).expect(201);
    await api.write(second.providerId, messageOf(mallory, 'Hello')).expect(201);

    const user = await userOf(casey.email);
    assert.deepEqual(
      [user!.first_name, user!.last_name, user!.phone_number, user!.scopes],
      ['Casey', 'Client', '+12125550142', ['client']],
    );
    assert.deepEqual(
      await seenBy(first.providerId),
      [['Casey', 'Casey Client']],
      'a later message does not rename the client in the conversation',
    );
    const conversation = (await db()('conversations')
      .where({ provider_id: first.providerId })
      .first('client_phone_number'))!;
    assert.equal(conversation.client_phone_number, '+12125550142');
    // What was given to the other provider is theirs alone.
    assert.deepEqual(await seenBy(second.providerId), [['Mallory', 'Mallory Attacker']]);
  });

  it("a provider's sign-in address is never made a client's, nor renamed", async () => {
    const { providerId } = await liveProvider();
    const colleague = await createProviderUser(db(), { providers: [{ firstName: 'Pat', lastName: 'Lee' }] });
    const before = await userOf(colleague.email);
    const api = await directory();
    await api
      .write(
        providerId,
        messageOf({
          email: colleague.email,
          first_name: 'Mallory',
          last_name: 'Attacker',
          phone_number: '(646) 555-0199',
        }),
      )
      .expect(201);
    const after = await userOf(colleague.email);
    assert.deepEqual(after, before);
    assert.ok(!after!.scopes.includes('client'), `scopes: ${after!.scopes}`);
  });

  it('reading replies needs the conversation token given when the conversation was made, not just the address', async () => {
    const { providerId } = await liveProvider();
    const api = await directory();
    const casey = clientNamed('Casey');
    const made = await api.write(providerId, messageOf(casey, 'First')).expect(201);
    assert.match(made.body.conversation_token, /^cvt_[\w-]{43}$/);
    assert.equal(
      (await api.write(providerId, messageOf(casey, 'Second')).expect(201)).body.conversation_token,
      null,
      'given once',
    );
    const stored = (await db()('conversations').where({ provider_id: providerId }).first('client_token_hash'))!;
    assert.match(stored.client_token_hash ?? '', /^[0-9a-f]{64}$/, 'only its hash is kept');
    await reply(providerId, casey.email, 'Hello Casey.');

    // Another token of the directory, knowing only the address, reads nothing.
    const other = await directory();
    const bare = await other.replies(providerId, casey.email).expect(403);
    assert.equal(bare.body.error.code, 'conversation_token_required');
    const jo = clientNamed('Jo');
    const joToken = (await other.write(providerId, messageOf(jo)).expect(201)).body.conversation_token;
    await other.replies(providerId, casey.email, joToken).expect(404); // another conversation's token
    await other.replies(providerId, casey.email, 'cvt_short').expect(404);
    const read = await other.replies(providerId, casey.email, made.body.conversation_token).expect(200);
    assert.deepEqual(
      read.body.messages.map((m: { message_content: string }) => m.message_content),
      ['Hello Casey.'],
    );
  });
});

describe('/dev/client: the demo directory writes through the API with plain forms', () => {
  it("a refused message shows the page again (422) with the API's message beside the field and what was typed", async () => {
    const { providerId } = await liveProvider();
    const response = await postForm(agent(), `/dev/client?message_provider_id=${providerId}`, '/dev/client/messages', {
      provider_id: providerId,
      type: 'message',
      message_content: '  ',
      email: 'casey@example.test',
      first_name: 'Casey',
      last_name: 'Typed-Name',
      phone_number: '',
    });
    assert.equal(response.status, 422);
    assert.match(
      mainTextOf(response.text),
      /The API refused the message[\s\S]*message_content is required for a message/,
    );
    assert.match(
      response.text,
      /id="message-last_name"[^>]*value="Typed-Name"|value="Typed-Name"[^>]*id="message-last_name"/,
    );
    assert.equal((await stored(providerId)).length, 0);
  });

  it("a sent message redirects to the conversation, which shows it and, after a refresh, the provider's reply", async () => {
    const { providerId } = await liveProvider();
    const client = agent();
    const sent = await postForm(client, `/dev/client?message_provider_id=${providerId}`, '/dev/client/messages', {
      provider_id: providerId,
      type: 'message',
      message_content: 'Do you see couples?',
      email: 'casey@example.test',
      first_name: 'Casey',
      last_name: 'Client',
      phone_number: '',
    });
    assert.equal(sent.status, 303);
    assert.equal(
      sent.headers.location,
      `/dev/client?message_provider_id=${providerId}&client_email=casey%40example.test#messages`,
    );
    await reply(providerId, 'casey@example.test', 'Yes, I do.');
    const page = mainTextOf((await client.get(sent.headers.location).expect(200)).text);
    assert.match(page, /Message sent\. The provider has been told\./);
    assert.match(
      page,
      /Conversation with Dana Rivera[\s\S]*You\s*,[\s\S]*Do you see couples\?[\s\S]*Dana Rivera\s*,[\s\S]*Yes, I do\./,
    );
  });
});
