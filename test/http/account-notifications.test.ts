// Notices of clients' messages (issue [12] "Notifications"): Account Settings → Notifications sets
// users.settings.email_messages (default on) and sms_messages (default off, needs a phone), which the
// message notification job reads; the notice carries the client's first name and a link, no content.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { createToken } from '../../server/api';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, postForm, signIn, type Agent } from '../support/http';
import { drainJobs } from '../support/jobs';

const PAGE = '/account-preferences';
const ACTION = '/account-preferences/message-notifications';
const PHONE = '+12125550188';
const NEEDS_PHONE = 'Please add your phone number before turning on text messages.';
const db = () => ctx().db;

async function signedIn({ phone = PHONE as string | null, settings = {} as object } = {}) {
  const user = await createProviderUser(db());
  await db()('users').where({ id: user.userId }).update({ phone_number: phone, settings });
  await db()('provider_clinicians').where({ user_id: user.userId }).update({ receives_notifications: true });
  const client = agent();
  await signIn(client, user.email);
  return { user, client };
}

const settingsOf = async (userId: number) => (await db()('users').where({ id: userId }).first('settings'))!.settings;
const save = (client: Agent, choices: { email?: boolean; sms?: boolean }) =>
  postForm(client, PAGE, ACTION, {
    ...(choices.email ? { email_messages: '1' } : {}),
    ...(choices.sms ? { sms_messages: '1' } : {}),
  });
const box = (html: string, id: string) => new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';

describe('Account Settings: message notifications, e-mail on and texts off by default', () => {
  it('shows both boxes on its page, e-mail ticked, texts not', async () => {
    const { client } = await signedIn();
    assert.match(mainTextOf((await client.get(PAGE).expect(200)).text), /Messages and referrals\s*By e-mail\b/);
    const page = await client.get(ACTION).expect(200);
    const text = mainTextOf(page.text);
    assert.ok(text.includes('E-mail me when a client writes or a referral arrives'), text);
    assert.ok(text.includes('Text me when a client writes or a referral arrives'));
    assert.match(box(page.text, 'email_messages'), /checked/);
    assert.doesNotMatch(box(page.text, 'sms_messages'), /checked|disabled/);
  });

  it('saves both into users.settings, keeping other keys, auditing each change', async () => {
    const { client, user } = await signedIn({ settings: { sms_notifications: true, calendar_view: 'week' } });
    const saved = await save(client, { email: false, sms: true });
    assert.equal(saved.status, 303);
    assert.equal(saved.headers.location, PAGE);
    assert.deepEqual(await settingsOf(user.userId), {
      sms_notifications: true,
      calendar_view: 'week',
      email_messages: false,
      sms_messages: true,
    });
    const summary = mainTextOf((await client.get(PAGE)).text);
    assert.ok(summary.includes('Your message notifications have been saved.'));
    assert.match(summary, /Messages and referrals\s*By text message/);
    const page = await client.get(ACTION);
    assert.doesNotMatch(box(page.text, 'email_messages'), /checked/);
    assert.match(box(page.text, 'sms_messages'), /checked/);
    const actions = await db()('audit_log')
      .where({ user_id: user.userId })
      .where('action', 'like', '%_messages_%')
      .orderBy('id')
      .pluck('action');
    assert.deepEqual(actions, ['email_messages_off', 'sms_messages_on']);
  });

  it('texts need a phone: refused with 422 and the message by the box, nothing saved', async () => {
    const { client, user } = await signedIn({ phone: null });
    const page = await client.get(ACTION);
    assert.match(box(page.text, 'sms_messages'), /disabled/);
    const refused = await save(client, { email: true, sms: true });
    assert.equal(refused.status, 422);
    assert.ok(mainTextOf(refused.text).includes(NEEDS_PHONE));
    assert.match(box(refused.text, 'sms_messages'), /aria-describedby="[^"]*sms_messages-error/);
    assert.deepEqual(await settingsOf(user.userId), {});
  });

  it('needs sign-in and the CSRF token', async () => {
    assert.equal((await postForm(agent(), '/login', ACTION, { email_messages: '1' })).headers.location, '/login');
    const { client, user } = await signedIn();
    assert.equal((await client.post(ACTION).type('form').send({ sms_messages: '1' })).status, 403);
    assert.deepEqual(await settingsOf(user.userId), {});
  });
});

describe('the message notification job follows the settings, without the message', () => {
  it('by default e-mails only; with texts on it also texts; with e-mail off it only texts', async () => {
    const { client, user } = await signedIn();
    const providerId = user.providerIds[0]!;
    const { token } = await createToken(db(), 'Directory (test)');
    const write = async (firstName: string, type: 'message' | 'messaging_tool_intake' = 'message') => {
      const body =
        type === 'message'
          ? {
              type,
              message_content: 'Private words about my anxiety',
              client: { email: `${randomUUID()}@example.test`, first_name: firstName, last_name: 'Lastname' },
            }
          : {
              type,
              intake_form: { state: 'NY' },
              client: { email: `${randomUUID()}@example.test`, first_name: firstName, last_name: 'Lastname' },
            };
      await supertest(ctx().app)
        .post(`/api/v1/providers/${providerId}/messages`)
        .set('Authorization', `Bearer ${token}`)
        .set('Idempotency-Key', randomUUID())
        .send(body)
        .expect(201);
      await drainJobs();
    };
    let seen = 0;
    const newlySent = async () => {
      const rows = await db()('sent_messages')
        .whereIn('recipient', [user.email, PHONE])
        .orderBy('id')
        .select('channel', 'subject', 'body');
      const fresh = rows.slice(seen);
      seen = rows.length;
      for (const row of fresh)
        assert.ok(!/Private words|Lastname/.test(`${row.subject} ${row.body}`), 'no content, no last name');
      return fresh;
    };

    await write('Ann');
    const first = await newlySent();
    assert.deepEqual(
      first.map((m) => [m.channel, m.subject]),
      [['email', 'New message from Ann']],
    );
    assert.match(first[0].body, /\/messages\/\d+/);

    assert.equal((await save(client, { email: true, sms: true })).status, 303);
    await write('Ben', 'messaging_tool_intake');
    const second = await newlySent();
    assert.deepEqual(
      second.map((m) => m.channel),
      ['email', 'sms'],
    );
    assert.match(second[1].body, /New referral from Ben/);

    assert.equal((await save(client, { email: false, sms: true })).status, 303);
    await write('Cleo');
    assert.deepEqual(
      (await newlySent()).map((m) => m.channel),
      ['sms'],
    );
  });
});
