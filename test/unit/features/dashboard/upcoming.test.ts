// The upcoming phone consultations widget (spec 2 §2, §9): the next 2 days, grouped Today / Tomorrow in
// the provider's time zone.
import assert from 'node:assert/strict';
import { dayKey, groupUpcoming, nextDayKey, timeRange } from '../../../../server/features/dashboard/upcoming';

const at = (iso: string) => new Date(iso);
const call = (id: number, startIso: string, minutes = 30, clientName = `Client ${id}`) => ({
  id,
  startTime: at(startIso),
  endTime: new Date(at(startIso).getTime() + minutes * 60_000),
  clientName,
});

describe('dashboard: upcoming phone consultations grouped by day', () => {
  it("groups by the provider's calendar day with Today and Tomorrow, later days left out", () => {
    // 20:00 in New York on Monday 23 November 2026 (01:00 UTC on the 24th).
    const now = at('2026-11-24T01:00:00Z');
    const days = groupUpcoming(
      [
        call(3, '2026-11-24T15:00:00Z'), // Tue 10:00 New York → Tomorrow
        call(1, '2026-11-24T02:00:00Z'), // Mon 21:00 New York → Today (already the 24th in UTC)
        call(4, '2026-11-25T14:00:00Z'), // Wed → later, left out
        call(2, '2026-11-24T13:30:00Z'), // Tue 08:30 → Tomorrow, first
      ],
      now,
      'America/New_York',
    );
    assert.deepEqual(
      days.map((d) => [d.label, d.date, d.appointments.map((a) => a.id)]),
      [
        ['Today', 'Monday, November 23', [1]],
        ['Tomorrow', 'Tuesday, November 24', [2, 3]],
      ],
    );
    assert.equal(days[0]!.appointments[0]!.time, '9:00pm – 9:30pm EST');
  });

  it('leaves out calls that have ended and days without calls', () => {
    const now = at('2026-11-23T15:00:00Z');
    const days = groupUpcoming([call(1, '2026-11-23T14:00:00Z'), call(2, '2026-11-24T16:00:00Z')], now, 'UTC');
    assert.deepEqual(
      days.map((d) => d.label),
      ['Tomorrow'],
    );
    assert.deepEqual(groupUpcoming([], now, 'UTC'), []);
  });

  it('keeps a call in progress under Today', () => {
    const now = at('2026-11-23T15:10:00Z');
    assert.deepEqual(
      groupUpcoming([call(1, '2026-11-23T15:00:00Z')], now, 'UTC').map((d) => d.label),
      ['Today'],
    );
  });

  it('day keys follow the time zone and cross month ends and DST changes', () => {
    assert.equal(dayKey(at('2026-11-24T01:00:00Z'), 'America/New_York'), '2026-11-23');
    assert.equal(dayKey(at('2026-11-24T01:00:00Z'), 'Asia/Tokyo'), '2026-11-24');
    assert.equal(nextDayKey('2026-11-30'), '2026-12-01');
    assert.equal(nextDayKey('2026-03-08'), '2026-03-09');
    assert.equal(
      timeRange(at('2026-07-01T16:00:00Z'), at('2026-07-01T16:30:00Z'), 'America/Los_Angeles'),
      '9:00am – 9:30am PDT',
    );
  });
});
