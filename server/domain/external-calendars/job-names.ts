// The names of the module's jobs, in one file that imports nothing, so the files that enqueue them and
// the one that defines them never import each other in a circle.
export const SYNC_CALENDAR_JOB = 'external-calendars.sync';
export const SYNC_ALL_CALENDARS_JOB = 'external-calendars.sync-all';
export const WATCH_CALENDAR_JOB = 'external-calendars.watch';
export const RENEW_WATCHES_JOB = 'external-calendars.renew-watches';
export const STOP_WATCH_JOB = 'external-calendars.stop-watch';
