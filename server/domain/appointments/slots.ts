// The consultation slots a client can book: the calendar's free time (the calendar module) less the
// provider's live appointments (this module's table) and an active absence (the vacation responder).
import {
  absenceBounds,
  bookingWindow,
  CALENDAR_RULES,
  calendarStateOf,
  instancesBetween,
  type Slot,
  slotsFromInstances,
} from '../calendar';
import { activeAbsence } from '../vacation-responder';
import * as repo from './repo';

const SLOT_MS = CALENDAR_RULES.consultationMinutes * 60_000;

/**
 * The slots a client can book in [from, to): none while the calendar is hidden, not attached, or no
 * location accepts new clients, and none on the days of an active absence.
 */
export async function bookableSlots(db: repo.Db, providerId: number, from: Date, to: Date, now: Date): Promise<Slot[]> {
  const state = await calendarStateOf(db, providerId);
  if (!state.hasCalendar || !state.open || !state.accepting) return [];
  const window = bookingWindow(from, to, now);
  if (!window) return [];
  // One after the other: a transaction handle runs one query at a time anyway.
  const instances = await instancesBetween(db, providerId, window.from, window.to);
  const appointments = await repo.liveAppointmentTimes(db, providerId, window.from, window.to);
  const absence = await activeAbsence(db, providerId);
  const busy = absence ? [...appointments, absenceBounds(absence, state.timeZone)] : appointments;
  return slotsFromInstances(instances, busy, { ...window, now, timeZone: state.timeZone });
}

/** Whether [start, end) is exactly one bookable consultation (checked again inside the booking transaction). */
export async function isBookable(db: repo.Db, providerId: number, start: Date, end: Date, now: Date): Promise<boolean> {
  if (Number.isNaN(start.getTime()) || end.getTime() - start.getTime() !== SLOT_MS) return false;
  const slots = await bookableSlots(db, providerId, start, end, now);
  return slots.some((slot) => slot.start.getTime() === start.getTime());
}
