// An address held by a /zpm-signup that was never paid. "Your details" makes a user without a password
// and a standalone account before the payment; until a payment starts, that hold reserves nothing: the
// address's real owner signing up (/signup, or /zpm-signup again) releases it, and a scheduled job
// deletes what is left after a day. A sign-up whose payment started or went through keeps its address:
// the set-password e-mail lets the owner claim it.
import type { Knex } from 'knex';
import type { JobDefinition } from '../../jobs/queue';
import { subscriptionsOfAccountColumn } from '../billing';

/** How long an unpaid /zpm-signup is kept before the cleanup job deletes it. */
export const UNPAID_SIGNUP_HOURS = 24;

/**
 * The password-less user of `email` when everything it has is unpaid standalone sign-ups (its accounts
 * owned by it alone, with no subscription and no profile); else null.
 */
async function unpaidHolder(
  db: Knex,
  email: string,
  lock: boolean,
  startedCounts = true,
): Promise<{ userId: number; accountIds: number[] } | null> {
  const userQuery = db('users').whereRaw('lower(email) = lower(?)', [email]).whereNull('password_hash').first('id');
  const user = await (lock ? userQuery.forUpdate() : userQuery);
  if (!user) return null;
  const signupQuery = db('zpm_signups')
    .where({ user_id: user.id })
    .select('account_id', 'paid_at', 'payment_started_at');
  const signups = await (lock ? signupQuery.forUpdate() : signupQuery);
  if (!signups.length || signups.some((s) => s.paid_at || (startedCounts && s.payment_started_at))) return null;
  const accountIds = signups.map((s) => Number(s.account_id));
  const roles = await db('account_roles')
    .where({ user_id: user.id })
    .orWhereIn('account_id', accountIds)
    .select('user_id', 'account_id');
  if (roles.some((r) => r.user_id !== user.id || !accountIds.includes(r.account_id))) return null;
  const used = await db('accounts')
    .whereIn('id', accountIds)
    .where((q) =>
      q
        .where('standalone_practice_management', false)
        .orWhereExists(subscriptionsOfAccountColumn(db, 'accounts.id'))
        .orWhereExists(db('providers').whereRaw('providers.account_id = accounts.id')),
    )
    .first('id');
  return used ? null : { userId: user.id, accountIds };
}

/** True when `email` is held only by unpaid standalone sign-ups (a sign-up may take the address). */
export async function heldByUnpaidSignup(db: Knex, email: string): Promise<boolean> {
  return (await unpaidHolder(db, email, false)) !== null;
}

/**
 * Inside the caller's transaction, before it makes a user with `email`: an unpaid sign-up's hold on the
 * address is removed (its user, accounts and sign-up rows). True when one was.
 */
export async function releaseUnpaidHold(trx: Knex.Transaction, email: string, startedCounts = true): Promise<boolean> {
  const holder = await unpaidHolder(trx, email, true, startedCounts);
  if (!holder) return false;
  await trx('accounts').whereIn('id', holder.accountIds).delete(); // its sign-ups, roles and customer rows go with it
  await trx('users').where({ id: holder.userId }).delete();
  return true;
}

/**
 * Unpaid sign-ups older than a day, with the user and account they made when nothing else uses them.
 * A sign-up whose payment started is left to the payment's own recovery unless that too is a day old.
 */
export async function deleteUnpaidSignups(db: Knex, olderThanHours = UNPAID_SIGNUP_HOURS): Promise<number> {
  const cutoff = db.raw(`now() - make_interval(hours => ?)`, [olderThanHours]);
  const stale = await db('zpm_signups')
    .whereNull('paid_at')
    .whereNull('completed_at')
    .where('created_at', '<', cutoff)
    .where((q) => q.whereNull('payment_started_at').orWhere('payment_started_at', '<', cutoff))
    .select('id', 'user_id');
  let deleted = 0;
  for (const signup of stale) {
    await db.transaction(async (trx) => {
      const row = await trx('zpm_signups')
        .where({ id: signup.id })
        .whereNull('paid_at')
        .forUpdate()
        .first('id', 'user_id', 'account_id');
      if (!row) return;
      const owner = row.user_id === null ? null : await trx('users').where({ id: row.user_id }).first('email');
      // The whole hold goes when nothing else uses it; otherwise only the sign-up row.
      // A payment that started a day ago is over (its recovery marks it paid when it went through).
      if (!(owner && (await releaseUnpaidHold(trx, owner.email, false))))
        await trx('zpm_signups').where({ id: row.id }).delete();
      deleted += 1;
    });
  }
  return deleted;
}

export const standaloneSignupJobs: JobDefinition<never>[] = [
  {
    // Unfinished, unpaid /zpm-signup sign-ups are deleted after a day (hourly, at 23 past).
    name: 'zpm-signups.prune-unpaid',
    cron: '23 * * * *',
    retryLimit: 0,
    handle: async (_data, { db, logger }) => {
      const deleted = await deleteUnpaidSignups(db);
      if (deleted) logger.info({ deleted }, 'unpaid zpm sign-ups deleted');
    },
  },
] as JobDefinition<never>[];
