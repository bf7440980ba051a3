// The appointments module's public face (phone consultations: listing, the panel, cancel, reschedule,
// booking from the directory). Everything outside server/domain/appointments/ imports from here.
export {
  isChangeable,
  RESCHEDULE_WINDOW_DAYS,
  stateOf,
  typeLabelOf,
  type AppointmentState,
} from './panel';
export {
  appointmentsBetween,
  upcomingAppointments,
  type UpcomingAppointment,
  type WeekAppointment,
} from './week';
export { appointmentPage, isAppointmentTab, type AppointmentPage, type PageOptions } from './list';
export {
  AppointmentLockedError,
  type AppointmentChangeDeps,
  type ChangeQuestion,
  cancelAppointment,
  rescheduleAppointment,
} from './service';
export { appointmentIcs, googleCalendarUrl, icsFileName, outlookCalendarUrl } from './links';
export { APPOINTMENT_MESSAGES } from './validation';
export { formTimeIn, instantOf, longDateIn, parseFormTime, timeRangeIn } from './time';
export { findAppointment, type AppointmentOwner, type AppointmentRecord, type AppointmentTab } from './repo';
export {
  BOOKING_CONFLICTS,
  BookingConflict,
  type BookingConflictCode,
  type BookingRequest,
  bookConsultation,
  bookingJobs,
  cancelConsultationAsClient,
  type Consultation,
  consultationSlots,
  PROVIDER_NOTIFICATION_JOB,
  providerNotificationText,
  type ProviderSlots,
} from './booking';
export { bookableSlots, isBookable } from './slots';
export * as devClientRecords from './dev-client-records';
