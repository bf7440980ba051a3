// /profile/availability-locations: the availability section and contact methods (spec 2 §4 Accepting
// status, §5 Text fields "Availability notice", §5 Contact methods), messages word for word.
import { findContactDetails } from '../../text/contact-details';
import {
  LOCATION_FORM_MESSAGES,
  needsOpenTimes,
  NOTE_MAX,
  parseAccepting,
  postedFlags,
  type Accepting,
  type TimeFlags,
} from '../../domain/locations';

/** 15 days (1,296,000,000 ms): an older availability update asks the provider to confirm it. */
export const CONFIRM_AFTER_MS = 1_296_000_000;

export const CONTACT_MESSAGES = {
  bothOff: "Turning both contact options off means clients can't reach you...",
  // The spec: hiding the form "states that 75% of inquiries come through it"; the wording is ours.
  hideForm:
    'About 75% of client inquiries come through your contact form. Are you sure you want to hide it from your profile?',
  needsLink: 'To offer phone consultations, please set up your phone consultation scheduling link first.',
  needsAccepting: 'To offer phone consultations, at least one of your locations must be accepting new clients.',
  saved: 'Your contact methods have been updated!',
} as const;

export const AVAILABILITY_MESSAGES = {
  saved: 'Your availability has been updated!',
  confirmed: 'Thank you for confirming your availability!',
  error: LOCATION_FORM_MESSAGES.availabilityError,
} as const;

/** Field names of one location in the availability section (spec 2 §7: "id and accepting_patients"). */
export const acceptingField = (id: number) => `accepting_patients_${id}`;
export const flagSuffix = (id: number) => `_${id}`;
export const openTimesKey = (id: number) => `open_times_${id}`;

export interface AvailabilityRow {
  id: number;
  accepting: Accepting;
  flags: TimeFlags;
}

/** The availability notice: at most 200 characters, no URLs, phone numbers or e-mail addresses. */
export function checkNotes(value: unknown): { value: string; error?: string } {
  const text = (typeof value === 'string' ? value : '').trim();
  if (text.length > NOTE_MAX) return { value: text, error: LOCATION_FORM_MESSAGES.noteMax };
  if (findContactDetails(text).length) return { value: text, error: LOCATION_FORM_MESSAGES.noteContacts };
  return { value: text };
}

/**
 * The posted availability of each listed location: accepting (Yes 40 / Waitlist 20 / No 0) and the time
 * flags; an accepting location needs at least one time.
 */
export function validateAvailability(
  body: Record<string, unknown>,
  ids: number[],
): { rows: AvailabilityRow[]; notes: string; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const rows: AvailabilityRow[] = [];
  for (const id of ids) {
    const accepting = parseAccepting(body[acceptingField(id)]);
    const flags = postedFlags(body, flagSuffix(id));
    if (accepting === null) {
      errors[acceptingField(id)] = 'Please choose Yes, Waitlist or No.';
      continue;
    }
    if (needsOpenTimes(accepting, flags)) errors[openTimesKey(id)] = LOCATION_FORM_MESSAGES.openTimes;
    rows.push({ id, accepting, flags });
  }
  const notes = checkNotes(body.availability_notes);
  if (notes.error) errors.availability_notes = notes.error;
  return { rows, notes: notes.value, errors };
}

/** Whether the confirmation prompt shows: locations exist and the last update is 15 days old or absent. */
export function needsConfirmation(lastUpdated: unknown, locationCount: number, now: Date): boolean {
  if (locationCount === 0) return false;
  const at = typeof lastUpdated === 'string' ? Date.parse(lastUpdated) : NaN;
  return Number.isNaN(at) || now.getTime() - at >= CONFIRM_AFTER_MS;
}
