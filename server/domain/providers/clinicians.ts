// Who works on a profile (provider_clinicians), and the profile facts the sign-up, invitation and
// profile-creation rules of the accounts module read. That module sits below this one (this one imports
// it), so what joins both tables is here, built on the accounts module's query helpers.
import type { Knex } from 'knex';
import { type InviteRow, liveInviteQuery, nameKey, reservedNameAccountIds, sqlNameKey } from '../accounts';

type Db = Knex | Knex.Transaction;

/** Gives the user clinician access to the profile (notified of its bookings and messages); kept if it has it. */
export async function grantClinicianAccess(trx: Knex.Transaction, userId: number, providerId: number): Promise<void> {
  await trx('provider_clinicians')
    .insert({ user_id: userId, provider_id: providerId, receives_notifications: true })
    .onConflict(['user_id', 'provider_id'])
    .ignore();
}

/** A query of the accounts of the profiles the user has clinician access to, for a caller's `whereIn`. */
export function clinicianAccountIds(db: Db, userId: number): Knex.QueryBuilder {
  return db('providers as p')
    .join('provider_clinicians as pc', 'pc.provider_id', 'p.id')
    .select('p.account_id')
    .where('pc.user_id', userId);
}

/** An unused, unexpired invitation with that hash and its profile, or its account for a team invitation; locked inside a transaction. */
export function findLiveInvite(db: Db, tokenHash: string): Promise<InviteRow | undefined> {
  return liveInviteQuery(db, tokenHash)
    .leftJoin('providers as p', 'p.id', 'i.provider_id')
    .first('p.type as provider_type', 'p.status as provider_status', 'p.first_name', 'p.last_name', 'p.company_name');
}

/** The ids of the account's profiles, oldest first. */
export async function providerIdsOfAccount(db: Db, accountId: number): Promise<number[]> {
  return db('providers').where({ account_id: accountId }).orderBy('id').pluck('id');
}

export function findWizardState(
  db: Db,
  providerId: number,
): Promise<{ id: number; status: string; created_with_new_wizard: boolean } | undefined> {
  return db('providers').where({ id: providerId }).first('id', 'status', 'created_with_new_wizard');
}

/**
 * Whether `name` is the listed name (company name, or first and last name) of a profile of an account
 * flagged reserved_name, other than `exceptAccountId` (an account may reuse its own reserved names).
 * Held or broken accounts (error set) reserve nothing.
 */
export async function isReservedName(db: Db, name: string, exceptAccountId?: number): Promise<boolean> {
  const key = nameKey(name);
  if (!key) return false;
  const query = db('providers as p')
    .whereIn('p.account_id', reservedNameAccountIds(db, exceptAccountId))
    .where((q) =>
      q
        .whereRaw(`${sqlNameKey(`concat_ws(' ', p.first_name, p.last_name)`)} = ?`, [key])
        .orWhereRaw(`${sqlNameKey(`coalesce(p.company_name, '')`)} = ?`, [key]),
    );
  return Boolean(await query.first('p.id'));
}
