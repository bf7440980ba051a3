// Throttles kept in PostgreSQL (rate-limiter-flexible, table rate_limits), so every server process
// counts the same attempts. Fixed windows: a lock-out ends when its window does (docs/decisions.md,
// "Sign-in throttling"), so nobody can lock a real user out for longer than that.
// A point is taken atomically BEFORE the work it guards (a password check, a mail) and given back when
// the work turns out fine: checking first and counting afterwards let concurrent requests all through.
import type { Knex } from 'knex';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

export const SIGN_IN_LIMITS = {
  perEmail: { failures: 5, windowSeconds: 15 * 60 },
  /**
   * Per IP, a ceiling well above one person's mistakes: an address where the account has signed in
   * before is slowed past it, never blocked (a practice's shared office IP); others are refused.
   */
  perIp: { failures: 100, windowSeconds: 60 * 60 },
  /** New two-factor codes per user (sign-in and enrolment). */
  codesPerUser: { count: 5, windowSeconds: 15 * 60 },
  /**
   * Wrong codes from an authenticator app or recovery codes per user (sign-in and Account Settings), like an
   * SMS code's 5 wrong tries; the window ends the lock-out.
   */
  secondFactorPerUser: { failures: 5, windowSeconds: 15 * 60 },
  /** Reset e-mails per address, so the form cannot be used to flood an inbox. */
  resetMailsPerEmail: { count: 5, windowSeconds: 60 * 60 },
  /** Account-recovery look-ups per IP (name + phone can be guessed). */
  recoveriesPerIp: { count: 10, windowSeconds: 60 * 60 },
} as const;

/** What taking a point said: whether the guarded work may run, and whether this point used up the limit. */
export interface Taken {
  allowed: boolean;
  reachedLimit: boolean;
}

/** A counter with a fixed window of `limit` points. */
export interface Counter {
  /** Takes one point atomically; `allowed` is false once the window's points are used up. */
  take(key: string): Promise<Taken>;
  /** Returns a point taken for work that succeeded, so only failures count. */
  giveBack(key: string): Promise<void>;
  exceeded(key: string): Promise<boolean>;
  reset(key: string): Promise<void>;
}

export interface Throttles {
  signInByEmail: Counter;
  signInByIp: Counter;
  codesByUser: Counter;
  secondFactorByUser: Counter;
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
    async take(key) {
      try {
        const state = await limiter.consume(key, 1);
        return { allowed: true, reachedLimit: state.consumedPoints === limit };
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes) return { allowed: false, reachedLimit: false };
        throw refusal; // the store failed: no attempt runs unthrottled
      }
    },
    async giveBack(key) {
      await limiter.reward(key, 1);
    },
    async exceeded(key) {
      const state: RateLimiterRes | null = await limiter.get(key);
      return (state?.consumedPoints ?? 0) >= limit;
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
    secondFactorByUser: counter(
      db,
      'second_factor_user',
      l.secondFactorPerUser.failures,
      l.secondFactorPerUser.windowSeconds,
    ),
    resetMailsByEmail: counter(db, 'reset_mails', l.resetMailsPerEmail.count, l.resetMailsPerEmail.windowSeconds),
    recoveriesByIp: counter(db, 'recoveries_ip', l.recoveriesPerIp.count, l.recoveriesPerIp.windowSeconds),
  };
}
