// The reminders' pure rules: which reminders a consultation gets (none already past), their keys, the
// digest's initials, and what the texts say (time, provider, links; nothing else of the consultation).
import assert from 'node:assert/strict';
import { initialsOf, reminderKey, reminderText, reminderTimes } from '../../../../server/domain/appointments';

const HOUR = 3_600_000;

describe('reminders: when they are due', () => {
  const start = new Date('2026-12-07T20:00:00Z');

  it('24 hours and 2 hours before the start', () => {
    assert.deepEqual(reminderTimes(start, new Date(start.getTime() - 72 * HOUR)), [
      { kind: 'day_before', at: new Date('2026-12-06T20:00:00Z') },
      { kind: 'two_hours_before', at: new Date('2026-12-07T18:00:00Z') },
    ]);
  });

  it('leaves out a reminder whose time has come: booked 3 hours ahead, only the 2-hour one; 2 hours ahead, none', () => {
    assert.deepEqual(
      reminderTimes(start, new Date(start.getTime() - 3 * HOUR)).map((r) => r.kind),
      ['two_hours_before'],
    );
    assert.deepEqual(
      reminderTimes(start, new Date(start.getTime() - 24 * HOUR)).map((r) => r.kind),
      ['two_hours_before'],
    );
    assert.deepEqual(reminderTimes(start, new Date(start.getTime() - 2 * HOUR)), []);
  });

  it('one key per consultation and reminder', () => {
    assert.equal(reminderKey(42, 'day_before'), 'appointment-42-day_before');
    assert.notEqual(reminderKey(42, 'day_before'), reminderKey(42, 'two_hours_before'));
  });
});

describe('reminders: what they say', () => {
  const links = {
    cancel: 'https://portal.test/consultations/abc/cancel',
    reschedule_request: 'https://portal.test/consultations/def/reschedule-request',
  };
  const consultation = {
    start: new Date('2026-12-07T20:00:00Z'),
    end: new Date('2026-12-07T20:15:00Z'),
    providerName: 'Dana Rivera',
    timeZone: 'America/New_York',
    clientFirstName: 'Casey',
  };

  it('the time in the calendar zone, the provider and both links, in the e-mail and the text', () => {
    const message = reminderText('day_before', consultation, links, 'Members Portal');
    assert.equal(message.subject, 'Reminder: your phone consultation with Dana Rivera on Monday, December 7, 2026');
    assert.match(message.text, /^Hello Casey,/);
    assert.match(message.text, /with Dana Rivera on Monday, December 7, 2026, 3:00pm – 3:15pm EST\./);
    for (const body of [message.text, message.sms]) {
      assert.ok(body.includes(links.cancel));
      assert.ok(body.includes(links.reschedule_request));
    }
    assert.equal(
      reminderText('two_hours_before', consultation, links, 'Members Portal').subject,
      'Reminder: your phone consultation with Dana Rivera starts at 3:00pm',
    );
  });
});

describe("the digest: clients' initials only", () => {
  it('first and last initials; Client without a name', () => {
    assert.equal(initialsOf('Casey', 'Clientson'), 'C.C.');
    assert.equal(initialsOf('sam', null), 'S.');
    assert.equal(initialsOf(null, ' '), 'Client');
  });
});
