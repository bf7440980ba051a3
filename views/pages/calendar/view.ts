// The view models of /calendar and its availability editor (spec 3 §2 Calendar page, §4 Calendar).
import type { CalendarGridProps } from '../../../islands/calendar-grid-types';

export const CALENDAR_PATH = '/calendar';
export const AVAILABILITY_PATH = '/calendar/availability';
export const BOOKING_RULES_PATH = '/calendar/booking-rules';

export interface Option {
  value: string;
  label: string;
}

/** One block of the table view (the week without JavaScript). */
export interface TableBlock {
  key: string;
  kind: 'available' | 'unavailable' | 'appointment';
  label: string;
  name: string | null;
  timeText: string;
  /** "Every Weekday (Monday to Friday)" and the like; null for a single block. */
  recurrenceText: string | null;
  /** An edited instance of a series. */
  exception: boolean;
  past: boolean;
  /** Busy time from an external calendar: view only. */
  readOnly: boolean;
  /** The editor, the view-only page or the appointment. */
  href: string;
  /** The delete form of an editable block (it asks first). */
  remove: DeleteAction | null;
}

export interface TableDay {
  date: string;
  longLabel: string;
  isToday: boolean;
  /** The day a phone shows (below 780 px the table is one day at a time, with day links). */
  selected: boolean;
  previousDayHref: string;
  nextDayHref: string;
  /** "Now, 10:42am" on today (the "now" line of spec 3 §3), else null. */
  nowText: string | null;
  blocks: TableBlock[];
}

export interface DeleteAction {
  label: string;
  action: string;
  fields: Record<string, string>;
  /** Asked before deleting (in the browser, and on a page of its own without JavaScript). */
  question: string;
  /** Deleting free time: the provider loses therapy-seeker bookings. */
  warning: string | null;
}

export interface WeekTableView {
  title: string;
  previousHref: string;
  todayHref: string;
  nextHref: string;
  days: TableDay[];
}

export interface CalendarPageView {
  open: boolean;
  /** At least one location accepts new clients (else the grid is inert and the status cannot change). */
  accepting: boolean;
  timeZone: string;
  timeZoneLabel: string;
  timeZones: Option[];
  /** An active vacation responder: the days it closes to bookings, said as a banner. */
  absence: { from: string; to: string; settingsHref: string } | null;
  /** Practice management with an active booking link: its panel replaces the calendar. */
  bookingLink: { href: string } | null;
  /** The weekly grid island's props. */
  grid: CalendarGridProps;
  table: WeekTableView;
  addLinks: { label: string; href: string }[];
  /** 'Providers cannot add consultations yet' (spec 3 §2). */
  cannotAddText: string;
  /** The times a client could book in the week shown, under the provider's rules (issue [23] item 4). */
  clientSlots: ClientSlotsView;
  /** The provider's booking rules in a few words, with the link to change them. */
  bookingRules: string[];
}

/** The slots a client would see in one week: the slots API's answer, grouped by the calendar's days. */
export interface ClientSlotsView {
  title: string;
  /** "15-minute consultations, in New York (Eastern) time." */
  intro: string;
  /** Why no time at all can be booked (the calendar hidden, no location accepting), else null. */
  closedReason: string | null;
  count: number;
  days: { key: string; label: string; times: string[] }[];
}

/** The booking rules form as shown: the saved or typed values, and the times clients see under the saved rules. */
export interface BookingRulesPageView {
  values: {
    consultation_minutes: string;
    buffer_before_minutes: string;
    buffer_after_minutes: string;
    notice_hours: string;
    no_same_day: boolean;
    horizon_days: string;
    weekly_cap: string;
    approval_required: boolean;
  };
  lengths: readonly number[];
  requestHours: number;
  clientSlots: ClientSlotsView;
}

/** The availability form's fields, as typed (spec 3 §5 Calendar availability). */
export interface AvailabilityFields {
  date: string;
  start_time: string;
  end_time: string;
  free: string;
  name: string;
  recurrence: string;
  frequency: string;
  interval: string;
  weekdays: string[];
  monthly_type: string;
  ends: string;
  until: string;
  count: string;
}

export type AvailabilityKind = 'recurring' | 'once' | 'block';

export interface EditorView {
  title: string;
  /** Where the form posts. */
  action: string;
  kind: AvailabilityKind | null;
  /** Free/busy is a choice only when the Add menu did not decide it. */
  showFreeChoice: boolean;
  /** An instance of a series: whether the change is for this event or all of them. */
  scope: { value: 'instance' | 'all'; originalStart: string } | null;
  /** An edited instance can go back to what the series says. */
  restoreAction: string | null;
  deletes: DeleteAction[];
  /** The reminder shown after the calendar was just opened. */
  reminder: string | null;
  values: AvailabilityFields;
  timeZoneLabel: string;
  dateMin: string;
  dateMax: string;
  /** False for an edited instance of a series: it does not repeat on its own. */
  repeatable: boolean;
  recurrenceOptions: Option[];
  cancelHref: string;
}

/** A busy block read from an external calendar. */
export interface ExternalBlockView {
  dateText: string;
  timeText: string;
  name: string | null;
  backHref: string;
}
