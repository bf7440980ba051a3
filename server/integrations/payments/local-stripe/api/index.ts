// The local card server's API: the part of Stripe's REST API (form-encoded POSTs under /v1, JSON
// answers, Stripe's error shape) that the portal calls, with state kept in PostgreSQL. The stripe SDK
// talks to it unchanged. Requests run one at a time, as one process serves them all. One file per
// resource registers its routes.
import express, { type Request, type Response, type Router } from 'express';
import { CardError } from '../cards';
import { catalogRoutes } from './catalog';
import { checkoutRoutes } from './checkout';
import { ApiError, type ApiContext, type Route } from './common';
import { customerRoutes } from './customers';
import { eventRoutes } from './events';
import { invoiceRoutes } from './invoices';
import { paymentMethodRoutes } from './payment-methods';
import { paymentRoutes } from './payments';
import { previewRoutes } from './previews';
import { setupIntentRoutes } from './setup-intents';
import { catchUpServerClock } from './renewals';
import { subscriptionRoutes } from './subscriptions';
import { taxRateRoutes } from './tax-rates';
import { onClockOf, testClockRoutes } from './test-clocks';

export { type ApiContext, need } from './common';
export { confirmSetup } from './setup-intents';
export { createSubscription as createLocalSubscription } from './subscriptions';
export {
  atTime,
  catchUp,
  catchUpServerClock,
  clockTime,
  configureRetries,
  discountsAt,
  expireIncomplete,
  renewDue,
  retrySettingsFrom,
  type RetrySettings,
} from './renewals';

/**
 * `run` runs one piece of work at a time (the hosted pages share it), so two requests never interleave
 * their reads and writes, and each in a transaction of its own (all or nothing, as Stripe answers).
 */
export function apiRouter(ctx: ApiContext, run: <T>(work: () => Promise<T>) => Promise<T>): Router {
  const router = express.Router();
  router.use('/v1', express.urlencoded({ extended: true, limit: '1mb', parameterLimit: 5000 }));

  // The browser (the card field's local stand-in for Stripe.js) may call the few routes Stripe.js calls, with the publishable key.
  router.use((req, res, next) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Idempotency-Key, Stripe-Version');
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    next();
  });

  const route: Route = (method, path, handler, options = {}) => {
    router[method](path, (req: Request, res: Response) => {
      // The answer is worked out and recorded in one transaction (run), and sent once it is committed: a
      // process that dies half-way leaves nothing behind, and no caller hears of what was not kept.
      const answer = async (): Promise<{ status: number; body: unknown; replayed?: boolean }> => {
        const key = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
        const allowed = key === ctx.secretKey || (options.browser && key === ctx.publishableKey);
        if (!allowed)
          throw new ApiError(401, 'invalid_request_error', `Invalid API Key provided: ${key.slice(0, 8)}***`);
        const idempotencyKey = req.headers['idempotency-key'];
        const remembered =
          method === 'post' && typeof idempotencyKey === 'string' ? await ctx.store.remembered(idempotencyKey) : null;
        if (remembered) return { ...remembered, replayed: true };
        // What the server's clock has made due since the last request (renewals, expiry, retries) comes first.
        await catchUpServerClock(ctx);
        let status = 200;
        let body: unknown;
        try {
          body = await onClockOf(ctx, req, () => handler(req, ctx));
        } catch (error) {
          if (!(error instanceof ApiError) && !(error instanceof CardError)) throw error;
          const known =
            error instanceof CardError
              ? new ApiError(402, 'card_error', error.message, error.code, error.param, error.declineCode)
              : error;
          status = known.status;
          body = {
            error: {
              type: known.type,
              message: known.message,
              code: known.code,
              param: known.param,
              decline_code: known.declineCode,
            },
          };
        }
        // Stripe keeps an idempotent answer for 24 hours, errors included (except its own 500s).
        if (method === 'post' && typeof idempotencyKey === 'string')
          await ctx.store.remember(idempotencyKey, status, body);
        return { status, body };
      };
      run(answer).then(
        ({ status, body, replayed }) => {
          if (replayed) res.setHeader('Idempotent-Replayed', 'true');
          res.status(status).json(body);
        },
        (error: Error) => {
          if (error instanceof ApiError)
            res.status(error.status).json({ error: { type: error.type, message: error.message } });
          else res.status(500).json({ error: { type: 'api_error', message: error.message } });
        },
      );
    });
  };

  for (const resource of [
    customerRoutes,
    paymentMethodRoutes,
    setupIntentRoutes,
    catalogRoutes,
    taxRateRoutes,
    subscriptionRoutes,
    previewRoutes,
    invoiceRoutes,
    paymentRoutes,
    checkoutRoutes,
    eventRoutes,
    testClockRoutes,
  ])
    resource(route, ctx);
  return router;
}
