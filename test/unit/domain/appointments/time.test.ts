// The reschedule form's clock (spec 3 §5 "start time format 1:00pm") and a calendar zone's wall time
// back to an instant, across the clock changes of America/New_York.
import assert from 'node:assert/strict';
import { formTimeIn, instantOf, parseFormTime, timeRangeIn } from '../../../../server/domain/appointments';

describe('appointments: the 1:00pm format', () => {
  it('reads 12-hour times with am/pm, and nothing else', () => {
    assert.equal(parseFormTime('1:00pm'), 13 * 60);
    assert.equal(parseFormTime(' 12:30 AM '), 30);
    assert.equal(parseFormTime('12pm'), 12 * 60);
    assert.equal(parseFormTime('9:05a.m.'), 9 * 60 + 5);
    for (const bad of ['13:00pm', '0:30am', '14:00', '1:60pm', '1:00', 'noon', ''])
      assert.equal(parseFormTime(bad), null, bad);
  });

  it('writes an instant back in the same format, in the zone', () => {
    assert.equal(formTimeIn(new Date('2026-07-01T17:00:00Z'), 'America/New_York'), '1:00pm');
    assert.equal(formTimeIn(new Date('2026-12-01T05:15:00Z'), 'America/New_York'), '12:15am');
  });

  it('writes a range the same way, with the zone (the panel, lists and e-mails read as the grid does)', () => {
    const start = new Date('2026-12-01T19:00:00Z');
    assert.equal(timeRangeIn(start, new Date('2026-12-01T19:30:00Z'), 'America/New_York'), '2:00pm – 2:30pm EST');
    assert.equal(timeRangeIn(start, new Date('2026-12-01T19:15:00Z'), 'America/Los_Angeles'), '11:00am – 11:15am PST');
  });

  it('a time written again (they are remembered) is still that instant in that zone: another zone, or the same wall time across a clock change, is its own', () => {
    const summer = new Date('2026-07-01T17:00:00Z');
    const winter = new Date('2026-12-01T18:00:00Z');
    for (let round = 0; round < 2; round++) {
      assert.equal(timeRangeIn(summer, new Date('2026-07-01T17:15:00Z'), 'America/New_York'), '1:00pm – 1:15pm EDT');
      assert.equal(timeRangeIn(winter, new Date('2026-12-01T18:15:00Z'), 'America/New_York'), '1:00pm – 1:15pm EST');
      assert.equal(formTimeIn(summer, 'America/Chicago'), '12:00pm');
      assert.equal(formTimeIn(summer, 'Europe/London'), '6:00pm');
    }
  });
});

describe('appointments: a wall time of the calendar zone as an instant', () => {
  it("follows the zone's offset of that day", () => {
    assert.equal(instantOf('2026-07-01', 13 * 60, 'America/New_York').toISOString(), '2026-07-01T17:00:00.000Z');
    assert.equal(instantOf('2026-12-01', 13 * 60, 'America/New_York').toISOString(), '2026-12-01T18:00:00.000Z');
  });

  it('a time skipped by spring-forward moves forward; a repeated one takes its first occurrence', () => {
    assert.equal(instantOf('2026-03-08', 2 * 60 + 30, 'America/New_York').toISOString(), '2026-03-08T07:30:00.000Z');
    assert.equal(instantOf('2026-11-01', 60 + 30, 'America/New_York').toISOString(), '2026-11-01T05:30:00.000Z');
  });
});
