// The EHR ("practice management", spec 3 §4 "Practice management and benefits tool", §7), in our words.
// It lives in an outside system: the portal provisions clinics there, asks whether a clinic's booking
// page is ready, turns a provider's EHR booking link on or off, and sends users to sign in there.
// Integrations import no domain module, so the port names its own shapes.

export type ClinicStatus = 'pending' | 'active';

/** A practice-management account (a clinic) as the EHR reports it (spec 3 §3). */
export interface EhrClinic {
  /** The EHR's clinic id (owl_clinic_id). */
  clinicId: string;
  /** Null for a standalone account's clinic (bought on /zpm-signup): it has no provider profile. */
  providerId: number | null;
  subdomain: string;
  /** Pending: requested, not yet set up by the EHR; it then has a link to finish or follow its setup. */
  status: ClinicStatus;
  /** The trial's end (ISO date-time); null once paid or when there is no trial. */
  trialEnd: string | null;
  /** Where the clinic is reached (its sign-in page, or for a pending clinic its setup page). */
  link: string;
}

export interface CreateClinic {
  /** The member profile the clinic belongs to; null for a standalone account, which has none (then accountId). */
  providerId: number | null;
  /** The standalone account (POST /zpm-signup/add-practice-management-account). */
  accountId?: number | null;
  subdomain: string;
  /** A clinic the EHR's own sign-up form already made (zpm-signup's message carries it). */
  clinicId?: string | null;
  /** Days of trial; 0 for a clinic bought outright. */
  trialDays: number;
  requestId?: string | null;
  /** The same key for every try of one request (a retry after a crash): the EHR answers the first try's clinic. */
  idempotencyKey?: string | null;
}

export interface Ehr {
  /** Which implementation answers ("local": state kept in our database, offline; "http": the EHR's API). */
  readonly provider: 'local' | 'http';
  /**
   * POST /portal/practice-management-account/add/{providerId}; for a standalone account POST /zpm-signup/add-practice-management-account.
   * Idempotent: a clinic with this subdomain that already belongs to the same owner (and clinic id, when given)
   * is answered as made, so a retry after a crash succeeds; a subdomain someone else holds is a 409.
   */
  createClinic(input: CreateClinic): Promise<EhrClinic>;
  /** GET /portal/practice-management-account/list/{providerId}. */
  listClinics(providerId: number, requestId?: string | null): Promise<EhrClinic[]>;
  /** GET /portal/practice-management/clinic-booking-page-status/{providerId} (isReady). */
  bookingPageReady(providerId: number, requestId?: string | null): Promise<boolean>;
  /** POST portal/provider/practice-management-booking-link/{id}: status. */
  setBookingLink(providerId: number, status: 'active' | 'inactive', requestId?: string | null): Promise<void>;
  /** Where a user signs in to the clinic with this subdomain. */
  signInUrl(subdomain: string): string;
  /** The clinic's own booking page of one provider (what the booking link leads to without an override). */
  bookingPageUrl(subdomain: string, providerId: number): string;
}
