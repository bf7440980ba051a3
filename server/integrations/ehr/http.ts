// The EHR's API (spec 3 §7 "Practice management and benefits tool"), through the shared outside-API
// client: bearer token, our request id passed on, the default time limit of spec 3 §9, and the
// service's own message kept on the error. Its answers are read leniently (snake or camel case, a bare
// list or one wrapped in an object) and turned into our shapes here; nothing of theirs leaves this file.
import { createOutsideApi, type OutsideApi, OutsideServiceError, TIMEOUTS } from '../outside-api';
import type { ClinicStatus, CreateClinic, Ehr, EhrClinic } from './port';
import { bookingPageUrlOf, signInUrlOf } from './urls';

export interface HttpEhrOptions {
  baseUrl: string;
  token: string;
  /** PRACTICE_MANAGEMENT_URL: where a clinic signs in; {subdomain} is replaced. */
  practiceManagementUrl: string;
  /** Spec 3 §9's default time limit unless told (tests shorten it). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

type Raw = Record<string, unknown>;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value : typeof value === 'number' ? String(value) : null;

export function createHttpEhr(options: HttpEhrOptions): Ehr {
  const api: OutsideApi = createOutsideApi({
    service: 'ehr',
    baseUrl: options.baseUrl,
    token: options.token,
    fetch: options.fetch,
  });
  const id = (providerId: number) => encodeURIComponent(String(providerId));
  const timeoutMs = options.timeoutMs ?? TIMEOUTS.default;

  const toClinic = (raw: Raw, fallback: { providerId: number | null; subdomain?: string }): EhrClinic => {
    const subdomain = text(raw.subdomain) ?? fallback.subdomain ?? '';
    const status: ClinicStatus = raw.status === 'pending' ? 'pending' : 'active';
    const trialEnd = text(raw.trial_end ?? raw.trialEnd);
    return {
      clinicId: text(raw.owl_clinic_id ?? raw.clinic_id ?? raw.clinicId ?? raw.id) ?? '',
      providerId: (raw.provider_id ?? raw.providerId) ? Number(raw.provider_id ?? raw.providerId) : fallback.providerId,
      subdomain,
      status,
      trialEnd: trialEnd && !Number.isNaN(Date.parse(trialEnd)) ? new Date(trialEnd).toISOString() : null,
      link: text(raw.link) ?? signInUrlOf(options.practiceManagementUrl, subdomain),
    };
  };

  const ehr: Ehr = {
    provider: 'http',

    async createClinic({
      providerId,
      accountId,
      subdomain,
      clinicId,
      trialDays,
      requestId,
      idempotencyKey,
    }: CreateClinic) {
      let answer: Raw | null;
      try {
        answer = await api.call<Raw | null>(
          providerId === null
            ? {
                method: 'POST',
                path: '/zpm-signup/add-practice-management-account',
                body: { account_id: accountId ?? null, owl_clinic_id: clinicId ?? null, subdomain },
                timeoutMs,
                requestId,
                idempotencyKey,
              }
            : {
                method: 'POST',
                path: `/portal/practice-management-account/add/${id(providerId)}`,
                body: { provider_id: providerId, owl_clinic_id: clinicId ?? null, subdomain, trial_days: trialDays },
                timeoutMs,
                requestId,
                idempotencyKey,
              },
        );
      } catch (error) {
        // A retry after a crash: the provider's list shows whether the taken subdomain is already this provider's clinic.
        if (!(error instanceof OutsideServiceError) || error.status !== 409 || providerId === null) throw error;
        const listed = await ehr.listClinics(providerId, requestId).catch(() => [] as EhrClinic[]);
        const mine = listed.find((c) => c.subdomain === subdomain && (!clinicId || c.clinicId === clinicId));
        if (!mine) throw error;
        return mine;
      }
      const raw = (
        answer && typeof answer.account === 'object' && answer.account ? answer.account : (answer ?? {})
      ) as Raw;
      return toClinic(raw, { providerId, subdomain });
    },

    async listClinics(providerId, requestId) {
      const answer = await api.call<unknown>({
        method: 'GET',
        path: `/portal/practice-management-account/list/${id(providerId)}`,
        timeoutMs,
        requestId,
      });
      const list = Array.isArray(answer)
        ? answer
        : Array.isArray((answer as Raw | null)?.accounts)
          ? ((answer as Raw).accounts as unknown[])
          : [];
      return list
        .filter((item): item is Raw => Boolean(item) && typeof item === 'object')
        .map((raw) => toClinic(raw, { providerId }));
    },

    async bookingPageReady(providerId, requestId) {
      const answer = await api.call<Raw | null>({
        method: 'GET',
        path: `/portal/practice-management/clinic-booking-page-status/${id(providerId)}`,
        timeoutMs,
        requestId,
      });
      return answer?.isReady === true || answer?.is_ready === true;
    },

    async setBookingLink(providerId, status, requestId) {
      await api.call({
        method: 'POST',
        path: `/portal/provider/practice-management-booking-link/${id(providerId)}`,
        body: { status },
        timeoutMs,
        requestId,
      });
    },

    signInUrl: (subdomain) => signInUrlOf(options.practiceManagementUrl, subdomain),
    bookingPageUrl: (subdomain, providerId) => bookingPageUrlOf(options.practiceManagementUrl, subdomain, providerId),
  };
  return ehr;
}
