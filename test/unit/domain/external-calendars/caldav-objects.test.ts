// CalDAV objects read as one calendar: each object's events and time zones, each zone once.
import assert from 'node:assert/strict';
import { busyFromIcs, mergeCalendarObjects } from '../../../../server/domain/external-calendars';

const zone = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Paris',
  'BEGIN:STANDARD',
  'DTSTART:19701025T030000',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'END:STANDARD',
  'END:VTIMEZONE',
];
const object = (uid: string, start: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//x//EN',
    ...zone,
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTART;TZID=Europe/Paris:${start}`,
    'DURATION:PT1H',
    'BEGIN:VALARM',
    'TRIGGER:-PT5M',
    'ACTION:DISPLAY',
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');

describe('external calendars: CalDAV objects as one calendar', () => {
  it('keeps every event (with its alarm) and each time zone once, and the ICS reader reads them', () => {
    const merged = mergeCalendarObjects([object('a', '20261203T100000'), object('b', '20261204T100000')]);
    assert.equal(merged.match(/BEGIN:VTIMEZONE/g)?.length, 1);
    assert.equal(merged.match(/BEGIN:VEVENT/g)?.length, 2);
    assert.equal(merged.match(/BEGIN:VCALENDAR/g)?.length, 1);
    const busy = busyFromIcs(merged, { from: new Date('2026-12-01'), to: new Date('2026-12-10') }, 'America/New_York');
    assert.deepEqual(
      busy.map((b) => ('start' in b ? [b.uid, b.start.toISOString()] : [])),
      [
        ['a', '2026-12-03T09:00:00.000Z'],
        ['b', '2026-12-04T09:00:00.000Z'],
      ],
    );
    assert.equal(mergeCalendarObjects([]).includes('BEGIN:VEVENT'), false);
  });
});
