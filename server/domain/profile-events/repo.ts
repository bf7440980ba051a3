// The directory's profile events: stored once per (provider, the directory's event id), so a batch sent
// again, under any Idempotency-Key, counts nothing twice.
import type { Knex } from 'knex';

export const PROFILE_EVENT_KINDS = ['profile_view', 'contact_click'] as const;
export type ProfileEventKind = (typeof PROFILE_EVENT_KINDS)[number];

export interface ProfileEvent {
  eventId: string;
  kind: ProfileEventKind;
  occurredAt: Date;
}

/** Stores a batch for one provider in one statement; how many were new and how many were already known. */
export async function recordProfileEvents(
  db: Knex,
  providerId: number,
  events: ProfileEvent[],
): Promise<{ accepted: number; duplicates: number }> {
  if (events.length === 0) return { accepted: 0, duplicates: 0 };
  const inserted = await db('profile_events')
    .insert(
      events.map((event) => ({
        provider_id: providerId,
        kind: event.kind,
        occurred_at: event.occurredAt,
        event_id: event.eventId,
      })),
    )
    .onConflict(['provider_id', 'event_id'])
    .ignore()
    .returning('id');
  return { accepted: inserted.length, duplicates: events.length - inserted.length };
}

/** One profile's events in one month of a range: `month` is 1 for the range's first. */
export interface ProfileEventMonth {
  providerId: number;
  month: number;
  views: number;
  clicks: number;
}

/**
 * The profiles' views and contact clicks in each month of a range, by when they happened: `bounds` are the
 * months' starts and the last one's end, in order (months with none are absent).
 */
export async function profileEventsByMonth(
  db: Knex,
  providerIds: readonly number[],
  bounds: readonly Date[],
): Promise<ProfileEventMonth[]> {
  if (providerIds.length === 0 || bounds.length < 2) return [];
  const result = await db.raw<{ rows: { provider_id: number; month: number; views: number; clicks: number }[] }>(
    `SELECT provider_id, width_bucket(occurred_at, ?::timestamptz[]) AS month,
            count(*) FILTER (WHERE kind = 'profile_view')::int AS views,
            count(*) FILTER (WHERE kind = 'contact_click')::int AS clicks
       FROM profile_events
      WHERE provider_id = ANY(?::bigint[]) AND kind IN ('profile_view', 'contact_click')
        AND occurred_at >= ? AND occurred_at < ?
      GROUP BY 1, 2`,
    // Both kinds named, so the (provider_id, kind, occurred_at) index reads each range directly.
    [bounds as Date[], providerIds as number[], bounds[0]!, bounds.at(-1)!],
  );
  return result.rows.map((r) => ({ providerId: r.provider_id, month: r.month, views: r.views, clicks: r.clicks }));
}
