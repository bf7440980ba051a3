// The intake desk's automatic transitions (issue [22] item 2): what each kind of message does to a
// conversation's desk status and snooze, for every status it can find the conversation in.
import assert from 'node:assert/strict';
import {
  DESK_STATUSES,
  type DeskState,
  type DeskStatus,
  deskAfterMessage,
  isDeskStatus,
} from '../../../../server/domain/messaging';

const LATER = new Date('2030-01-01T05:00:00Z');
const state = (status: DeskStatus, snoozedUntil: Date | null = null): DeskState => ({ status, snoozedUntil });
const statusAfter = (status: DeskStatus, type: string, sender: 'provider' | 'client', snoozed: Date | null = LATER) =>
  deskAfterMessage(state(status, snoozed), { type, sender });

/** The status each starting status ends in, in DESK_STATUSES order: new, replied, consultation_booked, closed. */
const table: [string, 'provider' | 'client', DeskStatus[]][] = [
  ['message', 'provider', ['replied', 'replied', 'consultation_booked', 'replied']],
  ['message', 'client', ['new', 'new', 'consultation_booked', 'new']],
  ['messaging_tool_intake', 'client', ['new', 'new', 'consultation_booked', 'new']],
  [
    'booking_tool_intake',
    'client',
    ['consultation_booked', 'consultation_booked', 'consultation_booked', 'consultation_booked'],
  ],
  [
    'reschedule_message',
    'provider',
    ['consultation_booked', 'consultation_booked', 'consultation_booked', 'consultation_booked'],
  ],
  [
    'reschedule_message',
    'client',
    ['consultation_booked', 'consultation_booked', 'consultation_booked', 'consultation_booked'],
  ],
  ['cancel_message', 'client', ['new', 'new', 'new', 'new']],
  ['cancel_message', 'provider', ['replied', 'replied', 'replied', 'replied']],
  ['automated_message_out_of_office', 'provider', ['new', 'replied', 'consultation_booked', 'closed']],
];

describe('the intake desk: what a message does to the status', () => {
  for (const [type, sender, ends] of table) {
    it(`${type} from the ${sender}: ${ends.join(', ')}`, () => {
      DESK_STATUSES.forEach((status, i) => {
        assert.equal(statusAfter(status, type, sender).status, ends[i], `from ${status}`);
      });
    });
  }

  it('an unknown message type changes nothing', () => {
    const before = state('closed', LATER);
    assert.deepEqual(deskAfterMessage(before, { type: 'something_else', sender: 'client' }), before);
  });
});

describe('the intake desk: what a message does to the snooze', () => {
  it('anything the client sends wakes the conversation', () => {
    for (const [type, sender] of table)
      if (sender === 'client') assert.equal(statusAfter('new', type, 'client').snoozedUntil, null, type);
  });

  it('the practice’s own messages, and the out-of-office reply, leave it asleep', () => {
    for (const [type, sender] of table)
      if (sender === 'provider') assert.equal(statusAfter('new', type, 'provider').snoozedUntil, LATER, type);
  });
});

describe('the intake desk: statuses', () => {
  it('knows its four statuses and nothing else', () => {
    for (const status of DESK_STATUSES) assert.ok(isDeskStatus(status));
    for (const value of ['', 'open', 'snoozed', 'Closed', null, 3]) assert.equal(isDeskStatus(value), false);
  });
});
