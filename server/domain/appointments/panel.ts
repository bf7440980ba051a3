// An appointment's rules as the panel applies them: its state, whether it may still be canceled or
// moved, its type's words, and how far ahead a reschedule may go. The panel's view model is the
// presenters' (server/presenters/appointments.ts).
import type * as repo from './repo';

/** The reschedule date picker reaches this many days ahead (spec 3 §9 "date window 90 days"). */
export const RESCHEDULE_WINDOW_DAYS = 90;

export type AppointmentState = 'upcoming' | 'past' | 'canceled';

export const stateOf = (a: repo.AppointmentRecord, now: Date): AppointmentState =>
  a.canceled ? 'canceled' : a.end > now ? 'upcoming' : 'past';

/**
 * Spec 3 §4: cancel and reschedule only when not legacy, not canceled and the end is in the future; a
 * request waiting for the provider's answer is accepted or declined instead.
 */
export const isChangeable = (a: repo.AppointmentRecord, now: Date): boolean =>
  !a.legacy && !a.canceled && a.end > now && a.request?.status !== 'pending';

/** A request the provider may still accept or decline: pending, live, before its deadline. */
export const isAnswerable = (a: repo.AppointmentRecord, now: Date): boolean =>
  a.request?.status === 'pending' && !a.canceled && a.request.deadline > now;

export const typeLabelOf = (a: repo.AppointmentRecord) =>
  a.type === 'provider_contact' ? 'Contact request' : 'Phone Consult';
