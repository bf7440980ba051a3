// The consultation slots a client can book: the calendar's free time (the calendar module) less the
// provider's live appointments (this module's table) and an active absence (the vacation responder),
// under the provider's booking rules (rules.ts): length, buffers, notice, same day, horizon and the weekly cap.
import {
  absenceBounds,
  addDays,
  type AvailabilityInstance,
  bookingWindow,
  bufferReach,
  calendarStateOf,
  dateKeyOf,
  instancesBetween,
  type Slot,
  slotsFromInstances,
  weekOf,
} from '../calendar';
import { activeAbsence } from '../vacation-responder';
import * as repo from './repo';
import { type BookingRules, bookingRulesOf } from './rules';

/** What a caller of bookableSlots may have read already. */
export interface KnownSlotInputs {
  rules?: BookingRules;
  /** The calendar's instances of [from, to) (expandEvents' answer), used when they cover what the slots need. */
  instances?: { from: Date; to: Date; list: AvailabilityInstance[] };
}

/**
 * The slots a client can book in [from, to): none while the calendar is hidden, not attached, or no
 * location accepts new clients, none on the days of an active absence, and none in a week that has
 * reached the provider's weekly cap. `known`: the rules or the week's instances when the caller has them.
 */
export async function bookableSlots(
  db: repo.Db,
  providerId: number,
  from: Date,
  to: Date,
  now: Date,
  known: KnownSlotInputs = {},
): Promise<Slot[]> {
  // Two reads at once (outside a transaction, each on a connection of its own; inside one, pg queues them).
  const [state, applied] = await Promise.all([
    calendarStateOf(db, providerId),
    known.rules ?? bookingRulesOf(db, providerId),
  ]);
  if (!state.hasCalendar || !state.open || !state.accepting) return [];
  const window = bookingWindow(from, to, now, applied, state.timeZone);
  if (!window) return [];
  // Busy time up to a buffer away from the window still keeps a slot in it free of its buffer.
  const reach = bufferReach(applied);
  const busyFrom = new Date(window.from.getTime() - reach);
  const busyTo = new Date(window.to.getTime() + reach);
  // One after the other: a transaction handle runs one query at a time anyway. The calendar page has
  // expanded its week already (a week of 500 events is most of the work): those do when they cover it.
  const given = known.instances;
  const instances =
    given && given.from <= busyFrom && given.to >= busyTo
      ? given.list
      : await instancesBetween(db, providerId, busyFrom, busyTo);
  const appointments = await repo.liveAppointmentTimes(db, providerId, busyFrom, busyTo);
  const absence = await activeAbsence(db, providerId);
  const busy = absence ? [...appointments, absenceBounds(absence, state.timeZone)] : appointments;
  const slots = slotsFromInstances(instances, busy, { ...window, now, timeZone: state.timeZone, rules: applied });
  if (applied.weeklyCap === null || slots.length === 0) return slots;
  return withoutFullWeeks(db, providerId, slots, applied.weeklyCap, state.timeZone);
}

/**
 * The slots of the weeks (Sunday to Saturday in the calendar's zone, as the calendar shows them) that
 * hold fewer than `cap` live consultations, confirmed or held as requests.
 */
async function withoutFullWeeks(
  db: repo.Db,
  providerId: number,
  slots: Slot[],
  cap: number,
  timeZone: string,
): Promise<Slot[]> {
  const first = weekOf(dateKeyOf(slots[0]!.start, timeZone), timeZone);
  const last = weekOf(dateKeyOf(slots[slots.length - 1]!.start, timeZone), timeZone);
  const starts = await repo.liveConsultationStarts(db, providerId, first.from, last.to);
  const counts = new Map<string, number>();
  for (const start of starts) {
    const week = weekStartOf(start, timeZone);
    counts.set(week, (counts.get(week) ?? 0) + 1);
  }
  if (![...counts.values()].some((count) => count >= cap)) return slots;
  return slots.filter((slot) => (counts.get(weekStartOf(slot.start, timeZone)) ?? 0) < cap);
}

/** The Sunday (YYYY-MM-DD) of an instant's week in a zone. */
function weekStartOf(instant: Date, timeZone: string): string {
  const day = dateKeyOf(instant, timeZone);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -weekday);
}

/**
 * Whether [start, end) is exactly one bookable consultation under the provider's rules (checked again
 * inside the booking transaction). `rules` when the caller has read them already.
 */
export async function isBookable(
  db: repo.Db,
  providerId: number,
  start: Date,
  end: Date,
  now: Date,
  rules?: BookingRules,
): Promise<boolean> {
  const applied = rules ?? (await bookingRulesOf(db, providerId));
  if (Number.isNaN(start.getTime()) || end.getTime() - start.getTime() !== applied.consultationMinutes * 60_000)
    return false;
  const slots = await bookableSlots(db, providerId, start, end, now, { rules: applied });
  return slots.some((slot) => slot.start.getTime() === start.getTime());
}
