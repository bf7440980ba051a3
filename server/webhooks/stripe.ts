// POST /webhooks/stripe: Stripe's events. The signature is checked on the raw body (so this route comes
// before the body parsers, sessions and CSRF); a valid event is stored once and its sync queued, and the
// answer is 200 at once. A bad signature (also one dated outside the tolerance window, either way) or a
// signed body that is not an event we can store is 400 and changes nothing.
import express, { type Router } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { isWellFormedEvent, receiveEvent } from '../domain/billing';
import type { Payments } from '../integrations/payments';
import type { JobQueue } from '../jobs/queue';

export function stripeWebhookRouter({
  db,
  payments,
  jobs,
  logger,
}: {
  db: Knex;
  payments: Payments;
  jobs: JobQueue;
  logger: Logger;
}): Router {
  const router = express.Router();
  router.post('/webhooks/stripe', express.raw({ type: () => true, limit: '1mb' }), async (req, res, next) => {
    const signature = req.get('stripe-signature');
    if (!signature || !Buffer.isBuffer(req.body)) {
      res.status(400).json({ error: 'missing signature' });
      return;
    }
    let event: unknown;
    try {
      event = await payments.gateway.verifyEvent(req.body, signature);
    } catch (error) {
      logger.warn({ err: error }, 'stripe webhook refused: bad signature');
      res.status(400).json({ error: 'bad signature' });
      return;
    }
    if (!isWellFormedEvent(event)) {
      logger.warn('stripe webhook refused: signed, but not an event we can store');
      res.status(400).json({ error: 'malformed event' });
      return;
    }
    try {
      const outcome = await receiveEvent(db, jobs, event);
      res.json({ received: true, outcome });
    } catch (error) {
      next(error); // 500: Stripe retries the delivery
    }
  });
  return router;
}
