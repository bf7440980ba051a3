// The one query the referral-funnel module runs itself: consultations held per profile and month, and how
// many of their clients wrote again afterwards. Like the referrals module it owns no table: the query is the
// owners' SQL text put together (appointments' held consultations, messaging's "wrote after"), so the
// question is answered in the database, in one statement, without shipping each consultation to the app
// and back.
import type { Knex } from 'knex';
import { heldConsultationsSql } from '../appointments';
import { clientWroteAfterSql } from '../messaging';

export interface HeldMonth {
  providerId: number;
  month: number;
  held: number;
  /** Clients of those consultations who wrote again after theirs, each once. */
  clientsBack: number;
}

export async function heldAndBackByMonth(
  db: Knex,
  providerIds: readonly number[],
  bounds: readonly Date[],
  now: Date,
): Promise<HeldMonth[]> {
  if (providerIds.length === 0 || bounds.length < 2) return [];
  const held = heldConsultationsSql(providerIds, bounds, now);
  const result = await db.raw<{ rows: { provider_id: number; month: number; held: number; back: number }[] }>(
    `SELECT provider_id, month, count(*)::int AS held,
            count(DISTINCT client_user_id) FILTER (WHERE wrote)::int AS back
       FROM (SELECT h.provider_id, h.month, h.client_user_id,
                    ${clientWroteAfterSql('h.provider_id', 'h.client_user_id', 'h.end_time')} AS wrote
               FROM (${held.sql}) h) x
      GROUP BY 1, 2`,
    [...held.bindings],
  );
  return result.rows.map((r) => ({ providerId: r.provider_id, month: r.month, held: r.held, clientsBack: r.back }));
}
