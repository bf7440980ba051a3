// Who may do what (spec 1 §6 Roles and permissions), in one place. Pure functions of the signed-in
// user's roles, scopes and clinician access; routes, menus and services ask here and nowhere else.

/** Roles attach per account (account_roles.role). billing-manager is ours: billing without ownership. */
export type AccountRole =
  | 'owner'
  | 'intake-coordinator'
  | 'intake-exporter'
  | 'reimbursify-lead-practitioner'
  | 'reimbursify-practitioner'
  | 'reimbursify-administrator'
  | 'billing-manager';

export const REIMBURSIFY_ROLES: readonly string[] = [
  'reimbursify-lead-practitioner',
  'reimbursify-practitioner',
  'reimbursify-administrator',
];

/** What the policy reads about the acting user (a Viewer satisfies it). */
export interface PolicyActor {
  user: { scopes: string[] };
  roles: { accountId: number; role: string }[];
  /** The profiles the user has clinician access to (provider_clinicians). */
  providers: { id: number }[];
}

/** A provider profile as the policy sees it. */
export interface PolicyProvider {
  id: number;
  accountId: number;
  type?: 'individual' | 'practice';
  hasPaidPlan?: boolean;
}

/** An account as the Private Pay Booster and Start membership rules see it. */
export interface PolicyAccount {
  id: number;
  reimbursifyAccountCreated?: boolean;
  /** accounts.legacy_or_seat_based_subscription_is_good (billing derives it; false until then). */
  legacyOrSeatSubscriptionIsGood?: boolean;
  featureFlags?: Record<string, unknown>;
  /** Membership tier and practice-management add-on (spec 3); billing supplies them. */
  tier?: 'basic' | 'professional' | 'premium' | null;
  hasPracticeManagement?: boolean;
}

export const ACCESS_DENIED = 'You do not have access to this part of the Members Portal';
export const RESOURCE_DENIED = 'Oops! You are unable to access this resource...';

const roleOn = (actor: PolicyActor, role: string, accountId?: number) =>
  actor.roles.some((r) => r.role === role && (accountId === undefined || r.accountId === accountId));
/** "Users without an account" of spec 1 §6: no role on any account. */
export const hasAccount = (actor: PolicyActor): boolean => actor.roles.length > 0;

export const isOwner = (actor: PolicyActor, accountId?: number): boolean => roleOn(actor, 'owner', accountId);

/** A client login (scope client) that has no provider side: it may not use provider pages. */
export const isClientOnly = (actor: PolicyActor): boolean =>
  actor.user.scopes.includes('client') && !actor.user.scopes.includes('provider');

/** Clinician access: the user may open and edit this profile's content. */
export const hasClinicianAccess = (actor: PolicyActor, providerId: number): boolean =>
  actor.providers.some((p) => p.id === providerId);

/** The provider is within the user's reach at all: clinician access or any role on its account. Else: 404. */
export const canSeeProvider = (actor: PolicyActor, provider: PolicyProvider): boolean =>
  hasClinicianAccess(actor, provider.id) || actor.roles.some((r) => r.accountId === provider.accountId);

/** An account id in a URL must be one of the user's accounts. Else: 404. */
export const canSeeAccount = (actor: PolicyActor, accountId: number): boolean =>
  actor.roles.some((r) => r.accountId === accountId);

// ---------------------------------------------------------------- account-level permissions (owner)

/** Creating profiles (/profiles/create) is account-level: owners only. */
export const canCreateProfiles = (actor: PolicyActor, accountId?: number): boolean => isOwner(actor, accountId);

/** The accounts a new profile may be created in. */
export const creationAccountIds = (actor: PolicyActor): number[] =>
  actor.roles.filter((r) => r.role === 'owner').map((r) => r.accountId);

/** Plan pages (/plan-management, /checkout/..., upgrades) need someone who may manage billing somewhere. */
export const canManagePlans = (actor: PolicyActor): boolean => isOwner(actor) || roleOn(actor, 'billing-manager');

/** Try / Set up / Log in to / Activate Practice Management buttons and menu link: account owners only. */
/** The Team page (/practice/team, issue [22]): an account's owner only. */
export const canManageTeam = (actor: PolicyActor, accountId?: number): boolean => isOwner(actor, accountId);

export const canSeePracticeManagement = (actor: PolicyActor, accountId?: number): boolean => isOwner(actor, accountId);

/** Billing of one provider: the owner of its account or a billing manager of that account. */
export const canManageBilling = (actor: PolicyActor, provider: PolicyProvider): boolean =>
  canManageAccountBilling(actor, provider.accountId);

/** Billing of a whole account (its upgrades): its owner or a billing manager. */
export const canManageAccountBilling = (actor: PolicyActor, accountId: number): boolean =>
  isOwner(actor, accountId) || roleOn(actor, 'billing-manager', accountId);

/** Go-live needs account-level permission (the owner of the provider's account); else the not-permitted modal. */
export const canGoLive = (actor: PolicyActor, provider: PolicyProvider): boolean => isOwner(actor, provider.accountId);

/** Editing a profile's content: clinician access to it. */
export const canEditProfile = (actor: PolicyActor, provider: PolicyProvider): boolean =>
  hasClinicianAccess(actor, provider.id);

// ---------------------------------------------------------------- role pages

/** Practice Inbox (/practice-inbox...): intake-coordinator on some account. */
export const canUsePracticeInbox = (actor: PolicyActor, accountId?: number): boolean =>
  roleOn(actor, 'intake-coordinator', accountId);

/** Saved replies of the practice inbox (/practice-inbox/saved-replies, issue [22]): the account's owner or intake coordinator. */
export const canManageSavedReplies = (actor: PolicyActor, accountId?: number): boolean =>
  canUsePracticeInbox(actor, accountId) || isOwner(actor, accountId);

/** Referral Data (/referral-data): intake-exporter on some account. */
export const canExportReferrals = (actor: PolicyActor, accountId?: number): boolean =>
  roleOn(actor, 'intake-exporter', accountId);

/**
 * The Log in to Private Pay Booster button (spec 1 §6): the owner or a reimbursify role on the account,
 * when the account has a Private Pay Booster account or a good legacy or seat subscription, unless the
 * account flag hide-reimbursify-sso-upgrade is set.
 */
export function canSeePrivatePayBoosterLogin(actor: PolicyActor, account: PolicyAccount): boolean {
  const roleOk =
    isOwner(actor, account.id) ||
    actor.roles.some((r) => r.accountId === account.id && REIMBURSIFY_ROLES.includes(r.role));
  const accountOk = Boolean(account.reimbursifyAccountCreated || account.legacyOrSeatSubscriptionIsGood);
  return roleOk && accountOk && !account.featureFlags?.['hide-reimbursify-sso-upgrade'];
}

/** The Private Pay Booster upgrade flow is gated by the account flag account-enable-sso-upgrade-current-reimbursify. */
export const privatePayBoosterUpgradeEnabled = (account: PolicyAccount): boolean =>
  Boolean(account.featureFlags?.['account-enable-sso-upgrade-current-reimbursify']);

/** A basic tier together with practice management is inconsistent (spec 1 §6: alert + redirect home). */
export const INCONSISTENT_PLAN =
  'Your account has a basic membership together with practice management, which cannot be combined. Please contact support so we can correct your plan before you start a new membership.';

export const hasInconsistentPlan = (accounts: PolicyAccount[]): boolean =>
  accounts.some((a) => a.tier === 'basic' && Boolean(a.hasPracticeManagement));

/**
 * Start membership (spec 1 §6): the user may manage billing for the provider, the provider has no paid
 * plan, and no account of the user has the inconsistent basic + practice-management combination. The
 * tiers come from the billing mirror (planAccountsOf).
 */
export const canStartMembership = (
  actor: PolicyActor,
  provider: PolicyProvider,
  accounts: PolicyAccount[] = [],
): boolean => canManageBilling(actor, provider) && !provider.hasPaidPlan && !hasInconsistentPlan(accounts);

// ---------------------------------------------------------------- wording

export type Wording = 'you' | 'your practice' | 'your provider';

/**
 * The clinician role scoped to a provider decides how pages speak of it (spec 1 §6): a practice profile
 * is "your practice"; an individual profile the user is clinician of is "you"; any other profile (an
 * owner without clinician access, e.g. one made for another clinician) is "your provider".
 */
export function wordingFor(actor: PolicyActor, provider: PolicyProvider): Wording {
  if (provider.type === 'practice') return 'your practice';
  return hasClinicianAccess(actor, provider.id) ? 'you' : 'your provider';
}

/** The possessive of a wording: "your", "your practice's", "your provider's". */
export const possessive = (wording: Wording): string => (wording === 'you' ? 'your' : `${wording}'s`);

/** On the create-profile page the chosen type decides the wording: for you, your practice or your provider. */
export const creationWording = (type: 'individual' | 'practice' | 'new-user'): Wording =>
  type === 'practice' ? 'your practice' : type === 'new-user' ? 'your provider' : 'you';
