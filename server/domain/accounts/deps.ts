// What the account rules need from the outside, and the request facts they record.
import type { Knex } from 'knex';
import type { Config } from '../../config';
import type { Outgoing } from '../../jobs/outgoing';
import type { JobQueue } from '../../jobs/queue';
import type { Throttles } from './throttle';

export interface AccountDeps {
  db: Knex;
  outgoing: Outgoing;
  config: Config;
  throttles: Throttles;
  jobs: JobQueue;
}

/** Who is asking, for the audit trail and the per-IP throttle. */
export interface RequestMeta {
  ip?: string;
  userAgent?: string;
}

/** Two-factor codes by SMS (spec 1 §9): valid 10 minutes, at most 5 wrong tries. */
export const TWO_FACTOR_CODE_TTL_MS = 10 * 60 * 1000;
export const TWO_FACTOR_MAX_WRONG = 5;

/** The practice-management app's address for a practice's subdomain (a safe default when it has none). */
export function practiceManagementUrl(
  config: Pick<Config, 'practiceManagementUrl'>,
  subdomain: string | undefined,
): string {
  const safe = subdomain && /^[a-z0-9-]{1,63}$/i.test(subdomain) ? subdomain : 'app';
  return config.practiceManagementUrl.replace('{subdomain}', safe);
}
