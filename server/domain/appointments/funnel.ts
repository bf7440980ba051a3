// The consultations' part of the referral funnel (issue [22] item 3), per profile and month of a range:
// phone consultations booked (by when the booking was made, canceled later or not; a request for approval
// too, unless the provider declined it or let it expire: then nothing was booked) and those held (starting
// in the month, not canceled, over by `now`), each with its client, for the question whether the client
// wrote again afterwards (as SQL text: see heldConsultationsSql). `bounds` are the months' starts and the
// last one's end, in order.
import type { SqlText } from '../../db/sql-text';
import type { Db } from './repo';

/** One profile's bookings in one month of a range: `month` is 1 for the range's first. */
export interface BookedMonth {
  providerId: number;
  month: number;
  booked: number;
}

export async function consultationsBookedByMonth(
  db: Db,
  providerIds: readonly number[],
  bounds: readonly Date[],
): Promise<BookedMonth[]> {
  if (providerIds.length === 0 || bounds.length < 2) return [];
  const result = await db.raw<{ rows: { provider_id: number; month: number; booked: number }[] }>(
    `SELECT provider_id, width_bucket(created_at, ?::timestamptz[]) AS month, count(*)::int AS booked
       FROM appointments
      WHERE provider_id = ANY(?::bigint[]) AND created_at >= ? AND created_at < ? AND type = 'phone_consultation'
        AND (request_status IS NULL OR request_status IN ('pending', 'accepted'))
      GROUP BY 1, 2`,
    [bounds as Date[], providerIds as number[], bounds[0]!, bounds.at(-1)!],
  );
  return result.rows.map((r) => ({ providerId: r.provider_id, month: r.month, booked: r.booked }));
}

/**
 * The consultations held in each month of the range, as SQL text for the referral-funnel module's query
 * (which asks messaging, in the same statement, whether each client wrote again): columns provider_id,
 * month, client_user_id (null once the client deleted their account) and end_time.
 */
export function heldConsultationsSql(providerIds: readonly number[], bounds: readonly Date[], now: Date): SqlText {
  return {
    sql: `SELECT provider_id, width_bucket(start_time, ?::timestamptz[]) AS month, client_user_id, end_time
       FROM appointments
      WHERE provider_id = ANY(?::bigint[]) AND start_time >= ? AND start_time < ? AND type = 'phone_consultation'
        AND NOT canceled AND end_time <= ? AND (request_status IS NULL OR request_status = 'accepted')`,
    bindings: [bounds as Date[], providerIds as number[], bounds[0]!, bounds.at(-1)!, now],
  };
}
