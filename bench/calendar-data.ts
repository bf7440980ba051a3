// The calendar's bench data: one provider's week showing 500 availability events — instances of
// recurring series (some moved by exceptions) and one-off free and busy blocks — made through the
// calendar's own rules.
import type { Knex } from 'knex';
import * as calendar from '../server/domain/calendar';
import { scaled } from './settings';

/**
 * 40 weekday series (200 instances, 60 of them moved by an exception) and 300 one-off blocks: 500 in the week
 * (fewer at a BENCH_SCALE below 1).
 */
export const BENCH_CALENDAR = { series: scaled(40), exceptions: scaled(60), singles: scaled(300) };
export const BENCH_WEEK_EVENTS = BENCH_CALENDAR.series * 5 + BENCH_CALENDAR.singles;

/** Fills next week of `providerId`'s calendar; answers that week (its Sunday, YYYY-MM-DD) and its bounds. */
export async function loadBenchCalendar(db: Knex, providerId: number, now = new Date()): Promise<calendar.Week> {
  const { timezone: timeZone } = (await db('providers').where({ id: providerId }).first('timezone'))!;
  await db('availability_events').where({ provider_id: providerId }).delete();
  const week = calendar.weekOf(calendar.addDays(calendar.dateKeyOf(now, timeZone), 7), timeZone);
  const clock = (minutes: number) => calendar.formatClockTime(minutes);
  const input = (values: Partial<calendar.AvailabilityFormValues>) => {
    const outcome = calendar.parseAvailabilityForm(
      { free: 'free', recurrence: 'none', ends: 'never', ...values },
      { timeZone, now, requireWindow: false },
    );
    if (!outcome.ok) throw new Error(`bench calendar: ${JSON.stringify(outcome.errors)}`);
    return outcome.input;
  };

  // Weekday series from 7:00am on, 20-minute blocks a quarter hour apart, starting the week before.
  for (let i = 0; i < BENCH_CALENDAR.series; i++) {
    const start = 7 * 60 + i * 15;
    await calendar.createAvailability(
      db,
      providerId,
      input({
        date: calendar.addDays(week.start, -6),
        start_time: clock(start),
        end_time: clock(start + 20),
        recurrence: 'weekdays',
        free: i % 5 === 0 ? 'busy' : 'free',
      }),
    );
  }
  // Exceptions: some instances of the bench week moved five minutes later.
  const instances = await calendar.instancesBetween(db, providerId, week.from, week.to);
  const moved = instances
    .filter((i) => i.isRecurring && !i.isException)
    .filter((_, index) => index % 3 === 0)
    .slice(0, BENCH_CALENDAR.exceptions);
  for (const instance of moved) {
    const start = calendar.minutesIntoDay(instance.start, timeZone) + 5;
    await calendar.editInstance(
      db,
      providerId,
      instance.seriesId ?? instance.eventId,
      instance.originalStart ?? instance.start,
      input({
        date: calendar.dateKeyOf(instance.start, timeZone),
        start_time: clock(start),
        end_time: clock(start + 20),
      }),
    );
  }
  // One-off blocks across the week's days and hours.
  for (let i = 0; i < BENCH_CALENDAR.singles; i++) {
    const start = 6 * 60 + (i % 56) * 15;
    await calendar.createAvailability(
      db,
      providerId,
      input({
        date: week.days[i % 7]!,
        start_time: clock(start),
        end_time: clock(start + 30),
        free: i % 4 === 0 ? 'busy' : 'free',
      }),
    );
  }
  const shown = await calendar.instancesBetween(db, providerId, week.from, week.to);
  if (shown.length !== BENCH_WEEK_EVENTS)
    throw new Error(`bench calendar: the week shows ${shown.length} events, not ${BENCH_WEEK_EVENTS}`);
  return week;
}
