// The /zpm-signup sign-ups (table zpm_signups): the owner's account, the clinic, the payment attempt and
// where each one stands.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Row } from '../../db/rows';

/** The EHR's message when its clinic sign-up is done (the practice-management window's postMessage). */
export interface ClinicMessage {
  clinicId: string;
  url: string;
  subdomain: string;
}

export type Variant = 'page' | 'iframe';

export interface SignupRow {
  id: string;
  clinicId: string;
  clinicUrl: string;
  subdomain: string;
  variant: Variant;
  accountId: number | null;
  userId: number | null;
  paymentAttempt: string;
  paymentStartedAt: Date | null;
  paidAt: Date | null;
  completedAt: Date | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// variant holds page or iframe, the only values insertSignup writes.
const toRow = (row: Row<'zpm_signups'>): SignupRow => ({
  id: row.id,
  clinicId: row.clinic_id,
  clinicUrl: row.clinic_url,
  subdomain: row.subdomain,
  variant: row.variant as Variant,
  accountId: row.account_id,
  userId: row.user_id,
  paymentAttempt: row.payment_attempt,
  paymentStartedAt: row.payment_started_at,
  paidAt: row.paid_at,
  completedAt: row.completed_at,
});

export async function insertSignup(
  trx: Knex,
  clinic: ClinicMessage,
  variant: Variant,
  owner: { accountId: number; userId: number },
): Promise<string> {
  const id = crypto.randomUUID();
  await trx('zpm_signups').insert({
    id,
    clinic_id: clinic.clinicId,
    clinic_url: clinic.url,
    subdomain: clinic.subdomain,
    variant,
    account_id: owner.accountId,
    user_id: owner.userId,
    payment_attempt: crypto.randomUUID(),
  });
  return id;
}

/** The sign-up by its id (from the visitor's session); `lock` takes its row lock inside a transaction. */
export async function findSignup(db: Knex, id: unknown, lock = false): Promise<SignupRow | null> {
  if (typeof id !== 'string' || !UUID.test(id)) return null;
  const query = db('zpm_signups').where({ id }).first();
  const row = await (lock ? query.forUpdate() : query);
  return row ? toRow(row) : null;
}

/** After a refusal: the next payment is a new attempt (the card processor replays a key's first answer), and nothing is being charged. */
export async function renewAttempt(db: Knex, id: string): Promise<void> {
  await db('zpm_signups')
    .where({ id })
    .whereNull('paid_at')
    .update({ payment_attempt: crypto.randomUUID(), payment_started_at: null });
}

/**
 * Records that a charge is about to be asked for (one statement, so its own short transaction): the
 * attempt whose key the charge carries, or null when the sign-up is already paid.
 */
export async function startPayment(db: Knex, id: string): Promise<string | null> {
  const [row] = await db('zpm_signups')
    .where({ id })
    .whereNull('paid_at')
    .update({ payment_started_at: db.fn.now() })
    .returning('payment_attempt');
  return row?.payment_attempt ?? null;
}

/** Records the payment; false when another request or the sweeper already did. */
export async function markPaid(trx: Knex, id: string): Promise<boolean> {
  return (await trx('zpm_signups').where({ id }).whereNull('paid_at').update({ paid_at: trx.fn.now() })) > 0;
}

/** The sweeper found no charge for an attempt started `minutes` ago or more (not one started since): nothing is pending any more. */
export async function clearPaymentStarted(db: Knex, id: string, minutes: number): Promise<void> {
  await db('zpm_signups')
    .where({ id })
    .whereNull('paid_at')
    .where('payment_started_at', '<', db.raw(`now() - make_interval(mins => ?)`, [minutes]))
    .update({ payment_started_at: null });
}

/** Paid sign-ups not finished for `minutes` (their job may have died or used up its tries). */
export async function paidUnfinished(db: Knex, minutes: number): Promise<SignupRow[]> {
  const rows = await db('zpm_signups')
    .whereNotNull('paid_at')
    .whereNull('completed_at')
    .where('paid_at', '<', db.raw(`now() - make_interval(mins => ?)`, [minutes]))
    .orderBy('paid_at')
    .limit(500);
  return rows.map(toRow);
}

/** Sign-ups whose charge was asked for `minutes` ago or more and never recorded (the process died in between). */
export async function chargeUnrecorded(db: Knex, minutes: number): Promise<SignupRow[]> {
  const rows = await db('zpm_signups')
    .whereNotNull('payment_started_at')
    .whereNull('paid_at')
    .where('payment_started_at', '<', db.raw(`now() - make_interval(mins => ?)`, [minutes]))
    .orderBy('payment_started_at')
    .limit(500);
  return rows.map(toRow);
}

export async function markCompleted(trx: Knex, id: string): Promise<void> {
  await trx('zpm_signups').where({ id }).update({ completed_at: trx.fn.now() });
}

export async function saveClinic(trx: Knex, accountId: number, subdomain: string): Promise<void> {
  await trx('accounts')
    .where({ id: accountId })
    .update({ practice_management: JSON.stringify({ subdomain, trial_end: null }) });
}

export async function ownerOf(
  db: Knex,
  userId: number,
): Promise<{ id: number; email: string; firstName: string; lastName: string } | null> {
  const row = await db('users').where({ id: userId }).first('id', 'email', 'first_name', 'last_name');
  return row ? { id: row.id, email: row.email, firstName: row.first_name ?? '', lastName: row.last_name ?? '' } : null;
}
