// Texts about bookings (issue [11]): Account Settings' Notifications form sets users.settings.sms_notifications,
// which the booking notification job reads to text the provider's contact phone as well as e-mail them.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { createToken } from '../../server/api';
import { createAvailability } from '../../server/domain/calendar';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, postForm, signIn, type Agent } from '../support/http';
import { drainJobs } from '../support/jobs';

const PAGE = '/account-preferences';
const ACTION = '/account-preferences/notifications';
const LABEL = 'Text me when a client books or cancels a phone consultation';
const NEEDS_PHONE = 'Please add your phone number before turning on text messages.';
const PHONE = '+12125550177';
const db = () => ctx().db;

async function signedIn({ phone = PHONE as string | null, settings = {} as object } = {}) {
  const user = await createProviderUser(db());
  await db()('users').where({ id: user.userId }).update({ phone_number: phone, settings });
  const client = agent();
  await signIn(client, user.email);
  return { user, client };
}

const settingsOf = async (userId: number) => (await db()('users').where({ id: userId }).first('settings'))!.settings;
const save = (client: Agent, ticked: boolean) =>
  postForm(client, PAGE, ACTION, ticked ? { sms_notifications: '1' } : {});
const checkbox = (html: string) => /<input[^>]*id="sms_notifications"[^>]*>/.exec(html)?.[0] ?? '';

describe('Account Settings: the texts-about-bookings page shows where texts go', () => {
  it('with a phone on file: the box, the number it texts and a save button', async () => {
    const { client } = await signedIn();
    assert.match(mainTextOf((await client.get(PAGE).expect(200)).text), /Texts about bookings\s*Off/);
    const page = await client.get(ACTION).expect(200);
    const text = mainTextOf(page.text);
    assert.ok(text.includes('Texts About Bookings') && text.includes(LABEL), text);
    assert.ok(text.includes('(212) 555-0177'), 'the number the texts go to');
    assert.doesNotMatch(checkbox(page.text), /disabled|checked/);
    assert.ok(text.includes('Save notifications'));
  });

  it('without a phone: no box to tick, and a link to add a phone', async () => {
    const { client } = await signedIn({ phone: null });
    const page = await client.get(ACTION).expect(200);
    assert.equal(checkbox(page.text), '');
    assert.match(page.text, /<a href="\/account-preferences\/phone">Add a phone number<\/a> to get text messages\./);
    assert.ok(!mainTextOf(page.text).includes('Save notifications'));
  });
});

describe('Account Settings: turning texts on and off', () => {
  it('saves the choice into users.settings, keeping its other keys, with a flash and the audit trail', async () => {
    const { client, user } = await signedIn({ settings: { calendar_view: 'week', onboarding: { seen: true } } });
    const on = await save(client, true);
    assert.equal(on.status, 303);
    assert.equal(on.headers.location, PAGE);
    assert.deepEqual(await settingsOf(user.userId), {
      calendar_view: 'week',
      onboarding: { seen: true },
      sms_notifications: true,
    });
    const summary = mainTextOf((await client.get(PAGE)).text);
    assert.ok(summary.includes('Text messages are on'));
    assert.match(summary, /Texts about bookings\s*On: texts go to \(212\) 555-0177/);
    assert.match(checkbox((await client.get(ACTION)).text), /checked/);

    assert.equal((await save(client, false)).status, 303);
    assert.deepEqual(await settingsOf(user.userId), {
      calendar_view: 'week',
      onboarding: { seen: true },
      sms_notifications: false,
    });
    assert.ok(mainTextOf((await client.get(PAGE)).text).includes('Text messages about phone consultations are off.'));
    assert.doesNotMatch(checkbox((await client.get(ACTION)).text), /checked/);
    const actions = (await db()('audit_log').where({ user_id: user.userId }).orderBy('id').pluck('action')).filter(
      (a: string) => a.startsWith('sms_'),
    );
    assert.deepEqual(actions, ['sms_notifications_on', 'sms_notifications_off']);
  });

  it('without a phone number, turning texts on is refused (422) with the message by the box; off is still allowed', async () => {
    const { client, user } = await signedIn({ phone: null, settings: { calendar_view: 'week' } });
    const refused = await save(client, true);
    assert.equal(refused.status, 422);
    assert.ok(mainTextOf(refused.text).includes(NEEDS_PHONE));
    assert.match(checkbox(refused.text), /aria-describedby="[^"]*sms_notifications-error/);
    assert.deepEqual(await settingsOf(user.userId), { calendar_view: 'week' });
    assert.equal((await save(client, false)).status, 303);
    assert.deepEqual(await settingsOf(user.userId), { calendar_view: 'week', sms_notifications: false });
  });

  it("needs sign-in and the form's CSRF token", async () => {
    assert.equal((await postForm(agent(), '/login', ACTION, { sms_notifications: '1' })).headers.location, '/login');
    const { client, user } = await signedIn();
    assert.equal((await client.post(ACTION).type('form').send({ sms_notifications: '1' })).status, 403);
    assert.deepEqual(await settingsOf(user.userId), {});
  });
});

describe('the booking notification job follows the setting', () => {
  it('with texts on a booking texts the phone (and e-mails); turned off, the next booking only e-mails', async () => {
    const { client, user } = await signedIn();
    const providerId = user.providerIds[0]!;
    await db()('providers')
      .where({ id: providerId })
      .update({ has_calendar: true, calendar_open: true, timezone: 'America/New_York' });
    await db()('locations').insert({
      provider_id: providerId,
      state: 'NY',
      remote_location: true,
      accepting_patients: 40,
    });
    // Free time from a whole day ahead (past the booking lead time) on the hour, for two bookings.
    const start = new Date(Math.ceil((Date.now() + 2 * 86_400_000) / 3_600_000) * 3_600_000);
    await createAvailability(db(), providerId, {
      start,
      end: new Date(start.getTime() + 3_600_000),
      free: true,
      name: null,
      rrule: null,
      timeZone: 'America/New_York',
    });
    const { token } = await createToken(db(), 'Directory (test)');
    const book = async (minutes: number) => {
      await supertest(ctx().app)
        .post(`/api/v1/providers/${providerId}/consultations`)
        .set('Authorization', `Bearer ${token}`)
        .set('Idempotency-Key', randomUUID())
        .send({
          start_time: new Date(start.getTime() + minutes * 60_000).toISOString(),
          client: {
            email: 'casey@example.test',
            first_name: 'Casey',
            last_name: 'Client',
            phone_number: '(212) 555-0142',
          },
        })
        .expect(201);
      await drainJobs();
    };
    const sentTo = async () =>
      await db()('sent_messages')
        .whereIn('recipient', [user.email, PHONE])
        .orderBy('id')
        .select('channel', 'recipient', 'body');

    assert.equal((await save(client, true)).status, 303);
    await book(0);
    const first = await sentTo();
    assert.deepEqual(
      first.map((m) => [m.channel, m.recipient]),
      [
        ['email', user.email],
        ['sms', PHONE],
      ],
    );
    assert.match(first[1].body, /You have a new phone consultation request/);

    assert.equal((await save(client, false)).status, 303);
    await book(30);
    assert.deepEqual(
      (await sentTo()).slice(first.length).map((m) => m.channel),
      ['email'],
    );
  });
});
