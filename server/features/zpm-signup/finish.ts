// What a paid /zpm-signup still needs: the EHR's clinic, then the account's practice management and the
// set-password e-mail. It runs as a job (queued in the transaction that records the payment), and a
// retry of the payment runs it at once too; every step may run twice: the EHR call is idempotent, and
// the record and the e-mail happen once, under the row's lock. No outside call is made in a transaction.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import { queueSetPasswordEmail } from '../../domain/accounts';
import { primaryCustomerOf, syncCustomer } from '../../domain/billing';
import type { Ehr } from '../../integrations/ehr';
import type { PaymentsGateway } from '../../integrations/payments';
import type { JobQueue, Outgoing } from '../../jobs';
import { zpmSignupRecords } from '../../domain/accounts';

export const FINISH_JOB = 'zpm-signup.finish';
export const SWEEP_JOB = 'zpm-signup.sweep';

/** A paid sign-up unfinished this long is queued again (its job died, or used up its tries). */
export const SWEEP_PAID_AFTER_MINUTES = 5;
/** A charge asked for this long ago and never recorded is looked up at the card processor (every call has long timed out by then). */
export const SWEEP_CHARGE_AFTER_MINUTES = 10;

export interface FinishDeps {
  db: Knex;
  config: Config;
  payments: PaymentsGateway;
  ehr: Ehr;
  outgoing: Outgoing;
  jobs: JobQueue;
}

/** Queues the finishing job through `trx` (the payment's own transaction), once per sign-up while one waits. */
export async function queueFinish(jobs: JobQueue, trx: Knex | Knex.Transaction, signupId: string): Promise<void> {
  await jobs.enqueue(trx, FINISH_JOB, { signupId }, { singletonKey: signupId });
}

/** Records the payment and queues the finishing job in one short transaction; false when it was already recorded. */
export async function recordPaid(deps: Pick<FinishDeps, 'db' | 'jobs'>, signupId: string): Promise<boolean> {
  return deps.db.transaction(async (trx) => {
    const paid = await zpmSignupRecords.markPaid(trx, signupId);
    if (paid) await queueFinish(deps.jobs, trx, signupId);
    return paid;
  });
}

/**
 * Finishes a paid sign-up: true when this call finished it, false when there was nothing to do (not paid,
 * or finished before). Throws when the EHR fails; the job then tries again.
 */
export async function finishSignup(
  deps: FinishDeps,
  signupId: string,
  context: { requestId?: string | null; log?: Logger } = {},
): Promise<boolean> {
  const signup = await zpmSignupRecords.findSignup(deps.db, signupId);
  if (!signup?.paidAt || signup.completedAt || !signup.accountId || !signup.userId) return false;
  // Outside any transaction. The key and the clinic id make a second call answer the first one's clinic
  // (an existing clinic of this sign-up counts as made).
  await deps.ehr.createClinic({
    providerId: null,
    accountId: signup.accountId,
    subdomain: signup.subdomain,
    clinicId: signup.clinicId,
    trialDays: 0,
    requestId: context.requestId ?? null,
    idempotencyKey: `zpm-signup-${signup.id}`,
  });
  const finished = await deps.db.transaction(async (trx) => {
    const locked = await zpmSignupRecords.findSignup(trx, signupId, true);
    if (!locked || locked.completedAt) return false;
    await zpmSignupRecords.saveClinic(trx, locked.accountId!, locked.subdomain);
    const owner = (await zpmSignupRecords.ownerOf(trx, locked.userId!))!;
    await queueSetPasswordEmail(trx as Knex.Transaction, deps, owner, deps.ehr.signInUrl(locked.subdomain));
    await zpmSignupRecords.markCompleted(trx, locked.id);
    return true;
  });
  if (finished) {
    // The mirror follows (the webhook would too): the account's plan flags come from it.
    const customerId = await primaryCustomerOf(deps.db, signup.accountId);
    if (customerId) {
      await syncCustomer(deps.db, deps.payments, customerId, context.log).catch((error: unknown) =>
        context.log?.error({ err: error, requestId: context.requestId }, 'zpm-signup: billing mirror sync failed'),
      );
    }
  }
  return finished;
}

/** The sign-up's own subscription at the card processor (its metadata names it), live; null when the charge never went through. */
export async function chargedSubscriptionOf(
  payments: PaymentsGateway,
  customerId: string,
  signupId: string,
): Promise<string | null> {
  const subscriptions = await payments.subscriptionsOf(customerId);
  return (
    subscriptions.find(
      (s) => s.metadata?.zpm_signup === signupId && ['active', 'trialing', 'past_due'].includes(s.status),
    )?.id ?? null
  );
}

/**
 * The safety net, every few minutes: a paid sign-up left unfinished is queued again; a charge asked for
 * and never recorded (the process died between the card processor's answer and our commit) is looked up
 * there: charged, it is recorded and finished; not charged, nothing is pending any more.
 */
export async function sweepSignups(deps: FinishDeps, log?: Logger): Promise<{ requeued: number; recovered: number }> {
  let requeued = 0;
  let recovered = 0;
  for (const signup of await zpmSignupRecords.paidUnfinished(deps.db, SWEEP_PAID_AFTER_MINUTES)) {
    await queueFinish(deps.jobs, deps.db, signup.id);
    requeued++;
  }
  for (const signup of await zpmSignupRecords.chargeUnrecorded(deps.db, SWEEP_CHARGE_AFTER_MINUTES)) {
    const customerId = signup.accountId ? await primaryCustomerOf(deps.db, signup.accountId) : null;
    const charged = customerId ? await chargedSubscriptionOf(deps.payments, customerId, signup.id) : null;
    if (charged) {
      if (await recordPaid(deps, signup.id)) recovered++;
      log?.warn(
        { signupId: signup.id, subscriptionId: charged },
        'zpm-signup: a charge that was never recorded was found and recorded',
      );
    } else {
      await zpmSignupRecords.clearPaymentStarted(deps.db, signup.id, SWEEP_CHARGE_AFTER_MINUTES);
    }
  }
  return { requeued, recovered };
}
