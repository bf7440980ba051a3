// The practice-management documents: accounts.practice_management (the clinic, spec 3 §3) and
// providers.practice_management_booking_link, read and written through their tables' owners.
import type { Knex } from 'knex';
import { practiceManagementColumnsOf, savePracticeManagement } from '../accounts';
import { bookingLinkColumnsOf, saveBookingLink as saveBookingLinkDocument } from '../providers';
import type { BookingLink, ClinicFacts, PracticeManagementFacts } from './rules';

export type Db = Knex | Knex.Transaction;

interface StoredClinic {
  subdomain?: string;
  trial_end?: string | null;
  status?: string;
  link?: string | null;
  clinic_id?: string | null;
  provider_id?: number | null;
}

export function clinicFromStored(stored: StoredClinic | null | undefined): ClinicFacts | null {
  if (!stored || typeof stored.subdomain !== 'string' || !stored.subdomain) return null;
  return {
    subdomain: stored.subdomain,
    trialEnd: typeof stored.trial_end === 'string' ? stored.trial_end : null,
    // Clinics stored before the status was kept were made by the EHR's own sign-up: set up.
    status: stored.status === 'pending' ? 'pending' : 'active',
    link: typeof stored.link === 'string' ? stored.link : null,
    clinicId: typeof stored.clinic_id === 'string' ? stored.clinic_id : null,
    providerId:
      Number.isSafeInteger(Number(stored.provider_id)) && stored.provider_id ? Number(stored.provider_id) : null,
  };
}

export function storedFromClinic(clinic: ClinicFacts): StoredClinic {
  return {
    subdomain: clinic.subdomain,
    trial_end: clinic.trialEnd,
    status: clinic.status,
    link: clinic.link,
    clinic_id: clinic.clinicId,
    provider_id: clinic.providerId,
  };
}

export async function loadFacts(
  db: Db,
  accountId: number,
  options: { lock?: boolean } = {},
): Promise<PracticeManagementFacts | null> {
  const row = await practiceManagementColumnsOf(db, accountId, options);
  if (!row) return null;
  return {
    accountId: row.id,
    hasPaidPlan: row.has_paid_practice_management_plan,
    clinic: clinicFromStored(row.practice_management as StoredClinic | null),
  };
}

export async function saveClinic(db: Db, accountId: number, clinic: ClinicFacts): Promise<void> {
  await savePracticeManagement(db, accountId, storedFromClinic(clinic));
}

export interface ProviderLinkRow {
  providerId: number;
  accountId: number;
  link: BookingLink | null;
}

export async function loadBookingLink(
  db: Db,
  providerId: number,
  options: { lock?: boolean } = {},
): Promise<ProviderLinkRow | null> {
  const row = await bookingLinkColumnsOf(db, providerId, options);
  if (!row) return null;
  const stored = row.practice_management_booking_link as Partial<BookingLink> | null;
  return {
    providerId: row.id,
    accountId: row.account_id,
    link:
      stored && (stored.status === 'active' || stored.status === 'inactive')
        ? {
            status: stored.status,
            link_override: stored.link_override ?? null,
            clinic_booking_url: stored.clinic_booking_url ?? null,
          }
        : null,
  };
}

export async function saveBookingLink(db: Db, providerId: number, link: BookingLink): Promise<void> {
  await saveBookingLinkDocument(db, providerId, link);
}
