// The benefits check (VOB) a message carries (spec 3 §3 Message: vob_data, vob_input_info), as stored in
// messages.vob_data / vob_input_info (JSON, the benefits tool's field names).

export const VOB_STATUSES = ['run', 'pending_rerun', 'vob_limit_reached', 'unknown_error'] as const;
export type VobStatus = (typeof VOB_STATUSES)[number];

export interface VobData {
  status: VobStatus | string | null;
  /** 0–100; null when the tool could not tell. */
  estimated_reimbursement_after_deductible_percent: number | null;
  oon_individual_deductible_remaining_dollars: number | null;
  oon_family_deductible_remaining_dollars: number | null;
  reimbursify_eligibility_id?: string | number | null;
  /** The tool's id of this check (spec 3 §7: POST /portal/vob/rerun-vob/{userVobId}). */
  id?: string | number | null;
  user_id?: number | null;
  provider_id?: number | null;
}

export interface VobInputInfo {
  insurance_names?: string[] | null;
  dob?: string | null;
  insurance_name?: string | null;
  member_id?: string | null;
}

export const BENEFITS_CHECK_TEXTS = {
  /** Spec 3 §8, word for word; {client} is the client's name. */
  unknown:
    "We're unable to check if {client} has out-of-network benefits for therapy. You can verify coverage with their insurance company.",
  /** Spec 3 §8 "Benefits tool errors". */
  toolError: 'Sorry, we ran into an error. Please contact support.',
  noBenefits: '{client} does not have out-of-network benefits for therapy.',
  benefits: '{client} has out-of-network benefits for therapy.',
  pendingRerun: "{client}'s benefits check has not run yet. Run it to see their out-of-network benefits.",
  limitReached:
    "You've used all the benefits checks of your Private Pay Booster plan. Upgrade to check {client}'s out-of-network benefits.",
  rerunDone: 'The benefits check has run.',
  alreadyRun: 'This benefits check has already run.',
  linkSent: 'The benefits check link has been sent.',
  linkMessage: 'You can check your out-of-network benefits for therapy here: {link}',
  draftConfirm: 'Send link and erase draft',
} as const;

export const fill = (text: string, values: Record<string, string>): string =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
