// The dashboard's profile checklist (spec 2 §2): the fourteen items, in the spec's order, each met
// or not according to the profile alone. One pure function, so the rules are tested without a database.
import type { DashboardProfile } from '../../domain/providers';

export type ChecklistKey =
  | 'basic-information'
  | 'contact-information'
  | 'degrees'
  | 'professions'
  | 'languages'
  | 'locations'
  | 'licensure'
  | 'ongoing-session-fee'
  | 'clientele'
  | 'profile-photo'
  | 'top-specialties'
  | 'general-expertise'
  | 'treatment-approaches'
  | 'start-membership';

export interface ChecklistItem {
  key: ChecklistKey;
  label: string;
  href: string;
}

/** What the checklist reads from a profile (the providers module's dashboard snapshot). */
export type ChecklistProfile = Pick<
  DashboardProfile,
  | 'id'
  | 'type'
  | 'firstName'
  | 'lastName'
  | 'companyName'
  | 'phoneNumber'
  | 'contactEmail'
  | 'tagCounts'
  | 'topSpecialtyCount'
  | 'locationStates'
  | 'licenseStates'
  | 'sessionFeeOngoing'
  | 'sessionLengthOngoing'
  | 'imageKey'
  | 'hasPaidPlan'
>;

/** Specialties needed for the general expertise list (spec 2 §9: specialties 3–20). */
export const MIN_SPECIALTIES = 3;

const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';
const present = (value: unknown) => value !== null && value !== undefined && value !== '';
const count = (profile: ChecklistProfile, type: string) => profile.tagCounts[type] ?? 0;

const GENERAL = '/profile/general-information';

interface Rule {
  key: ChecklistKey;
  label: string;
  href: (profile: ChecklistProfile) => string;
  /** Only for this provider type. */
  only?: ChecklistProfile['type'];
  met: (profile: ChecklistProfile) => boolean;
}

/** The fourteen items of spec 2 §2, in its order. Choices where the spec is silent: docs/decisions.md "Dashboard". */
const RULES: Rule[] = [
  {
    key: 'basic-information',
    label: 'Basic Information',
    href: () => GENERAL,
    met: (p) => (p.type === 'practice' ? filled(p.companyName) : filled(p.firstName) && filled(p.lastName)),
  },
  {
    key: 'contact-information',
    label: 'Contact Information',
    href: () => GENERAL,
    met: (p) => filled(p.phoneNumber) && filled(p.contactEmail),
  },
  { key: 'degrees', label: 'Degrees', href: () => GENERAL, only: 'individual', met: (p) => count(p, 'degrees') > 0 },
  { key: 'professions', label: 'Professions', href: () => GENERAL, met: (p) => count(p, 'professions') > 0 },
  { key: 'languages', label: 'Languages', href: () => GENERAL, met: (p) => count(p, 'languages') > 0 },
  {
    key: 'locations',
    label: 'Locations',
    href: () => '/profile/availability-locations#practice-locations',
    met: (p) => p.locationStates.length > 0,
  },
  {
    // At least one licence, and one for every state the provider practises in (spec 2 §5 Licences).
    key: 'licensure',
    label: 'Licensure',
    href: () => `${GENERAL}#licensure`,
    met: (p) => p.licenseStates.length > 0 && p.locationStates.every((state) => p.licenseStates.includes(state)),
  },
  {
    key: 'ongoing-session-fee',
    label: 'Ongoing session fee',
    href: () => '/profile/insurance-fees',
    met: (p) => present(p.sessionFeeOngoing) && present(p.sessionLengthOngoing),
  },
  {
    key: 'clientele',
    label: 'Clientele',
    href: () => '/profile/clientele-approach',
    met: (p) => count(p, 'clientele') > 0,
  },
  { key: 'profile-photo', label: 'Profile photo', href: () => '/profile/photos-video', met: (p) => filled(p.imageKey) },
  {
    key: 'top-specialties',
    label: 'Top specialties',
    href: () => '/profile/specialties',
    met: (p) => p.topSpecialtyCount > 0,
  },
  {
    key: 'general-expertise',
    label: 'General expertise',
    href: () => '/profile/specialties',
    met: (p) => count(p, 'specialties') >= MIN_SPECIALTIES,
  },
  {
    key: 'treatment-approaches',
    label: 'Treatment approaches',
    href: () => '/profile/clientele-approach',
    met: (p) => count(p, 'approaches') > 0,
  },
  {
    key: 'start-membership',
    label: 'Start membership',
    href: (p) => `/profiles/pay-for/${p.id}`,
    met: (p) => p.hasPaidPlan,
  },
];

/** Every item that applies to this provider type, in order (the full list, met or not). */
export function checklistItemsFor(type: ChecklistProfile['type']): { key: ChecklistKey; label: string }[] {
  return RULES.filter((rule) => !rule.only || rule.only === type).map(({ key, label }) => ({ key, label }));
}

/** The unmet items of the checklist, in the spec's order. */
export function profileChecklist(profile: ChecklistProfile): ChecklistItem[] {
  return RULES.filter((rule) => (!rule.only || rule.only === profile.type) && !rule.met(profile)).map((rule) => ({
    key: rule.key,
    label: rule.label,
    href: rule.href(profile),
  }));
}

/** Statuses that show the checklist card (spec 2 §2). */
export const CHECKLIST_STATUSES = ['incomplete', 'inactive', 'reviewing'];

/**
 * The onboarding screen replaces the dashboard while the profile is reviewing or incomplete and the
 * checklist is empty or holds only Start membership (spec 2 §2; spec 1 §2 collapses the side menu then).
 */
export function showsOnboardingScreen(status: string, unmet: ChecklistItem[]): boolean {
  if (status !== 'reviewing' && status !== 'incomplete') return false;
  return unmet.every((item) => item.key === 'start-membership');
}
