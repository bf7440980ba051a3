// Running a benefits check again (spec 3 §4: pending_rerun's button; §7 rerun-vob). The cards a thread
// shows are the presenters' (server/presenters/benefits-check.ts).
import type { Knex } from 'knex';
import type { BenefitsTool } from '../../integrations/benefits-tool';
import { NotFoundError } from '../../lib/errors';
import { claimBenefitsCheckRerun, releaseBenefitsCheckRerun, storeBenefitsCheck } from '../messaging';
import * as repo from './repo';
import type { VobData, VobInputInfo } from './types';

export type RerunOutcome = 'ran' | 'not-pending';

/** How long a rerun's claim holds a check: beyond the benefits tool's time limit, so only a rerun that died loses it. */
const RERUN_LEASE_SECONDS = 120;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * Runs a pending check again through the benefits tool and stores its answer. The check is claimed first
 * (one statement), the tool is called outside any transaction, then the answer is stored: a second click
 * waits for the first, then finds the check no longer pending. Another provider's message, or one without
 * a check, is not found; a tool failure (BenefitsToolError) lets the claim go and leaves the check pending.
 */
export async function rerunBenefitsCheck(
  db: Knex,
  tool: Pick<BenefitsTool, 'rerunVerification'>,
  request: { scope: repo.BenefitsCheckScope; clientUserId: number; messageId: number },
): Promise<RerunOutcome> {
  const { clientUserId, messageId } = request;
  if (![clientUserId, messageId].every((id) => Number.isSafeInteger(id) && id > 0)) throw new NotFoundError();
  for (;;) {
    const message = await repo.findVobMessage(db, request.scope, clientUserId, messageId);
    if (!message) throw new NotFoundError();
    if (message.vobData.status !== 'pending_rerun') return 'not-pending';
    if (!(await claimBenefitsCheckRerun(db, message.id, RERUN_LEASE_SECONDS))) {
      // Another click is running it: wait for its answer (or for its claim to lapse).
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    const info: VobInputInfo = message.vobInputInfo ?? {};
    const insuranceName =
      text(info.insurance_name) ??
      (Array.isArray(info.insurance_names) ? (info.insurance_names.map(text).find(Boolean) ?? null) : null);
    let result: Awaited<ReturnType<BenefitsTool['rerunVerification']>>;
    try {
      result = await tool.rerunVerification({
        vobId: message.vobData.id ?? null,
        providerId: message.providerId,
        clientUserId: message.clientUserId,
        memberId: text(info.member_id),
        insuranceName,
        dateOfBirth: text(info.dob),
      });
    } catch (error) {
      await releaseBenefitsCheckRerun(db, message.id);
      throw error;
    }
    const { rerun_started_at: _claim, ...stored } = message.vobData as VobData & { rerun_started_at?: unknown };
    const updated: VobData = {
      ...stored,
      ...result,
      reimbursify_eligibility_id:
        result.reimbursify_eligibility_id ?? message.vobData.reimbursify_eligibility_id ?? null,
    };
    await storeBenefitsCheck(db, message.id, updated);
    return 'ran';
  }
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
