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
