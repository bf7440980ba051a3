// The real marketing form: POSTs the submission as JSON to MARKETING_FORM_URL (a form provider's
// submission endpoint, or a small relay in front of one). Anything but a 2xx answer is a failure.
import type { MarketingForm } from './port';

const TIMEOUT_MS = 10_000;

export function createHttpMarketingForm(url: string, fetchImpl: typeof fetch = fetch): MarketingForm {
  return {
    provider: 'http',
    async submit(submission) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(submission),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      // Drain the body so the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new Error(`marketing form answered ${response.status}`);
    },
  };
}
