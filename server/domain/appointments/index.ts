// The appointments module's public face (phone consultations: listing, the panel, cancel, reschedule,
// booking from the directory). Everything outside server/domain/appointments/ imports from here.

export {
  BOOKING_CONFLICTS,
  BookingConflict,
  type BookingConflictCode,
  type BookingRequest,
  bookConsultation,
  bookingJobs,
  type Consultation,
  cancelConsultationAsClient,
  consultationSlots,
  PROVIDER_NOTIFICATION_JOB,
  type ProviderSlots,
  providerNotificationText,
  requestDeadlineOf,
} from './booking';
export {
  CONSULTATION_LINK_PATHS,
  consultationLink,
  consultationLinkUrl,
  LINK_ACTIONS,
  LINK_DONE_MESSAGES,
  LINK_MESSAGES,
  type LinkAction,
  type LinkedConsultation,
  type LinkRefusal,
  type LinkState,
  useConsultationLink,
} from './consultation-links';
export {
  CALENDAR_WRITE_BACK_JOB,
  type CalendarWriteBackData,
  queueCalendarWriteBack,
} from './calendar-write-back';
export * as devClientRecords from './dev-client-records';
export { type BookedMonth, consultationsBookedByMonth, heldConsultationsSql } from './funnel';
export {
  DIGEST_WINDOW,
  digestJobs,
  digestText,
  initialsOf,
  MORNING_DIGEST_JOB,
  sendMorningDigests,
} from './digest';
export {
  appointmentIcs,
  appointmentPageUrl,
  calendarEntryDetails,
  calendarEntryTitle,
  clientInitials,
  googleCalendarUrl,
  icsFileName,
  outlookCalendarUrl,
} from './links';
export { type AppointmentPage, appointmentPage, isAppointmentTab, type PageOptions } from './list';
export {
  type AppointmentState,
  isAnswerable,
  isChangeable,
  RESCHEDULE_WINDOW_DAYS,
  stateOf,
  typeLabelOf,
} from './panel';
export { bookingReferralsSql, newestBookingReferralsSql } from './referrals';
export {
  type AppointmentOwner,
  type AppointmentRecord,
  type AppointmentTab,
  findAppointment,
  type RequestStatus,
} from './repo';
export {
  acceptRequest,
  deadlineText,
  declineRequest,
  EXPIRE_REQUESTS_JOB,
  expireOverdueRequests,
  REQUEST_MESSAGES,
  type RequestAnswerDeps,
  RequestClosedError,
  requestJobs,
} from './requests';
export {
  CLIENT_REMINDER_JOB,
  REMINDER_KINDS,
  type ReminderJobData,
  type ReminderKind,
  reminderKey,
  reminderTimes,
} from './reminder-schedule';
export {
  DEFAULT_REMINDER_SETTINGS,
  REMINDER_SETTING_FIELDS,
  REMINDER_SETTING_MESSAGES,
  type ReminderSettings,
  reminderSettingsOf,
  saveReminderSettings,
} from './reminder-settings';
export { type ReminderOutcome, reminderJobs, reminderText, sendReminder } from './reminders';
export {
  BOOKING_RULE_LIMITS,
  BOOKING_RULE_MESSAGES,
  type BookingRules,
  type BookingRulesForm,
  bookingRulesFormOf,
  bookingRulesOf,
  CONSULTATION_LENGTHS,
  DEFAULT_BOOKING_RULES,
  parseBookingRules,
  saveBookingRules,
  typedBookingRules,
} from './rules';
export {
  type AppointmentChangeDeps,
  AppointmentLockedError,
  type ChangeQuestion,
  cancelAppointment,
  rescheduleAppointment,
} from './service';
export { bookableSlots, isBookable, type KnownSlotInputs } from './slots';
export { formTimeIn, instantOf, longDateIn, parseFormTime, timeRangeIn } from './time';
export { APPOINTMENT_MESSAGES } from './validation';
export {
  appointmentsBetween,
  type UpcomingAppointment,
  upcomingAppointments,
  type WeekAppointment,
} from './week';
