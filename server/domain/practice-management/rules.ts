// The practice-management (EHR) rules of spec 3 §4 and spec 1 §2, §6, as pure functions: which stage an
// account is at, and which call-to-action button (Try / Set Up / Log in to / Activate Practice Management)
// a user sees. The page, the dashboard and the benefit pages all ask here.
import { canSeePracticeManagement, type PolicyActor } from '../accounts';

/** Days of the EHR trial that Try Practice Management starts (docs/decisions.md). */
export const TRIAL_DAYS = 14;

/** What the portal keeps of an account's clinic (accounts.practice_management, spec 3 §3). */
export interface ClinicFacts {
  subdomain: string;
  /** ISO date-time; null: no trial (bought outright). */
  trialEnd: string | null;
  status: 'pending' | 'active';
  /** A pending clinic's setup page, an active one's sign-in page; null when the EHR gave none. */
  link: string | null;
  clinicId: string | null;
  /** The provider the clinic was made for (the EHR's calls are per provider). */
  providerId: number | null;
}

export interface PracticeManagementFacts {
  accountId: number;
  /** accounts.has_paid_practice_management_plan (from the billing mirror). */
  hasPaidPlan: boolean;
  clinic: ClinicFacts | null;
}

/**
 * none: nothing yet (Try); paid-not-set-up: bought, no clinic yet (Set Up); pending: the clinic is being
 * set up by the EHR (Set Up, its link); trial: before trial_end, counts as active (Log in); trial-ended: after
 * trial_end without a paid plan (Activate); active: paid (Log in).
 */
export type PracticeManagementStage = 'none' | 'paid-not-set-up' | 'pending' | 'trial' | 'trial-ended' | 'active';

export function stageOf(facts: PracticeManagementFacts, now: Date): PracticeManagementStage {
  const { clinic, hasPaidPlan } = facts;
  if (!clinic) return hasPaidPlan ? 'paid-not-set-up' : 'none';
  const trialRunning = clinic.trialEnd !== null && Date.parse(clinic.trialEnd) > now.getTime();
  // Without a paid plan, a trial that has ended (or a clinic with no trial at all) needs activating first.
  if (!hasPaidPlan && !trialRunning) return 'trial-ended';
  if (clinic.status === 'pending') return 'pending';
  return hasPaidPlan ? 'active' : 'trial';
}

export type CtaKind = 'try' | 'set-up' | 'log-in' | 'activate';

export const CTA_LABELS: Record<CtaKind, string> = {
  try: 'Try Practice Management',
  'set-up': 'Set Up Practice Management',
  'log-in': 'Log in to Practice Management',
  activate: 'Activate Practice Management',
};

export interface Cta {
  kind: CtaKind;
  label: string;
  href: string;
  /** Opens the EHR itself (a new tab), not a portal page. */
  external: boolean;
}

export const PRACTICE_MANAGEMENT_PATH = '/practice-management';
export const upgradePath = (accountId: number) => `/practice-management/upgrade/${accountId}`;

/**
 * The practice-management button a user sees for an account, or null. Only an account owner sees any of
 * them (spec 1 §6 names Try and Set up; the policy keeps all four with the owner, who holds the
 * subscription). Try and Set Up lead to /practice-management, Log in to the clinic's sign-in page,
 * Activate to the upgrade flow.
 */
export function ctaFor(
  actor: PolicyActor,
  facts: PracticeManagementFacts,
  now: Date,
  signInUrl: (subdomain: string) => string,
): Cta | null {
  if (!canSeePracticeManagement(actor, facts.accountId)) return null;
  const page = (kind: CtaKind): Cta => ({
    kind,
    label: CTA_LABELS[kind],
    href: PRACTICE_MANAGEMENT_PATH,
    external: false,
  });
  switch (stageOf(facts, now)) {
    case 'none':
      return page('try');
    case 'paid-not-set-up':
    case 'pending':
      return page('set-up');
    case 'trial':
    case 'active':
      return { kind: 'log-in', label: CTA_LABELS['log-in'], href: signInUrl(facts.clinic!.subdomain), external: true };
    case 'trial-ended':
      return { kind: 'activate', label: CTA_LABELS.activate, href: upgradePath(facts.accountId), external: false };
  }
}

/** A subdomain is one DNS label: 3 to 63 lowercase letters, digits and hyphens, no hyphen at either end. */
export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,61}[a-z0-9])$/;

export const PRACTICE_MANAGEMENT_TEXTS = {
  subdomainRequired: 'Subdomain required.',
  subdomainInvalid: 'Use 3 to 63 lowercase letters, numbers and hyphens, starting and ending with a letter or number.',
  subdomainTaken: 'This subdomain is already taken. Please choose another.',
  trialStarted: `Your ${TRIAL_DAYS}-day Practice Management trial has started! Finish setting up your clinic to log in.`,
  clinicRequested: 'Your Practice Management clinic has been requested! Finish setting it up to log in.',
  alreadyStarted: 'Your account already has a Practice Management clinic.',
  /** Spec 2 §2 / spec 3 §4 "Your … EHR booking link has been enabled/disabled!"; the … is the product's name. */
  bookingLinkEnabled: 'Your Practice Management EHR booking link has been enabled!',
  bookingLinkDisabled: 'Your Practice Management EHR booking link has been disabled!',
  linkOverrideInvalid: 'Enter the full address of your booking page, starting with https://',
  noPracticeManagement: 'Start Practice Management before turning on its booking link.',
} as const;

/** The booking link's stored shape (providers.practice_management_booking_link). */
export interface BookingLink {
  status: 'active' | 'inactive';
  link_override: string | null;
  /** The clinic's own booking page, recorded when the link is turned on with a ready page. */
  clinic_booking_url?: string | null;
}

/** Where the link leads while active: its override, else the clinic's page (https only, as the calendar reads it). */
export function bookingLinkHref(link: BookingLink | null): string | null {
  const href = link?.link_override?.trim() || link?.clinic_booking_url?.trim() || '';
  return /^https:\/\//i.test(href) ? href : null;
}

/** A link override as typed: empty is none; otherwise an https address. */
export function parseLinkOverride(value: unknown): { value: string | null; error: string | null } {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return { value: null, error: null };
  try {
    const url = new URL(text);
    if (url.protocol !== 'https:' || !url.hostname.includes('.') || text.length > 2000) throw new Error('not https');
    return { value: url.toString(), error: null };
  } catch {
    return { value: text, error: PRACTICE_MANAGEMENT_TEXTS.linkOverrideInvalid };
  }
}
