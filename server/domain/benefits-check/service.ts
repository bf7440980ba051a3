// Running a benefits check again (spec 3 §4: pending_rerun's button; §7 rerun-vob). The cards a thread
// shows are the presenters' (server/presenters/benefits-check.ts).
import type { Knex } from 'knex';
import type { BenefitsTool } from '../../integrations/benefits-tool';
import { NotFoundError } from '../../lib/errors';
import * as repo from './repo';
import type { VobData, VobInputInfo } from './types';

export type RerunOutcome = 'ran' | 'not-pending';

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * Runs a pending check again through the benefits tool and stores its answer, in one transaction that
 * holds the message (a second click waits, then finds it no longer pending). Another provider's message,
 * or one without a check, is not found; a tool failure (BenefitsToolError) rolls back and leaves the
 * check pending.
 */
export async function rerunBenefitsCheck(
  db: Knex,
  tool: Pick<BenefitsTool, 'rerunVerification'>,
  request: { scope: repo.BenefitsCheckScope; clientUserId: number; messageId: number },
): Promise<RerunOutcome> {
  const { clientUserId, messageId } = request;
  if (![clientUserId, messageId].every((id) => Number.isSafeInteger(id) && id > 0)) throw new NotFoundError();
  return db.transaction(async (trx) => {
    const message = await repo.lockVobMessage(trx, request.scope, clientUserId, messageId);
    if (!message) throw new NotFoundError();
    if (message.vobData.status !== 'pending_rerun') return 'not-pending';
    const info: VobInputInfo = message.vobInputInfo ?? {};
    const insuranceName =
      text(info.insurance_name) ??
      (Array.isArray(info.insurance_names) ? (info.insurance_names.map(text).find(Boolean) ?? null) : null);
    const result = await tool.rerunVerification({
      vobId: message.vobData.id ?? null,
      providerId: message.providerId,
      clientUserId: message.clientUserId,
      memberId: text(info.member_id),
      insuranceName,
      dateOfBirth: text(info.dob),
    });
    const updated: VobData = {
      ...message.vobData,
      ...result,
      reimbursify_eligibility_id:
        result.reimbursify_eligibility_id ?? message.vobData.reimbursify_eligibility_id ?? null,
    };
    await repo.updateVobData(trx, message.id, updated);
    return 'ran';
  });
}

export interface CardMessage {
  id: number;
  vobData?: Record<string, unknown>;
  vobInputInfo?: Record<string, unknown>;
}

/** The addresses of the benefits check's actions (routes of the benefits-check feature, and the upgrade). */
export const BENEFITS_CHECK_PATHS = {
  rerun: (clientUserId: number, messageId: number) => `/messages/${clientUserId}/benefits-check/${messageId}/rerun`,
  link: (clientUserId: number) => `/messages/${clientUserId}/benefits-check-link`,
  upgrade: (accountId: number) => `/reimbursify/upgrade/${accountId}`,
} as const;
