// The benefits tool offline: answers from the stored insurance details alone, the same answer for the
// same member id every time, so development and tests can reach every outcome:
//   a member id containing ERROR  → the tool fails (BenefitsToolError)
//   LIMIT                         → vob_limit_reached
//   UNKNOWN, or no member id      → unknown_error (no percent)
//   NOOON                         → run, 0 % (no out-of-network benefits)
//   anything else                 → run, with a percent and deductibles picked from the member id's hash.
import { createHash } from 'node:crypto';
import { type BenefitsTool, BenefitsToolError, type VerificationRequest, type VerificationResult } from './port';

const PERCENTS = [50, 60, 70, 80];
const INDIVIDUAL_DEDUCTIBLES = [0, 250, 500, 1000, 1500];

const empty = { estimated_reimbursement_after_deductible_percent: null, oon_individual_deductible_remaining_dollars: null, oon_family_deductible_remaining_dollars: null };

export function localVerification(input: VerificationRequest): VerificationResult {
  const memberId = (input.memberId ?? '').trim().toUpperCase();
  const eligibility = memberId ? `local-${createHash('sha256').update(memberId).digest('hex').slice(0, 12)}` : null;
  if (memberId.includes('ERROR')) throw new BenefitsToolError('the local benefits tool fails for this member id');
  if (memberId.includes('LIMIT')) return { status: 'vob_limit_reached', ...empty, reimbursify_eligibility_id: null };
  if (!memberId || memberId.includes('UNKNOWN')) return { status: 'unknown_error', ...empty, reimbursify_eligibility_id: eligibility };
  if (memberId.includes('NOOON')) {
    return { status: 'run', estimated_reimbursement_after_deductible_percent: 0, oon_individual_deductible_remaining_dollars: null, oon_family_deductible_remaining_dollars: null, reimbursify_eligibility_id: eligibility };
  }
  const hash = createHash('sha256').update(memberId).digest();
  const individual = INDIVIDUAL_DEDUCTIBLES[hash[1]! % INDIVIDUAL_DEDUCTIBLES.length]!;
  return {
    status: 'run',
    estimated_reimbursement_after_deductible_percent: PERCENTS[hash[0]! % PERCENTS.length]!,
    oon_individual_deductible_remaining_dollars: individual,
    oon_family_deductible_remaining_dollars: individual * 2,
    reimbursify_eligibility_id: eligibility,
  };
}

/** {providerId} in the link template is replaced. */
export function createLocalBenefitsTool(linkTemplate: string): BenefitsTool {
  return {
    provider: 'local',
    async rerunVerification(input) { return localVerification(input); },
    benefitsCheckLink: ({ providerId }) => linkTemplate.replace('{providerId}', encodeURIComponent(String(providerId))),
  };
}

/** Production without a vendor adapter: every check fails with the support text, never invented data. */
export function createUnavailableBenefitsTool(linkTemplate: string): BenefitsTool {
  return {
    provider: 'unavailable',
    async rerunVerification() { throw new BenefitsToolError('no benefits tool is set up'); },
    benefitsCheckLink: ({ providerId }) => linkTemplate.replace('{providerId}', encodeURIComponent(String(providerId))),
  };
}
