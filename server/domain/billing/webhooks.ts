// Stripe's events (POST /webhooks/stripe): each event id is stored once, and the customer it concerns
// is queued for a fresh sync. The answer goes back at once; the sync (which calls Stripe) runs as a job
// with retries, so a slow Stripe never makes Stripe's own delivery time out.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Stripe } from '../../integrations/payments';
import type { JobDefinition, JobQueue } from '../../jobs/queue';
import { dunningJobs, queuePaymentFailedMail } from './dunning';
import { syncCustomer } from './mirror';

export const SYNC_CUSTOMER_JOB = 'billing.sync-customer';
export const RECONCILE_JOB = 'billing.reconcile';

type EventObject = { object?: string; id?: string; customer?: string | { id: string } | null };

/** The customer an event is about: the customer itself, or the customer its object belongs to (before or after the change). */
export function customerOfEvent(event: Pick<Stripe.Event, 'data'>): string | null {
  const object = event.data.object as EventObject;
  if (object.object === 'customer') return object.id ?? null;
  const owner = object.customer ?? (event.data.previous_attributes as EventObject | undefined)?.customer ?? null;
  return typeof owner === 'string' ? owner : (owner?.id ?? null);
}

// Ids and types as Stripe writes them: visible ASCII, nothing the database or a log would choke on.
const STRIPE_TOKEN = /^[\x21-\x7e]{1,255}$/;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether a signed body has the shape of an event we can store: an id and a type, and a data object
 * whose ids (and customer, when named) are plain tokens. Anything else is refused with 400, not a 500
 * that Stripe would retry for days.
 */
export function isWellFormedEvent(event: unknown): event is Stripe.Event {
  if (!isRecord(event) || !isRecord(event.data) || !isRecord(event.data.object)) return false;
  if (
    typeof event.id !== 'string' ||
    !STRIPE_TOKEN.test(event.id) ||
    typeof event.type !== 'string' ||
    !STRIPE_TOKEN.test(event.type)
  )
    return false;
  const object = event.data.object as EventObject;
  if (object.id !== undefined && (typeof object.id !== 'string' || !STRIPE_TOKEN.test(object.id))) return false;
  const previous = event.data.previous_attributes;
  if (previous !== undefined && previous !== null && !isRecord(previous)) return false;
  try {
    const customer = customerOfEvent(event as unknown as Stripe.Event);
    return customer === null || (typeof customer === 'string' && STRIPE_TOKEN.test(customer));
  } catch {
    return false;
  }
}

/**
 * Records the event once and queues its customer's sync, in one transaction; a replay or duplicate does
 * nothing. A failed payment (`invoice.payment_failed`) also queues its e-mail, once per invoice attempt.
 */
export async function receiveEvent(
  db: Knex,
  jobs: JobQueue,
  event: Stripe.Event,
): Promise<'queued' | 'ignored' | 'duplicate'> {
  return db.transaction(async (trx) => {
    const object = event.data.object as EventObject;
    const inserted = await trx('billing_webhook_events')
      .insert({ id: event.id, type: event.type, object_id: object.id ?? null })
      .onConflict('id')
      .ignore()
      .returning('id');
    if (!inserted.length) return 'duplicate';
    const customerId = customerOfEvent(event);
    if (!customerId) return 'ignored';
    await jobs.enqueue(trx, SYNC_CUSTOMER_JOB, { customerId });
    if (event.type === 'invoice.payment_failed' && object.object === 'invoice')
      await queuePaymentFailedMail(trx, jobs, event.data.object as Stripe.Invoice, customerId);
    return 'queued';
  });
}

/** Re-reads every customer of the mirror from Stripe and repairs what drifted; logs each change. */
export async function reconcile(
  db: Knex,
  payments: Parameters<typeof syncCustomer>[1],
  logger: Logger,
): Promise<{ customers: number; changed: number }> {
  const ids: string[] = await db('billing_customers').orderBy('id').pluck('id');
  let changed = 0;
  for (const id of ids) {
    const outcome = await syncCustomer(db, payments, id, logger);
    if (outcome?.changes.length) {
      changed += 1;
      logger.warn(
        { customerId: id, accountId: outcome.accountId, changes: outcome.changes },
        'billing reconcile repaired drift',
      );
    }
  }
  logger.info({ customers: ids.length, changed }, 'billing reconcile done');
  return { customers: ids.length, changed };
}

export const billingJobs: JobDefinition<never>[] = [
  {
    name: SYNC_CUSTOMER_JOB,
    retryLimit: 8,
    retryDelaySeconds: 15,
    handle: async ({ customerId }: { customerId: string }, { db, integrations, logger }) => {
      await syncCustomer(db, integrations.payments.gateway, customerId, logger);
    },
  },
  {
    name: RECONCILE_JOB,
    cron: '30 3 * * *',
    timeoutSeconds: 3600,
    retryLimit: 1,
    handle: async (_data: object, { db, integrations, logger }) => {
      await reconcile(db, integrations.payments.gateway, logger);
    },
  },
  ...dunningJobs,
] as JobDefinition<never>[];
