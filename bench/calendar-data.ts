// The calendar's bench data: one provider's week holding 500 availability events (recurring series,
// exceptions of their instances, and one-off free and busy blocks), made through the calendar's own rules.
import type { Knex } from 'knex';
import * as calendar from '../server/domain/calendar';

export const BENCH_CALENDAR = { series: 100, exceptions: 150, singles: 250 };

/** Fills next week of `providerId`'s calendar; answers that week (its Sunday, YYYY-MM-DD) and its bounds. */
export async function loadBenchCalendar(db: Knex, providerId: number, now = new Date()): Promise<calendar.Week> {
  const { timezone: timeZone } = await db('providers').where({ id: providerId }).first('timezone');
  await db('availability_events').where({ provider_id: providerId }).delete();
  const week = calendar.weekOf(calendar.addDays(calendar.dateKeyOf(now, timeZone), 7), timeZone);
  const clock = (minutes: number) => calendar.formatClockTime(minutes);
  const input = (values: Partial<calendar.AvailabilityFormValues>) => {
    const outcome = calendar.parseAvailabilityForm({ free: 'free', recurrence: 'none', ends: 'never', ...values }, { timeZone, now, requireWindow: false });
    if (!outcome.ok) throw new Error(`bench calendar: ${JSON.stringify(outcome.errors)}`);
    return outcome.input;
  };

  // Daily series from 7:00am on, 20-minute blocks a quarter hour apart, starting the Sunday before.
  for (let i = 0; i < BENCH_CALENDAR.series; i++) {
    const start = 7 * 60 + (i % 48) * 15;
    await calendar.createAvailability(db, providerId, input({
      date: calendar.addDays(week.start, -7), start_time: clock(start), end_time: clock(start + 20), recurrence: 'daily', free: i % 5 === 0 ? 'busy' : 'free',
    }));
  }
  // Exceptions: some instances of the bench week moved five minutes later.
  const instances = await calendar.instancesBetween(db, providerId, week.from, week.to);
  const exceptions = instances.filter((i) => i.isRecurring && !i.isException).slice(0, BENCH_CALENDAR.exceptions);
  for (const instance of exceptions) {
    const start = calendar.minutesIntoDay(instance.start, timeZone) + 5;
    await calendar.editInstance(db, providerId, instance.seriesId ?? instance.eventId, instance.originalStart ?? instance.start, input({
      date: calendar.dateKeyOf(instance.start, timeZone), start_time: clock(start), end_time: clock(start + 20),
    }));
  }
  // One-off blocks across the week's days and hours.
  for (let i = 0; i < BENCH_CALENDAR.singles; i++) {
    const start = 6 * 60 + (i % 56) * 15;
    await calendar.createAvailability(db, providerId, input({
      date: week.days[i % 7]!, start_time: clock(start), end_time: clock(start + 30), free: i % 4 === 0 ? 'busy' : 'free',
    }));
  }
  const { count } = await db('availability_events').where({ provider_id: providerId }).count<{ count: string }[]>({ count: '*' }).first() as { count: string };
  if (Number(count) !== BENCH_CALENDAR.series + BENCH_CALENDAR.exceptions + BENCH_CALENDAR.singles) {
    throw new Error(`bench calendar: ${count} events made, not ${BENCH_CALENDAR.series + BENCH_CALENDAR.exceptions + BENCH_CALENDAR.singles}`);
  }
  return week;
}
