// Location rules (spec 2 §4 Accepting status, §5 Location form, §7 Locations): add an office or an
// online state (with its licence when the state has none), edit, delete, and the accepting status.
// Every function reaches the locations through the acting user's clinician access: a location of a
// profile the user cannot edit is simply not found. One transaction per call.
import type { Knex } from 'knex';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { addLicense, licensedStates } from '../licenses';
import { type PolicyActor, editableProviderId } from '../accounts';
import * as repo from './repo';
import {
  LOCATION_FORM_MESSAGES,
  sameAddress,
  validateLocationForm,
  validateLocationLicense,
  type Accepting,
  type LocationInput,
} from './validation';
import { mergeCustomContent, readCustomContent } from '../profile-content';
import { askFirst, type ConfirmationNeeded } from '../../lib/confirmation';
export type { LocationRecord } from './repo';

/** The key of a rule's message that the page shows as an error flash (spec 2 §8), not beside a field. */
export const FLASH_KEY = 'form';
const anyAccepting = (locations: { accepting: number }[]) => locations.some((l) => l.accepting > 0);

/**
 * After accepting statuses changed (spec 2 §4): if every location was off and one now accepts while a
 * scheduling (acuity) link exists, the link is displayed again. When every location is off the phone
 * link cannot be offered (§5 Contact methods), so it is hidden, and the contact form shown so clients
 * can still write.
 */
export async function afterAcceptingChange(
  trx: Knex.Transaction,
  providerId: number,
  acceptingBefore: boolean,
): Promise<void> {
  const acceptingAfter = anyAccepting(await repo.listForProvider(trx, providerId));
  const content = (await readCustomContent(trx, providerId, { forUpdate: true })) ?? {};
  if (!acceptingBefore && acceptingAfter && typeof content.acuity_link === 'string' && content.acuity_link.trim()) {
    await mergeCustomContent(trx, providerId, { display_acuity_scheduling_link: true });
  } else if (!acceptingAfter && content.display_acuity_scheduling_link === true) {
    await mergeCustomContent(trx, providerId, { display_acuity_scheduling_link: false, display_contact_form: true });
  }
}

/** Any update to availability counts as confirming it (spec 2 §4 confirmation prompt). */
export async function stampAvailability(trx: Knex.Transaction, providerId: number, now = new Date()): Promise<void> {
  await mergeCustomContent(trx, providerId, { availability_last_updated: now.toISOString() });
}

const columnsOf = (value: LocationInput, previous?: Accepting): repo.LocationColumns => ({
  remote_location: value.remote_location,
  location_name: value.location_name,
  address: value.address,
  address_2: value.address_2,
  city: value.city,
  zip: value.zip,
  state: value.state,
  accepting_patients: value.accepting_patients,
  // "After updating accepting_patients the previous values are kept" (spec 2 §4).
  ...(previous !== undefined && previous !== value.accepting_patients ? { previous_accepting_patients: previous } : {}),
  hours: value.hours,
  display_address: value.display_address,
  ada_accessible: value.ada_accessible,
  in_home: value.in_home,
  ...value.flags,
});

export interface SaveLocationResult {
  locationId: number;
  licenseAdded: boolean;
}

/**
 * Adds (locationId null) or updates one location, in one transaction. A location in a state where the
 * provider holds no licence also needs the licence (number, type, year): both are saved together or
 * neither is. Duplicate rules come back under FLASH_KEY.
 */
export async function saveLocation(
  db: Knex,
  actor: PolicyActor,
  providerId: number,
  locationId: number | null,
  body: Record<string, unknown>,
  options: { remote?: boolean; now?: Date } = {},
): Promise<SaveLocationResult> {
  editableProviderId(actor, providerId);
  const now = options.now ?? new Date();
  const states = await repo.listStates(db);
  return db.transaction(async (trx) => {
    const locations = await repo.listForProvider(trx, providerId, { lock: true });
    const existing = locationId === null ? null : locations.find((l) => l.id === locationId);
    if (locationId !== null && !existing) throw new NotFoundError();
    const remote = existing ? existing.remote : Boolean(options.remote);
    const form = validateLocationForm(body, { remote, editing: existing !== null, states: states.map((s) => s.code) });

    // The licence is asked when the chosen state has none (and, on edit, when the state changes to one).
    const licensed = new Set(await licensedStates(trx, providerId));
    const chosenState =
      form.value?.state ??
      String(body.state ?? '')
        .trim()
        .toUpperCase();
    const needsLicense =
      Boolean(chosenState) &&
      states.some((s) => s.code === chosenState) &&
      !licensed.has(chosenState) &&
      existing?.state !== chosenState;
    const license = needsLicense ? validateLocationLicense(body, now) : null;
    const errors = { ...form.errors, ...(license?.errors ?? {}) };
    if (Object.keys(errors).length || !form.value) throw new ValidationError(errors);
    const value = form.value;

    const others = locations.filter((l) => l.id !== locationId);
    if (
      !remote &&
      others.some(
        (l) =>
          !l.remote &&
          sameAddress(value, { address: l.address, address_2: l.address_2, city: l.city, state: l.state, zip: l.zip }),
      )
    ) {
      throw new ValidationError({ [FLASH_KEY]: LOCATION_FORM_MESSAGES.duplicateAddress });
    }
    if (remote && others.some((l) => l.remote && l.state === value.state)) {
      const name = states.find((s) => s.code === value.state)?.name ?? value.state;
      throw new ValidationError({ [FLASH_KEY]: LOCATION_FORM_MESSAGES.duplicateOnline(name) });
    }

    const acceptingBefore = anyAccepting(locations);
    let id: number;
    if (existing) {
      id = existing.id;
      await repo.updateLocation(trx, id, columnsOf(value, existing.accepting));
    } else {
      id = await repo.insertLocation(trx, providerId, columnsOf(value));
    }
    if (license?.value) await addLicense(trx, providerId, { state: value.state, ...license.value });
    await afterAcceptingChange(trx, providerId, acceptingBefore);
    await stampAvailability(trx, providerId, now);
    return { locationId: id, licenseAdded: Boolean(license?.value) };
  });
}

/** Parses the posted location ids (checkboxes named location_ids). */
export function postedIds(value: unknown): number[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value];
  return [...new Set(list.map((v) => (typeof v === 'string' || typeof v === 'number' ? Number(v) : NaN)))].filter(
    (n) => Number.isSafeInteger(n) && n > 0,
  );
}

export type DeleteOutcome = { deleted: number } | ConfirmationNeeded<repo.LocationRecord[]>;

/**
 * Deletes the selected locations (spec 2 §5): at least one selected, at least one left, ids only of
 * this provider (else not found). Without `confirmed` nothing is deleted: the selection comes back to
 * be confirmed.
 */
export async function deleteLocations(
  db: Knex,
  actor: PolicyActor,
  providerId: number,
  ids: number[],
  confirmed: boolean,
): Promise<DeleteOutcome> {
  editableProviderId(actor, providerId);
  return db.transaction(async (trx) => {
    const locations = await repo.listForProvider(trx, providerId, { lock: true });
    const chosen = ids.map((id) => locations.find((l) => l.id === id));
    if (chosen.some((l) => !l)) throw new NotFoundError();
    if (!ids.length) throw new ValidationError({ [FLASH_KEY]: LOCATION_FORM_MESSAGES.selectToDelete });
    if (locations.length - ids.length < 1)
      throw new ValidationError({ [FLASH_KEY]: LOCATION_FORM_MESSAGES.atLeastOne });
    if (!confirmed)
      return askFirst(LOCATION_FORM_MESSAGES.confirmDelete(chosen.length), chosen as repo.LocationRecord[]);
    const acceptingBefore = anyAccepting(locations);
    const deleted = await repo.deleteLocations(trx, providerId, ids);
    await afterAcceptingChange(trx, providerId, acceptingBefore);
    return { deleted };
  });
}
