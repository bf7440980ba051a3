// Second factors for everyone who signs in (issue [25] item 1): which ones a user has (SMS, an authenticator
// app, recovery codes), and checking a code from the app or a recovery code under the per-user throttle,
// acting on a right one in the same transaction. SMS codes themselves are two-factor.ts.
import type { Knex } from 'knex';
import type { AccountDeps, RequestMeta } from './deps';
import { authenticatorEnabled, checkAuthenticatorCode } from './authenticator';
import { recoveryCodesLeft, spendRecoveryCode } from './recovery-codes';
import { findUserById } from './repo';
import { phoneLastFour } from './tokens';
import { audit } from './two-factor';

export type SecondFactorMethod = 'authenticator' | 'sms' | 'recovery';

export interface SecondFactors {
  /** Last four digits of the phone SMS codes go to, when SMS two-factor is on. */
  sms: string | null;
  authenticator: boolean;
  recoveryCodesLeft: number;
}

export async function secondFactorsOf(db: Knex, userId: number): Promise<SecondFactors> {
  const user = await findUserById(db, userId);
  return {
    sms: user?.two_factor_enrolled_at && user.two_factor_phone ? phoneLastFour(user.two_factor_phone) : null,
    authenticator: await authenticatorEnabled(db, userId),
    recoveryCodesLeft: await recoveryCodesLeft(db, userId),
  };
}

/** Recovery codes stand in for a factor; alone they are not one. */
export const hasSecondFactor = (factors: SecondFactors) => Boolean(factors.sms || factors.authenticator);

/** The method asked for first: the app when there is one (nothing is sent), else a text message. */
export const firstMethod = (factors: SecondFactors): SecondFactorMethod =>
  factors.authenticator ? 'authenticator' : 'sms';

export type CodeOutcome<T> =
  | { outcome: 'ok'; value: T; recoveryCodesLeft: number | null }
  | { outcome: 'wrong' }
  | { outcome: 'throttled' };

/**
 * Checks a code from the authenticator app or a recovery code (used up when right) and runs `then` in the
 * same transaction. At most 5 wrong codes per user in 15 minutes (a point is taken first and given back on
 * success), like the SMS code's 5 wrong tries. Wrong codes are audited as two_factor_failed.
 */
export async function checkSecondFactorCode<T>(
  deps: Pick<AccountDeps, 'db' | 'throttles'>,
  input: {
    userId: number;
    method: 'authenticator' | 'recovery';
    code: string;
    purpose: string;
    /** The first code of an app being set up (which it confirms). */
    pending?: boolean;
  },
  meta: RequestMeta,
  then: (trx: Knex.Transaction) => Promise<T>,
): Promise<CodeOutcome<T>> {
  const key = String(input.userId);
  if (!(await deps.throttles.secondFactorByUser.take(key)).allowed) return { outcome: 'throttled' };
  const done = await deps.db.transaction(async (trx) => {
    let left: number | null = null;
    if (input.method === 'authenticator') {
      if (!(await checkAuthenticatorCode(trx, input.userId, input.code, { pending: input.pending }))) return null;
    } else {
      left = await spendRecoveryCode(trx, input.userId, input.code);
      if (left === null) return null;
      await audit(trx, input.userId, 'recovery_code_used', meta, { for: input.purpose, left });
    }
    return { value: await then(trx), left };
  });
  if (!done) {
    await audit(deps.db, input.userId, 'two_factor_failed', meta, { for: input.purpose, method: input.method });
    return { outcome: 'wrong' };
  }
  await deps.throttles.secondFactorByUser.giveBack(key);
  return { outcome: 'ok', value: done.value, recoveryCodesLeft: done.left };
}
