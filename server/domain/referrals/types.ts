// The shapes of referrals (spec 3 §3 "Client list item"): a referral is an appointment a client booked
// (a phone consultation or a contact request) or a conversation a client started with a message.

/** Whose referrals: one profile's (Full Client List), or every profile's of an account (practice inbox, export). */
export type ReferralOwner = { providerId: number } | { accountId: number };

/** acuity_appointment: a booked phone consultation; provider_contact: a contact request; conversation: a first message. */
export type ReferralType = 'acuity_appointment' | 'provider_contact' | 'conversation';

/** Client list rows per page (spec 3 §9). */
export const CLIENT_LIST_PAGE_SIZE = 10;

/** The intake answers the export writes out, in this order (spec 3 §3 Message intake_form). */
export const INTAKE_FIELDS = ['state', 'session_type', 'insurance', 'source', 'source_type'] as const;

export interface ClientListItem {
  contactDate: Date;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  providerName: string;
  providerId: number;
  /** The client's user id (null for an old appointment whose client is gone). */
  clientId: number | null;
  type: ReferralType;
  data: {
    /** The appointment or conversation the referral is. */
    recordId: number;
    phone: string | null;
    appointment: { startTime: Date; endTime: Date; canceled: boolean } | null;
    intakeForm: Record<string, unknown>;
    /** The client deleted their data: names and contact details are left out. */
    clientRedacted: boolean;
  };
}

export interface ClientListPage {
  items: ClientListItem[];
  /** 1-based; past the last page shows the last one. */
  page: number;
  pageCount: number;
  total: number;
}

export interface MonthlyReferralCounts {
  year: number;
  /** Twelve counts, January first (UTC months). */
  months: number[];
  total: number;
}
