// The dashboard greeting (spec 2 §2): morning 3–12, afternoon 12–18, otherwise evening, by the hour in
// the provider's time zone.
import assert from 'node:assert/strict';
import { greetingFor } from '../../../../server/features/dashboard/greeting';

const utc = (hour: number, minute = 0) => new Date(Date.UTC(2026, 10, 23, hour, minute));

describe('dashboard greeting by the hour', () => {
  it("switches at 3, 12 and 18 o'clock", () => {
    assert.equal(greetingFor(utc(2, 59), 'UTC'), 'Good evening');
    assert.equal(greetingFor(utc(3), 'UTC'), 'Good morning');
    assert.equal(greetingFor(utc(11, 59), 'UTC'), 'Good morning');
    assert.equal(greetingFor(utc(12), 'UTC'), 'Good afternoon');
    assert.equal(greetingFor(utc(17, 59), 'UTC'), 'Good afternoon');
    assert.equal(greetingFor(utc(18), 'UTC'), 'Good evening');
    assert.equal(greetingFor(utc(0), 'UTC'), 'Good evening');
  });

  it("reads the hour in the provider's time zone", () => {
    // 16:00 UTC on 23 November is 11:00 in New York, 08:00 in Los Angeles and 01:00 (next day) in Tokyo.
    assert.equal(greetingFor(utc(16), 'America/New_York'), 'Good morning');
    assert.equal(greetingFor(utc(16), 'America/Los_Angeles'), 'Good morning');
    assert.equal(greetingFor(utc(16), 'Asia/Tokyo'), 'Good evening');
    assert.equal(greetingFor(utc(19), 'America/New_York'), 'Good afternoon');
    assert.equal(greetingFor(utc(23, 30), 'America/New_York'), 'Good evening');
  });
});
