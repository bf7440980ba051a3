// Licences and the supervisor licence (spec 2 §3 License, §4 Licence verification, §5 Licences, §7).
// Every function reaches the licences through the acting user's clinician access: a licence of a
// profile the user cannot edit is simply not found. A new or changed licence goes back to
// Unverified (the team checks it within 48 business hours); only support sets the other states.
import type { Knex } from 'knex';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { type PolicyActor, editableProviderId } from '../accounts';
import * as repo from './repo';
import {
  postedLicenseRows,
  supervisorSchema,
  SUPERVISOR_MESSAGES,
  validateLicenseRows,
  type LicenseRowInput,
  type PostedLicenseRow,
  type SupervisorInput,
  type Verification,
} from './validation';
import { validate } from '../../lib/validation';
export type { LicenseRecord } from './repo';
export { postedLicenseRows };

/** The alert when the last licence of a state of practice would go (spec 2 §5; wording ours). */
export const licenseRequiredMessage = (stateName: string) =>
  `A license is required for every state you practice in. Please add another ${stateName} license before removing this one.`;

/**
 * What the licence rules read of the provider's practice: the states of its locations and the list of
 * states, both the locations module's. That module depends on this one (a location form adds a licence),
 * so its functions are handed in by the caller rather than imported.
 */
export interface PracticeStates {
  locationStates(db: Knex | Knex.Transaction, providerId: number): Promise<string[]>;
  listStates(db: Knex | Knex.Transaction): Promise<{ code: string; name: string }[]>;
}

export interface Licensing {
  licenses: repo.LicenseRecord[];
  /** Licence ids that may not be deleted: the only licence of a state where the provider has a location. */
  undeletable: Set<number>;
  supervisor: repo.SupervisorFields | null;
  states: { code: string; name: string }[];
}

/** Ids of licences that are the only one of a state where the provider has a location. */
export function requiredLicenseIds(licenses: { id: number; state: string }[], locationStates: string[]): Set<number> {
  const practised = new Set(locationStates);
  const byState = new Map<string, number[]>();
  for (const license of licenses) byState.set(license.state, [...(byState.get(license.state) ?? []), license.id]);
  return new Set(
    [...byState.entries()].filter(([state, ids]) => practised.has(state) && ids.length === 1).map(([, ids]) => ids[0]!),
  );
}

/** The supervisor licence is the same on every licence; the first one that has it speaks for all. */
const supervisorOf = (licenses: repo.LicenseRecord[]): repo.SupervisorFields | null => {
  const found = licenses.find((l) => l.supervisorName || l.supervisorLicense || l.supervisorLicenseType);
  return found
    ? {
        supervisor_name: found.supervisorName,
        supervisor_license: found.supervisorLicense,
        supervisor_license_type: found.supervisorLicenseType,
      }
    : null;
};

export async function loadLicensing(
  db: Knex,
  actor: PolicyActor,
  providerId: number,
  practice: PracticeStates,
): Promise<Licensing> {
  editableProviderId(actor, providerId);
  const [licenses, locationStates, states] = await Promise.all([
    repo.listForProvider(db, providerId),
    practice.locationStates(db, providerId),
    practice.listStates(db),
  ]);
  return {
    licenses,
    undeletable: requiredLicenseIds(licenses, locationStates),
    supervisor: supervisorOf(licenses),
    states,
  };
}

/** One licence of the provider (for the delete confirmation), or not found. */
export async function findLicense(
  db: Knex,
  actor: PolicyActor,
  providerId: number,
  licenseId: number,
): Promise<repo.LicenseRecord> {
  editableProviderId(actor, providerId);
  const license = Number.isSafeInteger(licenseId) && licenseId > 0 ? await repo.findById(db, licenseId) : null;
  if (!license || license.providerId !== providerId) throw new NotFoundError();
  return license;
}

/**
 * Adds one licence, Unverified, carrying the provider's supervisor licence if it has one. For callers
 * that already validated the row inside their own transaction (the location form saves a licence
 * together with its location).
 */
export async function addLicense(
  trx: Knex.Transaction,
  providerId: number,
  row: Omit<LicenseRowInput, 'id'>,
): Promise<number> {
  const supervisor = supervisorOf(await repo.listForProvider(trx, providerId));
  return repo.insertLicense(trx, providerId, {
    state: row.state,
    number: row.number,
    license_type: row.license_type,
    expiration: row.expiration,
    ...(supervisor ?? {}),
  });
}

/**
 * Saves the licensure form (spec 2 §7 "licenses (id, state, number, license_type, expiration)"): stored
 * rows are updated (back to Unverified when anything changed), filled new rows are added, and blank new
 * rows ignored. All in one transaction; nothing is written when any row is wrong.
 */
export async function saveLicenses(
  db: Knex,
  actor: PolicyActor,
  providerId: number,
  posted: PostedLicenseRow[],
  practice: PracticeStates,
  now = new Date(),
): Promise<{ added: number; changed: number }> {
  editableProviderId(actor, providerId);
  const states = await practice.listStates(db);
  return db.transaction(async (trx) => {
    const existing = await repo.listForProvider(trx, providerId, { lock: true });
    const byId = new Map(existing.map((l) => [l.id, l]));
    // Someone else's licence id (or a deleted one) is not found, before any message about the fields.
    for (const row of posted) {
      if (row.id.trim() && !byId.has(Number(row.id))) throw new NotFoundError();
    }
    const checked = validateLicenseRows(posted, {
      states: states.map((s) => s.code),
      now,
      storedYears: new Map(existing.map((l) => [l.id, l.expiration])),
    });
    if (checked.errors) throw new ValidationError(checked.errors);

    // A state of practice must keep a licence: a stored licence moved to another state may not leave it bare.
    const after = new Map(existing.map((l) => [l.id, l.state]));
    for (const row of checked.rows) if (row.id) after.set(row.id, row.state);
    const coveredAfter = new Set([...after.values(), ...checked.rows.filter((r) => !r.id).map((r) => r.state)]);
    const locationStates = await practice.locationStates(trx, providerId);
    const errors: Record<string, string> = {};
    for (const row of checked.rows) {
      const before = row.id ? byId.get(row.id)!.state : null;
      if (before && before !== row.state && locationStates.includes(before) && !coveredAfter.has(before)) {
        errors[`licenses[${row.index}][state]`] = licenseRequiredMessage(
          states.find((s) => s.code === before)?.name ?? before,
        );
      }
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);

    let added = 0;
    let changed = 0;
    for (const row of checked.rows) {
      const fields = {
        state: row.state,
        number: row.number,
        license_type: row.license_type,
        expiration: row.expiration,
      };
      if (!row.id) {
        await addLicense(trx, providerId, fields);
        added += 1;
        continue;
      }
      const stored = byId.get(row.id)!;
      const same =
        stored.state === fields.state &&
        stored.number === fields.number &&
        stored.licenseType === fields.license_type &&
        stored.expiration === fields.expiration;
      if (same) continue;
      await repo.updateLicense(trx, row.id, { ...fields, verification: 'Unverified' });
      changed += 1;
    }
    return { added, changed };
  });
}

export type DeleteResult = { deleted: true } | { deleted: false; message: string };

/** Deletes one licence unless it is the only one of a state where the provider has a location. */
export async function deleteLicense(
  db: Knex,
  actor: PolicyActor,
  providerId: number,
  licenseId: number,
  practice: PracticeStates,
): Promise<DeleteResult> {
  editableProviderId(actor, providerId);
  if (!Number.isSafeInteger(licenseId) || licenseId <= 0) throw new NotFoundError();
  const states = await practice.listStates(db);
  return db.transaction(async (trx) => {
    const licenses = await repo.listForProvider(trx, providerId, { lock: true });
    const license = licenses.find((l) => l.id === licenseId);
    if (!license) throw new NotFoundError();
    if (requiredLicenseIds(licenses, await practice.locationStates(trx, providerId)).has(licenseId)) {
      return {
        deleted: false,
        message: licenseRequiredMessage(states.find((s) => s.code === license.state)?.name ?? license.state),
      };
    }
    await repo.deleteLicense(trx, licenseId);
    return { deleted: true };
  });
}

/** Sets the supervisor licence on all of the provider's licences (name, number and type all required). */
export async function saveSupervisor(db: Knex, actor: PolicyActor, providerId: number, body: unknown): Promise<void> {
  editableProviderId(actor, providerId);
  const checked = validate<SupervisorInput>(supervisorSchema, body);
  if (checked.errors) throw new ValidationError(checked.errors);
  await db.transaction(async (trx) => {
    const licenses = await repo.listForProvider(trx, providerId, { lock: true });
    if (!licenses.length) throw new ValidationError({ supervisor_name: SUPERVISOR_MESSAGES.noLicense });
    await repo.setSupervisorOnAll(trx, providerId, checked.value);
  });
}

/** Removes the supervisor licence: the three fields become null on all licences (spec 2 §5). */
export async function removeSupervisor(db: Knex, actor: PolicyActor, providerId: number): Promise<void> {
  editableProviderId(actor, providerId);
  await db.transaction(async (trx) => {
    await repo.setSupervisorOnAll(trx, providerId, {
      supervisor_name: null,
      supervisor_license: null,
      supervisor_license_type: null,
    });
  });
}

// --- Support side -----------------------------------------------------------------------------------

/** Support's verdict on a licence (the support command; no provider-facing route sets it). */
export async function setLicenseVerification(
  db: Knex,
  licenseId: number,
  verification: Verification,
  notes?: string,
): Promise<repo.LicenseRecord | null> {
  const changed = await repo.setVerification(db, licenseId, verification, notes);
  return changed ? repo.findById(db, licenseId) : null;
}

export const unverifiedLicenses = (db: Knex) => repo.listUnverified(db);
