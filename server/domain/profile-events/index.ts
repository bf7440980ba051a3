// The profile-events module's public face: everything outside server/domain/profile-events/ imports from here.
export {
  PROFILE_EVENT_KINDS,
  type ProfileEvent,
  type ProfileEventKind,
  type ProfileEventMonth,
  profileEventsByMonth,
  recordProfileEvents,
} from './repo';
