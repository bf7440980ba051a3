// An ICS feed read as busy time: time zones, recurring events with their exceptions (EXDATE, a moved
// and a cancelled instance), cancelled and free events, all-day events in the provider's zone, floating
// times, the 10-minute minimum, the window, and no title ever kept.
import assert from 'node:assert/strict';
import ical, { type VEvent } from 'node-ical';
import {
  busyBlocks,
  busyFromIcs,
  estimatedRepetitions,
  EXPANSION_LIMITS,
  EXPANSION_MESSAGES,
  FeedError,
  FETCH_MESSAGES,
  syncWindow,
} from '../../../../server/domain/external-calendars';

const NOW = new Date('2026-03-01T12:00:00Z');
const WINDOW = syncWindow(NOW);

const ics = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...events, 'END:VCALENDAR'].join('\r\n');
const vevent = (lines: string[]) => ['BEGIN:VEVENT', 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'].join('\r\n');

/** The rows a sync would write, as [uid, start ISO, end ISO]. */
function rows(text: string, timeZone = 'America/New_York') {
  return busyBlocks(busyFromIcs(text, WINDOW, timeZone), WINDOW, timeZone).map((b) => [
    b.uid,
    b.start.toISOString(),
    b.end.toISOString(),
  ]);
}

describe('external calendars: reading an ICS feed as busy time', () => {
  it('a timed event in its own zone becomes one busy span at the right instant, without its title', () => {
    const text = ics(
      vevent([
        'UID:session-1',
        'SUMMARY:Therapy with J. Doe',
        'DTSTART;TZID=America/Chicago:20260305T090000',
        'DTEND;TZID=America/Chicago:20260305T100000',
      ]),
    );
    assert.deepEqual(rows(text), [['session-1', '2026-03-05T15:00:00.000Z', '2026-03-05T16:00:00.000Z']]);
    assert.doesNotMatch(JSON.stringify(busyFromIcs(text, WINDOW, 'UTC')), /Therapy|Doe/);
  });

  it('a weekly series is expanded across the DST change, with EXDATE removed, a moved instance moved and a cancelled one dropped', () => {
    const text = ics(
      vevent([
        'UID:weekly',
        'DTSTART;TZID=America/New_York:20260302T090000',
        'DTEND;TZID=America/New_York:20260302T100000',
        'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=5',
        'EXDATE;TZID=America/New_York:20260309T090000',
      ]),
      vevent([
        'UID:weekly',
        'RECURRENCE-ID;TZID=America/New_York:20260316T090000',
        'DTSTART;TZID=America/New_York:20260316T140000',
        'DTEND;TZID=America/New_York:20260316T150000',
      ]),
      vevent([
        'UID:weekly',
        'RECURRENCE-ID;TZID=America/New_York:20260323T090000',
        'DTSTART;TZID=America/New_York:20260323T090000',
        'DTEND;TZID=America/New_York:20260323T100000',
        'STATUS:CANCELLED',
      ]),
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

  it("an all-day event is busy from midnight to midnight in the provider's zone (across a DST change), whatever zone this process runs in", () => {
    const text = ics(vevent(['UID:holiday', 'DTSTART;VALUE=DATE:20260307', 'DTEND;VALUE=DATE:20260309']));
    const before = process.env.TZ;
    try {
      for (const processZone of ['UTC', 'Pacific/Auckland', 'America/Los_Angeles']) {
        process.env.TZ = processZone;
        assert.deepEqual(
          rows(text, 'America/Los_Angeles'),
          [['holiday', '2026-03-07T08:00:00.000Z', '2026-03-09T07:00:00.000Z']],
          processZone,
        );
      }
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it("a floating time (no zone in the feed) is read in the provider's zone", () => {
    const text = ics(vevent(['UID:floating', 'DTSTART:20260305T090000', 'DTEND:20260305T100000']));
    assert.deepEqual(rows(text, 'Europe/Berlin'), [
      ['floating', '2026-03-05T08:00:00.000Z', '2026-03-05T09:00:00.000Z'],
    ]);
  });

  it('events shorter than 10 minutes are widened to 10; events outside the window are left out', () => {
    const text = ics(
      vevent(['UID:short', 'DTSTART:20260305T180000Z', 'DURATION:PT5M']),
      vevent(['UID:past', 'DTSTART:20260220T180000Z', 'DTEND:20260220T190000Z']),
      vevent(['UID:far', 'DTSTART:20260701T180000Z', 'DTEND:20260701T190000Z']),
    );
    assert.deepEqual(rows(text), [['short', '2026-03-05T18:00:00.000Z', '2026-03-05T18:10:00.000Z']]);
  });

  it('an endless daily series is expanded within the 90 days only', () => {
    const text = ics(vevent(['UID:daily', 'DTSTART:20260101T130000Z', 'DTEND:20260101T140000Z', 'RRULE:FREQ=DAILY']));
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

describe('external calendars: a feed is refused before expanding when its repetitions are over the limits', () => {
  const list = (n: number) => Array.from({ length: n }, (_, i) => i).join(',');
  /** The feed of about 400 bytes: 86,400 repetitions a day (BYHOUR × BYMINUTE × BYSECOND). */
  const BOMB = ics(
    vevent([
      'UID:bomb',
      'DTSTART:20260301T000000Z',
      'DTEND:20260301T000100Z',
      `RRULE:FREQ=DAILY;BYHOUR=${list(24)};BYMINUTE=${list(60)};BYSECOND=${list(60)}`,
    ]),
  );
  const NO_SECONDS = ics(
    vevent([
      'UID:bomb',
      'DTSTART:20260301T000000Z',
      'DTEND:20260301T000100Z',
      `RRULE:FREQ=DAILY;BYHOUR=${list(24)};BYMINUTE=${list(60)}`,
    ]),
  );

  const refusal = (text: string) => {
    try {
      busyFromIcs(text, WINDOW, 'UTC');
    } catch (error) {
      assert.ok(error instanceof FeedError);
      return { message: error.message, permanent: error.permanent };
    }
    return null;
  };

  it("the issue's rule, with and without BYSECOND, is refused at once (permanently) with a message saying why", () => {
    for (const text of [BOMB, NO_SECONDS]) {
      const started = performance.now();
      assert.deepEqual(refusal(text), { message: EXPANSION_MESSAGES.eventRepeatsTooOften, permanent: true });
      assert.ok(performance.now() - started < 2000, 'refused before expanding');
    }
    assert.ok(BOMB.length < 700);
  });

  it('a rule repeating every minute is refused; many repeating events are refused together past the feed limit', () => {
    assert.equal(
      refusal(ics(vevent(['UID:flood', 'DTSTART:20260301T000000Z', 'DTEND:20260301T000100Z', 'RRULE:FREQ=MINUTELY'])))
        ?.message,
      EXPANSION_MESSAGES.eventRepeatsTooOften,
    );
    // 25 events of 9 times a day for 3 months: each is under the per-event limit, together over the feed's.
    const many = ics(
      ...Array.from({ length: 25 }, (_, i) =>
        vevent([
          `UID:hourly-${i}`,
          'DTSTART:20260301T090000Z',
          'DTEND:20260301T091000Z',
          'RRULE:FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16,17',
        ]),
      ),
    );
    assert.equal(refusal(many)?.message, EXPANSION_MESSAGES.feedRepeatsTooOften);
    assert.equal(EXPANSION_LIMITS.perFeed, 20_000);
  });

  it('the count is the BY* lists multiplied: 1,440 a day for BYHOUR × BYMINUTE, 86,400 with BYSECOND; COUNT caps it', () => {
    assert.equal(estimatedRepetitions(`FREQ=DAILY;BYHOUR=${list(24)};BYMINUTE=${list(60)}`, WINDOW), 93 * 1440);
    assert.equal(
      estimatedRepetitions(`FREQ=DAILY;BYHOUR=${list(24)};BYMINUTE=${list(60)};BYSECOND=${list(60)}`, WINDOW),
      93 * 86_400,
    );
    assert.equal(estimatedRepetitions('FREQ=SECONDLY', WINDOW), 93 * 86_400);
    assert.equal(estimatedRepetitions('FREQ=MINUTELY;COUNT=10', WINDOW), 10);
    assert.equal(estimatedRepetitions('DTSTART:20260101T090000Z\nRRULE:FREQ=HOURLY;INTERVAL=2', WINDOW), 93 * 12);
  });

  // Everyday calendars stay well under the limits, and the count is never below what expanding makes.
  const everyday = [
    'FREQ=DAILY',
    'FREQ=DAILY;BYHOUR=9,13,17',
    'FREQ=WEEKLY;BYDAY=MO,WE,FR',
    'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU',
    'FREQ=MONTHLY;BYDAY=1MO',
    'FREQ=MONTHLY;BYMONTHDAY=1,15',
    'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
    'FREQ=YEARLY',
    'FREQ=YEARLY;BYMONTH=3,4;BYDAY=MO,TU,WE,TH,FR',
    'FREQ=HOURLY;BYHOUR=9,10,11,12,13,14,15,16,17',
    'FREQ=MINUTELY;INTERVAL=30;BYHOUR=9,10,11,12',
    'FREQ=SECONDLY;BYHOUR=9;BYMINUTE=0;BYSECOND=0',
    'FREQ=DAILY;COUNT=20',
  ];
  it('everyday rules are read, and their count is at least what expanding them makes', () => {
    for (const rule of everyday) {
      const text = ics(vevent(['UID:r', 'DTSTART:20260305T090000Z', 'DTEND:20260305T093000Z', `RRULE:${rule}`]));
      const event = Object.values(ical.sync.parseICS(text)).find((c) => c && c.type === 'VEVENT') as VEvent;
      const made = ical.expandRecurringEvent(event, {
        from: new Date(WINDOW.from.getTime() - 86_400_000),
        to: new Date(WINDOW.to.getTime() + 86_400_000),
      }).length;
      const estimate = estimatedRepetitions(event.rrule!.toString(), WINDOW);
      assert.ok(estimate >= made, `${rule}: ${estimate} < ${made}`);
      assert.ok(estimate <= EXPANSION_LIMITS.perEvent, `${rule}: ${estimate}`);
      assert.ok(rows(text).length > 0, rule);
    }
  });
});
