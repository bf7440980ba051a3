// The external-calendars module's public face: everything outside server/domain/external-calendars/
// imports from here.
export {
  accountStatus,
  type AccountStatus,
  linkAccountCalendar,
  linkMicrosoftAccount,
  linkMicrosoftCalendar,
  MICROSOFT_LINK_MESSAGES,
  potentialMicrosoftCalendars,
  unlinkAccount,
} from './accounts';
export { isPublicAddress } from './address-check';
export {
  CALDAV_LIMITS,
  CALDAV_LINK_MESSAGES,
  type CaldavDeps,
  type CaldavForm,
  connectCaldavAccount,
  linkCaldavCalendar,
  mergeCalendarObjects,
  potentialCaldavCalendars,
  validateCaldavForm,
} from './caldav';
export { freshAccessToken, freshToken, grantedScopes, type OAuthService, withAccessToken } from './google-account';
export { busyFromIcs, estimatedRepetitions, EXPANSION_LIMITS, EXPANSION_MESSAGES, MAX_BUSY_SPANS } from './ics';
export { FEED_READ_LIMITS, READ_MESSAGES, readBusyOffThread } from './ics-reader';
export { externalCalendarJobs } from './jobs';
export { RENEW_WATCHES_JOB, STOP_WATCH_JOB, WATCH_CALENDAR_JOB } from './job-names';
export {
  enqueueDueWatches,
  GOOGLE_WEBHOOK_PATH,
  type GoogleNotification,
  type NotificationOutcome,
  PUSH_LIMITS,
  pushAddress,
  receiveGoogleNotification,
  watchCalendar,
  type WatchOutcome,
} from './push';
export {
  type AccountService,
  type CalendarKind,
  type ExternalCalendar,
  listCalendars as listExternalCalendars,
  findCalendar as findExternalCalendar,
} from './repo';
export {
  FEED_FETCH_LIMITS,
  FeedError,
  fetchFeed,
  FETCH_MESSAGES,
  type FetchFeedOptions,
  resolvePublicAddress,
  type SafeAnswer,
  type SafeRequest,
  safeRequest,
} from './safe-fetch';
export {
  addIcsFeed,
  enqueueAllSyncs,
  GOOGLE_LINK_MESSAGES,
  googleAccountStatus,
  type GoogleAccountStatus,
  linkGoogleAccount,
  linkGoogleCalendar,
  potentialGoogleCalendars,
  removeExternalCalendar,
  retryExternalCalendar,
  SYNC_ALL_CALENDARS_JOB,
  SYNC_CALENDAR_JOB,
  unlinkGoogleAccount,
} from './service';
export {
  busyBlocks,
  MIN_BLOCK_MINUTES,
  syncExternalCalendar,
  type SyncDeps,
  type SyncOutcome,
  syncWindow,
} from './sync';
export { checkFeedUrl, FEED_LIMITS, FEED_MESSAGES, validateFeedForm } from './validation';
export {
  chooseWriteBackCalendar,
  outgoingEvent,
  WRITE_BACK_FIELD,
  WRITE_BACK_MESSAGES,
  type WriteBackChoice,
  type WriteBackOutcome,
  type WriteBackServices,
  writeBackConsultation,
} from './write-back';
