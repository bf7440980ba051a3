// Spec 3 §2 Calendar page: a click on an empty area opens a one-hour block at the clicked time, snapped to
// 15-minute steps (remainder below 8 rounds down, otherwise up), clipped at midnight.
import assert from 'node:assert/strict';
import { clockText, snapNewBlock } from '../../../islands/lib/calendar-snap';

const at = (hours: number, minutes: number) => hours * 60 + minutes;

describe('snapNewBlock: 15-minute steps, remainder below 8 down, otherwise up', () => {
  const cases: [string, number, [number, number]][] = [
    ['on a step', at(9, 0), [at(9, 0), at(10, 0)]],
    ['remainder 7 rounds down', at(9, 7), [at(9, 0), at(10, 0)]],
    ['remainder 8 rounds up', at(9, 8), [at(9, 15), at(10, 15)]],
    ['remainder 14 rounds up', at(9, 44), [at(9, 45), at(10, 45)]],
    ['a fraction of a minute counts as the minute it is in', at(9, 7) + 0.9, [at(9, 0), at(10, 0)]],
    ['the top of the day', 0, [0, at(1, 0)]],
    ['rounding up into the next hour', at(10, 53), [at(11, 0), at(12, 0)]],
  ];
  for (const [name, minute, [start, end]] of cases) {
    it(`${name}: ${clockText(minute)} → ${clockText(start)}–${clockText(end)}`, () =>
      assert.deepEqual(snapNewBlock(minute), { startMinute: start, endMinute: end }));
  }
});

describe('snapNewBlock: one hour, clipped at midnight', () => {
  it('a block that would pass midnight ends at midnight', () => {
    assert.deepEqual(snapNewBlock(at(23, 20)), { startMinute: at(23, 15), endMinute: 1440 });
    assert.deepEqual(snapNewBlock(at(23, 45)), { startMinute: at(23, 45), endMinute: 1440 });
  });
  it('a click that would round to midnight keeps the last step of the day', () => {
    assert.deepEqual(snapNewBlock(at(23, 53)), { startMinute: at(23, 45), endMinute: 1440 });
    assert.deepEqual(snapNewBlock(1439.99), { startMinute: at(23, 45), endMinute: 1440 });
  });
});

describe("clockText: the form's 1:00pm format", () => {
  it('morning, noon, afternoon and both midnights', () => {
    assert.deepEqual([0, at(9, 15), at(12, 0), at(13, 5), at(23, 45), 1440].map(clockText), [
      '12:00am',
      '9:15am',
      '12:00pm',
      '1:05pm',
      '11:45pm',
      '12:00am',
    ]);
  });
});
