// The locations module's public face: everything outside server/domain/locations/ imports from here.
export {
  insertLocations,
  listForProvider,
  listStates,
  acceptingLocationsQuery,
  type LocationRecord,
  locationStates,
  locationStatesQuery,
  namedLocationStates,
  type NewLocation,
  updateLocation,
} from './repo';
export {
  afterAcceptingChange,
  deleteLocations,
  FLASH_KEY,
  postedIds,
  saveLocation,
  stampAvailability,
} from './service';
export {
  type Accepting,
  ACCEPTING_OPTIONS,
  acceptingLabel,
  CLOSED,
  DAYS,
  HOURS_MAX,
  INQUIRE,
  LOCATION_FORM_MESSAGES,
  needsOpenTimes,
  NOTE_MAX,
  OFFICE_FIELDS,
  parseAccepting,
  postedFlags,
  TIME_FLAGS,
  type TimeFlags,
} from './validation';
