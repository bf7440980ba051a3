// Throttles kept in PostgreSQL (rate-limiter-flexible, table rate_limits), so every server process
// counts the same failures. Fixed windows: a lock-out ends when its window does (docs/decisions.md,
// "Sign-in throttling"), so nobody can lock a real user out for longer than that.
import type { Knex } from 'knex';
import { RateLimiterPostgres, type RateLimiterRes } from 'rate-limiter-flexible';

export const SIGN_IN_LIMITS = {
  perEmail: { failures: 5, windowSeconds: 15 * 60 },
  perIp: { failures: 50, windowSeconds: 60 * 60 },
  /** New two-factor codes per user (sign-in and enrolment). */
  codesPerUser: { count: 5, windowSeconds: 15 * 60 },
  /** Reset e-mails per address, so the form cannot be used to flood an inbox. */
  resetMailsPerEmail: { count: 5, windowSeconds: 60 * 60 },
  /** Account-recovery look-ups per IP (name + phone can be guessed). */
  recoveriesPerIp: { count: 10, windowSeconds: 60 * 60 },
} as const;

/** A counter with a fixed window: `exceeded` is true once `limit` events happened in the window. */
export interface Counter {
  exceeded(key: string): Promise<boolean>;
  /** Counts one event; resolves true when this event reached the limit (the moment of a lock-out). */
  hit(key: string): Promise<boolean>;
  reset(key: string): Promise<void>;
}

export interface Throttles {
  signInByEmail: Counter;
  signInByIp: Counter;
  codesByUser: Counter;
  resetMailsByEmail: Counter;
  recoveriesByIp: Counter;
}

function counter(db: Knex, keyPrefix: string, limit: number, windowSeconds: number): Counter {
  const limiter = new RateLimiterPostgres({
    storeClient: db,
    storeType: 'knex',
    tableName: 'rate_limits',
    tableCreated: true, // the migration made it
    clearExpiredByTimeout: true,
    keyPrefix,
    points: limit,
    duration: windowSeconds,
  });
  return {
    async exceeded(key) {
      const state: RateLimiterRes | null = await limiter.get(key);
      return (state?.consumedPoints ?? 0) >= limit;
    },
    async hit(key) {
      const state = await limiter.penalty(key, 1);
      return state.consumedPoints === limit;
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

export function createThrottles(db: Knex): Throttles {
  const l = SIGN_IN_LIMITS;
  return {
    signInByEmail: counter(db, 'sign_in_email', l.perEmail.failures, l.perEmail.windowSeconds),
    signInByIp: counter(db, 'sign_in_ip', l.perIp.failures, l.perIp.windowSeconds),
    codesByUser: counter(db, 'two_factor_codes', l.codesPerUser.count, l.codesPerUser.windowSeconds),
    resetMailsByEmail: counter(db, 'reset_mails', l.resetMailsPerEmail.count, l.resetMailsPerEmail.windowSeconds),
    recoveriesByIp: counter(db, 'recoveries_ip', l.recoveriesPerIp.count, l.recoveriesPerIp.windowSeconds),
  };
}
