// The team of an account (issue [22] item 1, /practice/team): who holds which role, invitations by
// e-mail with a role, granting, revoking and removing. An account always keeps one owner; every change
// is written to the audit log with who did it to whom.
import Joi from 'joi';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import type { Outgoing } from '../../jobs/outgoing';
import { NotFoundError, TooManyRequestsError, ValidationError } from '../../lib/errors';
import type { RequestMeta } from './deps';
import type { AccountRole } from './policy';
import { INVALID_EMAIL } from './registration';
import { hashToken, newLinkToken } from './tokens';
import { audit } from './two-factor';

/** The roles an owner hands out (spec 1 §6, and our billing manager), in the order the form lists them. */
export const TEAM_ROLES: readonly { role: AccountRole; label: string }[] = [
  { role: 'owner', label: 'Owner' },
  { role: 'intake-coordinator', label: 'Intake coordinator' },
  { role: 'intake-exporter', label: 'Intake exporter' },
  { role: 'billing-manager', label: 'Billing manager' },
  { role: 'reimbursify-lead-practitioner', label: 'Private Pay Booster lead practitioner' },
  { role: 'reimbursify-practitioner', label: 'Private Pay Booster practitioner' },
  { role: 'reimbursify-administrator', label: 'Private Pay Booster administrator' },
];
const ROLE_NAMES = TEAM_ROLES.map((r) => r.role as string);
export const teamRoleLabel = (role: string): string => TEAM_ROLES.find((r) => r.role === role)?.label ?? role;

export const TEAM_MESSAGES = {
  emailRequired: 'Enter an email address',
  roleRequired: 'Choose a role',
  alreadyHasRole: 'This person already has that role.',
  alreadyInvited: 'An invitation for that role has already been sent to this address.',
  lastOwner: 'An account needs at least one owner.',
} as const;

/** A team invitation is valid 14 days, as a profile invitation is. */
export const TEAM_INVITE_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** At most this many invitations an account sends in an hour: the form cannot be used to mail strangers in bulk. */
export const TEAM_INVITES_PER_HOUR = 20;

export const inviteSchema = Joi.object({
  email: Joi.string().trim().lowercase().email({ tlds: false }).max(254).required().messages({
    'any.required': TEAM_MESSAGES.emailRequired,
    'string.empty': TEAM_MESSAGES.emailRequired,
    'string.base': TEAM_MESSAGES.emailRequired,
    'string.email': INVALID_EMAIL,
    'string.max': INVALID_EMAIL,
  }),
  role: Joi.string()
    .valid(...ROLE_NAMES)
    .required()
    .messages({
      'any.required': TEAM_MESSAGES.roleRequired,
      'any.only': TEAM_MESSAGES.roleRequired,
      'string.empty': TEAM_MESSAGES.roleRequired,
      'string.base': TEAM_MESSAGES.roleRequired,
    }),
}).unknown(true);

export interface TeamMember {
  userId: number;
  name: string;
  email: string;
  roles: string[];
}
export interface TeamInvitation {
  id: number;
  email: string;
  role: string;
  sentAt: Date;
  expiresAt: Date;
}

/** Who acts, on which account, from where: every change below is recorded with it. */
export interface TeamActor {
  userId: number;
  email: string;
  accountId: number;
  meta: RequestMeta;
}

/**
 * The account whose team the owner manages: the selected profile's when they own it, else the first
 * account they own (the role guard has made sure there is one).
 */
export function teamAccountOf(viewer: {
  roles: { accountId: number; role: string }[];
  provider: { accountId: number } | null;
}): number {
  const owned = viewer.roles.filter((r) => r.role === 'owner').map((r) => r.accountId);
  const current = viewer.provider?.accountId;
  return current !== undefined && owned.includes(current) ? current : Math.min(...owned);
}

export interface TeamDeps {
  db: Knex;
  outgoing: Outgoing;
  config: Pick<Config, 'brandName' | 'portalUrl'>;
}

/** The account's people (anyone with a role on it) and its pending invitations. */
export async function loadTeam(
  db: Knex,
  accountId: number,
): Promise<{ members: TeamMember[]; invitations: TeamInvitation[] }> {
  const rows: { user_id: number; email: string; first_name: string | null; last_name: string | null; role: string }[] =
    await db('account_roles as r')
      .join('users as u', 'u.id', 'r.user_id')
      .where('r.account_id', accountId)
      .orderBy([{ column: 'u.last_name' }, { column: 'u.first_name' }, { column: 'u.id' }])
      .select('r.user_id', 'u.email', 'u.first_name', 'u.last_name', 'r.role');
  const members = new Map<number, TeamMember>();
  for (const row of rows) {
    const id = Number(row.user_id);
    const member = members.get(id) ?? {
      userId: id,
      name: [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email,
      email: row.email,
      roles: [],
    };
    member.roles.push(row.role);
    members.set(id, member);
  }
  for (const member of members.values()) member.roles.sort((a, b) => ROLE_NAMES.indexOf(a) - ROLE_NAMES.indexOf(b));
  const invitations = await pendingInvitations(db, accountId).select('id', 'email', 'role', 'created_at', 'expires_at');
  return {
    members: [...members.values()],
    invitations: invitations.map((i) => ({
      id: Number(i.id),
      email: i.email ?? '',
      role: i.role ?? '',
      sentAt: i.created_at,
      expiresAt: i.expires_at,
    })),
  };
}

const pendingInvitations = (db: Knex | Knex.Transaction, accountId: number) =>
  db('invite_tokens')
    .where({ account_id: accountId })
    .whereNull('used_at')
    .where('expires_at', '>', db.fn.now())
    .orderBy('id');

/**
 * Invites `email` to the account with `role`: the invitation row, its audit record and the e-mail job in
 * one transaction (the job sends after the commit). Accepted at /signup/invite/{token}.
 */
export async function inviteToTeam(
  deps: TeamDeps,
  actor: TeamActor,
  input: { email: string; role: string },
): Promise<void> {
  const token = newLinkToken();
  await deps.db.transaction(async (trx) => {
    // One account's invitations are counted one at a time.
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`team-invite:${actor.accountId}`]);
    const [{ count }] = await trx('invite_tokens')
      .where({ account_id: actor.accountId })
      .where('created_at', '>', trx.raw(`now() - interval '1 hour'`))
      .count({ count: '*' });
    if (Number(count) >= TEAM_INVITES_PER_HOUR) throw new TooManyRequestsError(3600);
    const holder = await trx('account_roles as r')
      .join('users as u', 'u.id', 'r.user_id')
      .where({ 'r.account_id': actor.accountId, 'r.role': input.role })
      .whereRaw('lower(u.email) = lower(?)', [input.email])
      .first('r.id');
    if (holder) throw new ValidationError({ email: TEAM_MESSAGES.alreadyHasRole });
    const pending = await pendingInvitations(trx, actor.accountId)
      .where({ role: input.role })
      .whereRaw('lower(email) = lower(?)', [input.email])
      .first('id');
    if (pending) throw new ValidationError({ email: TEAM_MESSAGES.alreadyInvited });
    const [row] = await trx('invite_tokens')
      .insert({
        token_hash: hashToken(token),
        account_id: actor.accountId,
        role: input.role,
        email: input.email,
        created_by_user_id: actor.userId,
        expires_at: new Date(Date.now() + TEAM_INVITE_TTL_MS),
      })
      .returning('id');
    await audit(trx, actor.userId, 'team_invitation_sent', actor.meta, {
      account_id: actor.accountId,
      invitation_id: Number(row.id),
      email: input.email,
      role: input.role,
    });
    const account = await trx('accounts').where({ id: actor.accountId }).first('name');
    const { brandName, portalUrl } = deps.config;
    await deps.outgoing.mail(trx, {
      to: input.email,
      subject: `You're invited to join ${account?.name ?? 'a practice'} on ${brandName}`,
      text: [
        `${actor.email} invited you to the ${brandName} Members Portal account ${account?.name ?? ''} as ${teamRoleLabel(input.role).toLowerCase()}.`,
        '',
        'Accept the invitation with this link within 14 days (sign in, or create your login):',
        `${portalUrl}/signup/invite/${token}`,
      ].join('\n'),
    });
  });
}

/** Cancels a pending invitation of the account; another account's, or a used one, is not found. */
export async function cancelInvitation(db: Knex, actor: TeamActor, invitationId: number): Promise<void> {
  await db.transaction(async (trx) => {
    const invite = await pendingInvitations(trx, actor.accountId)
      .where({ id: invitationId })
      .first('id', 'email', 'role');
    if (!invite) throw new NotFoundError();
    // Expired now rather than deleted: its link stops working, and it still counts toward the hourly limit.
    await trx('invite_tokens').where({ id: invitationId }).update({ expires_at: trx.fn.now() });
    await audit(trx, actor.userId, 'team_invitation_canceled', actor.meta, {
      account_id: actor.accountId,
      invitation_id: invitationId,
      email: invite.email,
      role: invite.role,
    });
  });
}

/** One person of the account, or 404 (someone of another account is not found here). */
export async function findTeamMember(
  db: Knex | Knex.Transaction,
  accountId: number,
  userId: number,
): Promise<TeamMember> {
  const { members } = await loadTeam(db as Knex, accountId);
  const member = members.find((m) => m.userId === userId);
  if (!member) throw new NotFoundError();
  return member;
}

/** The account's owner rows, locked: two changes that could each leave no owner run one after the other. */
async function ownersLocked(trx: Knex.Transaction, accountId: number): Promise<number[]> {
  const rows = await trx('account_roles').where({ account_id: accountId, role: 'owner' }).forUpdate().select('user_id');
  return rows.map((r: { user_id: number }) => Number(r.user_id));
}

async function memberInTransaction(trx: Knex.Transaction, accountId: number, userId: number): Promise<void> {
  const held = await trx('account_roles').where({ account_id: accountId, user_id: userId }).first('id');
  if (!held) throw new NotFoundError();
}

function checkRole(role: string): void {
  if (!ROLE_NAMES.includes(role)) throw new ValidationError({ role: TEAM_MESSAGES.roleRequired });
}

export async function grantRole(db: Knex, actor: TeamActor, userId: number, role: string): Promise<void> {
  checkRole(role);
  await db.transaction(async (trx) => {
    await memberInTransaction(trx, actor.accountId, userId);
    const [inserted] = await trx('account_roles')
      .insert({ user_id: userId, account_id: actor.accountId, role })
      .onConflict(['user_id', 'account_id', 'role'])
      .ignore()
      .returning('id');
    if (!inserted) return;
    await audit(trx, actor.userId, 'team_role_granted', actor.meta, {
      account_id: actor.accountId,
      target_user_id: userId,
      role,
    });
  });
}

export async function revokeRole(db: Knex, actor: TeamActor, userId: number, role: string): Promise<void> {
  checkRole(role);
  await db.transaction(async (trx) => {
    await memberInTransaction(trx, actor.accountId, userId);
    if (role === 'owner') {
      const owners = await ownersLocked(trx, actor.accountId);
      if (owners.includes(userId) && owners.length === 1) throw new ValidationError({ role: TEAM_MESSAGES.lastOwner });
    }
    const removed = await trx('account_roles').where({ user_id: userId, account_id: actor.accountId, role }).delete();
    if (!removed) return;
    await audit(trx, actor.userId, 'team_role_revoked', actor.meta, {
      account_id: actor.accountId,
      target_user_id: userId,
      role,
    });
  });
}

/** Takes every role the person holds on the account (their login and their own profiles stay theirs). */
export async function removeMember(db: Knex, actor: TeamActor, userId: number): Promise<void> {
  await db.transaction(async (trx) => {
    await memberInTransaction(trx, actor.accountId, userId);
    const owners = await ownersLocked(trx, actor.accountId);
    if (owners.includes(userId) && owners.length === 1) throw new ValidationError({ member: TEAM_MESSAGES.lastOwner });
    const roles = await trx('account_roles')
      .where({ user_id: userId, account_id: actor.accountId })
      .delete()
      .returning('role');
    await audit(trx, actor.userId, 'team_member_removed', actor.meta, {
      account_id: actor.accountId,
      target_user_id: userId,
      roles: roles.map((r: { role: string }) => r.role),
    });
  });
}

export interface AccountPerson {
  userId: number;
  name: string;
}

const personName = (row: { first_name: string | null; last_name: string | null; email: string }) =>
  [row.first_name, row.last_name].filter(Boolean).join(' ').trim() || row.email;

/**
 * The people of the account who hold one of `roles` on it, or whose id `alsoUserIds` (a subquery of user
 * ids the caller's module owns) yields, by name: the practice inbox's assignees.
 */
export async function accountPeople(
  db: Knex | Knex.Transaction,
  accountId: number,
  roles: readonly AccountRole[],
  alsoUserIds?: Knex.QueryBuilder,
): Promise<AccountPerson[]> {
  const rows: { id: number; email: string; first_name: string | null; last_name: string | null }[] = await db(
    'users as u',
  )
    // One IN of a union: an OR of two INs would read every user.
    .whereIn('u.id', (q) => {
      void q.from('account_roles').where('account_id', accountId).whereIn('role', roles).select('user_id');
      if (alsoUserIds) void q.union(alsoUserIds);
    })
    .orderBy([{ column: 'u.first_name' }, { column: 'u.last_name' }, { column: 'u.id' }])
    .select('u.id', 'u.email', 'u.first_name', 'u.last_name');
  return rows.map((row) => ({ userId: Number(row.id), name: personName(row) }));
}

/** The names of these users (any user: an assignee who has since left the team still has one). */
export async function peopleNamed(db: Knex | Knex.Transaction, userIds: readonly number[]): Promise<AccountPerson[]> {
  if (userIds.length === 0) return [];
  const rows: { id: number; email: string; first_name: string | null; last_name: string | null }[] = await db('users')
    .whereIn('id', userIds)
    .select('id', 'email', 'first_name', 'last_name');
  return rows.map((row) => ({ userId: Number(row.id), name: personName(row) }));
}
