// The Private Pay Booster tool's API (spec 3 §7 "Practice management and benefits tool"), through the
// shared outside-API client: a bearer token, the portal's request id passed on, the default time limit
// of spec 3 §9. Every failure becomes BenefitsToolError (the user sees the support text, spec 3 §8); a
// token is never part of an error's message.
import { createOutsideApi, OutsideServiceError, type OutsideApi } from '../outside-api';
import { BenefitsToolError, type BenefitsTool, type VerificationResult, type VerificationStatus } from './port';

export interface HttpBenefitsToolOptions {
  apiUrl: string;
  apiToken: string;
  /** The tool's sign-in address, where the browser posts the token. */
  signInUrl: string;
  /** Where a client checks their benefits; {providerId} is replaced. */
  linkTemplate: string;
  fetch?: typeof fetch;
}

const STATUSES: VerificationStatus[] = ['run', 'pending_rerun', 'vob_limit_reached', 'unknown_error'];
const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export function createHttpBenefitsTool(options: HttpBenefitsToolOptions): BenefitsTool {
  const api: OutsideApi = createOutsideApi({
    service: 'benefits tool',
    baseUrl: options.apiUrl,
    token: options.apiToken,
    fetch: options.fetch,
  });
  /** The call, with any failure as BenefitsToolError (keeping the request id and the cause). */
  const call = async <T>(request: Parameters<OutsideApi['call']>[0]): Promise<T> => {
    try {
      return await api.call<T>(request);
    } catch (error) {
      if (error instanceof OutsideServiceError)
        throw new BenefitsToolError(error.message, { cause: error, requestId: error.requestId });
      throw error;
    }
  };
  const id = (value: number | string) => encodeURIComponent(String(value));

  return {
    provider: 'http',
    benefitsCheckLink: ({ providerId }) => options.linkTemplate.replace('{providerId}', id(providerId)),

    async rerunVerification(input, requestId = null) {
      if (input.vobId === null || input.vobId === '')
        throw new BenefitsToolError('the benefits check has no id at the tool', { requestId });
      const answer = await call<Record<string, unknown> | null>({
        method: 'POST',
        path: `/portal/vob/rerun-vob/${id(input.vobId)}`,
        body: {},
        requestId,
      });
      // The answer may come as the check itself or wrapped in vob_data.
      const vob = (
        answer && typeof answer.vob_data === 'object' && answer.vob_data ? answer.vob_data : answer
      ) as Record<string, unknown> | null;
      const status = vob?.status as VerificationStatus | undefined;
      if (!vob || !status || !STATUSES.includes(status))
        throw new BenefitsToolError('the benefits tool answered no check status', { requestId });
      const result: VerificationResult = {
        status,
        estimated_reimbursement_after_deductible_percent: numberOrNull(
          vob.estimated_reimbursement_after_deductible_percent,
        ),
        oon_individual_deductible_remaining_dollars: numberOrNull(vob.oon_individual_deductible_remaining_dollars),
        oon_family_deductible_remaining_dollars: numberOrNull(vob.oon_family_deductible_remaining_dollars),
        reimbursify_eligibility_id:
          typeof vob.reimbursify_eligibility_id === 'string' ? vob.reimbursify_eligibility_id : null,
      };
      return result;
    },

    async hasStandaloneAccount(providerId, requestId = null) {
      const answer = await call<{ alreadyHasStandaloneReimbursifyAccount?: unknown } | null>({
        method: 'GET',
        path: `/portal/reimbursify/check-if-standalone-reimbursify-account-already-exists/${id(providerId)}`,
        requestId,
      });
      if (typeof answer?.alreadyHasStandaloneReimbursifyAccount !== 'boolean')
        throw new BenefitsToolError('the benefits tool did not say whether a standalone account exists', { requestId });
      return answer.alreadyHasStandaloneReimbursifyAccount;
    },

    async generateSsoToken({ providerId, userId, email }, requestId = null) {
      const answer = await call<{ token?: unknown } | null>({
        method: 'POST',
        path: `/portal/reimbursify/generate-sso-token/${id(providerId)}`,
        body: { provider_id: providerId, user_id: userId, email },
        requestId,
      });
      // Spec 3 §8: a missing token is the tool's failure too.
      if (typeof answer?.token !== 'string' || !answer.token.trim())
        throw new BenefitsToolError('the benefits tool answered no sign-in token', { requestId });
      return { token: answer.token, signInUrl: options.signInUrl };
    },
  };
}
