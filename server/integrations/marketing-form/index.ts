// The marketing form's public face: the vendor's HTTP endpoint when configured, the local stand-in without.
export type { MarketingForm, MarketingFormSubmission } from './port';
