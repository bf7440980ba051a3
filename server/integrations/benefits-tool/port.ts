// The benefits tool of Private Pay Booster (spec 3 §4 "Practice management and benefits tool", §7), in
// our words: run a client's benefits check (VOB) again and get its result (POST /portal/vob/rerun-vob/
// {userVobId}), the address a client opens to check their own benefits, whether a provider already has a
// standalone account with the tool (GET .../check-if-standalone-reimbursify-account-already-exists/
// {providerId}), and a one-use sign-in (SSO) token with the address it is posted to (POST
// .../generate-sso-token/{providerId}). Integrations import no domain module, so the port names the
// result's fields itself (the stored vob_data's names).

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
  constructor(message: string, options?: { cause?: unknown; requestId?: string | null }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'BenefitsToolError';
    this.requestId = options?.requestId ?? null;
  }

  /** The portal request that made the call (also sent to the tool as X-Request-Id). */
  readonly requestId: string | null;
}

/** Who signs in to the tool: the provider's profile and the portal user opening it. */
export interface SsoRequest {
  providerId: number;
  userId: number;
  email: string;
}

/**
 * How the browser hands the token to the tool: a form POST of `token` to `signInUrl`, so the token never
 * appears in an address, a history entry or a Referer. The token is a secret: never log it.
 */
export interface SsoHandOff {
  token: string;
  signInUrl: string;
}

export interface BenefitsTool {
  /** Which implementation answers ("local": our database, offline; "http": the tool's API; "unavailable": not set up). */
  readonly provider: 'local' | 'http' | 'unavailable';
  /** Runs the check again; throws BenefitsToolError when the tool fails. */
  rerunVerification(input: VerificationRequest, requestId?: string | null): Promise<VerificationResult>;
  /** Whether the provider already has an account bought from the tool itself; throws BenefitsToolError when the tool fails. */
  hasStandaloneAccount(providerId: number, requestId?: string | null): Promise<boolean>;
  /** A fresh one-use sign-in token and where to post it; throws BenefitsToolError when the tool fails or answers no token. */
  generateSsoToken(input: SsoRequest, requestId?: string | null): Promise<SsoHandOff>;
  /** Where a client checks their out-of-network benefits with this provider. */
  benefitsCheckLink(input: { providerId: number }): string;
}
