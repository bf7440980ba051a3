// The benefits tool of Private Pay Booster (spec 3 §4 "Practice management and benefits tool", §7
// POST /portal/vob/rerun-vob/{userVobId}), in our words: run a client's benefits check (VOB) again and
// get its result, and the address a client opens to check their own benefits. Integrations import no
// domain module, so the port names the result's fields itself (the stored vob_data's names).

/** What the check is run on: the stored check and the client's insurance details (vob_input_info). */
export interface VerificationRequest {
  /** The tool's id of the check (vob_data.id), when it has one. */
  vobId: string | number | null;
  providerId: number;
  clientUserId: number;
  memberId: string | null;
  insuranceName: string | null;
  /** YYYY-MM-DD. */
  dateOfBirth: string | null;
}

export type VerificationStatus = 'run' | 'pending_rerun' | 'vob_limit_reached' | 'unknown_error';

/** A check's result, in the shape messages.vob_data stores. */
export interface VerificationResult {
  status: VerificationStatus;
  /** 0–100, null when the tool could not tell. */
  estimated_reimbursement_after_deductible_percent: number | null;
  oon_individual_deductible_remaining_dollars: number | null;
  oon_family_deductible_remaining_dollars: number | null;
  reimbursify_eligibility_id: string | null;
}

/** The tool could not be reached or refused the request; the user sees the support text (spec 3 §8). */
export class BenefitsToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BenefitsToolError';
  }
}

export interface BenefitsTool {
  /** Which implementation answers ("local": stored data, offline; "unavailable": not set up). */
  readonly provider: 'local' | 'unavailable';
  /** Runs the check again; throws BenefitsToolError when the tool fails. */
  rerunVerification(input: VerificationRequest): Promise<VerificationResult>;
  /** Where a client checks their out-of-network benefits with this provider. */
  benefitsCheckLink(input: { providerId: number }): string;
}
