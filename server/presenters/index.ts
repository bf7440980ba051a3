// The presenters: view models built from the domain's answers, for the pages (features) and the page
// frame (app.ts). The domain answers in its own terms and never imports these, nor views/ (a check
// enforces it); a presenter may read the domain and the views' prop types.
export { groupByDay, listAppointmentTab, loadAppointmentPanel, panelViewOf, type ListOptions } from './appointments';
export {
  benefitsCheckCard,
  benefitsCheckCards,
  outOfPocketRange,
  remainingDeductible,
  sampleMessage,
  sessionsToDeductible,
  vobKindOf,
  type BenefitsCheckInput,
} from './benefits-check';
export { clientListView } from './client-list';
export { figuresView, monthLabel, profileFunnelView, replyTimeText } from './referral-funnel';
export { statusBannerFor } from './status-banner';
