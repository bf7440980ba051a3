// The only place sign-in, tokens, sessions and the audit trail touch the database. Every function
// takes the knex instance or a transaction, so a service can run one form post in one transaction.
import type { Knex } from 'knex';

export interface UserRow {
  id: number;
  email: string;
  password_hash: string | null;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  company_name: string | null;
  full_name: string | null;
  phone_number: string | null;
  scopes: string[];
  email_confirmed_at: Date | null;
  two_factor_enrolled_at: Date | null;
  two_factor_phone: string | null;
  selected_provider_id: number | null;
}

export type TokenPurpose = 'password_reset' | 'email_confirm' | 'two_factor_code' | 'two_factor_remember';

export interface TokenRow {
  id: number;
  user_id: number;
  purpose: TokenPurpose;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  attempts: number;
  meta: Record<string, unknown> | null;
}

export interface AccountRow {
  id: number;
  has_paid_plan: boolean;
  has_paid_practice_management_plan: boolean;
  standalone_practice_management: boolean;
  practice_management: { subdomain?: string; trial_end?: string } | null;
  /** Derived from the billing mirror (server/domain/billing). */
  tier: 'basic' | 'professional' | 'premium' | null;
}

// ---- users

export function findUserByEmail(db: Knex, email: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ email }).first();
}

export function findUserById(db: Knex, id: number): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ id }).first();
}

/** Locks the user's row for the rest of the transaction (password and e-mail changes). */
export function lockUser(trx: Knex.Transaction, id: number): Promise<UserRow | undefined> {
  return trx<UserRow>('users').where({ id }).forUpdate().first();
}

export async function updateUser(
  db: Knex,
  id: number,
  patch: Partial<Omit<UserRow, 'id'>> & { last_sign_in_at?: Date },
): Promise<void> {
  await db('users').where({ id }).update(patch);
}

/** A query of the account `accountColumn` names when it has practice management (a paid plan or a clinic), for an `exists`. */
export function practiceManagementAccountQuery(db: Knex | Knex.Transaction, accountColumn: string): Knex.QueryBuilder {
  return db('accounts as a')
    .whereRaw('a.id = ??', [accountColumn])
    .where((q) => q.where('a.has_paid_practice_management_plan', true).orWhereNotNull('a.practice_management'))
    .select(db.raw('1'));
}

/** The account's practice-management columns (the clinic document is the practice-management module's); locked on request. */
export function practiceManagementColumnsOf(
  db: Knex | Knex.Transaction,
  accountId: number,
  options: { lock?: boolean } = {},
): Promise<{ id: number; has_paid_practice_management_plan: boolean; practice_management: unknown } | undefined> {
  const query = db('accounts')
    .where({ id: accountId })
    .first('id', 'has_paid_practice_management_plan', 'practice_management');
  if (options.lock) void query.forUpdate();
  return query;
}

export async function savePracticeManagement(
  db: Knex | Knex.Transaction,
  accountId: number,
  document: object,
): Promise<void> {
  await db('accounts')
    .where({ id: accountId })
    .update({ practice_management: JSON.stringify(document) });
}

/** The account's plan columns the Private Pay Booster rules read (the private-pay-booster module's). */
export function privatePayBoosterColumnsOf(db: Knex, accountId: number) {
  return db('accounts')
    .where({ id: accountId })
    .first(
      'id',
      'reimbursify_account_created',
      'feature_flags',
      'seat_based',
      'legacy_subscription_count',
      'active_or_trialing_subscription_count',
    );
}

/** Whether anyone has signed up yet (a fresh database gets the demo data). */
export async function hasUsers(db: Knex): Promise<boolean> {
  return Boolean(await db('users').first('id'));
}

export async function emailTaken(db: Knex, email: string, exceptUserId: number): Promise<boolean> {
  return Boolean(await db('users').where({ email }).whereNot({ id: exceptUserId }).first('id'));
}

/** Users whose first and last name (any case) and phone (own or two-factor) match. */
export function findUsersByNameAndPhone(db: Knex, first: string, last: string, phone: string): Promise<UserRow[]> {
  return db<UserRow>('users')
    .whereRaw('lower(trim(first_name)) = lower(?)', [first])
    .andWhereRaw('lower(trim(last_name)) = lower(?)', [last])
    .andWhere((q) => q.where({ phone_number: phone }).orWhere({ two_factor_phone: phone }))
    .limit(5);
}

/** Accounts the user holds a role on (billing and practice-management facts). */
export function accountsOfUser(db: Knex, userId: number): Promise<AccountRow[]> {
  return db('accounts as a')
    .join('account_roles as r', 'r.account_id', 'a.id')
    .where('r.user_id', userId)
    .whereNull('a.error')
    .distinct(
      'a.id',
      'a.has_paid_plan',
      'a.has_paid_practice_management_plan',
      'a.standalone_practice_management',
      'a.practice_management',
      'a.tier',
    )
    .orderBy('a.id');
}

/**
 * Whether every account the user holds a role on is on hold (accounts.error set, e.g. a reserved name):
 * such a user has nothing to sign in to until our team has checked it. No role at all is not "on hold".
 */
export async function allAccountsOnHold(db: Knex, userId: number): Promise<boolean> {
  const row: { roles: number; usable: number } | undefined = await db('accounts as a')
    .join('account_roles as r', 'r.account_id', 'a.id')
    .where('r.user_id', userId)
    .first(db.raw('count(*)::int as roles'), db.raw('count(*) filter (where a.error is null)::int as usable'));
  return !!row && row.roles > 0 && row.usable === 0;
}

/** The accounts of the user as the plan rules see them (tier and practice management, from the billing mirror). */
export async function planAccountsOf(
  db: Knex,
  userId: number,
): Promise<{ id: number; tier: AccountRow['tier']; hasPracticeManagement: boolean }[]> {
  return (await accountsOfUser(db, userId)).map((a) => ({
    id: a.id,
    tier: a.tier,
    hasPracticeManagement: a.has_paid_practice_management_plan,
  }));
}

/**
 * Whether any account the user works with (by role, or among `profileAccountIds`, the accounts of the
 * profiles they have clinician access to: the providers module's clinicianAccountIds) has an active or
 * trialing subscription (spec 1 §6: two-factor is offered only then), per the billing mirror.
 */
export async function userHasPaidPlan(
  db: Knex,
  userId: number,
  profileAccountIds: Knex.QueryBuilder,
): Promise<boolean> {
  const row = await db('accounts as a')
    .where('a.active_or_trialing_subscription_count', '>', 0)
    .whereNull('a.error')
    .where((q) =>
      q
        .whereIn('a.id', db('account_roles').select('account_id').where({ user_id: userId }))
        .orWhereIn('a.id', profileAccountIds),
    )
    .first('a.id');
  return Boolean(row);
}

// ---- one-time tokens (only hashes)

export async function insertToken(
  db: Knex,
  token: { userId: number; purpose: TokenPurpose; hash: string; expiresAt: Date; meta?: Record<string, unknown> },
): Promise<number> {
  const [row] = await db('auth_tokens')
    .insert({
      user_id: token.userId,
      purpose: token.purpose,
      token_hash: token.hash,
      expires_at: token.expiresAt,
      meta: JSON.stringify(token.meta ?? {}),
    })
    .returning('id');
  return row.id;
}

/** An unused, unexpired token with that hash and purpose, locked when inside a transaction. */
export function findLiveTokenByHash(
  db: Knex,
  purpose: TokenPurpose,
  hash: string,
  userId?: number,
): Promise<TokenRow | undefined> {
  const query = db<TokenRow>('auth_tokens')
    .where({ purpose, token_hash: hash })
    .whereNull('used_at')
    .where('expires_at', '>', db.fn.now());
  if (userId !== undefined) query.andWhere({ user_id: userId });
  if (db.isTransaction) query.forUpdate();
  return query.first();
}

/** The newest unused, unexpired token of that purpose for the user (a two-factor code). */
export function findLatestLiveToken(
  db: Knex,
  userId: number,
  purpose: TokenPurpose,
  kind?: string,
): Promise<TokenRow | undefined> {
  const query = db<TokenRow>('auth_tokens')
    .where({ user_id: userId, purpose })
    .whereNull('used_at')
    .where('expires_at', '>', db.fn.now())
    .orderBy('id', 'desc');
  if (kind) query.whereRaw(`meta->>'kind' = ?`, [kind]);
  if (db.isTransaction) query.forUpdate();
  return query.first();
}

export async function markTokenUsed(db: Knex, id: number): Promise<void> {
  await db('auth_tokens').where({ id }).update({ used_at: db.fn.now() });
}

export async function countWrongAttempt(db: Knex, id: number): Promise<number> {
  const [row] = await db('auth_tokens').where({ id }).increment('attempts', 1).returning('attempts');
  return row.attempts;
}

/** Ends every live token of that purpose for the user (a new reset link makes older ones void). */
export async function invalidateTokens(db: Knex, userId: number, purpose: TokenPurpose, kind?: string): Promise<void> {
  const query = db('auth_tokens').where({ user_id: userId, purpose }).whereNull('used_at');
  if (kind) query.whereRaw(`meta->>'kind' = ?`, [kind]);
  await query.update({ used_at: db.fn.now() });
}

// ---- audit trail (never passwords, codes or tokens)

export interface AuditEntry {
  userId: number | null;
  action: string;
  ip?: string;
  userAgent?: string;
  details?: object;
}

export async function recordAudit(db: Knex, entry: AuditEntry): Promise<void> {
  await db('audit_log').insert({
    user_id: entry.userId,
    action: entry.action,
    ip: entry.ip ?? null,
    user_agent: entry.userAgent?.slice(0, 500) ?? null,
    details: entry.details ? JSON.stringify(entry.details) : null,
  });
}

/** Whether the user has signed in successfully from this address before. */
export async function hasSignedInFrom(db: Knex, userId: number, ip: string): Promise<boolean> {
  return Boolean(await db('sign_in_places').where({ user_id: userId, ip }).first('user_id'));
}

export async function rememberSignInPlace(db: Knex, userId: number, ip: string): Promise<void> {
  await db('sign_in_places')
    .insert({ user_id: userId, ip, last_signed_in_at: db.fn.now() })
    .onConflict(['user_id', 'ip'])
    .merge(['last_signed_in_at']);
}

/** The names of these accounts, by id (an account without a name is left out). */
export async function accountNames(db: Knex, ids: number[]): Promise<Map<number, string>> {
  const rows = ids.length ? await db('accounts').whereIn('id', ids).select('id', 'name') : [];
  return new Map(rows.filter((row) => row.name).map((row) => [row.id, row.name!]));
}

/** "First Last" of these users, by id (the full name, else the e-mail, when a user has no first or last name). */
export async function userNames(db: Knex, ids: number[]): Promise<Map<number, string>> {
  const rows = ids.length
    ? await db('users')
        .whereIn('id', [...new Set(ids)])
        .select('id', 'first_name', 'last_name', 'full_name', 'email')
    : [];
  return new Map(
    rows.map((row) => [
      Number(row.id),
      [row.first_name, row.last_name].filter(Boolean).join(' ') || row.full_name || row.email,
    ]),
  );
}

/** A query of the users whose name holds `search` (any case), for a caller's `whereIn`. */
export function userIdsNamed(db: Knex, search: string): Knex.QueryBuilder {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db('users')
    .whereRaw("concat_ws(' ', first_name, last_name) ilike ? or coalesce(full_name, '') ilike ?", [pattern, pattern])
    .select('id');
}
