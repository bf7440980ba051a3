// Payment attempts (issue [10] "Safety"): the pay step stores one when it is shown, and its id keys every
// Stripe call of the post that follows. The post settles the attempt under a row lock, so a double
// submit waits for the first and then replays where it led; a post with no attempt of its own pays nothing.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { PaymentForm } from './modes';

export interface Attempt {
  id: string;
  prorationDate: number;
  taxPercentage: number;
}
export interface Outcome {
  redirect: string;
  flash?: string | null;
  done: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const ownedBy = (form: PaymentForm) => ({
  account_id: form.accountId,
  mode: form.mode,
  provider_id: form.provider?.id ?? null,
  subscription_id: form.target?.id ?? null,
});

/** The attempt for this render of the pay step: the one the form already carries (after an error), or a new one. */
export async function open(db: Knex, form: PaymentForm, givenId?: string): Promise<Attempt> {
  if (givenId && UUID.test(givenId)) {
    const row = await db('billing_attempts')
      .where({ id: givenId, ...ownedBy(form) })
      .whereNull('completed_at')
      .first('id', 'proration_date', 'tax_percentage');
    if (row)
      return { id: row.id, prorationDate: Number(row.proration_date), taxPercentage: Number(row.tax_percentage) };
  }
  // Attempts nobody finished are kept a week (a retry a day later still replays), then dropped.
  await db('billing_attempts')
    .whereNull('completed_at')
    .where('created_at', '<', db.raw("now() - interval '7 days'"))
    .delete();
  const attempt = { id: crypto.randomUUID(), prorationDate: nowSeconds(), taxPercentage: 0 };
  await db('billing_attempts').insert({ id: attempt.id, ...ownedBy(form), proration_date: attempt.prorationDate });
  return attempt;
}

/** The tax percentage the pay step showed with this attempt. */
export async function noteTax(db: Knex, id: string, percentage: number): Promise<void> {
  await db('billing_attempts').where({ id }).whereNull('completed_at').update({ tax_percentage: percentage });
}

/** The attempt of this form, unfinished, as the pay step left it (null: none). */
export async function find(db: Knex, form: PaymentForm, id: string): Promise<Attempt | null> {
  if (!UUID.test(id)) return null;
  const row = await db('billing_attempts')
    .where({ id, ...ownedBy(form) })
    .whereNull('completed_at')
    .first('id', 'proration_date', 'tax_percentage');
  return row
    ? { id: row.id, prorationDate: Number(row.proration_date), taxPercentage: Number(row.tax_percentage) }
    : null;
}

export async function isSettled(db: Knex, id: string): Promise<boolean> {
  return UUID.test(id) && Boolean(await db('billing_attempts').where({ id }).whereNotNull('completed_at').first('id'));
}

/**
 * Runs the payment of an attempt once. 'expired': the attempt is not this form's (or was never shown).
 * A finished attempt answers its first outcome without calling `work` again.
 */
export async function settle(
  db: Knex,
  form: PaymentForm,
  id: string,
  work: (attempt: Attempt) => Promise<Outcome>,
): Promise<Omit<Outcome, 'done'> | 'expired'> {
  if (!UUID.test(id)) return 'expired';
  return db.transaction(async (trx) => {
    // Locked by id and account only: a finished attempt replays even when the form has moved on since
    // (after a first membership, the same page is the add-seat mode).
    const row = await trx('billing_attempts').where({ id, account_id: form.accountId }).forUpdate().first();
    if (!row) return 'expired' as const;
    if (row.completed_at) return { redirect: row.outcome_path, flash: row.outcome_flash };
    const owned = ownedBy(form);
    if (
      row.mode !== owned.mode ||
      (row.provider_id === null ? null : Number(row.provider_id)) !== owned.provider_id ||
      row.subscription_id !== owned.subscription_id
    )
      return 'expired' as const;
    const outcome = await work({
      id: row.id,
      prorationDate: Number(row.proration_date),
      taxPercentage: Number(row.tax_percentage),
    });
    if (outcome.done)
      await trx('billing_attempts')
        .where({ id })
        .update({ completed_at: trx.fn.now(), outcome_path: outcome.redirect, outcome_flash: outcome.flash ?? null });
    return { redirect: outcome.redirect, flash: outcome.flash ?? null };
  });
}
