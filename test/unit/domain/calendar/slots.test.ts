// Bookable consultation slots (no double booking): free availability minus busy blocks, external
// busy time and live appointments, 15 minutes each, on local quarter hours, 2 hours to 90 days ahead.
import assert from 'node:assert/strict';
import {
  DEFAULT_SLOT_RULES,
  slotsFromInstances,
  type AvailabilityInstance,
  type SlotRules,
} from '../../../../server/domain/calendar';

const NY = 'America/New_York';
const block = (start: string, end: string, extra: Partial<AvailabilityInstance> = {}): AvailabilityInstance => ({
  eventId: 1,
  seriesId: null,
  originalStart: null,
  start: new Date(start),
  end: new Date(end),
  free: true,
  name: null,
  isRecurring: false,
  isException: false,
  external: false,
  ...extra,
});
// Monday 2 March 2026 in New York (UTC-5): 9:00am is 14:00Z.
const free9to10 = block('2026-03-02T14:00:00Z', '2026-03-02T15:00:00Z');
const options = {
  from: new Date('2026-03-02T05:00:00Z'),
  to: new Date('2026-03-03T05:00:00Z'),
  now: new Date('2026-03-01T12:00:00Z'),
  timeZone: NY,
};
const slotStarts = (
  instances: AvailabilityInstance[],
  busy: { start: Date; end: Date }[] = [],
  overrides: Partial<typeof options> = {},
) => slotsFromInstances(instances, busy, { ...options, ...overrides }).map((s) => s.start.toISOString().slice(11, 16));

describe('calendar slots: cut from free availability', () => {
  it('an hour of free time is four 15-minute consultations', () => {
    const slots = slotsFromInstances([free9to10], [], options);
    assert.deepEqual(
      slots.map((s) => s.start.toISOString().slice(11, 16)),
      ['14:00', '14:15', '14:30', '14:45'],
    );
    assert.ok(slots.every((s) => s.end.getTime() - s.start.getTime() === 15 * 60_000));
  });
  it('slots start on local quarter hours and end inside the free time', () => {
    assert.deepEqual(slotStarts([block('2026-03-02T14:05:00Z', '2026-03-02T14:50:00Z')]), ['14:15', '14:30']);
  });
  it('quarter hours are local ones in a half-hour zone (India)', () => {
    const kolkata = block('2026-03-02T03:30:00Z', '2026-03-02T04:00:00Z');
    assert.deepEqual(slotStarts([kolkata], [], { from: new Date('2026-03-01T18:30:00Z'), timeZone: 'Asia/Kolkata' }), [
      '03:30',
      '03:45',
    ]);
  });
  it('touching free blocks join into one stretch', () => {
    assert.deepEqual(
      slotStarts([
        block('2026-03-02T14:00:00Z', '2026-03-02T14:20:00Z'),
        block('2026-03-02T14:20:00Z', '2026-03-02T14:45:00Z'),
      ]),
      ['14:00', '14:15', '14:30'],
    );
  });
  it('busy time never becomes a slot', () => {
    assert.deepEqual(slotStarts([block('2026-03-02T14:00:00Z', '2026-03-02T15:00:00Z', { free: false })]), []);
  });
});

describe('calendar slots: no double booking', () => {
  it('a busy block inside free time removes the slots it touches', () => {
    assert.deepEqual(slotStarts([free9to10, block('2026-03-02T14:20:00Z', '2026-03-02T14:25:00Z', { free: false })]), [
      '14:00',
      '14:30',
      '14:45',
    ]);
  });
  it('busy time from an external calendar removes bookable slots', () => {
    assert.deepEqual(
      slotStarts([free9to10, block('2026-03-02T14:30:00Z', '2026-03-02T15:00:00Z', { free: false, external: true })]),
      ['14:00', '14:15'],
    );
  });
  it('a live appointment takes its slot', () => {
    assert.deepEqual(
      slotStarts([free9to10], [{ start: new Date('2026-03-02T14:15:00Z'), end: new Date('2026-03-02T14:30:00Z') }]),
      ['14:00', '14:30', '14:45'],
    );
  });
});

describe('calendar slots: how far ahead', () => {
  it('at least two hours ahead', () => {
    assert.deepEqual(slotStarts([free9to10], [], { now: new Date('2026-03-02T12:10:00Z') }), [
      '14:15',
      '14:30',
      '14:45',
    ]);
    assert.deepEqual(slotStarts([free9to10], [], { now: new Date('2026-03-02T12:45:00Z') }), ['14:45']);
  });
  it('no further than 90 days ahead', () => {
    const now = new Date('2025-12-02T14:15:00Z'); // 90 days before 14:15 on 2 March
    assert.deepEqual(slotStarts([free9to10], [], { now }), ['14:00', '14:15']);
  });
  it('only slots starting inside [from, to)', () => {
    assert.deepEqual(slotStarts([free9to10], [], { from: new Date('2026-03-02T14:30:00Z') }), ['14:30', '14:45']);
    assert.deepEqual(slotStarts([free9to10], [], { to: new Date('2026-03-02T14:30:00Z') }), ['14:00', '14:15']);
  });
});

describe("calendar slots: under a provider's rules (issue [23])", () => {
  const rules = (changes: Partial<SlotRules> = {}): SlotRules => ({ ...DEFAULT_SLOT_RULES, ...changes });
  const starts = (
    instances: AvailabilityInstance[],
    busy: { start: Date; end: Date }[],
    r: SlotRules,
    now = options.now,
  ) =>
    slotsFromInstances(instances, busy, { ...options, now, rules: r }).map((s) => s.start.toISOString().slice(11, 16));
  const busy = (start: string, end: string) => ({ start: new Date(start), end: new Date(end) });

  it('a 20-minute length: every quarter hour where 20 minutes fit', () => {
    assert.deepEqual(starts([free9to10], [], rules({ consultationMinutes: 20 })), ['14:00', '14:15', '14:30']);
  });

  it('breaks: exactly the break away from busy time is allowed, a minute closer is not', () => {
    const taken = [busy('2026-03-02T14:30:00Z', '2026-03-02T14:45:00Z')];
    const wide = block('2026-03-02T13:00:00Z', '2026-03-02T16:00:00Z');
    assert.deepEqual(starts([wide], taken, rules({ bufferBeforeMinutes: 15, bufferAfterMinutes: 15 })), [
      '13:00',
      '13:15',
      '13:30',
      '13:45',
      '14:00',
      '15:00',
      '15:15',
      '15:30',
      '15:45',
    ]);
    assert.deepEqual(starts([wide], taken, rules({ bufferBeforeMinutes: 16, bufferAfterMinutes: 16 })), [
      '13:00',
      '13:15',
      '13:30',
      '13:45',
      '15:15',
      '15:30',
      '15:45',
    ]);
  });

  it('notice: a start exactly the notice ahead is allowed; no same-day starts tomorrow in the zone', () => {
    const now = new Date('2026-03-02T13:00:00Z');
    assert.deepEqual(starts([free9to10], [], rules({ noticeMinutes: 60 }), now), ['14:00', '14:15', '14:30', '14:45']);
    assert.deepEqual(starts([free9to10], [], rules({ noticeMinutes: 60 }), new Date(now.getTime() + 1)), [
      '14:15',
      '14:30',
      '14:45',
    ]);
    assert.deepEqual(starts([free9to10], [], rules({ noticeMinutes: 0, noSameDay: true }), now), []);
  });

  it('horizon: a start exactly the horizon ahead is allowed', () => {
    const now = new Date('2026-03-01T14:15:00Z');
    assert.deepEqual(starts([free9to10], [], rules({ horizonDays: 1 }), now), ['14:00', '14:15']);
  });
});
