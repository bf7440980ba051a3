// The calendar module's public face: everything outside server/domain/calendar/ imports from here.
export * from './types';
export {
  CALENDAR_MESSAGES,
  CALENDAR_RULES,
  isTimeZone,
  TIME_ZONES,
  timeZoneLabel,
  type TimeZoneOption,
} from './constants';
export {
  availabilityFormOf,
  type AvailabilityFormResult,
  type AvailabilityFormValues,
  describeRecurrence,
  ENDS_OPTIONS,
  formatClockTime,
  FREQUENCY_OPTIONS,
  parseAvailabilityForm,
  parseClockTime,
  RECURRENCE_OPTIONS,
  WEEKDAYS,
} from './validation';
export {
  addDays,
  dateKeyOf,
  expandEvents,
  isOccurrence,
  minutesIntoDay,
  occurrenceEnd,
  wallMinutesBetween,
  weekOf,
  type Week,
  wallClockOf,
  zonedDayStart,
  zonedInstant,
} from './expand';
export {
  busyBlockCount,
  calendarStateOf,
  hideBookingLink,
  eventsOverlapping,
  type ExternalBusyBlock,
  findEvent,
  instancesBetween,
  replaceExternalBusyBlocks,
} from './repo';
export {
  createAvailability,
  deleteAvailability,
  editInstance,
  FORM_KEY,
  removeInstance,
  restoreOriginalInstance,
  updateAvailability,
  updateCalendarSettings,
} from './service';
export {
  absenceBounds,
  bookingWindow,
  bufferReach,
  DEFAULT_SLOT_RULES,
  earliestStart,
  latestStart,
  slotsFromInstances,
} from './slots';
export {
  changeTimeZone,
  hasAvailabilityToMove,
  isZoneMove,
  nextFreeInstance,
  rezoned,
  ZONE_MOVES,
  type ZoneMove,
} from './zone-change';
export { UNUSUAL_TIME, UNUSUAL_TIME_MESSAGES, unusualTimeWarnings } from './unusual';
