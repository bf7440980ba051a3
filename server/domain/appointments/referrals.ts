// The bookings a referral list counts (phone consultations and contact requests), as SQL text for the
// referrals module's union: the appointments table's SQL stays here while the list stays one query.
import type { SqlText } from '../../db/sql-text';

/** A booking as a referral's first nine columns, from appointments row `a`. */
const REFERRAL_COLUMNS = `a.created_at AS contact_date,
           CASE WHEN a.type = 'provider_contact' THEN 'provider_contact' ELSE 'acuity_appointment' END AS type,
           a.id AS record_id, a.provider_id, a.client_user_id, a.start_time, a.end_time, a.canceled, a.intake_form`;

/**
 * The bookings of the profiles that `profileIds` selects (SQL text of a subquery of ids), as a referral's
 * first nine columns: contact_date, type, record_id, provider_id, client_user_id, start_time, end_time,
 * canceled, intake_form.
 */
export function bookingReferralsSql(profileIds: SqlText): SqlText {
  return {
    sql: `SELECT ${REFERRAL_COLUMNS}
      FROM appointments a
     WHERE a.provider_id IN (${profileIds.sql})`,
    bindings: profileIds.bindings,
  };
}

/**
 * The newest `first` bookings of each profile `profileIds` selects, newest first by profile, as
 * bookingReferralsSql's columns: what a page of an account's referrals needs of its bookings. Each
 * profile's are read from its index in order, so a practice's thousands of bookings are never read whole
 * to be sorted.
 */
export function newestBookingReferralsSql(profileIds: SqlText, first: number): SqlText {
  return {
    sql: `SELECT b.* FROM (${profileIds.sql}) profile(id) CROSS JOIN LATERAL (
        SELECT ${REFERRAL_COLUMNS}
          FROM appointments a
         WHERE a.provider_id = profile.id
         ORDER BY a.created_at DESC, type DESC, a.id DESC LIMIT ${Math.trunc(first)}) b`,
    bindings: profileIds.bindings,
  };
}
