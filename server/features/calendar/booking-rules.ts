// The booking rules of the calendar's profile (issue [23] items 2 and 4): reading and saving them through
// the appointments module, the times a client would see in a week (the slots API's own function), and
// their view models: the rules page, the calendar's card of bookable times and its summary of the rules.
import type { Knex } from 'knex';
import * as appointments from '../../domain/appointments';
import type { BookingRules } from '../../domain/appointments';
import * as calendar from '../../domain/calendar';
import type { CalendarState, Slot } from '../../domain/calendar';
import type { Viewer } from '../../domain/accounts';
import type { BookingRulesPageView, ClientSlotsView } from '../../../views/pages/calendar/view';
import { requireCalendar } from './service';

/** The rules of the viewer's calendar (the defaults until saved). */
export async function rulesOf(db: Knex, viewer: Viewer): Promise<{ state: CalendarState; rules: BookingRules }> {
  const state = await requireCalendar(db, viewer);
  return { state, rules: await appointments.bookingRulesOf(db, state.providerId) };
}

/** Saves the posted rules of the viewer's calendar, in one transaction. */
export async function saveRules(db: Knex, viewer: Viewer, body: Record<string, unknown>): Promise<void> {
  await db.transaction(async (trx) => {
    const state = await requireCalendar(trx, viewer);
    await appointments.saveBookingRules(trx, state.providerId, body);
  });
}

/**
 * The times a client could book in a week: the same function the directory's slots API answers with,
 * handed the rules and the week's instances when the page has read them already.
 */
export const clientSlotsOfWeek = (
  db: Knex,
  state: CalendarState,
  week: calendar.Week,
  now: Date,
  known: { rules?: BookingRules; instances?: calendar.AvailabilityInstance[] } = {},
): Promise<Slot[]> =>
  appointments.bookableSlots(db, state.providerId, week.from, week.to, now, {
    ...(known.rules ? { rules: known.rules } : {}),
    ...(known.instances ? { instances: { from: week.from, to: week.to, list: known.instances } } : {}),
  });

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The card of bookable times: the week's days, each with the start times a client could choose. */
export function clientSlotsView(
  state: CalendarState,
  week: calendar.Week,
  slots: Slot[],
  rules: BookingRules,
  now: Date,
): ClientSlotsView {
  const zone = state.timeZone;
  const thisWeek = calendar.weekOf(calendar.dateKeyOf(now, zone), zone).start === week.start;
  const byDay = new Map<string, string[]>(week.days.map((day) => [day, []]));
  for (const slot of slots) {
    const local = calendar.wallClockOf(slot.start, zone);
    byDay.get(local.date)?.push(calendar.formatClockTime(local.minutes));
  }
  return {
    title: thisWeek
      ? 'The slots a client would see this week'
      : `The slots a client would see in the week of ${appointments.longDateIn(week.from, zone)}`,
    intro: `What the directory offers clients now: ${rules.consultationMinutes}-minute consultations, start times in ${calendar.timeZoneLabel(zone)} time, under your availability and booking rules.`,
    closedReason: !state.accepting
      ? 'None of your locations accepts new clients, so clients cannot book any time.'
      : !state.open
        ? 'Your calendar is hidden, so clients cannot book any time. Choose Show Calendar to take bookings.'
        : null,
    count: slots.length,
    days: week.days.map((day) => ({
      key: day,
      label: appointments.longDateIn(calendar.zonedDayStart(day, zone), zone),
      times: byDay.get(day) ?? [],
    })),
  };
}

/** The rules in a few words, for the calendar page. */
export function rulesSummary(rules: BookingRules): string[] {
  const notice = rules.noticeMinutes / 60;
  const before = rules.bufferBeforeMinutes;
  const after = rules.bufferAfterMinutes;
  return [
    `${rules.consultationMinutes}-minute consultations`,
    notice === 0 ? 'No minimum notice' : notice === 1 ? "At least 1 hour's notice" : `At least ${notice} hours' notice`,
    ...(rules.noSameDay ? ['No same-day bookings'] : []),
    `Up to ${plural(rules.horizonDays, 'day', 'days')} ahead`,
    before === 0 && after === 0
      ? 'Consultations may follow each other without a break'
      : before === after
        ? `A break of ${plural(before, 'minute', 'minutes')} before and after each consultation`
        : `A break of ${plural(before, 'minute', 'minutes')} before and ${plural(after, 'minute', 'minutes')} after each consultation`,
    rules.weeklyCap === null
      ? 'No weekly limit'
      : `At most ${plural(rules.weeklyCap, 'consultation', 'consultations')} a week`,
    rules.approvalRequired ? 'You approve each booking before it is confirmed' : 'Bookings are confirmed at once',
  ];
}

export function bookingRulesPageView(
  values: appointments.BookingRulesForm,
  clientSlots: ClientSlotsView,
): BookingRulesPageView {
  return {
    values,
    lengths: appointments.CONSULTATION_LENGTHS,
    requestHours: appointments.BOOKING_RULE_LIMITS.requestHours,
    clientSlots,
  };
}
