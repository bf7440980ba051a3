// From a stored benefits check to the card its message shows (spec 3 §4): pending_rerun offers a rerun,
// vob_limit_reached the upgrade, unknown_error or a null percent the "unable to check" text, 0 % no
// out-of-network benefits, anything else the benefits with the sample-message arithmetic. Pure.
import type { Knex } from 'knex';
import type { VobCardKind, VobCardView } from '../../views/components/messaging/VobCard';
import {
  BENEFITS_CHECK_PATHS,
  BENEFITS_CHECK_TEXTS,
  fill,
  ongoingSessionFee,
  type CardMessage,
  type VobData,
  type VobInputInfo,
} from '../domain/benefits-check';

const number = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

/** Which card a check shows. */
export function vobKindOf(
  vob: Pick<VobData, 'status' | 'estimated_reimbursement_after_deductible_percent'>,
): VobCardKind {
  if (vob.status === 'pending_rerun') return 'pending-rerun';
  if (vob.status === 'vob_limit_reached') return 'limit-reached';
  const percent = number(vob.estimated_reimbursement_after_deductible_percent);
  if (vob.status === 'unknown_error' || percent === null) return 'unknown';
  if (percent <= 0) return 'no-benefits';
  return 'benefits';
}

/** The deductible still to pay: the individual one, else the family one; null when neither is known. */
export function remainingDeductible(
  vob: Pick<VobData, 'oon_individual_deductible_remaining_dollars' | 'oon_family_deductible_remaining_dollars'>,
): number | null {
  const individual = number(vob.oon_individual_deductible_remaining_dollars);
  const remaining = individual ?? number(vob.oon_family_deductible_remaining_dollars);
  return remaining === null ? null : Math.max(0, remaining);
}

/** Sessions at the ongoing fee until the deductible is met: remaining ÷ fee, rounded up; null without a fee. */
export function sessionsToDeductible(remaining: number | null, sessionFee: number | null): number | null {
  if (remaining === null || sessionFee === null || sessionFee <= 0) return null;
  return Math.ceil(remaining / sessionFee);
}

/**
 * What a session costs the client after reimbursement: fee × (1 − percent/100) once the deductible is met
 * (low), the whole fee while any of it remains (high). Whole dollars, rounded to the nearest.
 */
export function outOfPocketRange(
  sessionFee: number | null,
  percent: number,
  remaining: number | null,
): { low: number; high: number } | null {
  if (sessionFee === null || sessionFee <= 0) return null;
  const share = Math.min(Math.max(percent, 0), 100) / 100;
  const low = Math.round(sessionFee * (1 - share));
  const high = remaining === 0 ? low : sessionFee;
  return { low, high };
}

const dollars = (n: number) => `$${n.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
const rangeText = (r: { low: number; high: number }) =>
  r.low === r.high ? `${dollars(r.low)} per session` : `${dollars(r.low)}–${dollars(r.high)} per session`;

export interface BenefitsCheckInput {
  messageId: number;
  vobData: Partial<VobData> | Record<string, unknown>;
  vobInputInfo?: VobInputInfo | Record<string, unknown> | null;
  clientName: string;
  /** How the sample message greets the client. */
  clientFirstName?: string;
  /** The provider's custom_content.session_fee_ongoing (whole dollars), null when not set. */
  sessionFeeOngoing: number | null;
  /** Where Run posts (pending_rerun). */
  rerunAction: string;
  /** The Private Pay Booster upgrade, null when the viewer may not upgrade the account. */
  upgradeHref: string | null;
}

function insuranceNameOf(info: BenefitsCheckInput['vobInputInfo']): string | null {
  if (!info) return null;
  const i = info as VobInputInfo;
  const named = typeof i.insurance_name === 'string' && i.insurance_name.trim() ? i.insurance_name.trim() : null;
  if (named) return named;
  const first = Array.isArray(i.insurance_names)
    ? i.insurance_names.find((n) => typeof n === 'string' && n.trim())
    : undefined;
  return first ? first.trim() : null;
}

/** The sample message of a check that found benefits; the fee sentences only when the fee is set. */
export function sampleMessage(input: {
  firstName: string;
  insuranceName: string | null;
  percent: number;
  remaining: number | null;
  sessionFee: number | null;
}): string {
  const { firstName, insuranceName, percent, remaining, sessionFee } = input;
  const parts = [
    `Hi ${firstName}, I checked your out-of-network benefits for therapy${insuranceName ? ` with ${insuranceName}` : ''}.`,
    `Your plan is estimated to reimburse about ${percent}% of each session once your out-of-network deductible is met.`,
  ];
  const range = outOfPocketRange(sessionFee, percent, remaining);
  const sessions = sessionsToDeductible(remaining, sessionFee);
  if (remaining === 0 && range) {
    parts.push(
      `You have already met your deductible, so with my fee of ${dollars(sessionFee!)} you would pay about ${dollars(range.low)} per session after reimbursement.`,
    );
  } else if (remaining !== null && range && sessions !== null) {
    parts.push(
      `You have ${dollars(remaining)} of your deductible left, which is about ${sessions} ${sessions === 1 ? 'session' : 'sessions'} at my fee of ${dollars(sessionFee!)}.`,
    );
    parts.push(
      `Until then you would pay ${dollars(range.high)} per session; after that, about ${dollars(range.low)} per session after reimbursement.`,
    );
  } else if (range) {
    parts.push(
      `With my fee of ${dollars(sessionFee!)}, you would pay about ${dollars(range.low)} per session after reimbursement once your deductible is met.`,
    );
  }
  parts.push('Let me know if you have any questions.');
  return parts.join(' ');
}

/** The card of a message's benefits check. */
export function benefitsCheckCard(input: BenefitsCheckInput): VobCardView {
  const vob = input.vobData as Partial<VobData>;
  const kind = vobKindOf({
    status: vob.status ?? null,
    estimated_reimbursement_after_deductible_percent: vob.estimated_reimbursement_after_deductible_percent ?? null,
  });
  const client = { client: input.clientName };
  const card: VobCardView = {
    messageId: input.messageId,
    kind,
    headline: '',
    insuranceName: insuranceNameOf(input.vobInputInfo),
    facts: [],
    sampleMessage: null,
    rerunAction: null,
    upgradeHref: null,
  };
  switch (kind) {
    case 'pending-rerun':
      return { ...card, headline: fill(BENEFITS_CHECK_TEXTS.pendingRerun, client), rerunAction: input.rerunAction };
    case 'limit-reached':
      return { ...card, headline: fill(BENEFITS_CHECK_TEXTS.limitReached, client), upgradeHref: input.upgradeHref };
    case 'unknown':
      return { ...card, headline: fill(BENEFITS_CHECK_TEXTS.unknown, client) };
    case 'no-benefits':
      return { ...card, headline: fill(BENEFITS_CHECK_TEXTS.noBenefits, client) };
    case 'benefits': {
      const percent = number(vob.estimated_reimbursement_after_deductible_percent)!;
      const remaining = remainingDeductible({
        oon_individual_deductible_remaining_dollars: vob.oon_individual_deductible_remaining_dollars ?? null,
        oon_family_deductible_remaining_dollars: vob.oon_family_deductible_remaining_dollars ?? null,
      });
      const fee = input.sessionFeeOngoing;
      const facts: VobCardView['facts'] = [
        { label: 'Estimated reimbursement after the deductible', value: `${percent}%` },
      ];
      if (remaining !== null) facts.push({ label: 'Out-of-network deductible remaining', value: dollars(remaining) });
      const sessions = sessionsToDeductible(remaining, fee);
      if (sessions !== null)
        facts.push({ label: 'Sessions to reach the deductible', value: `${sessions} at ${dollars(fee!)}` });
      const range = outOfPocketRange(fee, percent, remaining);
      if (range) facts.push({ label: 'Estimated out-of-pocket cost', value: rangeText(range) });
      return {
        ...card,
        kind,
        headline: fill(BENEFITS_CHECK_TEXTS.benefits, client),
        facts,
        sampleMessage: sampleMessage({
          firstName: input.clientFirstName ?? input.clientName.split(' ')[0]!,
          insuranceName: card.insuranceName,
          percent,
          remaining,
          sessionFee: fee,
        }),
      };
    }
  }
}

/**
 * The cards of a thread's messages that carry a check, by message id, priced with the provider's ongoing
 * session fee (read once). `canUpgrade`: the viewer may buy Private Pay Booster for the provider's account
 * (else the limit card has no upgrade link).
 */
export async function benefitsCheckCards(
  db: Knex,
  thread: {
    providerId: number;
    accountId: number;
    clientUserId: number;
    clientName: string;
    clientFirstName?: string;
    messages: CardMessage[];
  },
  options: { canUpgrade: boolean },
): Promise<Map<number, VobCardView>> {
  const cards = new Map<number, VobCardView>();
  const carrying = thread.messages.filter((m) => m.vobData);
  if (carrying.length === 0) return cards;
  const fee = await ongoingSessionFee(db, thread.providerId);
  for (const message of carrying) {
    cards.set(
      message.id,
      benefitsCheckCard({
        messageId: message.id,
        vobData: message.vobData!,
        vobInputInfo: message.vobInputInfo ?? null,
        clientName: thread.clientName,
        clientFirstName: thread.clientFirstName,
        sessionFeeOngoing: fee,
        rerunAction: BENEFITS_CHECK_PATHS.rerun(thread.clientUserId, message.id),
        upgradeHref: options.canUpgrade ? BENEFITS_CHECK_PATHS.upgrade(thread.accountId) : null,
      }),
    );
  }
  return cards;
}
