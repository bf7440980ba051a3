// What registration writes and reads: every writer takes a transaction, so one form post creates the
// user, the account, the owner role, the profile and the clinician access together.
import type { Knex } from 'knex';

export interface ExistingUser {
  id: number;
  email: string;
  password_hash: string | null;
  scopes: string[];
}

export interface AccountFacts {
  id: number;
  error: string | null;
  standalone_practice_management: boolean;
  has_paid_practice_management_plan: boolean;
  practice_management: { subdomain?: string } | null;
}

export function findUserByEmail(db: Knex, email: string): Promise<ExistingUser | undefined> {
  return db<ExistingUser>('users').where({ email }).first('id', 'email', 'password_hash', 'scopes');
}

export function findUserById(db: Knex, id: number): Promise<ExistingUser | undefined> {
  return db<ExistingUser>('users').where({ id }).first('id', 'email', 'password_hash', 'scopes');
}

/** Every account the user holds a role on, broken ones (error set) included. */
export function accountsOfUser(db: Knex, userId: number): Promise<AccountFacts[]> {
  return db('accounts as a')
    .join('account_roles as r', 'r.account_id', 'a.id')
    .where('r.user_id', userId)
    .distinct(
      'a.id',
      'a.error',
      'a.standalone_practice_management',
      'a.has_paid_practice_management_plan',
      'a.practice_management',
    )
    .orderBy('a.id');
}

export interface NewUser {
  email: string;
  password_hash: string;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  full_name: string | null;
  phone_number: string | null;
  email_confirmed_at?: Date;
}

export async function insertUser(trx: Knex.Transaction, user: NewUser): Promise<number> {
  const [row] = await trx('users')
    .insert({ ...user, scopes: ['provider'] })
    .returning('id');
  return row.id;
}

/** A client login becomes a provider login too (scopes gains "provider"). */
export async function addProviderScope(trx: Knex.Transaction, userId: number): Promise<void> {
  await trx('users')
    .where({ id: userId })
    .whereRaw(`NOT ('provider' = ANY(scopes))`)
    .update({ scopes: trx.raw(`array_append(scopes, 'provider')`) });
}

/** A new account; `error` set makes it held (ignored everywhere) from the start. */
export async function insertAccount(trx: Knex.Transaction, name: string, error: string | null = null): Promise<number> {
  const [row] = await trx('accounts').insert({ name, error }).returning('id');
  return row.id;
}

export async function insertAccountRole(
  trx: Knex.Transaction,
  userId: number,
  accountId: number,
  role: 'owner',
): Promise<void> {
  await trx('account_roles').insert({ user_id: userId, account_id: accountId, role });
}

/** A team invitation's role, taken up (kept when the user holds it already). */
export async function grantAccountRole(
  trx: Knex.Transaction,
  userId: number,
  accountId: number,
  role: string,
): Promise<void> {
  await trx('account_roles')
    .insert({ user_id: userId, account_id: accountId, role })
    .onConflict(['user_id', 'account_id', 'role'])
    .ignore();
}

export async function selectProvider(trx: Knex.Transaction, userId: number, providerId: number): Promise<void> {
  await trx('users').where({ id: userId }).update({ selected_provider_id: providerId });
}

// ---- invitations

/** An invitation: to a profile (provider_id and its facts), or to an account's team (account_id, role). */
export type InviteRow = ProfileInviteRow | TeamInviteRow;

export interface ProfileInviteRow {
  id: number;
  provider_id: number;
  account_id: null;
  role: null;
  email: string | null;
  provider_type: 'individual' | 'practice';
  provider_status: string;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  account_name: null;
}

export interface TeamInviteRow {
  id: number;
  provider_id: null;
  account_id: number;
  role: string;
  email: string | null;
  account_name: string;
}

/**
 * A query of the unused, unexpired invitation with that hash (as `i`), locked inside a transaction; the
 * providers module joins its profile (findLiveInvite there answers an InviteRow).
 */
export function liveInviteQuery(db: Knex | Knex.Transaction, tokenHash: string): Knex.QueryBuilder {
  const query = db('invite_tokens as i')
    .where('i.token_hash', tokenHash)
    .whereNull('i.used_at')
    .where('i.expires_at', '>', db.fn.now())
    .leftJoin('accounts as a', 'a.id', 'i.account_id')
    .select('i.id', 'i.provider_id', 'i.email', 'i.account_id', 'i.role', 'a.name as account_name');
  if (db.isTransaction) query.forUpdate('i');
  return query;
}

export async function markInviteUsed(trx: Knex.Transaction, inviteId: number): Promise<void> {
  await trx('invite_tokens').where({ id: inviteId }).update({ used_at: trx.fn.now() });
}
