// Payment attempts (issue [10] "Safety"): a pay step stores one when it is shown, and its id keys every
// card-processor call of the post that follows. The post claims the attempt, pays outside any
// transaction, then completes it: a double submit waits for the first post and replays where it led; a
// post with no attempt of its own pays nothing. A claim whose post died is taken over after a lease, and
// the processor's idempotency keys turn that retry into a replay.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Row } from '../../db/rows';

/** Whose attempt it is: the account, the form's mode, and the provider or subscription it pays for. */
export interface AttemptOwner {
  accountId: number;
  mode: string;
  providerId: number | null;
  subscriptionId: string | null;
}
export interface Attempt {
  id: string;
  prorationDate: number;
  taxPercentage: number;
}
export interface AttemptOutcome {
  redirect: string;
  flash?: string | null;
  /** Finished: later posts of this attempt replay it. Not finished (a hosted page, say): the next post runs again. */
  done: boolean;
}

/**
 * How long a claim holds an attempt: beyond the spec's longest payment (350 s for an upgrade, spec 3 §9
 * Timeouts), so only a post that died loses it.
 */
export const ATTEMPT_LEASE_SECONDS = 360;
const WAIT_STEP_MS = 150;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const columnsOf = (owner: AttemptOwner) => ({
  account_id: owner.accountId,
  mode: owner.mode,
  provider_id: owner.providerId,
  subscription_id: owner.subscriptionId,
});
const attemptOf = (row: Pick<Row<'billing_attempts'>, 'id' | 'proration_date' | 'tax_percentage'>): Attempt => ({
  id: row.id,
  // Set when the attempt is opened; only a row older than the column lacks it.
  prorationDate: row.proration_date ?? 0,
  taxPercentage: row.tax_percentage,
});

/** The attempt for this render of the pay step: the one the form already carries (after an error), or a new one. */
export async function openAttempt(db: Knex, owner: AttemptOwner, givenId?: string): Promise<Attempt> {
  const given = givenId ? await findAttempt(db, owner, givenId) : null;
  if (given) return given;
  // Attempts nobody finished are kept a week (a retry a day later still replays), then dropped.
  await db('billing_attempts')
    .whereNull('completed_at')
    .where('created_at', '<', db.raw("now() - interval '7 days'"))
    .delete();
  const attempt = { id: crypto.randomUUID(), prorationDate: nowSeconds(), taxPercentage: 0 };
  await db('billing_attempts').insert({ id: attempt.id, ...columnsOf(owner), proration_date: attempt.prorationDate });
  return attempt;
}

/** The tax percentage the pay step showed with this attempt. */
export async function noteAttemptTax(db: Knex, id: string, percentage: number): Promise<void> {
  await db('billing_attempts').where({ id }).whereNull('completed_at').update({ tax_percentage: percentage });
}

/** The attempt of this form, unfinished, as the pay step left it (null: none). */
export async function findAttempt(db: Knex, owner: AttemptOwner, id: string): Promise<Attempt | null> {
  if (!UUID.test(id)) return null;
  const row = await db('billing_attempts')
    .where({ id, ...columnsOf(owner) })
    .whereNull('completed_at')
    .first('id', 'proration_date', 'tax_percentage');
  return row ? attemptOf(row) : null;
}

export async function isAttemptSettled(db: Knex, id: string): Promise<boolean> {
  return UUID.test(id) && Boolean(await db('billing_attempts').where({ id }).whereNotNull('completed_at').first('id'));
}

/**
 * Runs the payment of an attempt once. 'expired': the attempt is not this form's (or was never shown).
 * A finished attempt answers its first outcome without calling `work`; one being paid by another post
 * is waited for. `work` runs outside any transaction, holding only the attempt's claim.
 */
export async function settleAttempt(
  db: Knex,
  owner: AttemptOwner,
  id: string,
  work: (attempt: Attempt) => Promise<AttemptOutcome>,
): Promise<Omit<AttemptOutcome, 'done'> | 'expired'> {
  if (!UUID.test(id)) return 'expired';
  for (;;) {
    // Read by id and account only: a finished attempt replays even when the form has moved on since
    // (after a first membership, the same page is the add-seat mode).
    const row = await db('billing_attempts').where({ id, account_id: owner.accountId }).first();
    if (!row) return 'expired';
    if (row.completed_at) return { redirect: row.outcome_path ?? '/', flash: row.outcome_flash };
    const columns = columnsOf(owner);
    if (
      row.mode !== columns.mode ||
      row.provider_id !== columns.provider_id ||
      row.subscription_id !== columns.subscription_id
    )
      return 'expired';
    const claim = crypto.randomUUID();
    const claimed = await db('billing_attempts')
      .where({ id })
      .whereNull('completed_at')
      .where((q) =>
        q
          .whereNull('claim')
          .orWhere('claimed_at', '<', db.raw('now() - make_interval(secs => ?)', [ATTEMPT_LEASE_SECONDS])),
      )
      .update({ claim, claimed_at: db.fn.now() });
    if (!claimed) {
      // Another post is paying this attempt: wait for its outcome (or for it to let go).
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
      continue;
    }
    let outcome: AttemptOutcome;
    try {
      outcome = await work(attemptOf(row));
    } catch (error) {
      await release(db, id, claim);
      throw error;
    }
    if (outcome.done)
      await db('billing_attempts')
        .where({ id, claim })
        .update({ completed_at: db.fn.now(), outcome_path: outcome.redirect, outcome_flash: outcome.flash ?? null });
    else await release(db, id, claim);
    return { redirect: outcome.redirect, flash: outcome.flash ?? null };
  }
}

const release = (db: Knex, id: string, claim: string) =>
  db('billing_attempts').where({ id, claim }).update({ claim: null, claimed_at: null });
