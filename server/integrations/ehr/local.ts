// The EHR offline: clinics and booking pages kept in our database (the stand-in's own schema, local_ehr:
// server/integrations/local-state.ts), so the whole practice-management flow runs without the outside
// system and the tests use it. A new clinic is
// pending until its setup is finished; the dev page /dev/ehr (never in production) stands in for the
// EHR's own staff: it finishes a clinic's setup, ends a trial now and marks a booking page ready.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { LOCAL_TABLES, localStateReady } from '../local-state';
import { OutsideServiceError } from '../outside-api';
import type { ClinicStatus, CreateClinic, Ehr, EhrClinic } from './port';
import { bookingPageUrlOf, signInUrlOf } from './urls';

const DAY_MS = 24 * 60 * 60 * 1000;
const CLINICS = LOCAL_TABLES.ehrClinics;
const BOOKING_PAGES = LOCAL_TABLES.ehrBookingPages;

/** The local EHR's tables, created the first time it is used on this database. */
const installed = (db: Knex) => localStateReady(db, 'ehr');

interface ClinicRow {
  clinic_id: string;
  provider_id: number | null;
  subdomain: string;
  status: ClinicStatus;
  trial_end: Date | null;
  created_at: Date;
}

export interface LocalEhrOptions {
  /** PRACTICE_MANAGEMENT_URL: where a clinic signs in; {subdomain} is replaced. */
  practiceManagementUrl: string;
  /** The portal's own address: a pending local clinic's link is the dev stand-in of the EHR's setup page. */
  portalUrl: string;
}

/** Where the dev stand-in shows a local clinic (its "setup page" while pending). */
export const localClinicPath = (clinicId: string) => `/dev/ehr#clinic-${clinicId}`;

function clinicOf(row: ClinicRow, options: LocalEhrOptions): EhrClinic {
  return {
    clinicId: row.clinic_id,
    providerId: row.provider_id,
    subdomain: row.subdomain,
    status: row.status,
    trialEnd: row.trial_end ? new Date(row.trial_end).toISOString() : null,
    link:
      row.status === 'pending'
        ? `${options.portalUrl}${localClinicPath(row.clinic_id)}`
        : signInUrlOf(options.practiceManagementUrl, row.subdomain),
  };
}

export function createLocalEhr(db: Knex, options: LocalEhrOptions): Ehr {
  const toClinic = (row: ClinicRow) => clinicOf(row, options);

  return {
    provider: 'local',

    async createClinic({ providerId, accountId, subdomain, clinicId, trialDays, requestId }: CreateClinic) {
      await installed(db);
      const trialEnd = trialDays > 0 ? new Date(Date.now() + trialDays * DAY_MS) : null;
      const rows = (await db(CLINICS)
        .insert({
          clinic_id: clinicId || `local-${randomUUID()}`,
          provider_id: providerId,
          account_id: providerId === null ? (accountId ?? null) : null,
          subdomain,
          status: 'pending',
          trial_end: trialEnd,
        })
        .onConflict('subdomain')
        .ignore()
        .returning('*')) as ClinicRow[];
      if (rows[0]) return toClinic(rows[0]);
      // A retry of a request that made the clinic (the caller died before recording it): the same clinic.
      const existing = (await db(CLINICS).where({ subdomain }).first()) as
        | (ClinicRow & { account_id: number | null })
        | undefined;
      const sameOwner =
        existing &&
        (providerId !== null
          ? existing.provider_id === providerId
          : existing.provider_id === null && existing.account_id === accountId);
      if (existing && sameOwner && (!clinicId || existing.clinic_id === clinicId)) return toClinic(existing);
      // The outside EHR answers a subdomain someone else holds with a conflict; so does this one.
      throw new OutsideServiceError(
        `ehr POST add: 409 the subdomain ${subdomain} is taken`,
        'ehr',
        requestId ?? null,
        409,
      );
    },

    async listClinics(providerId) {
      await installed(db);
      const rows = (await db(CLINICS).where({ provider_id: providerId }).orderBy('created_at')) as ClinicRow[];
      return rows.map(toClinic);
    },

    async bookingPageReady(providerId) {
      await installed(db);
      const row = await db(BOOKING_PAGES).where({ provider_id: providerId }).first('ready');
      return Boolean(row?.ready);
    },

    async setBookingLink(providerId, status) {
      await installed(db);
      await db(BOOKING_PAGES)
        .insert({ provider_id: providerId, link_status: status })
        .onConflict('provider_id')
        .merge({ link_status: status, updated_at: db.fn.now() });
    },

    signInUrl: (subdomain) => signInUrlOf(options.practiceManagementUrl, subdomain),
    bookingPageUrl: (subdomain, providerId) => bookingPageUrlOf(options.practiceManagementUrl, subdomain, providerId),
  };
}

// ---- The dev stand-in's controls (/dev/ehr): what the EHR's own staff and system would do.

export interface LocalEhrState {
  clinics: (EhrClinic & { createdAt: string })[];
  bookingPages: { providerId: number; ready: boolean; linkStatus: 'active' | 'inactive' }[];
}

export async function localEhrState(db: Knex, options: LocalEhrOptions): Promise<LocalEhrState> {
  await installed(db);
  const rows = (await db(CLINICS).orderBy('created_at', 'desc').limit(200)) as ClinicRow[];
  const providerIds = [...new Set(rows.map((row) => row.provider_id).filter((id) => id !== null))];
  const clinics = rows.map((row) => ({ ...clinicOf(row, options), createdAt: new Date(row.created_at).toISOString() }));
  const pages: { provider_id: number; ready: boolean; link_status: 'active' | 'inactive' }[] = await db(BOOKING_PAGES)
    .orderBy('provider_id')
    .select('provider_id', 'ready', 'link_status');
  const listed = new Map(
    pages.map((p) => [p.provider_id, { providerId: p.provider_id, ready: p.ready, linkStatus: p.link_status }]),
  );
  // Every clinic's provider has a booking page, ready or not.
  for (const providerId of providerIds)
    if (!listed.has(providerId)) listed.set(providerId, { providerId, ready: false, linkStatus: 'inactive' });
  return { clinics, bookingPages: [...listed.values()].sort((a, b) => a.providerId - b.providerId) };
}

/** The EHR finished setting the clinic up: it is active. False when there is no such clinic. */
export async function finishLocalClinicSetup(db: Knex, clinicId: string): Promise<boolean> {
  await installed(db);
  return (await db(CLINICS).where({ clinic_id: clinicId }).update({ status: 'active', updated_at: db.fn.now() })) > 0;
}

/** The clinic's trial ends now (to see Activate without waiting). */
export async function endLocalTrialNow(db: Knex, clinicId: string): Promise<boolean> {
  await installed(db);
  return (
    (await db(CLINICS)
      .where({ clinic_id: clinicId })
      .whereNotNull('trial_end')
      .update({ trial_end: new Date(Date.now() - 60_000), updated_at: db.fn.now() })) > 0
  );
}

/** The provider's booking page in the clinic is (not) ready for clients. */
export async function setLocalBookingPageReady(db: Knex, providerId: number, ready: boolean): Promise<void> {
  await installed(db);
  await db(BOOKING_PAGES)
    .insert({ provider_id: providerId, ready })
    .onConflict('provider_id')
    .merge({ ready, updated_at: db.fn.now() });
}
