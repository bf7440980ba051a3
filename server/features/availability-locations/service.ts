// /profile/availability-locations (spec 2 §2 Profile pages, §4 Accepting status, §5 Contact methods):
// the page's data, the availability section, the confirmation prompt and the contact methods. Location
// editing lives in ../locations, the vacation responder in ../vacation-responder. Everything works on
// the viewer's selected profile, reached through clinician access (else not found).
import type { Knex } from 'knex';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { Viewer } from '../../domain/accounts';
import { expirationYears } from '../../domain/licenses';
import * as locationRepo from '../../domain/locations';
import * as licenses from '../../domain/licenses';
import { afterAcceptingChange, FLASH_KEY, stampAvailability } from '../../domain/locations';
import { canEditProfile } from '../../domain/accounts';
import { loadVacation, type VacationView } from '../../domain/vacation-responder';
import { CONTACT_MESSAGES, needsConfirmation, validateAvailability } from './validation';
import { isChecked } from '../../lib/form';
import { mergeCustomContent, readCustomContent } from '../../domain/profile-content';
import { askFirst, type ConfirmationNeeded } from '../../lib/confirmation';

/** The selected profile's id, when the viewer may edit it. */
export function selectedProviderId(viewer: Viewer): number {
  const provider = viewer.provider;
  if (!provider || !canEditProfile(viewer, provider)) throw new NotFoundError();
  return provider.id;
}

export interface ContactMethods {
  /** display_acuity_scheduling_link: the phone consultation link on the profile. */
  phone: boolean;
  /** display_contact_form (shown unless turned off). */
  form: boolean;
  hasSchedulingLink: boolean;
  anyAccepting: boolean;
}

export interface PageData {
  providerId: number;
  locations: locationRepo.LocationRecord[];
  states: { code: string; name: string }[];
  licensedStates: string[];
  years: number[];
  notes: string;
  lastUpdated: string | null;
  confirmationNeeded: boolean;
  contact: ContactMethods;
  vacation: VacationView;
}

const contactMethodsOf = (content: Record<string, unknown>, locations: { accepting: number }[]): ContactMethods => ({
  phone: content.display_acuity_scheduling_link === true,
  form: content.display_contact_form !== false,
  hasSchedulingLink: typeof content.acuity_link === 'string' && content.acuity_link.trim() !== '',
  anyAccepting: locations.some((l) => l.accepting > 0),
});

export async function loadPage(db: Knex, viewer: Viewer, now = new Date()): Promise<PageData> {
  const providerId = selectedProviderId(viewer);
  const [locations, states, licensedStates, content, vacation] = await Promise.all([
    locationRepo.listForProvider(db, providerId),
    locationRepo.listStates(db),
    licenses.licensedStates(db, providerId),
    readCustomContent(db, providerId),
    loadVacation(db, viewer, providerId, now),
  ]);
  if (!content) throw new NotFoundError();
  const lastUpdated = typeof content.availability_last_updated === 'string' ? content.availability_last_updated : null;
  return {
    providerId,
    locations,
    states,
    licensedStates,
    years: expirationYears(now),
    notes: typeof content.availability_notes === 'string' ? content.availability_notes : '',
    lastUpdated,
    confirmationNeeded: needsConfirmation(lastUpdated, locations.length, now),
    contact: contactMethodsOf(content, locations),
    vacation,
  };
}

/** Posted ids of the locations the availability form listed (hidden location_ids fields). */
function listedIds(value: unknown): number[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((v) => Number(v));
}

/**
 * Saves the availability section in one transaction: each listed location's accepting status (the
 * previous value kept) and time flags, and the availability notes; stamps availability_last_updated.
 */
export async function saveAvailability(
  db: Knex,
  viewer: Viewer,
  body: Record<string, unknown>,
  now = new Date(),
): Promise<void> {
  const providerId = selectedProviderId(viewer);
  await db.transaction(async (trx) => {
    const locations = await locationRepo.listForProvider(trx, providerId, { lock: true });
    const ids = listedIds(body.location_ids);
    // Another account's location (or a deleted one) is simply not found.
    if (ids.some((id) => !locations.some((l) => l.id === id))) throw new NotFoundError();
    const checked = validateAvailability(body, [...new Set(ids)]);
    if (Object.keys(checked.errors).length) throw new ValidationError(checked.errors);
    const acceptingBefore = locations.some((l) => l.accepting > 0);
    for (const row of checked.rows) {
      const stored = locations.find((l) => l.id === row.id)!;
      await locationRepo.updateLocation(trx, row.id, {
        accepting_patients: row.accepting,
        ...(stored.accepting !== row.accepting ? { previous_accepting_patients: stored.accepting } : {}),
        ...row.flags,
      });
    }
    await mergeCustomContent(trx, providerId, { availability_notes: checked.notes });
    await afterAcceptingChange(trx, providerId, acceptingBefore);
    await stampAvailability(trx, providerId, now);
  });
}

/** "Yes, my availability is up to date": stamps availability_last_updated. */
export async function confirmAvailability(db: Knex, viewer: Viewer, now = new Date()): Promise<void> {
  const providerId = selectedProviderId(viewer);
  await db.transaction((trx) => stampAvailability(trx, providerId, now));
}

/**
 * Contact methods (spec 2 §5): the phone consultation link and the contact form cannot both be off;
 * the phone link needs a scheduling link and an accepting location; hiding the form asks first.
 */
export async function saveContactMethods(
  db: Knex,
  viewer: Viewer,
  body: Record<string, unknown>,
): Promise<'saved' | ConfirmationNeeded> {
  const providerId = selectedProviderId(viewer);
  const phone = isChecked(body.display_acuity_scheduling_link);
  const form = isChecked(body.display_contact_form);
  return db.transaction(async (trx) => {
    const content = (await readCustomContent(trx, providerId, { forUpdate: true })) ?? {};
    const current = contactMethodsOf(content, await locationRepo.listForProvider(trx, providerId));
    if (!phone && !form) throw new ValidationError({ [FLASH_KEY]: CONTACT_MESSAGES.bothOff });
    if (phone && !current.phone) {
      if (!current.hasSchedulingLink) throw new ValidationError({ [FLASH_KEY]: CONTACT_MESSAGES.needsLink });
      if (!current.anyAccepting) throw new ValidationError({ [FLASH_KEY]: CONTACT_MESSAGES.needsAccepting });
    }
    if (!form && current.form && !isChecked(body.confirmed)) return askFirst(CONTACT_MESSAGES.hideForm);
    await mergeCustomContent(trx, providerId, { display_acuity_scheduling_link: phone, display_contact_form: form });
    return 'saved' as const;
  });
}
