// The calendar's numbers and words (spec 3 §5 Calendar availability, §8 flashes, §9 Calendar constants).
// Where the spec quotes a text it is used word for word; the rest are short plain sentences.

export const CALENDAR_RULES = {
  /** New blocks and bookable slots start on local quarter hours. */
  snapMinutes: 15,
  minimumMinutes: 10,
  /** The date picker: today to 90 days ahead; slots are offered no further out. */
  windowDays: 90,
  maxInterval: 100,
  maxCount: 100,
  /** A phone consultation. */
  consultationMinutes: 15,
  /** A client books at least this far ahead. */
  bookingLeadMinutes: 120,
  appointmentTypeId: 1,
  defaultTimeZone: 'America/New_York',
  /** A recurrence that "never" ends stops on this date. */
  noEndDate: '2038-01-19',
} as const;

export const CALENDAR_MESSAGES = {
  startTime: 'Start time invalid. Use 1:00pm format',
  endTime: 'End time invalid. Use 2:00pm format',
  dateRequired: 'Enter a date.',
  dateInvalid: 'Enter a real date.',
  window: `Choose a date between today and ${CALENDAR_RULES.windowDays} days from today.`,
  minimumLength: `Availability must be at least ${CALENDAR_RULES.minimumMinutes} minutes long.`,
  endAfterStart: 'End time must be after the start time.',
  freeRequired: 'Choose available or unavailable.',
  nameTooLong: 'Name must be 100 characters or fewer.',
  recurrenceRequired: 'Choose how often it repeats.',
  frequencyRequired: 'Choose day, week, month or year.',
  weekdayRequired: 'Choose at least one day of the week.',
  monthlyTypeRequired: 'Choose whether it repeats on the same date or the same weekday each month.',
  interval: `Repeat every must be a number from 1 to ${CALENDAR_RULES.maxInterval}.`,
  endsRequired: 'Choose when the repeat ends.',
  untilRequired: 'Enter the date the repeat ends.',
  untilInvalid: 'Enter a real end date.',
  untilBeforeStart: 'The end date must be on or after the start date.',
  count: `Number of occurrences must be a number from 1 to ${CALENDAR_RULES.maxCount}.`,
  noOccurrences: 'This repeat has no dates before it ends. Change the days or the end.',
  exceptionCannotRepeat: 'A changed instance cannot repeat on its own. Edit all instances instead.',
  external: 'This event comes from an external calendar. Change it in that calendar.',
  timeZone: 'Choose a time zone from the list.',
  calendarUpdated: 'Your calendar has been updated.',
  scheduleUpdated: 'Your call schedule has been updated.',
  noCalendar: 'This provider does not have a calendar attached!',
  providersCannotBook: 'Providers cannot add consultations yet',
  notAccepting: 'Your profile is not accepting new clients, so clients cannot book calls.',
  checkTimeZone: 'Your calendar is now shown to clients. Please check that your time zone is correct.',
  deleteFreeWarning: 'If you delete this availability, therapy seekers will no longer be able to book calls in it.',
  deleteInstance: 'Delete only this instance? The rest of the series stays.',
} as const;

export interface TimeZoneOption {
  id: string;
  label: string;
}

/** The places a calendar can be shown in (spec 3 §9: about 70 zones). Ids are IANA zone names. */
export const TIME_ZONES: readonly TimeZoneOption[] = [
  // United States
  { id: 'America/New_York', label: 'New York (Eastern)' },
  { id: 'America/Detroit', label: 'Detroit (Eastern)' },
  { id: 'America/Indiana/Indianapolis', label: 'Indianapolis (Eastern)' },
  { id: 'America/Chicago', label: 'Chicago (Central)' },
  { id: 'America/Denver', label: 'Denver (Mountain)' },
  { id: 'America/Boise', label: 'Boise (Mountain)' },
  { id: 'America/Phoenix', label: 'Phoenix (Arizona, no daylight saving)' },
  { id: 'America/Los_Angeles', label: 'Los Angeles (Pacific)' },
  { id: 'America/Anchorage', label: 'Anchorage (Alaska)' },
  { id: 'America/Adak', label: 'Adak (Aleutian Islands)' },
  { id: 'Pacific/Honolulu', label: 'Honolulu (Hawaii)' },
  { id: 'America/Puerto_Rico', label: 'San Juan (Puerto Rico, Atlantic)' },
  { id: 'America/St_Thomas', label: 'Charlotte Amalie (US Virgin Islands)' },
  { id: 'Pacific/Guam', label: 'Hagåtña (Guam)' },
  { id: 'Pacific/Pago_Pago', label: 'Pago Pago (American Samoa)' },
  // Canada
  { id: 'America/St_Johns', label: "St. John's (Newfoundland)" },
  { id: 'America/Halifax', label: 'Halifax (Atlantic)' },
  { id: 'America/Toronto', label: 'Toronto (Eastern)' },
  { id: 'America/Winnipeg', label: 'Winnipeg (Central)' },
  { id: 'America/Regina', label: 'Regina (Saskatchewan)' },
  { id: 'America/Edmonton', label: 'Edmonton (Mountain)' },
  { id: 'America/Vancouver', label: 'Vancouver (Pacific)' },
  { id: 'America/Whitehorse', label: 'Whitehorse (Yukon)' },
  // Latin America and the Caribbean
  { id: 'America/Mexico_City', label: 'Mexico City' },
  { id: 'America/Tijuana', label: 'Tijuana' },
  { id: 'America/Guatemala', label: 'Guatemala City' },
  { id: 'America/Costa_Rica', label: 'San José (Costa Rica)' },
  { id: 'America/Panama', label: 'Panama City' },
  { id: 'America/Havana', label: 'Havana' },
  { id: 'America/Jamaica', label: 'Kingston (Jamaica)' },
  { id: 'America/Santo_Domingo', label: 'Santo Domingo' },
  { id: 'America/Bogota', label: 'Bogotá' },
  { id: 'America/Lima', label: 'Lima' },
  { id: 'America/Caracas', label: 'Caracas' },
  { id: 'America/Santiago', label: 'Santiago' },
  { id: 'America/Argentina/Buenos_Aires', label: 'Buenos Aires' },
  { id: 'America/Sao_Paulo', label: 'São Paulo' },
  // Europe
  { id: 'Atlantic/Reykjavik', label: 'Reykjavík' },
  { id: 'Europe/London', label: 'London' },
  { id: 'Europe/Dublin', label: 'Dublin' },
  { id: 'Europe/Lisbon', label: 'Lisbon' },
  { id: 'Europe/Madrid', label: 'Madrid' },
  { id: 'Europe/Paris', label: 'Paris' },
  { id: 'Europe/Amsterdam', label: 'Amsterdam' },
  { id: 'Europe/Berlin', label: 'Berlin' },
  { id: 'Europe/Rome', label: 'Rome' },
  { id: 'Europe/Stockholm', label: 'Stockholm' },
  { id: 'Europe/Warsaw', label: 'Warsaw' },
  { id: 'Europe/Athens', label: 'Athens' },
  { id: 'Europe/Helsinki', label: 'Helsinki' },
  { id: 'Europe/Kyiv', label: 'Kyiv' },
  { id: 'Europe/Istanbul', label: 'Istanbul' },
  { id: 'Europe/Moscow', label: 'Moscow' },
  // Africa and the Middle East
  { id: 'Africa/Casablanca', label: 'Casablanca' },
  { id: 'Africa/Lagos', label: 'Lagos' },
  { id: 'Africa/Cairo', label: 'Cairo' },
  { id: 'Africa/Johannesburg', label: 'Johannesburg' },
  { id: 'Africa/Nairobi', label: 'Nairobi' },
  { id: 'Asia/Jerusalem', label: 'Jerusalem' },
  { id: 'Asia/Dubai', label: 'Dubai' },
  // Asia
  { id: 'Asia/Karachi', label: 'Karachi' },
  { id: 'Asia/Kolkata', label: 'Mumbai, New Delhi (India)' },
  { id: 'Asia/Kathmandu', label: 'Kathmandu' },
  { id: 'Asia/Dhaka', label: 'Dhaka' },
  { id: 'Asia/Bangkok', label: 'Bangkok' },
  { id: 'Asia/Singapore', label: 'Singapore' },
  { id: 'Asia/Manila', label: 'Manila' },
  { id: 'Asia/Shanghai', label: 'Beijing, Shanghai' },
  { id: 'Asia/Hong_Kong', label: 'Hong Kong' },
  { id: 'Asia/Seoul', label: 'Seoul' },
  { id: 'Asia/Tokyo', label: 'Tokyo' },
  // Australia and New Zealand
  { id: 'Australia/Perth', label: 'Perth' },
  { id: 'Australia/Adelaide', label: 'Adelaide' },
  { id: 'Australia/Darwin', label: 'Darwin' },
  { id: 'Australia/Brisbane', label: 'Brisbane' },
  { id: 'Australia/Sydney', label: 'Sydney, Melbourne' },
  { id: 'Pacific/Auckland', label: 'Auckland' },
  // Coordinated Universal Time, for anyone who keeps their calendar in it
  { id: 'UTC', label: 'Coordinated Universal Time (UTC)' },
];

const timeZoneIds = new Set(TIME_ZONES.map((zone) => zone.id));

/** Only the zones of the list: a posted id outside it is refused rather than trusted. */
export function isTimeZone(id: unknown): id is string {
  return typeof id === 'string' && timeZoneIds.has(id);
}

export function timeZoneLabel(id: string): string {
  return TIME_ZONES.find((zone) => zone.id === id)?.label ?? id;
}
