// The view model of /profile/availability-locations, shared by its sections.

export const PAGE_PATH = '/profile/availability-locations';

export interface Option {
  value: string;
  label: string;
  hint?: string;
}

export interface LocationView {
  id: number;
  remote: boolean;
  /** The location's name, or "Online sessions" for an online-only state. */
  title: string;
  addressLines: string[];
  state: string;
  stateName: string;
  locationName: string;
  address: string;
  address_2: string;
  city: string;
  zip: string;
  accepting: string;
  acceptingLabel: string;
  flags: Record<string, boolean>;
  /** Seven strings, Monday to Sunday, or null when never set. */
  hours: string[] | null;
  displayAddress: boolean;
  adaAccessible: boolean;
  inHome: boolean;
  shouldDisplay: boolean;
}

export interface VacationView {
  status: 'active' | 'inactive';
  phase: 'running' | 'scheduled' | 'ended' | 'off';
  startDate: string;
  endDate: string;
  message: string;
  /** "March 5, 2026, 00:00 UTC" and the like, for the read view. */
  startsAtText: string | null;
  endsAtText: string | null;
}

export interface PageView {
  locations: LocationView[];
  states: { code: string; name: string }[];
  licensedStates: string[];
  years: number[];
  notes: string;
  noteMax: number;
  lastUpdatedText: string | null;
  confirmationNeeded: boolean;
  contact: {
    phone: boolean;
    form: boolean;
    hasSchedulingLink: boolean;
    anyAccepting: boolean;
    phoneUnavailable: string | null;
  };
  vacation: VacationView;
  acceptingOptions: Option[];
  timeOptions: Option[];
  days: string[];
  closed: string;
  inquire: string;
  hoursMax: number;
  /** Asked before one location is deleted (with JavaScript; the server asks the same without). */
  deleteQuestion: string;
}

/** A question the page asks before going on (the no-JavaScript form of a confirm dialog). */
export type Confirm =
  | { kind: 'delete'; text: string; locations: { id: number; title: string }[] }
  | { kind: 'hide-form'; text: string }
  | { kind: 'switch'; text: string; status: 'active' | 'inactive' };

export interface PageProps {
  view: PageView;
  /** The open form: availability, vacation-responder, contact-methods, new-office, new-online, location-{id}. */
  editing: string | null;
  /** What was posted to the open form (kept on a 422). */
  typed: Record<string, unknown> | null;
  errors: Record<string, string>;
  confirm: Confirm | null;
}

/** The open-times a location accepts clients at, as one line of text. */
export const timesText = (flags: Record<string, boolean>, options: Option[]) =>
  options
    .filter((o) => flags[o.value])
    .map((o) => o.label)
    .join(', ');

/** The states as options of a select. */
export const stateOptions = (view: PageView) => view.states.map((st) => ({ value: st.code, label: st.name }));
