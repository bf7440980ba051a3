// The availability form (spec 3 §5 Calendar availability): clock times, every message, the RRULE a
// form builds, and the form a stored rule gives back.
import assert from 'node:assert/strict';
import {
  availabilityFormOf,
  CALENDAR_MESSAGES as M,
  describeRecurrence,
  formatClockTime,
  isTimeZone,
  parseAvailabilityForm,
  parseClockTime,
  TIME_ZONES,
  type AvailabilityEvent,
  type AvailabilityFormValues,
} from '../../../../server/domain/calendar';

const NY = 'America/New_York';
// Friday 20 February 2026, 10:00 in New York.
const now = new Date('2026-02-20T15:00:00Z');

const form = (values: Partial<AvailabilityFormValues>): Partial<AvailabilityFormValues> => ({
  date: '2026-03-02',
  start_time: '9:00am',
  end_time: '10:00am',
  free: 'free',
  recurrence: 'none',
  ...values,
});

function errorsOf(
  values: Partial<AvailabilityFormValues>,
  options: { timeZone?: string; requireWindow?: boolean } = {},
) {
  const result = parseAvailabilityForm(form(values), { timeZone: NY, now, ...options });
  assert.equal(result.ok, false, 'expected the form to be refused');
  return (result as { errors: Record<string, string> }).errors;
}

function inputOf(values: Partial<AvailabilityFormValues>, timeZone = NY) {
  const result = parseAvailabilityForm(form(values), { timeZone, now });
  assert.ok(result.ok, `expected the form to pass: ${JSON.stringify(!result.ok && result.errors)}`);
  return result.input;
}

describe('calendar: clock times', () => {
  it('reads 1:00pm, 1pm, 01:30 PM, 12:00am, 12pm and the 24-hour time a time input posts', () => {
    assert.deepEqual(
      ['1:00pm', '1pm', '01:30 PM', '12:00am', '12:00pm', '11:59pm', '9:05 a.m.', '13:00', '00:00'].map(parseClockTime),
      [780, 780, 810, 0, 720, 1439, 545, 780, 0],
    );
  });
  it('refuses what is not a time', () => {
    for (const text of ['', '1:00', '13pm', '0:30am', '1:60pm', '9', 'noon', '25:00', '1:5pm'])
      assert.equal(parseClockTime(text), null, text);
  });
  it('writes 1:00pm style, the closing midnight as 12:00am', () => {
    assert.deepEqual([0, 540, 720, 810, 1439, 1440].map(formatClockTime), [
      '12:00am',
      '9:00am',
      '12:00pm',
      '1:30pm',
      '11:59pm',
      '12:00am',
    ]);
  });
});

describe('calendar: the availability form messages', () => {
  it('start and end times use the spec wording', () => {
    assert.deepEqual(errorsOf({ start_time: '9', end_time: 'later' }), {
      start_time: 'Start time invalid. Use 1:00pm format',
      end_time: 'End time invalid. Use 2:00pm format',
    });
  });
  it('a date is required and must be real', () => {
    assert.equal(errorsOf({ date: '' }).date, M.dateRequired);
    assert.equal(errorsOf({ date: '2026-02-30' }).date, M.dateInvalid);
  });
  it('the date is between today and 90 days ahead in the calendar zone, unless an old series is edited', () => {
    assert.equal(errorsOf({ date: '2026-02-19' }).date, M.window);
    assert.equal(errorsOf({ date: '2026-05-22' }).date, M.window);
    assert.ok(parseAvailabilityForm(form({ date: '2026-02-20' }), { timeZone: NY, now }).ok);
    assert.ok(parseAvailabilityForm(form({ date: '2026-05-21' }), { timeZone: NY, now }).ok);
    assert.ok(parseAvailabilityForm(form({ date: '2025-12-01' }), { timeZone: NY, now, requireWindow: false }).ok);
    // Already Saturday in Tokyo: Friday is past there.
    assert.equal(errorsOf({ date: '2026-02-20' }, { timeZone: 'Asia/Tokyo' }).date, M.window);
  });
  it('the end is after the start; a midnight end closes the day', () => {
    assert.equal(errorsOf({ start_time: '2:00pm', end_time: '1:00pm' }).end_time, M.endAfterStart);
    assert.equal(errorsOf({ start_time: '2:00pm', end_time: '2:00pm' }).end_time, M.endAfterStart);
    const input = inputOf({ start_time: '11:00pm', end_time: '12:00am' });
    assert.equal(input.end.toISOString(), '2026-03-03T05:00:00.000Z');
  });
  it('a block lasts at least 10 minutes', () => {
    assert.equal(errorsOf({ start_time: '9:00am', end_time: '9:09am' }).end_time, M.minimumLength);
    assert.ok(inputOf({ start_time: '9:00am', end_time: '9:10am' }));
  });
  it('free is free or busy', () => {
    assert.equal(errorsOf({ free: 'maybe' }).free, M.freeRequired);
    assert.equal(inputOf({ free: 'busy' }).free, false);
  });
  it('custom weekly needs a weekday, monthly a type, the interval 1 to 100', () => {
    const custom = { recurrence: 'custom', ends: 'never' };
    assert.equal(errorsOf({ ...custom, frequency: 'week', weekdays: [] }).weekdays, M.weekdayRequired);
    assert.equal(errorsOf({ ...custom, frequency: 'month', monthly_type: '' }).monthly_type, M.monthlyTypeRequired);
    assert.equal(errorsOf({ ...custom, frequency: 'day', interval: '0' }).interval, M.interval);
    assert.equal(errorsOf({ ...custom, frequency: 'day', interval: '101' }).interval, M.interval);
    assert.equal(errorsOf({ ...custom, frequency: 'day', interval: 'two' }).interval, M.interval);
    assert.equal(errorsOf({ ...custom, frequency: 'hour' }).frequency, M.frequencyRequired);
    assert.equal(errorsOf({ recurrence: 'hourly' }).recurrence, M.recurrenceRequired);
  });
  it('an on-date end needs a date on or after the start; an after end a count of 1 to 100', () => {
    assert.equal(errorsOf({ recurrence: 'daily', ends: 'on', until: '' }).until, M.untilRequired);
    assert.equal(errorsOf({ recurrence: 'daily', ends: 'on', until: '2026-03-01' }).until, M.untilBeforeStart);
    assert.equal(errorsOf({ recurrence: 'daily', ends: 'after', count: '' }).count, M.count);
    assert.equal(errorsOf({ recurrence: 'daily', ends: 'after', count: '101' }).count, M.count);
    assert.equal(errorsOf({ recurrence: 'daily', ends: 'sometime' }).ends, M.endsRequired);
  });
  it('a rule with no date before its end is refused', () => {
    // Monday 2 March, repeating on Sundays, ending on Saturday 7 March.
    assert.equal(
      errorsOf({ recurrence: 'custom', frequency: 'week', weekdays: ['SU'], ends: 'on', until: '2026-03-07' }).until,
      M.noOccurrences,
    );
  });
});

describe('calendar: the RRULE a form builds', () => {
  const NEVER = 'UNTIL=20380120T045959Z'; // the end of 2038-01-19 in New York
  const cases: [string, Partial<AvailabilityFormValues>, string | null][] = [
    ['does not repeat', {}, null],
    ['daily, never ending (2038-01-19)', { recurrence: 'daily' }, `FREQ=DAILY;${NEVER}`],
    ['every weekday', { recurrence: 'weekdays' }, `FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;${NEVER}`],
    [
      'every 3 days, 10 times',
      { recurrence: 'custom', frequency: 'day', interval: '3', ends: 'after', count: '10' },
      'FREQ=DAILY;INTERVAL=3;COUNT=10',
    ],
    [
      'every 2 weeks on Monday and Wednesday (days in week order)',
      { recurrence: 'custom', frequency: 'week', interval: '2', weekdays: ['WE', 'MO'] },
      `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;${NEVER}`,
    ],
    [
      'monthly on the same date, until a day (its end in the zone, in UTC)',
      { recurrence: 'custom', frequency: 'month', monthly_type: 'date', ends: 'on', until: '2026-07-31' },
      'FREQ=MONTHLY;BYMONTHDAY=2;UNTIL=20260801T035959Z',
    ],
    [
      'monthly on the first Monday',
      { recurrence: 'custom', frequency: 'month', monthly_type: 'weekday' },
      `FREQ=MONTHLY;BYDAY=+1MO;${NEVER}`,
    ],
    [
      'monthly on the fifth (last) Monday',
      { date: '2026-03-30', recurrence: 'custom', frequency: 'month', monthly_type: 'weekday' },
      `FREQ=MONTHLY;BYDAY=-1MO;${NEVER}`,
    ],
    ['yearly', { recurrence: 'custom', frequency: 'year' }, `FREQ=YEARLY;${NEVER}`],
  ];
  for (const [name, values, rrule] of cases) {
    it(name, () => assert.equal(inputOf(values).rrule, rrule));
  }
  it('the never-end is the end of 2038-01-19 in the calendar zone', () => {
    assert.equal(inputOf({ recurrence: 'daily' }, 'Asia/Tokyo').rrule, 'FREQ=DAILY;UNTIL=20380119T145959Z');
  });
  it('a series starts on its first real occurrence (weekdays saved on a Saturday start on Monday)', () => {
    const input = inputOf({ date: '2026-02-28', start_time: '9:00am', end_time: '5:00pm', recurrence: 'weekdays' });
    assert.equal(input.start.toISOString(), '2026-03-02T14:00:00.000Z');
    assert.equal(input.end.toISOString(), '2026-03-02T22:00:00.000Z');
  });
});

describe('calendar: a stored rule back as a form, and in words', () => {
  const series = (rrule: string, start = '2026-03-02T14:00:00Z', end = '2026-03-02T22:00:00Z'): AvailabilityEvent => ({
    id: 1,
    providerId: 1,
    parentId: null,
    name: 'Clinic',
    free: true,
    start: new Date(start),
    end: new Date(end),
    isRecurring: true,
    rrule,
    rruleTzid: NY,
    durationInMinutes: 480,
    locationId: null,
    originalStart: null,
    removed: false,
    externalCalendarId: null,
  });
  const roundTrips: Partial<AvailabilityFormValues>[] = [
    { recurrence: 'weekdays' },
    { recurrence: 'daily', ends: 'after', count: '5' },
    { recurrence: 'custom', frequency: 'week', interval: '2', weekdays: ['MO', 'FR'], ends: 'on', until: '2026-09-30' },
    { recurrence: 'custom', frequency: 'month', monthly_type: 'weekday' },
    { recurrence: 'custom', frequency: 'month', monthly_type: 'date', interval: '3' },
  ];
  for (const values of roundTrips) {
    it(`prefills what was saved: ${JSON.stringify(values)}`, () => {
      const input = inputOf({ start_time: '9:00am', end_time: '5:00pm', name: 'Clinic', ...values });
      const prefilled = availabilityFormOf(
        series(input.rrule!, input.start.toISOString(), input.end.toISOString()),
        NY,
      );
      assert.deepEqual(inputOf(prefilled), input);
      for (const [key, value] of Object.entries(values))
        assert.deepEqual(prefilled[key as keyof AvailabilityFormValues], value, key);
    });
  }
  it('a block ending at midnight prefills 12:00am', () => {
    const prefilled = availabilityFormOf(series('FREQ=DAILY', '2026-03-02T04:00:00Z', '2026-03-03T05:00:00Z'), NY);
    assert.deepEqual([prefilled.date, prefilled.start_time, prefilled.end_time], ['2026-03-01', '11:00pm', '12:00am']);
  });
  it('describes rules in short words', () => {
    assert.equal(describeRecurrence(null, NY), 'Does not repeat');
    assert.equal(describeRecurrence('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20380120T045959Z', NY), 'Every weekday');
    assert.equal(
      describeRecurrence('FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20380120T045959Z', NY),
      'Weekly on Monday and Wednesday',
    );
    assert.equal(describeRecurrence('FREQ=DAILY;INTERVAL=3;COUNT=10', NY), 'Every 3 days, 10 times');
    assert.equal(describeRecurrence('FREQ=MONTHLY;INTERVAL=2;BYDAY=-1FR', NY), 'Every 2 months on the last Friday');
    assert.equal(
      describeRecurrence('FREQ=MONTHLY;BYMONTHDAY=15;UNTIL=20260801T035959Z', NY),
      'Monthly on day 15, until Jul 31, 2026',
    );
  });
});

describe('calendar: time zones', () => {
  it('offers about 70 places, US zones included, and accepts only those', () => {
    assert.ok(TIME_ZONES.length >= 65 && TIME_ZONES.length <= 80);
    for (const id of [
      'America/New_York',
      'America/Phoenix',
      'Pacific/Honolulu',
      'America/Anchorage',
      'America/Puerto_Rico',
    ])
      assert.ok(isTimeZone(id), id);
    assert.equal(isTimeZone('Mars/Olympus_Mons'), false);
    assert.equal(isTimeZone('Europe/Vaduz'), false);
  });
});
