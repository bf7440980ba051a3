// What makes a time unusual for a phone consultation (issue [19] item 4), so that moving one there asks
// first: the night in the calendar's zone (10:00pm to 6:00am), time the provider marked Unavailable, and
// busy time read from a linked calendar. Time outside her availability is not unusual by itself: a
// provider often agrees another time with the client (docs/decisions.md).
import { minutesIntoDay } from './expand';
import * as repo from './repo';

export const UNUSUAL_TIME = {
  nightStartMinute: 22 * 60,
  nightEndMinute: 6 * 60,
} as const;

export const UNUSUAL_TIME_MESSAGES = {
  night: 'This time is at night, between 10:00pm and 6:00am in your calendar’s time zone.',
  unavailable: 'You marked this time as Unavailable on your calendar.',
  external: 'This time is busy in a calendar you linked.',
} as const;

const MINUTE = 60_000;

const atNight = (instant: Date, timeZone: string) => {
  const minute = minutesIntoDay(instant, timeZone);
  return minute >= UNUSUAL_TIME.nightStartMinute || minute < UNUSUAL_TIME.nightEndMinute;
};

/** Why [start, end) is an unusual time for a consultation of the provider; empty when it is not. */
export async function unusualTimeWarnings(
  db: repo.Db,
  providerId: number,
  start: Date,
  end: Date,
  timeZone: string,
): Promise<string[]> {
  const warnings: string[] = [];
  // Its first and last minutes: a consultation is short, so the night is met at one end or not at all.
  if (atNight(start, timeZone) || atNight(new Date(Math.max(start.getTime(), end.getTime() - MINUTE)), timeZone))
    warnings.push(UNUSUAL_TIME_MESSAGES.night);
  const busy = (await repo.instancesBetween(db, providerId, start, end)).filter(
    (instance) => (!instance.free || instance.external) && instance.start < end && instance.end > start,
  );
  if (busy.some((instance) => !instance.external)) warnings.push(UNUSUAL_TIME_MESSAGES.unavailable);
  if (busy.some((instance) => instance.external)) warnings.push(UNUSUAL_TIME_MESSAGES.external);
  return warnings;
}
