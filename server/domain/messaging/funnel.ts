// The conversations' part of the referral funnel (issue [22] item 3), per profile and month of a range:
// conversations begun, the client's intake messages and benefits checks, and the median time to the
// provider's first reply. A deleted message counts nowhere (the thread shows it as deleted); a client's
// words redacted at their request still happened, and count. The referral-funnel module combines these
// with the other owners' figures; `bounds` are the months' starts and the last one's end, in order.
import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/**
 * One profile's conversation figures in one month of a range: `month` is 1 for the range's first. The
 * row with `providerId` null is all the profiles asked for together (a median does not add up).
 */
export interface ConversationFunnelMonth {
  providerId: number | null;
  month: number;
  started: number;
  referrals: number;
  benefitsChecks: number;
  /** Of the conversations begun that month, those with a reply: how long the first reply took (median), in seconds. */
  replyMedianSeconds: number | null;
  replied: number;
}

const key = (providerId: number | null, month: number) => `${providerId ?? 'all'}:${month}`;

export async function conversationFunnelCounts(
  db: Db,
  providerIds: readonly number[],
  bounds: readonly Date[],
): Promise<ConversationFunnelMonth[]> {
  if (providerIds.length === 0 || bounds.length < 2) return [];
  const ids = providerIds as number[];
  const [from, until] = [bounds[0]!, bounds.at(-1)!];
  const [begun, sent] = await Promise.all([
    // Per conversation begun in the range, the time from the client's first message to the provider's first
    // reply after it: facts the conversation keeps (a trigger on messages, migration
    // 20261130160000_add_conversations_reply_facts), read from conversations_provider_created_index alone.
    db.raw<{
      rows: { provider_id: number | null; month: number; started: number; replied: number; median: number | null }[];
    }>(
      `SELECT provider_id, month, count(*)::int AS started, count(reply)::int AS replied,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY reply) AS median
         FROM (SELECT provider_id, width_bucket(created_at, ?::timestamptz[]) AS month,
                      extract(epoch FROM first_reply_at - first_client_message_at) AS reply
                 FROM conversations
                WHERE provider_id = ANY(?::bigint[]) AND created_at >= ? AND created_at < ?) begun
        GROUP BY GROUPING SETS ((provider_id, month), (month))`,
      [bounds as Date[], ids, from, until],
    ),
    // The client's intake messages (the directory's message form and its booking form) and benefits
    // checks, by when they were sent (messages_funnel_index holds exactly these rows: keep its condition
    // and this one the same).
    db.raw<{ rows: { provider_id: number; month: number; referrals: number; benefits_checks: number }[] }>(
      `SELECT provider_id, width_bucket(send_date, ?::timestamptz[]) AS month,
              count(*) FILTER (WHERE type IN ('messaging_tool_intake', 'booking_tool_intake'))::int AS referrals,
              count(*) FILTER (WHERE vob_data IS NOT NULL)::int AS benefits_checks
         FROM messages
        WHERE provider_id = ANY(?::bigint[]) AND send_date >= ? AND send_date < ?
          AND sender = 'client' AND deleted_at IS NULL
          AND (type IN ('messaging_tool_intake', 'booking_tool_intake') OR vob_data IS NOT NULL)
        GROUP BY 1, 2`,
      [bounds as Date[], ids, from, until],
    ),
  ]);
  const months = new Map<string, ConversationFunnelMonth>();
  const at = (providerId: number | null, month: number) => {
    let entry = months.get(key(providerId, month));
    if (!entry) {
      entry = { providerId, month, started: 0, referrals: 0, benefitsChecks: 0, replyMedianSeconds: null, replied: 0 };
      months.set(key(providerId, month), entry);
    }
    return entry;
  };
  for (const row of begun.rows) {
    const entry = at(row.provider_id, row.month);
    entry.started = row.started;
    entry.replied = row.replied;
    entry.replyMedianSeconds = row.median === null ? null : Number(row.median);
  }
  for (const row of sent.rows) {
    const entry = at(row.provider_id, row.month);
    entry.referrals = row.referrals;
    entry.benefitsChecks = row.benefits_checks;
    const all = at(null, row.month);
    all.referrals += row.referrals;
    all.benefitsChecks += row.benefits_checks;
  }
  return [...months.values()];
}

/**
 * A boolean SQL expression for another module's query: the client wrote to the provider after the moment
 * (any message of theirs that is not deleted: a new question, an intake, a booking's or a cancel's), read
 * from the time the conversation keeps (last_client_message_at), one probe of its unique key. The three
 * arguments are column names of that query, never input.
 */
export function clientWroteAfterSql(providerIdColumn: string, clientUserIdColumn: string, afterColumn: string): string {
  return `coalesce((SELECT wc.last_client_message_at > ${afterColumn} FROM conversations wc
     WHERE wc.provider_id = ${providerIdColumn} AND wc.client_user_id = ${clientUserIdColumn}), false)`;
}
