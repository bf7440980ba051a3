// The marketing form provider behind Contact Us (spec 1 §7, spec 2 §2): in our words, with the field
// names the spec gives for the embedded form (email, firstname, lastname, provider_id, account_id, user_id).

export interface MarketingFormSubmission {
  email: string;
  firstname: string;
  lastname: string;
  /** What the person wrote. */
  message: string;
  provider_id: number | null;
  account_id: number | null;
  user_id: number;
}

export interface MarketingForm {
  /** Which implementation answers ("local" keeps submissions on this machine). */
  readonly provider: 'local' | 'http';
  /** Hands the submission over; throws when the provider did not take it. */
  submit(submission: MarketingFormSubmission): Promise<void>;
}
