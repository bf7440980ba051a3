// The practice-management actions (spec 3 §4, §7): start a clinic (Try or Set Up), keep the portal's copy
// of the clinic in step with the EHR, and turn a provider's EHR booking link on or off. Each takes the
// acting user and loads records through them: an account or provider they may not reach is not found.
import type { Knex } from 'knex';
import type { ReadCache } from '../../db/read-cache';
import {
  canSeeAccount,
  canSeePracticeManagement,
  canSeePrivatePayBoosterLogin,
  hasClinicianAccess,
  type PolicyActor,
} from '../accounts';
import { privatePayBoosterAccountOf } from '../private-pay-booster';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { OutsideServiceError } from '../../integrations/outside-api';
import type { Ehr, EhrClinic } from '../../integrations/ehr';
import * as repo from './repo';
import {
  type BookingLink,
  type ClinicFacts,
  type Cta,
  ctaFor,
  parseLinkOverride,
  PRACTICE_MANAGEMENT_TEXTS as TEXTS,
  type PracticeManagementFacts,
  SUBDOMAIN_PATTERN,
  stageOf,
  TRIAL_DAYS,
  upgradePath,
} from './rules';

export interface PracticeManagementDeps {
  db: Knex;
  ehr: Ehr;
}

/** How long the add-on buttons' account read may be served from the read cache (a change empties it sooner). */
const ADD_ON_CACHE_MS = 60_000;

const clinicFacts = (clinic: EhrClinic): ClinicFacts => ({
  subdomain: clinic.subdomain,
  trialEnd: clinic.trialEnd,
  status: clinic.status,
  link: clinic.link || null,
  clinicId: clinic.clinicId || null,
  providerId: clinic.providerId || null,
});

/**
 * The practice-management facts of a profile's account, for a user who reaches the profile (clinician
 * access) or holds a role on the account; anyone else: not found.
 */
export async function factsOf(
  db: Knex,
  actor: PolicyActor,
  provider: { id: number; accountId: number },
): Promise<PracticeManagementFacts> {
  if (!hasClinicianAccess(actor, provider.id) && !canSeeAccount(actor, provider.accountId)) throw new NotFoundError();
  const facts = await repo.loadFacts(db, provider.accountId);
  if (!facts) throw new NotFoundError();
  return facts;
}

/**
 * Asks the EHR for the account's clinic and keeps the portal's copy in step (pending → active, a new trial
 * end). Returns the facts as they are now; the EHR's failure is thrown (the caller shows the stored copy).
 */
export async function refreshClinic(
  deps: PracticeManagementDeps,
  facts: PracticeManagementFacts,
  requestId: string | null,
): Promise<PracticeManagementFacts> {
  const clinic = facts.clinic;
  if (!clinic?.providerId) return facts;
  const found = (await deps.ehr.listClinics(clinic.providerId, requestId)).find(
    (c) => c.subdomain === clinic.subdomain,
  );
  if (!found) return facts;
  const fresh: ClinicFacts = {
    ...clinicFacts(found),
    clinicId: found.clinicId || clinic.clinicId,
    providerId: clinic.providerId,
  };
  if (JSON.stringify(fresh) === JSON.stringify(clinic)) return facts;
  await repo.saveClinic(deps.db, facts.accountId, fresh);
  return { ...facts, clinic: fresh };
}

export type StartOutcome = 'trial' | 'bought' | 'exists';

/**
 * Try (no paid plan: a trial of TRIAL_DAYS) or Set Up (paid, no clinic yet): the EHR makes the clinic, then
 * the account records it. The EHR is called outside any transaction (it cannot be rolled back), and its
 * call is idempotent: a retry after a crash between the two gets the same clinic. The record is a short
 * transaction holding the account's row: a clinic recorded meanwhile by another post wins ('exists'). A
 * failure of the EHR saves nothing. Owners only.
 */
export async function startClinic(
  deps: PracticeManagementDeps,
  actor: PolicyActor,
  input: { accountId: number; providerId: number; subdomain: unknown },
  requestId: string | null,
): Promise<StartOutcome> {
  if (!canSeeAccount(actor, input.accountId)) throw new NotFoundError();
  if (!canSeePracticeManagement(actor, input.accountId)) throw new ForbiddenError();
  const subdomain = typeof input.subdomain === 'string' ? input.subdomain.trim().toLowerCase() : '';
  if (!subdomain) throw new ValidationError({ subdomain: TEXTS.subdomainRequired });
  if (!SUBDOMAIN_PATTERN.test(subdomain)) throw new ValidationError({ subdomain: TEXTS.subdomainInvalid });
  const provider = await repo.loadBookingLink(deps.db, input.providerId);
  if (!provider || provider.accountId !== input.accountId) throw new NotFoundError();
  const facts = await repo.loadFacts(deps.db, input.accountId);
  if (!facts) throw new NotFoundError();
  if (facts.clinic) return 'exists';
  let clinic: EhrClinic;
  try {
    clinic = await deps.ehr.createClinic({
      providerId: input.providerId,
      subdomain,
      trialDays: facts.hasPaidPlan ? 0 : TRIAL_DAYS,
      requestId,
      idempotencyKey: `clinic-${input.accountId}-${input.providerId}-${subdomain}`,
    });
  } catch (error) {
    if (error instanceof OutsideServiceError && error.status === 409)
      throw new ValidationError({ subdomain: TEXTS.subdomainTaken });
    throw error;
  }
  return deps.db.transaction(async (trx) => {
    const current = await repo.loadFacts(trx, input.accountId, { lock: true });
    if (!current) throw new NotFoundError();
    if (current.clinic) return 'exists';
    await repo.saveClinic(trx, input.accountId, {
      ...clinicFacts(clinic),
      subdomain: clinic.subdomain || subdomain,
      providerId: input.providerId,
    });
    return facts.hasPaidPlan ? 'bought' : 'trial';
  });
}

/** The provider's booking link, when the user may change it: clinician access to the profile, or the account's owner. */
export async function bookingLinkOf(db: Knex, actor: PolicyActor, providerId: number): Promise<repo.ProviderLinkRow> {
  const row = await repo.loadBookingLink(db, providerId);
  if (!row || !(hasClinicianAccess(actor, providerId) || canSeePracticeManagement(actor, row.accountId)))
    throw new NotFoundError();
  return row;
}

export type BookingLinkOutcome = 'enabled' | 'disabled' | 'needs-setup';

/**
 * Turns the EHR booking link on or off (spec 3 §4). On needs a link override or the clinic's booking page
 * ready; without either nothing changes and the setup dialog is the answer ('needs-setup'). The EHR is told
 * first, outside any transaction (setting a status twice is harmless), then the column is saved: if the
 * EHR refuses, nothing is saved.
 */
export async function changeBookingLink(
  deps: PracticeManagementDeps,
  actor: PolicyActor,
  input: { providerId: number; status: unknown; linkOverride?: unknown },
  requestId: string | null,
): Promise<BookingLinkOutcome> {
  const row = await bookingLinkOf(deps.db, actor, input.providerId);
  if (input.status !== 'active' && input.status !== 'inactive')
    throw new ValidationError({ status: 'Choose whether the booking link is on or off.' });
  const facts = await repo.loadFacts(deps.db, row.accountId);
  if (!facts || (!facts.clinic && !facts.hasPaidPlan)) throw new ForbiddenError(TEXTS.noPracticeManagement);
  const current: BookingLink = row.link ?? { status: 'inactive', link_override: null, clinic_booking_url: null };
  let next: BookingLink;
  if (input.status === 'inactive') {
    next = { ...current, status: 'inactive' };
  } else {
    // The dialog's field replaces the override (emptied: none); the plain switch keeps the one stored.
    let override = current.link_override;
    if (input.linkOverride !== undefined) {
      const parsed = parseLinkOverride(input.linkOverride);
      if (parsed.error) throw new ValidationError({ link_override: parsed.error });
      override = parsed.value;
    }
    let clinicUrl = current.clinic_booking_url ?? null;
    if (!override) {
      const ready = facts.clinic ? await deps.ehr.bookingPageReady(input.providerId, requestId) : false;
      if (!ready) return 'needs-setup';
      clinicUrl = deps.ehr.bookingPageUrl(facts.clinic!.subdomain, input.providerId);
    }
    next = { status: 'active', link_override: override, clinic_booking_url: clinicUrl };
  }
  await deps.ehr.setBookingLink(input.providerId, next.status, requestId);
  await repo.saveBookingLink(deps.db, input.providerId, next);
  return next.status === 'active' ? 'enabled' : 'disabled';
}

/** The call-to-action buttons of an account's add-ons for the dashboard and the benefit pages (spec 1 §2, §6). */
export interface AddOnButtons {
  practiceManagement: Cta | null;
  /** A running trial, for whom the button shows: when it ends (ISO, read in `timeZone`) and where to buy. */
  practiceManagementTrial: { endsAt: string; timeZone: string; buyHref: string } | null;
  /** The Log in to Private Pay Booster form's provider, when the button shows. */
  privatePayBooster: { providerId: number } | null;
}

export async function addOnButtonsFor(
  db: Knex,
  signInUrl: (subdomain: string) => string,
  actor: PolicyActor,
  provider: { id: number; accountId: number; timezone?: string },
  now: Date,
  options: { reads?: ReadCache } = {},
): Promise<AddOnButtons> {
  // The dashboard is a hot page: its read is served from the read cache until the account changes.
  const load = async () => {
    const [facts, policy] = await Promise.all([
      repo.loadFacts(db, provider.accountId),
      privatePayBoosterAccountOf(db, provider.accountId),
    ]);
    return facts && policy ? { facts, policy } : null;
  };
  const row = options.reads
    ? await options.reads.read(`add-ons:${provider.accountId}`, ADD_ON_CACHE_MS, load)
    : await load();
  if (!row) return { practiceManagement: null, practiceManagementTrial: null, privatePayBooster: null };
  const showsPrivatePayBooster = canSeePrivatePayBoosterLogin(actor, row.policy);
  const practiceManagement = ctaFor(actor, row.facts, now, signInUrl);
  const trialEnd = row.facts.clinic?.trialEnd;
  return {
    practiceManagement,
    practiceManagementTrial:
      practiceManagement && trialEnd && stageOf(row.facts, now) === 'trial'
        ? {
            endsAt: trialEnd,
            timeZone: provider.timezone ?? 'America/New_York',
            buyHref: upgradePath(row.facts.accountId),
          }
        : null,
    privatePayBooster: showsPrivatePayBooster ? { providerId: provider.id } : null,
  };
}
