// Local marketing form: works offline. Submissions are kept in memory (newest last, at most 200) and
// logged; the portal's own copy of each one is the contact_requests table.
import type { MarketingForm, MarketingFormSubmission } from './port';

export interface LocalMarketingForm extends MarketingForm {
  readonly provider: 'local';
  /** What was handed over, for the developer tools and the tests. */
  readonly received: MarketingFormSubmission[];
}

const KEEP = 200;

export function createLocalMarketingForm(log?: (submission: MarketingFormSubmission) => void): LocalMarketingForm {
  const received: MarketingFormSubmission[] = [];
  return {
    provider: 'local',
    received,
    async submit(submission) {
      received.push({ ...submission });
      if (received.length > KEEP) received.splice(0, received.length - KEEP);
      log?.(submission);
    },
  };
}
