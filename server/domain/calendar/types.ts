// The calendar's shapes (spec 3 §3 Availability event, Calendar block, Calendar state), shared by the
// calendar page, the appointments, the directory API and the external-calendar sync.

/** A row of availability_events, as the domain reads it. */
export interface AvailabilityEvent {
  id: number;
  providerId: number;
  /** Set on an exception: the recurring event whose one instance it replaces or removes. */
  parentId: number | null;
  name: string | null;
  free: boolean;
  start: Date;
  end: Date;
  isRecurring: boolean;
  /** RRULE without DTSTART, e.g. "FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20380119T000000Z". */
  rrule: string | null;
  /** The IANA zone the rule expands in (the calendar's zone when it was saved). */
  rruleTzid: string | null;
  durationInMinutes: number;
  locationId: number | null;
  /** An exception: the start of the instance it stands for. */
  originalStart: Date | null;
  /** An exception that deletes its instance. */
  removed: boolean;
  /** Busy time read from an external calendar: view-only. */
  externalCalendarId: number | null;
}

/** One occurrence on the grid: a single event, an instance of a series, or an exception. */
export interface AvailabilityInstance {
  /** The row to edit: the series for an instance, the exception itself for an exception. */
  eventId: number;
  /** The series of an instance or of an exception; null for a single event. */
  seriesId: number | null;
  /** The instance's own start before any exception moved it (names the instance of a series). */
  originalStart: Date | null;
  start: Date;
  end: Date;
  free: boolean;
  name: string | null;
  isRecurring: boolean;
  isException: boolean;
  /** From an external calendar (view-only). */
  external: boolean;
}

/** A display block of the week (spec 3 §3 Calendar block). */
export interface CalendarBlock {
  /** Unique on the page: "a{eventId}@{ISO start}" or "c{appointmentId}". */
  key: string;
  type: 'availability' | 'appointment';
  start: Date;
  end: Date;
  /** Availability: free or busy. Appointments are busy. */
  free: boolean;
  /** "Available", "Unavailable" or "Phone Consult". */
  label: string;
  past: boolean;
  availability?: AvailabilityInstance;
  appointment?: { id: number; clientName: string; legacy: boolean };
}

/** The calendar of a provider (spec: calendar id, timezone, open). The calendar's id is the provider's. */
export interface CalendarState {
  providerId: number;
  hasCalendar: boolean;
  timeZone: string;
  open: boolean;
  /** At least one location accepts new clients (else the grid is inert and the status radios disabled). */
  accepting: boolean;
  /** The practice-management booking page that replaces this calendar, when it applies (spec 3 §2). */
  bookingLink: string | null;
}

/** What an availability form says, once parsed and checked. */
export interface AvailabilityInput {
  start: Date;
  end: Date;
  free: boolean;
  name: string | null;
  /** RRULE without DTSTART, or null for "Does not repeat". */
  rrule: string | null;
  /** The calendar's zone the rule expands in. */
  timeZone: string;
}

/** A bookable consultation slot. */
export interface Slot {
  start: Date;
  end: Date;
}

/** The booking rules a provider sets, as the slots read them (the appointments module stores them). */
export interface SlotRules {
  /** 15, 20 or 30. */
  consultationMinutes: number;
  /** A consultation starts at least this far ahead. */
  noticeMinutes: number;
  /** No consultation on the day it is booked (in the calendar's zone). */
  noSameDay: boolean;
  /** A consultation starts at most this many days (of 24 hours) ahead. */
  horizonDays: number;
  /** Free time kept before a consultation, after any busy time or other consultation. */
  bufferBeforeMinutes: number;
  /** Free time kept after a consultation, before any busy time or other consultation. */
  bufferAfterMinutes: number;
}
