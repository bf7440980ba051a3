// What profile creation writes and reads of accounts and users: whether the plan already pays for a new
// profile, clinician access, the invitation, and the names it shows.
import type { Knex } from 'knex';

export type Db = Knex | Knex.Transaction;

/**
 * Whether the account's plan already pays for a new profile: a legacy membership covers the account's
 * profiles, but a seat-based one is paid per profile (a seat, spec 3 §9), so a new profile on it goes to
 * the payment form's add-seat step.
 */
export async function accountHasPaidPlan(db: Db, accountId: number): Promise<boolean> {
  const row = await db('accounts').where({ id: accountId }).first('has_paid_plan', 'seat_based');
  return Boolean(row?.has_paid_plan) && !row?.seat_based;
}

export async function insertInvite(
  trx: Knex.Transaction,
  invite: { tokenHash: string; providerId: number; email: string; createdBy: number; expiresAt: Date },
): Promise<void> {
  await trx('invite_tokens').insert({
    token_hash: invite.tokenHash,
    provider_id: invite.providerId,
    email: invite.email,
    created_by_user_id: invite.createdBy,
    expires_at: invite.expiresAt,
  });
}

export async function userEmail(db: Db, userId: number): Promise<string | null> {
  const row = await db('users').where({ id: userId }).first('email');
  return row?.email ?? null;
}

export async function accountNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db('accounts').whereIn('id', ids).select('id', 'name');
  return new Map(rows.map((row) => [row.id, row.name ?? `Account ${row.id}`]));
}
