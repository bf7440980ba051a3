// The bookings a referral list counts (phone consultations and contact requests), as SQL text for the
// referrals module's union: the appointments table's SQL stays here while the list stays one query.
import type { SqlText } from '../../db/sql-text';

/**
 * The bookings of the profiles that `profileIds` selects (SQL text of a subquery of ids, or `?` with one
 * id), as a referral's first nine columns: contact_date, type, record_id, provider_id, client_user_id,
 * start_time, end_time, canceled, intake_form.
 */
export function bookingReferralsSql(profileIds: SqlText): SqlText {
  return {
    sql: `SELECT a.created_at AS contact_date,
           CASE WHEN a.type = 'provider_contact' THEN 'provider_contact' ELSE 'acuity_appointment' END AS type,
           a.id AS record_id, a.provider_id, a.client_user_id, a.start_time, a.end_time, a.canceled, a.intake_form
      FROM appointments a
     WHERE a.provider_id IN (${profileIds.sql})`,
    bindings: profileIds.bindings,
  };
}
