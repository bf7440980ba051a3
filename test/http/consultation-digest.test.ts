// The provider's morning digest (issue [23] item 1): from 07:00 in the calendar's zone, once a day, the
// day's confirmed consultations (times, client initials, portal links; never names, intake answers or
// messages), to the people who get the profile's booking e-mails; none on a day without consultations,
// none when turned off, none sent late after noon. Run against a fixed clock through the domain function
// the job calls.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { MORNING_DIGEST_JOB, saveReminderSettings, sendMorningDigests } from '../../server/domain/appointments';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { drainJobs } from '../support/jobs';
import { dayFromToday, on } from './calendar-rules-helpers';
import { appointment, clientUser, conversation } from './dashboard-helpers';

const LA = 'America/Los_Angeles';
const db = () => ctx().db;
const INTAKE_MARKER = `intake-${randomUUID().slice(0, 8)}`;
const MESSAGE_MARKER = `message-${randomUUID().slice(0, 8)}`;
/** A day well ahead, so no real clock's "today" is involved. */
const DAY = dayFromToday(10, LA);

async function provider(zone = LA) {
  const user = await createProviderUser(db(), { providers: [{ firstName: 'Dana', lastName: 'Rivera' }] });
  const providerId = user.providerIds[0]!;
  await db()('providers').where({ id: providerId }).update({ timezone: zone, has_calendar: true });
  return { providerId, email: user.email };
}

const digestsAt = async (now: Date) => {
  const { config, integrations } = ctx();
  const sent = await sendMorningDigests(
    { db: db(), outgoing: integrations.outgoing, portalUrl: config.portalUrl, brandName: config.brandName },
    now,
  );
  await drainJobs();
  return sent;
};

const mailTo = (email: string) =>
  db()('sent_messages').where({ channel: 'email', recipient: email }).orderBy('id').select('subject', 'body');

describe('morning digest: once a day from 07:00 in the calendar zone, with the day’s confirmed consultations', () => {
  it('lists today’s times, initials and links, leaves out other days, canceled ones and requests, and goes once', async () => {
    const dana = await provider();
    const casey = await clientUser(db(), 'Casey', 'Clientson');
    await conversation(db(), dana.providerId, casey, MESSAGE_MARKER);
    const morning = await appointment(db(), dana.providerId, casey, on(DAY, '09:00', LA), {
      intake_form: JSON.stringify({ reason: INTAKE_MARKER }),
    });
    const afternoon = await appointment(
      db(),
      dana.providerId,
      await clientUser(db(), 'Sam', 'Ortiz'),
      on(DAY, '14:00', LA),
    );
    const tomorrow = await appointment(db(), dana.providerId, casey, on(dayFromToday(11, LA), '09:00', LA));
    const canceled = await appointment(db(), dana.providerId, casey, on(DAY, '11:00', LA), {
      canceled: true,
      canceled_at: new Date(),
    });
    const pending = await appointment(db(), dana.providerId, casey, on(DAY, '16:00', LA), {
      request_status: 'pending',
      request_deadline: on(DAY, '10:00', LA),
    });

    assert.equal(await digestsAt(on(DAY, '06:55', LA)), 0, 'not before 07:00');
    assert.deepEqual(await mailTo(dana.email), []);

    assert.equal(await digestsAt(on(DAY, '07:05', LA)), 1);
    const [digest] = await mailTo(dana.email);
    assert.ok(digest);
    assert.match(digest.subject ?? '', /^Your phone consultations today, \w+day, /);
    assert.match(digest.body, /Dana Rivera has 2 phone consultations today/);
    assert.match(digest.body, new RegExp(`9:00am – 9:30am P[SD]T, C\\.C\\.: \\S+/calendar/appointments/${morning}`));
    assert.match(digest.body, new RegExp(`2:00pm – 2:30pm P[SD]T, S\\.O\\.: \\S+/calendar/appointments/${afternoon}`));
    for (const absent of [tomorrow, canceled, pending])
      assert.doesNotMatch(digest.body, new RegExp(`/calendar/appointments/${absent}(?!\\d)`), `${absent} not listed`);
    for (const secret of ['Casey', 'Clientson', 'Ortiz', INTAKE_MARKER, MESSAGE_MARKER])
      assert.ok(!digest.body.includes(secret), `no ${secret}`);

    assert.equal(await digestsAt(on(DAY, '07:20', LA)), 0, 'a second run the same day sends nothing');
    assert.equal((await mailTo(dana.email)).length, 1);
  });

  it('none on a day without consultations, none when turned off, none after noon', async () => {
    const empty = await provider();
    await appointment(db(), empty.providerId, null, on(dayFromToday(11, LA), '09:00', LA));
    const off = await provider();
    await appointment(db(), off.providerId, null, on(DAY, '09:00', LA));
    await saveReminderSettings(db(), off.providerId, { email_day_before: '1', email_two_hours_before: '1', sms: '1' });
    assert.equal(await digestsAt(on(DAY, '07:05', LA)), 0);

    const late = await provider();
    await appointment(db(), late.providerId, null, on(DAY, '15:00', LA));
    assert.equal(await digestsAt(on(DAY, '12:05', LA)), 0, 'a digest missed all morning is not sent late');
    for (const { email } of [empty, off, late]) assert.deepEqual(await mailTo(email), []);
  });

  it('each provider by their own zone: 07:05 in Los Angeles is 10:05 in New York, both get theirs once', async () => {
    const west = await provider(LA);
    const east = await provider('America/New_York');
    await appointment(db(), west.providerId, null, on(DAY, '13:00', LA));
    await appointment(db(), east.providerId, null, on(DAY, '13:00', 'America/New_York'));
    assert.equal(await digestsAt(on(DAY, '06:05', LA)), 1, 'New York at 09:05');
    assert.equal(await digestsAt(on(DAY, '07:05', LA)), 1, 'Los Angeles at 07:05');
    assert.equal((await mailTo(west.email)).length, 1);
    assert.equal((await mailTo(east.email)).length, 1);
  });

  it('the job runs every 15 minutes', async () => {
    const schedule = await db()('pgboss.schedule').where({ name: MORNING_DIGEST_JOB }).first('cron');
    assert.equal(schedule?.cron, '*/15 * * * *');
  });
});
