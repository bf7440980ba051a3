// An ICS feed read as busy time: time zones, recurring events with their exceptions (EXDATE, a moved
// and a cancelled instance), cancelled and free events, all-day events in the provider's zone, floating
// times, the 10-minute minimum, the window, and no title ever kept.
import assert from 'node:assert/strict';
import { busyBlocks, busyFromIcs, FETCH_MESSAGES, syncWindow } from '../../../../server/domain/external-calendars';

const NOW = new Date('2026-03-01T12:00:00Z');
const WINDOW = syncWindow(NOW);

const ics = (...events: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...events, 'END:VCALENDAR'].join('\r\n');
const vevent = (lines: string[]) => ['BEGIN:VEVENT', 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'].join('\r\n');

/** The rows a sync would write, as [uid, start ISO, end ISO]. */
function rows(text: string, timeZone = 'America/New_York') {
  return busyBlocks(busyFromIcs(text, WINDOW, timeZone), WINDOW, timeZone).map((b) => [b.uid, b.start.toISOString(), b.end.toISOString()]);
}

describe('external calendars: reading an ICS feed as busy time', () => {
  it('a timed event in its own zone becomes one busy span at the right instant, without its title', () => {
    const text = ics(vevent(['UID:session-1', 'SUMMARY:Therapy with J. Doe', 'DTSTART;TZID=America/Chicago:20260305T090000', 'DTEND;TZID=America/Chicago:20260305T100000']));
    assert.deepEqual(rows(text), [['session-1', '2026-03-05T15:00:00.000Z', '2026-03-05T16:00:00.000Z']]);
    assert.doesNotMatch(JSON.stringify(busyFromIcs(text, WINDOW, 'UTC')), /Therapy|Doe/);
  });

  it('a weekly series is expanded across the DST change, with EXDATE removed, a moved instance moved and a cancelled one dropped', () => {
    const text = ics(
      vevent(['UID:weekly', 'DTSTART;TZID=America/New_York:20260302T090000', 'DTEND;TZID=America/New_York:20260302T100000',
        'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=5', 'EXDATE;TZID=America/New_York:20260309T090000']),
      vevent(['UID:weekly', 'RECURRENCE-ID;TZID=America/New_York:20260316T090000', 'DTSTART;TZID=America/New_York:20260316T140000', 'DTEND;TZID=America/New_York:20260316T150000']),
      vevent(['UID:weekly', 'RECURRENCE-ID;TZID=America/New_York:20260323T090000', 'DTSTART;TZID=America/New_York:20260323T090000', 'DTEND;TZID=America/New_York:20260323T100000', 'STATUS:CANCELLED']),
    );
    assert.deepEqual(rows(text), [
      ['weekly/2026-03-02T14:00:00.000Z', '2026-03-02T14:00:00.000Z', '2026-03-02T15:00:00.000Z'], // EST
      ['weekly/2026-03-16T13:00:00.000Z', '2026-03-16T18:00:00.000Z', '2026-03-16T19:00:00.000Z'], // moved, EDT
      ['weekly/2026-03-30T13:00:00.000Z', '2026-03-30T13:00:00.000Z', '2026-03-30T14:00:00.000Z'], // EDT
    ]);
  });

  it('cancelled events and events marked free are not busy', () => {
    const text = ics(
      vevent(['UID:cancelled', 'STATUS:CANCELLED', 'DTSTART:20260305T150000Z', 'DTEND:20260305T160000Z']),
      vevent(['UID:free', 'TRANSP:TRANSPARENT', 'DTSTART:20260305T170000Z', 'DTEND:20260305T180000Z']),
    );
    assert.deepEqual(rows(text), []);
  });

  it('an all-day event is busy from midnight to midnight in the provider\'s zone (across a DST change), whatever zone this process runs in', () => {
    const text = ics(vevent(['UID:holiday', 'DTSTART;VALUE=DATE:20260307', 'DTEND;VALUE=DATE:20260309']));
    const before = process.env.TZ;
    try {
      for (const processZone of ['UTC', 'Pacific/Auckland', 'America/Los_Angeles']) {
        process.env.TZ = processZone;
        assert.deepEqual(rows(text, 'America/Los_Angeles'), [['holiday', '2026-03-07T08:00:00.000Z', '2026-03-09T07:00:00.000Z']], processZone);
      }
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it('a floating time (no zone in the feed) is read in the provider\'s zone', () => {
    const text = ics(vevent(['UID:floating', 'DTSTART:20260305T090000', 'DTEND:20260305T100000']));
    assert.deepEqual(rows(text, 'Europe/Berlin'), [['floating', '2026-03-05T08:00:00.000Z', '2026-03-05T09:00:00.000Z']]);
  });

  it('events shorter than 10 minutes are widened to 10; events outside the window are left out', () => {
    const text = ics(
      vevent(['UID:short', 'DTSTART:20260305T180000Z', 'DURATION:PT5M']),
      vevent(['UID:past', 'DTSTART:20260220T180000Z', 'DTEND:20260220T190000Z']),
      vevent(['UID:far', 'DTSTART:20260701T180000Z', 'DTEND:20260701T190000Z']),
    );
    assert.deepEqual(rows(text), [['short', '2026-03-05T18:00:00.000Z', '2026-03-05T18:10:00.000Z']]);
  });

  it('an endless daily series is expanded within the 90 days only; a rule repeating every minute is skipped', () => {
    const text = ics(
      vevent(['UID:daily', 'DTSTART:20260101T130000Z', 'DTEND:20260101T140000Z', 'RRULE:FREQ=DAILY']),
      vevent(['UID:flood', 'DTSTART:20260301T000000Z', 'DTEND:20260301T000100Z', 'RRULE:FREQ=MINUTELY']),
    );
    const blocks = rows(text);
    // From a day ago (February 28) to 90 days ahead (May 29): 91 days.
    assert.equal(blocks.length, 91);
    assert.equal(blocks[0]![1], '2026-02-28T13:00:00.000Z');
    assert.equal(blocks.at(-1)![1], '2026-05-29T13:00:00.000Z');
    assert.ok(blocks.every(([uid]) => uid!.startsWith('daily/')));
  });

  it('text that is not a calendar is refused', () => {
    assert.throws(() => busyFromIcs('<html>Sign in</html>', WINDOW, 'UTC'), { message: FETCH_MESSAGES.unreadable });
  });
});
