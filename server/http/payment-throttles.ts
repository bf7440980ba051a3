// Throttles on the routes that cost money or probe cards: new sign-up accounts, card-field setup intents,
// card processor sessions, payment attempts and declined payments. Each is counted per IP address and
// per session in PostgreSQL (table rate_limits, rate-limiter-flexible), so every server process counts
// the same requests. Past a limit the request is answered 429 with a plain message and Retry-After.
import type { Request, Response } from 'express';
import type { Knex } from 'knex';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { TooManyRequestsError } from '../lib/errors';

const HOUR = 60 * 60;

/** The limits (fixed one-hour windows). docs/operations.md lists them. */
export const PAYMENT_LIMITS = {
  /** Standalone accounts made by /zpm-signup's details step. */
  accounts: { perIp: 10, perSession: 3, windowSeconds: HOUR },
  /** Setup intents asked for by the card field (signed in or not). */
  setupIntents: { perIp: 20, perSession: 10, windowSeconds: HOUR },
  /** Sessions on the card processor's hosted page (adding or replacing a card, anonymous checkout). */
  cardSessions: { perIp: 20, perSession: 10, windowSeconds: HOUR },
  /** Posts of a payment form, whatever their outcome. */
  payAttempts: { perIp: 30, perSession: 20, windowSeconds: HOUR },
  /** Payments or saved cards the card processor declined. */
  declines: { perIp: 5, perSession: 5, windowSeconds: HOUR },
} as const;

export type ThrottledWork = keyof typeof PAYMENT_LIMITS;

export const THROTTLE_MESSAGES: Record<ThrottledWork, string> = {
  accounts: 'Too many sign-ups from this connection. Please try again in {minutes}.',
  setupIntents: 'Too many attempts to add a card. Please try again in {minutes}.',
  cardSessions: 'Too many attempts to add a card. Please try again in {minutes}.',
  payAttempts: 'Too many payment attempts. Please try again in {minutes}.',
  declines: 'Too many declined payments. Please try again in {minutes}, or use another payment method then.',
};

const minutesText = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
};

interface Pair {
  ip: RateLimiterPostgres;
  session: RateLimiterPostgres;
}

export interface PaymentThrottles {
  /**
   * Takes one point of `work` for this request's IP address and session, before the work runs (so
   * concurrent requests cannot all slip through); throws TooManyRequestsError (429) past a limit.
   */
  take(req: Request, res: Response, work: Exclude<ThrottledWork, 'declines'>): Promise<void>;
  /**
   * A payment attempt: one pay-attempt point and one decline point are taken first; the decline point
   * is given back as the response ends, unless `countDecline(res)` said the card was declined.
   */
  takePayment(req: Request, res: Response): Promise<void>;
}

const DECLINED = Symbol('payment declined');

/** Marks this response's payment attempt as declined by the card processor: its decline point stays taken. */
export function countDecline(res: Response): void {
  (res.locals as Record<symbol, boolean>)[DECLINED] = true;
}

const keysOf = (req: Request) => ({
  ip: req.ip ?? 'unknown',
  session: req.sessionID ?? `no-session-${req.ip ?? 'unknown'}`,
});

export function createPaymentThrottles(db: Knex): PaymentThrottles {
  const limiter = (prefix: string, points: number, duration: number) =>
    new RateLimiterPostgres({
      storeClient: db,
      storeType: 'knex',
      tableName: 'rate_limits',
      tableCreated: true,
      clearExpiredByTimeout: true,
      keyPrefix: prefix,
      points,
      duration,
    });
  const pairs = Object.fromEntries(
    (Object.keys(PAYMENT_LIMITS) as ThrottledWork[]).map((work) => {
      const limit = PAYMENT_LIMITS[work];
      return [
        work,
        {
          ip: limiter(`pay_${work}_ip`, limit.perIp, limit.windowSeconds),
          session: limiter(`pay_${work}_session`, limit.perSession, limit.windowSeconds),
        },
      ];
    }),
  ) as Record<ThrottledWork, Pair>;

  async function consume(req: Request, res: Response, work: ThrottledWork): Promise<void> {
    const keys = keysOf(req);
    for (const scope of ['ip', 'session'] as const) {
      try {
        await pairs[work][scope].consume(keys[scope], 1);
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal; // the store failed: nothing runs unthrottled
        const seconds = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
        res.setHeader('Retry-After', String(seconds));
        req.log?.warn({ requestId: req.id, work, scope }, 'throttled');
        throw new TooManyRequestsError(
          seconds,
          THROTTLE_MESSAGES[work].replace('{minutes}', minutesText(refusal.msBeforeNext)),
        );
      }
    }
  }

  return {
    take: consume,
    async takePayment(req, res) {
      await consume(req, res, 'payAttempts');
      await consume(req, res, 'declines');
      const keys = keysOf(req);
      // Not a decline: the point goes back before the answer leaves (as express-session saves the
      // session), so the visitor's next try already sees it.
      const end = res.end.bind(res) as (...args: unknown[]) => Response;
      res.end = ((...args: unknown[]) => {
        if ((res.locals as Record<symbol, boolean>)[DECLINED]) return end(...args);
        Promise.all([pairs.declines.ip.reward(keys.ip, 1), pairs.declines.session.reward(keys.session, 1)])
          .catch((error: unknown) =>
            req.log?.warn({ err: error, requestId: req.id }, 'decline throttle: point not given back'),
          )
          .finally(() => end(...args));
        return res;
      }) as Response['end'];
    },
  };
}
