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
} from './booking';
export * as devClientRecords from './dev-client-records';
export { appointmentIcs, googleCalendarUrl, icsFileName, outlookCalendarUrl } from './links';
export { type AppointmentPage, appointmentPage, isAppointmentTab, type PageOptions } from './list';
export {
  type AppointmentState,
  isChangeable,
  RESCHEDULE_WINDOW_DAYS,
  stateOf,
  typeLabelOf,
} from './panel';
export { bookingReferralsSql } from './referrals';
export { type AppointmentOwner, type AppointmentRecord, type AppointmentTab, findAppointment } from './repo';
export {
  type AppointmentChangeDeps,
  AppointmentLockedError,
  type ChangeQuestion,
  cancelAppointment,
  rescheduleAppointment,
} from './service';
export { bookableSlots, isBookable } from './slots';
export { formTimeIn, instantOf, longDateIn, parseFormTime, timeRangeIn } from './time';
export { APPOINTMENT_MESSAGES } from './validation';
export {
  appointmentsBetween,
  type UpcomingAppointment,
  upcomingAppointments,
  type WeekAppointment,
} from './week';
