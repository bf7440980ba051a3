// The rules of registration (spec 1 §4 Registration and onboarding, §8 Registration failures): the
// bot check, what an e-mail already on file means, and creating login + account + owner role +
// profile + clinician access in one transaction. Never sees req/res.
import type { Knex } from 'knex';
import type { Config } from '../../config';
import type { BotCheckInput, Captcha } from '../../integrations/captcha';
import type { Outgoing } from '../../jobs/outgoing';
import {
  attemptPassword,
  hashPassword,
  hashToken,
  heldByUnpaidSignup,
  issueEmailConfirmation,
  listedName,
  looksLikeLinkToken,
  practiceManagementUrl,
  queueEmailConfirmation,
  releaseUnpaidHold,
  RESERVED_NAME_ERROR,
  teamRoleLabel,
} from '../../domain/accounts';
import type { InviteRow, Throttles } from '../../domain/accounts';
import * as authRepo from '../../domain/accounts';
import { signupRecords } from '../../domain/accounts';
import type { SignupThrottle } from './throttle';
import {
  signupSource,
  type InviteInput,
  type ProviderInput,
  type RegistrationInput,
  type SignupOffer,
} from './validation';
import {
  findLiveInvite,
  findWizardState,
  grantClinicianAccess,
  insertNewProvider,
  isReservedName,
} from '../../domain/providers';

export interface SignupDeps {
  db: Knex;
  outgoing: Outgoing;
  captcha: Captcha;
  config: Config;
  throttles: Throttles;
  signups: SignupThrottle;
}
export interface RequestMeta {
  ip?: string;
  userAgent?: string;
}

/** Why an e-mail address cannot be used for a new login (spec 1 §2 Registration page, §8). */
export type EmailConflict =
  | { outcome: 'blocked' }
  | { outcome: 'practice-management'; email: string; practiceManagementUrl: string | null }
  | { outcome: 'client'; email: string }
  | { outcome: 'taken'; email: string };

export type Registration =
  | { outcome: 'bot' }
  | { outcome: 'throttled' }
  | EmailConflict
  | { outcome: 'registered'; userId: number; providerId: number; next: string; confirmationSent: boolean }
  | ReservedNameHeld;

/**
 * The profile took a name another account reserved (spec 1 §3, §8): everything was saved, but the new
 * account is held (accounts.error = 'reserved_name') until our team has checked, and nobody is signed in.
 */
export interface ReservedNameHeld {
  outcome: 'reserved-name';
  name: string;
}

/** The wizard step after Create Account; the wizard itself forwards to the first unfinished step. */
export const nextWizardPath = (providerId: number) => `/profiles/create/${providerId}`;

/**
 * What an address already on file means, in this order: a broken account (error set) → blocked;
 * only standalone practice-management accounts → that product's page; a client login → the offer to
 * add a therapist profile; anything else → already used. Null when the address is free, or held only
 * by an unpaid /zpm-signup (the new user's transaction releases it: releaseUnpaidHold).
 */
export async function emailConflict(db: Knex, config: Config, email: string): Promise<EmailConflict | null> {
  const user = await signupRecords.findUserByEmail(db, email);
  if (!user || (await heldByUnpaidSignup(db, email))) return null;
  const accounts = await signupRecords.accountsOfUser(db, user.id);
  if (accounts.some((a) => a.error)) return { outcome: 'blocked' };
  if (accounts.length > 0 && accounts.every((a) => a.standalone_practice_management)) {
    const paid = accounts.find((a) => a.has_paid_practice_management_plan);
    return {
      outcome: 'practice-management',
      email: user.email,
      practiceManagementUrl: paid ? practiceManagementUrl(config, paid.practice_management?.subdomain) : null,
    };
  }
  if (user.scopes.includes('client') && !user.scopes.includes('provider'))
    return { outcome: 'client', email: user.email };
  return { outcome: 'taken', email: user.email };
}

const isUniqueEmailViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' &&
  String((error as { constraint?: string }).constraint ?? '').startsWith('users_email');

const audit = (db: Knex, userId: number | null, action: string, meta: RequestMeta, details?: object) =>
  authRepo.recordAudit(db, { userId, action, ip: meta.ip, userAgent: meta.userAgent, details });

/** The account and its first profile for a provider login, inside the caller's transaction. */
async function createAccountWithProvider(
  trx: Knex.Transaction,
  userId: number,
  input: ProviderInput,
  contactEmail: string,
  source: string,
  accountError: string | null = null,
): Promise<number> {
  const name = input.type === 'practice' ? input.company_name! : `${input.first_name} ${input.last_name}`;
  const accountId = await signupRecords.insertAccount(trx, name, accountError);
  await signupRecords.insertAccountRole(trx, userId, accountId, 'owner');
  const providerId = await insertNewProvider(trx, {
    account_id: accountId,
    type: input.type,
    first_name: input.type === 'individual' ? input.first_name! : null,
    last_name: input.type === 'individual' ? input.last_name! : null,
    company_name: input.type === 'practice' ? input.company_name! : null,
    phone_number: input.phone_number ?? null,
    contact_email: contactEmail,
    signup_source: source,
    custom_content: input.type === 'practice' ? { send_referrals_to: input.send_referrals_to } : {},
  });
  await grantClinicianAccess(trx, userId, providerId);
  await signupRecords.selectProvider(trx, userId, providerId);
  return providerId;
}

/**
 * The bot check and the per-IP limit of new logins, before any work. A refused bot counts against the
 * limit too.
 */
async function guard(
  deps: SignupDeps,
  botCheck: BotCheckInput,
  meta: RequestMeta,
): Promise<'bot' | 'throttled' | null> {
  const ip = meta.ip ?? 'unknown';
  if (await deps.signups.exceeded(ip)) return 'throttled';
  if (!(await deps.captcha.verify(botCheck))) {
    await deps.signups.hit(ip);
    await audit(deps.db, null, 'signup_bot_refused', meta);
    return 'bot';
  }
  return null;
}

/** POST /signup (spec 1 §7 POST /auth register). */
export async function register(
  deps: SignupDeps,
  input: RegistrationInput,
  context: { offer: SignupOffer | null; botCheck: BotCheckInput; meta: RequestMeta },
): Promise<Registration> {
  const { db, config } = deps;
  const refused = await guard(deps, context.botCheck, context.meta);
  if (refused) return { outcome: refused };
  const conflict = await emailConflict(db, config, input.email);
  if (conflict) return conflict;

  const listed = listedName(input);
  const reserved = await isReservedName(db, listed);
  const passwordHash = await hashPassword(input.password);
  try {
    const made = await db.transaction(async (trx) => {
      await releaseUnpaidHold(trx, input.email);
      const userId = await signupRecords.insertUser(trx, {
        email: input.email,
        password_hash: passwordHash,
        first_name: input.first_name ?? null,
        last_name: input.last_name ?? null,
        company_name: input.company_name ?? null,
        full_name: input.full_name ?? null,
        phone_number: input.phone_number ?? null,
      });
      const providerId = await createAccountWithProvider(
        trx,
        userId,
        input,
        input.email,
        signupSource(context.offer, 'signup'),
        reserved ? RESERVED_NAME_ERROR : null,
      );
      const token = await issueEmailConfirmation(trx, { id: userId, email: input.email });
      await queueEmailConfirmation(trx, deps, input.email, token);
      await audit(trx, userId, reserved ? 'registered_reserved_name' : 'registered', context.meta, {
        provider_id: providerId,
        type: input.type,
      });
      return { userId, providerId };
    });
    await deps.signups.hit(context.meta.ip ?? 'unknown');
    if (reserved) return { outcome: 'reserved-name', name: listed };
    const confirmationSent = true;
    return {
      outcome: 'registered',
      userId: made.userId,
      providerId: made.providerId,
      next: nextWizardPath(made.providerId),
      confirmationSent,
    };
  } catch (error) {
    // Two posts with one address at the same moment: the database keeps the second out.
    if (isUniqueEmailViolation(error)) return { outcome: 'taken', email: input.email };
    throw error;
  }
}

// ---------------------------------------------------------------- invitations

export interface InviteView {
  /** The profile's name, or for a team invitation the account's. */
  invitedTo: string;
  /** A team invitation's role, as the portal names it; null for a profile invitation. */
  roleLabel: string | null;
  email: string;
}

async function liveInvite(db: Knex, token: string): Promise<InviteRow | null> {
  if (!looksLikeLinkToken(token)) return null;
  return (await findLiveInvite(db, hashToken(token))) ?? null;
}

const inviteProviderName = (invite: InviteRow) =>
  invite.provider_id === null
    ? invite.account_name
    : (invite.provider_type === 'practice' && invite.company_name) ||
      [invite.first_name, invite.last_name].filter(Boolean).join(' ') ||
      invite.company_name ||
      'your profile';

/** GET /signup/invite/{token}: the invitation, or null when it is unknown, used or expired. */
export async function findInvite(deps: Pick<SignupDeps, 'db'>, token: string): Promise<InviteView | null> {
  const invite = await liveInvite(deps.db, token);
  if (!invite) return null;
  return {
    invitedTo: inviteProviderName(invite),
    roleLabel: invite.role === null ? null : teamRoleLabel(invite.role),
    email: invite.email ?? '',
  };
}

/**
 * What accepting gives: clinician access to the invited profile (selected), or the invited role on the
 * account; and where the user goes next.
 */
async function takeUpInvite(trx: Knex.Transaction, userId: number, invite: InviteRow): Promise<string> {
  if (invite.provider_id === null) {
    await signupRecords.grantAccountRole(trx, userId, invite.account_id, invite.role);
    return ROLE_HOME[invite.role] ?? '/';
  }
  await grantClinicianAccess(trx, userId, invite.provider_id);
  await signupRecords.selectProvider(trx, userId, invite.provider_id);
  return invite.provider_status === 'incomplete' ? nextWizardPath(invite.provider_id) : '/';
}

/** The page a role is for, where a team invitation's new member lands. */
const ROLE_HOME: Record<string, string> = {
  'intake-coordinator': '/practice-inbox',
  'intake-exporter': '/referral-data',
};

const inviteDetails = (invite: InviteRow) =>
  invite.provider_id === null
    ? { account_id: invite.account_id, role: invite.role, invitation_id: invite.id }
    : { provider_id: invite.provider_id };

/**
 * POST /signup/invite/{token}: a login with clinician access to the invited profile; the invitation
 * is used up in the same transaction. Signing up with the invited address confirms it (the link
 * came to that inbox); another address gets a confirmation e-mail.
 */
export async function registerFromInvite(
  deps: SignupDeps,
  token: string,
  input: InviteInput,
  context: { botCheck: BotCheckInput; meta: RequestMeta },
): Promise<
  | Exclude<Registration, ReservedNameHeld | { outcome: 'registered' }>
  | { outcome: 'registered'; userId: number; providerId: number | null; next: string; confirmationSent: boolean }
  | { outcome: 'invalid-invite' }
> {
  const { db, config } = deps;
  const refused = await guard(deps, context.botCheck, context.meta);
  if (refused) return { outcome: refused };
  if (!(await liveInvite(db, token))) return { outcome: 'invalid-invite' };
  const conflict = await emailConflict(db, config, input.email);
  if (conflict) return conflict;

  const passwordHash = await hashPassword(input.password);
  try {
    const made = await db.transaction(async (trx) => {
      const invite = await findLiveInvite(trx, hashToken(token));
      if (!invite) return null;
      await releaseUnpaidHold(trx, input.email);
      const invitedAddress = Boolean(invite.email) && invite.email!.toLowerCase() === input.email.toLowerCase();
      const userId = await signupRecords.insertUser(trx, {
        email: input.email,
        password_hash: passwordHash,
        first_name: input.first_name,
        last_name: input.last_name,
        company_name: null,
        full_name: null,
        phone_number: input.phone_number ?? null,
        ...(invitedAddress ? { email_confirmed_at: new Date() } : {}),
      });
      const next = await takeUpInvite(trx, userId, invite);
      await signupRecords.markInviteUsed(trx, invite.id);
      const confirmation = invitedAddress
        ? null
        : await issueEmailConfirmation(trx, { id: userId, email: input.email });
      if (confirmation) await queueEmailConfirmation(trx, deps, input.email, confirmation);
      await audit(trx, userId, 'registered_from_invite', context.meta, inviteDetails(invite));
      return { userId, providerId: invite.provider_id, next, confirmation };
    });
    if (!made) return { outcome: 'invalid-invite' };
    await deps.signups.hit(context.meta.ip ?? 'unknown');
    const confirmationSent = Boolean(made.confirmation);
    return {
      outcome: 'registered',
      userId: made.userId,
      providerId: made.providerId,
      next: made.next,
      confirmationSent,
    };
  } catch (error) {
    if (isUniqueEmailViolation(error)) return { outcome: 'taken', email: input.email };
    throw error;
  }
}

/**
 * A signed-in user accepts an invitation: clinician access to the invited profile, the token used up,
 * in one transaction. Only the invited address may accept (an invitation without an address: anyone
 * holding the link).
 */
export async function acceptInvite(
  deps: Pick<SignupDeps, 'db'>,
  user: { id: number; email: string },
  token: string,
  meta: RequestMeta,
): Promise<
  | { outcome: 'invalid-invite' }
  | { outcome: 'other-address'; invitedEmail: string }
  | { outcome: 'accepted'; providerId: number | null; next: string }
> {
  if (!looksLikeLinkToken(token)) return { outcome: 'invalid-invite' };
  return deps.db.transaction(async (trx) => {
    const invite = await findLiveInvite(trx, hashToken(token));
    if (!invite) return { outcome: 'invalid-invite' as const };
    if (invite.email && invite.email.toLowerCase() !== user.email.toLowerCase())
      return { outcome: 'other-address' as const, invitedEmail: invite.email };
    const next = await takeUpInvite(trx, user.id, invite);
    await signupRecords.markInviteUsed(trx, invite.id);
    await audit(trx, user.id, 'invite_accepted', meta, inviteDetails(invite));
    return { outcome: 'accepted' as const, providerId: invite.provider_id, next };
  });
}

// ---------------------------------------------------------------- a client adds a provider account

export type FromClient =
  | { outcome: 'invalid' }
  | { outcome: 'throttled' }
  | { outcome: 'already-provider' }
  | { outcome: 'registered'; userId: number; providerId: number; next: string }
  | ReservedNameHeld;

/**
 * POST /signup-from-client (spec 1 §7 POST portal/provider-from-client). A client login cannot sign
 * in to the portal, so a visitor proves who they are with the client e-mail and password here (under
 * the sign-in throttles); a signed-in user is taken as is. The login gains the provider scope and an
 * account with its first profile, in one transaction.
 */
export async function addProviderAccount(
  deps: SignupDeps,
  actor: { userId: number } | { email: string; password: string },
  input: ProviderInput,
  context: { offer: SignupOffer | null; meta: RequestMeta },
): Promise<FromClient> {
  const { db, throttles } = deps;
  let user: signupRecords.ExistingUser | undefined;
  if ('userId' in actor) {
    user = await signupRecords.findUserById(db, actor.userId);
  } else {
    const attempt = await attemptPassword(
      { db, throttles },
      { email: actor.email, password: actor.password, ip: context.meta.ip ?? 'unknown' },
    );
    if (attempt.outcome === 'throttled') return { outcome: 'throttled' };
    if (attempt.outcome === 'wrong') {
      await audit(db, attempt.user?.id ?? null, 'sign_in_failed', context.meta, {
        email: actor.email,
        via: 'signup-from-client',
      });
      return { outcome: 'invalid' };
    }
    user = await signupRecords.findUserById(db, attempt.user.id);
  }
  if (!user) return { outcome: 'invalid' };
  if (user.scopes.includes('provider')) return { outcome: 'already-provider' };

  const listed = listedName(input);
  const reserved = await isReservedName(db, listed);
  const providerId = await db.transaction(async (trx) => {
    await signupRecords.addProviderScope(trx, user.id);
    const id = await createAccountWithProvider(
      trx,
      user.id,
      input,
      user.email,
      signupSource(context.offer, 'client'),
      reserved ? RESERVED_NAME_ERROR : null,
    );
    await audit(
      trx,
      user.id,
      reserved ? 'registered_from_client_reserved_name' : 'registered_from_client',
      context.meta,
      { provider_id: id, type: input.type },
    );
    return id;
  });
  if (reserved) return { outcome: 'reserved-name', name: listed };
  return { outcome: 'registered', userId: user.id, providerId, next: nextWizardPath(providerId) };
}

// ---------------------------------------------------------------- signed in on /signup

/**
 * Where a signed-in user opening /signup belongs: the wizard when the selected profile is an
 * incomplete one made with the new wizard, else home (or profile creation without any profile).
 */
export async function signedInDestination(
  deps: Pick<SignupDeps, 'db'>,
  selectedProviderId: number | null,
): Promise<string> {
  if (!selectedProviderId) return '/profiles/create';
  const provider = await findWizardState(deps.db, selectedProviderId);
  if (provider && provider.status === 'incomplete' && provider.created_with_new_wizard)
    return nextWizardPath(provider.id);
  return '/';
}
