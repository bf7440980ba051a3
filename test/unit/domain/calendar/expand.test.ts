// Recurring availability expanded in the calendar's zone (spec 3 §3 Availability event, §4 Calendar):
// wall-clock times kept across both US transitions, a zone without DST, month ends, the nth and last
// weekday, COUNT and UNTIL, exceptions, and the time-zone helpers.
import assert from 'node:assert/strict';
import {
  addDays,
  dateKeyOf,
  expandEvents,
  minutesIntoDay,
  weekOf,
  zonedDayStart,
  type AvailabilityEvent,
  type AvailabilityInstance,
} from '../../../../server/domain/calendar';

const NY = 'America/New_York';
let nextId = 1;

function series(
  rrule: string,
  start: string,
  minutes: number,
  extra: Partial<AvailabilityEvent> = {},
): AvailabilityEvent {
  const begins = new Date(start);
  return {
    id: nextId++,
    providerId: 1,
    parentId: null,
    name: null,
    free: true,
    start: begins,
    end: new Date(begins.getTime() + minutes * 60_000),
    isRecurring: true,
    rrule,
    rruleTzid: NY,
    durationInMinutes: minutes,
    locationId: null,
    originalStart: null,
    removed: false,
    externalCalendarId: null,
    ...extra,
  };
}

function exception(
  of: AvailabilityEvent,
  originalStart: string,
  start: string,
  end: string,
  removed = false,
): AvailabilityEvent {
  return {
    ...of,
    id: nextId++,
    parentId: of.id,
    isRecurring: false,
    rrule: null,
    rruleTzid: null,
    originalStart: new Date(originalStart),
    start: new Date(start),
    end: new Date(end),
    removed,
    name: 'Moved',
  };
}

const expand = (events: AvailabilityEvent[], from: string, to: string) =>
  expandEvents(events, new Date(from), new Date(to));
const starts = (instances: AvailabilityInstance[]) => instances.map((i) => i.start.toISOString());
/** Local "date time" of each instance start in a zone. */
const local = (instances: AvailabilityInstance[], zone = NY) =>
  instances.map(
    (i) =>
      `${dateKeyOf(i.start, zone)} ${String(Math.floor(minutesIntoDay(i.start, zone) / 60)).padStart(2, '0')}:${String(minutesIntoDay(i.start, zone) % 60).padStart(2, '0')}`,
  );

describe('calendar expansion: daylight saving time', () => {
  it('a weekly 9:00 block stays 9:00 in New York across the March transition', () => {
    const monday = series('FREQ=WEEKLY;BYDAY=MO', '2026-03-02T14:00:00Z', 60);
    const instances = expand([monday], '2026-03-01T00:00:00Z', '2026-03-17T00:00:00Z');
    assert.deepEqual(local(instances), ['2026-03-02 09:00', '2026-03-09 09:00', '2026-03-16 09:00']);
    assert.deepEqual(starts(instances), [
      '2026-03-02T14:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
      '2026-03-16T13:00:00.000Z',
    ]);
    assert.ok(instances.every((i) => i.end.getTime() - i.start.getTime() === 3_600_000));
  });
  it('and across the November transition', () => {
    const sunday = series('FREQ=WEEKLY;BYDAY=SU', '2026-10-25T13:00:00Z', 60);
    const instances = expand([sunday], '2026-10-24T00:00:00Z', '2026-11-09T12:00:00Z');
    assert.deepEqual(local(instances), ['2026-10-25 09:00', '2026-11-01 09:00', '2026-11-08 09:00']);
    assert.deepEqual(starts(instances), [
      '2026-10-25T13:00:00.000Z',
      '2026-11-01T14:00:00.000Z',
      '2026-11-08T14:00:00.000Z',
    ]);
  });
  it('a block spanning the change keeps its wall-clock end (1:00am to 4:00am is two hours that night)', () => {
    const night = series('FREQ=DAILY', '2026-03-07T06:00:00Z', 180);
    const [before, change, after] = expand([night], '2026-03-07T00:00:00Z', '2026-03-10T00:00:00Z');
    assert.equal(before!.end.getTime() - before!.start.getTime(), 3 * 3_600_000);
    assert.equal(change!.end.toISOString(), '2026-03-08T08:00:00.000Z'); // 4:00am EDT
    assert.equal(change!.end.getTime() - change!.start.getTime(), 2 * 3_600_000);
    assert.equal(minutesIntoDay(after!.end, NY), 240);
  });
  it('Phoenix has no DST: 9:00 stays 16:00 UTC all year', () => {
    const phoenix = series('FREQ=WEEKLY;BYDAY=MO', '2026-03-02T16:00:00Z', 60, { rruleTzid: 'America/Phoenix' });
    const instances = [
      ...expand([phoenix], '2026-03-01T00:00:00Z', '2026-03-17T00:00:00Z'),
      ...expand([phoenix], '2026-10-31T00:00:00Z', '2026-11-10T00:00:00Z'),
    ];
    assert.equal(instances.length, 5);
    assert.ok(
      instances.every((i) => i.start.getUTCHours() === 16 && minutesIntoDay(i.start, 'America/Phoenix') === 540),
    );
  });
});

describe('calendar expansion: months, weekdays, COUNT and UNTIL', () => {
  it('monthly on the 31st skips the months without one', () => {
    const last = series('FREQ=MONTHLY;BYMONTHDAY=31', '2026-01-31T14:00:00Z', 60);
    assert.deepEqual(
      local(expand([last], '2026-01-01T00:00:00Z', '2026-09-01T00:00:00Z')).map((s) => s.slice(0, 10)),
      ['2026-01-31', '2026-03-31', '2026-05-31', '2026-07-31', '2026-08-31'],
    );
  });
  it('monthly on the 29th meets February only in a leap year', () => {
    const day29 = series('FREQ=MONTHLY;BYMONTHDAY=29', '2027-01-29T14:00:00Z', 60);
    const februaries = [
      ...expand([day29], '2027-02-01T00:00:00Z', '2027-03-01T05:00:00Z'),
      ...expand([day29], '2028-02-01T00:00:00Z', '2028-03-01T05:00:00Z'),
    ];
    assert.deepEqual(
      local(februaries).map((s) => s.slice(0, 10)),
      ['2028-02-29'],
    );
  });
  it('the second Tuesday of each month', () => {
    const nth = series('FREQ=MONTHLY;BYDAY=+2TU', '2026-01-13T14:00:00Z', 60);
    assert.deepEqual(
      local(expand([nth], '2026-01-01T00:00:00Z', '2026-05-01T00:00:00Z')).map((s) => s.slice(0, 10)),
      ['2026-01-13', '2026-02-10', '2026-03-10', '2026-04-14'],
    );
  });
  it('the last Friday of each month (a fifth Friday when there is one)', () => {
    const lastFriday = series('FREQ=MONTHLY;BYDAY=-1FR', '2026-01-30T14:00:00Z', 60);
    assert.deepEqual(
      local(expand([lastFriday], '2026-01-01T00:00:00Z', '2026-06-01T00:00:00Z')).map((s) => s.slice(0, 10)),
      ['2026-01-30', '2026-02-27', '2026-03-27', '2026-04-24', '2026-05-29'],
    );
  });
  it('COUNT stops after N occurrences, counted from the first, whatever the window', () => {
    const three = series('FREQ=WEEKLY;BYDAY=MO,WE;COUNT=3', '2026-03-02T14:00:00Z', 60);
    assert.deepEqual(
      local(expand([three], '2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z')).map((s) => s.slice(0, 10)),
      ['2026-03-02', '2026-03-04', '2026-03-09'],
    );
    assert.deepEqual(expand([three], '2026-03-05T00:00:00Z', '2026-04-01T00:00:00Z').length, 1);
  });
  it('UNTIL keeps the instance of the until day itself', () => {
    const untilFriday = series('FREQ=DAILY;UNTIL=20260307T045959Z', '2026-03-02T14:00:00Z', 60);
    assert.deepEqual(
      local(expand([untilFriday], '2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z')).map((s) => s.slice(0, 10)),
      ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'],
    );
  });
  it('a never-ending series expands far ahead, only across the window asked for', () => {
    const weekdays = series('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20380120T045959Z', '2026-03-02T14:00:00Z', 480);
    const week = weekOf('2037-12-06', NY);
    assert.deepEqual(
      local(expandEvents([weekdays], week.from, week.to)).map((s) => s.slice(0, 10)),
      week.days.slice(1, 6),
    );
    assert.deepEqual(expand([weekdays], '2038-01-25T00:00:00Z', '2038-02-01T00:00:00Z'), []);
  });
});

describe('calendar expansion: single events, exceptions and the window', () => {
  it('an exception replaces its instance; a removed one deletes it', () => {
    const daily = series('FREQ=DAILY', '2026-03-02T14:00:00Z', 60);
    const moved = exception(daily, '2026-03-03T14:00:00Z', '2026-03-03T18:00:00Z', '2026-03-03T19:00:00Z');
    const removed = exception(daily, '2026-03-04T14:00:00Z', '2026-03-04T14:00:00Z', '2026-03-04T15:00:00Z', true);
    const instances = expand([daily, moved, removed], '2026-03-02T05:00:00Z', '2026-03-06T05:00:00Z');
    assert.deepEqual(starts(instances), [
      '2026-03-02T14:00:00.000Z',
      '2026-03-03T18:00:00.000Z',
      '2026-03-05T14:00:00.000Z',
    ]);
    const stand = instances[1]!;
    assert.deepEqual(
      [stand.eventId, stand.seriesId, stand.isException, stand.name, stand.originalStart?.toISOString()],
      [moved.id, daily.id, true, 'Moved', '2026-03-03T14:00:00.000Z'],
    );
    const plain = instances[0]!;
    assert.deepEqual(
      [plain.eventId, plain.seriesId, plain.isException, plain.isRecurring],
      [daily.id, daily.id, false, true],
    );
  });
  it('an instance moved out of the window hides its original; one moved in shows', () => {
    const daily = series('FREQ=DAILY', '2026-03-02T14:00:00Z', 60);
    const movedAway = exception(daily, '2026-03-03T14:00:00Z', '2026-03-10T14:00:00Z', '2026-03-10T15:00:00Z');
    assert.deepEqual(starts(expand([daily, movedAway], '2026-03-03T05:00:00Z', '2026-03-04T05:00:00Z')), []);
    // The 10th's own instance (9:00 EDT) and the moved one (10:00 EDT).
    assert.deepEqual(starts(expand([daily, movedAway], '2026-03-10T04:00:00Z', '2026-03-11T04:00:00Z')), [
      '2026-03-10T13:00:00.000Z',
      '2026-03-10T14:00:00.000Z',
    ]);
  });
  it('single events pass through; only what overlaps [from, to), sorted by start', () => {
    const single = series('', '2026-03-02T16:00:00Z', 30, { isRecurring: false, rrule: null, rruleTzid: null });
    const overnight = series('FREQ=DAILY', '2026-03-01T04:00:00Z', 120);
    const instances = expand([single, overnight], '2026-03-02T05:00:00Z', '2026-03-02T16:30:00Z');
    // The 11pm block of the 1st runs into the window; the single event starts in it.
    assert.deepEqual(starts(instances), ['2026-03-02T04:00:00.000Z', '2026-03-02T16:00:00.000Z']);
    assert.deepEqual([instances[1]!.seriesId, instances[1]!.isRecurring], [null, false]);
    assert.deepEqual(starts(expand([single], '2026-03-02T16:30:00Z', '2026-03-03T00:00:00Z')), []);
  });
});

describe('calendar: time-zone helpers', () => {
  it('a local day starts at its local midnight', () => {
    assert.equal(zonedDayStart('2026-03-08', NY).toISOString(), '2026-03-08T05:00:00.000Z');
    assert.equal(zonedDayStart('2026-03-09', NY).toISOString(), '2026-03-09T04:00:00.000Z');
    assert.equal(zonedDayStart('2026-03-09', 'Asia/Kolkata').toISOString(), '2026-03-08T18:30:00.000Z');
  });
  it('the date and wall-clock minute of an instant', () => {
    assert.equal(dateKeyOf(new Date('2026-03-09T03:30:00Z'), NY), '2026-03-08');
    assert.equal(minutesIntoDay(new Date('2026-03-09T03:30:00Z'), NY), 23 * 60 + 30);
    assert.equal(addDays('2026-02-27', 3), '2026-03-02');
  });
  it('a week runs Sunday to Saturday; the week of the March change is an hour short', () => {
    const week = weekOf('2026-03-11', NY);
    assert.equal(week.start, '2026-03-08');
    assert.deepEqual(week.days, [
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
    ]);
    assert.equal((week.to.getTime() - week.from.getTime()) / 3_600_000, 7 * 24 - 1);
    assert.equal(weekOf('2026-03-08', NY).start, '2026-03-08');
  });
});
