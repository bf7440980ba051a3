// Two-factor codes by SMS, for signing in and for turning two-factor on: one live code per user and
// purpose, hashed at rest, valid 10 minutes, with a limit on how many new codes a user may ask for.
import type { Knex } from 'knex';
import { TWO_FACTOR_CODE_TTL_MS, type AccountDeps, type RequestMeta } from './deps';
import { insertToken, invalidateTokens, recordAudit } from './repo';
import { hashToken, newCode } from './tokens';

/** Writes one line of the audit log for this request. */
export const audit = (db: Knex, userId: number | null, action: string, meta: RequestMeta, details?: object) =>
  recordAudit(db, { userId, action, ip: meta.ip, userAgent: meta.userAgent, details });

/**
 * Sends a new code to `phone` unless the user's limit of new codes is used up (false then); the user's
 * earlier code of the same kind stops working. Recorded, and queued, in one transaction.
 */
export async function sendTwoFactorCode(
  deps: Pick<AccountDeps, 'db' | 'throttles' | 'outgoing'>,
  input: {
    userId: number;
    kind: 'sign_in' | 'enrol';
    phone: string;
    text: (code: string) => string;
    meta: RequestMeta;
    auditDetails?: object;
  },
): Promise<boolean> {
  if (!(await deps.throttles.codesByUser.take(String(input.userId))).allowed) return false;
  const code = newCode();
  await deps.db.transaction(async (trx) => {
    await invalidateTokens(trx, input.userId, 'two_factor_code', input.kind);
    await insertToken(trx, {
      userId: input.userId,
      purpose: 'two_factor_code',
      hash: hashToken(code),
      expiresAt: new Date(Date.now() + TWO_FACTOR_CODE_TTL_MS),
      meta: input.kind === 'enrol' ? { kind: 'enrol', phone: input.phone } : { kind: 'sign_in' },
    });
    await audit(trx, input.userId, 'two_factor_code_sent', input.meta, input.auditDetails);
    await deps.outgoing.sms(trx, input.phone, input.text(code));
  });
  return true;
}
