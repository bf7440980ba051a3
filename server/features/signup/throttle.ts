// New logins per IP address, counted in PostgreSQL (table rate_limits) like the sign-in throttles, so
// one machine cannot mass-create accounts even past the bot check.
import type { Knex } from 'knex';
import { RateLimiterPostgres } from 'rate-limiter-flexible';

export const SIGNUP_LIMIT = { perIp: 20, windowSeconds: 60 * 60 } as const;

export interface SignupThrottle {
  exceeded(ip: string): Promise<boolean>;
  hit(ip: string): Promise<void>;
}

export function createSignupThrottle(db: Knex): SignupThrottle {
  const limiter = new RateLimiterPostgres({
    storeClient: db,
    storeType: 'knex',
    tableName: 'rate_limits',
    tableCreated: true,
    clearExpiredByTimeout: true,
    keyPrefix: 'signups_ip',
    points: SIGNUP_LIMIT.perIp,
    duration: SIGNUP_LIMIT.windowSeconds,
  });
  return {
    async exceeded(ip) {
      return ((await limiter.get(ip))?.consumedPoints ?? 0) >= SIGNUP_LIMIT.perIp;
    },
    async hit(ip) {
      await limiter.penalty(ip, 1);
    },
  };
}
