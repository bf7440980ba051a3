// The SQL side of the change feed (change-feed.ts): every table whose rows feed a cached read carries
// a statement trigger that NOTIFYs `portal_changes` with its name, so every server process forgets its
// cached reads when anything changes, whoever wrote it (another process, a CLI, psql). A migration that
// creates a table writes its `create trigger … execute function portal_notify_change()` out (migrations
// import no application code); a test checks that none is forgotten.

export const DATA_CHANNEL = 'portal_changes';
export const SESSION_CHANNEL = 'portal_sessions';

/**
 * Tables no cached read looks at, left out because they change on nearly every request or sign-in
 * attempt (a notification for them would only empty the caches): the sessions table has its own
 * per-session notification, rate_limits belongs to the throttles, knex_* to the migrator,
 * sign_in_places is written at each sign-in, the directory API's tokens and idempotency keys are read
 * by the API only, and the audit log, sign-in and reset codes (auth_tokens), analytics events and the
 * log of sent messages are only ever written by pages (migration 20261124220000 dropped their triggers),
 * as is the log of Stripe's event ids (migration 20261125000000), and the payment form's attempts, read
 * only by the post that settles them (migration 20261125020000). live_streams holds the places of open
 * live streams (a write at every stream opened), read only by the stream limit. billing_dunning_notices
 * (one row per failed payment attempt e-mailed) is read only by the webhook that writes it.
 * read_records gets a row at each thread or client list opened, read only by the audit page.
 * profile_events gets a row at each profile view or contact click the directory reports; no cached read
 * depends on it (the funnel that will count it reads it fresh). conversation_notes and saved_replies are
 * read fresh by the practice inbox's pages only (a thread's notes, the account's saved replies).
 * consultation_links (a reminder's one-tap links) and consultation_digests (the morning digests sent)
 * are read only by the link's page and the digest job. google_watch_channels (Google's push channels) is
 * read only by the webhook that receives their notifications and the jobs that renew them;
 * calendar_write_backs (the consultations written to providers' calendars) only by the write-back job.
 * user_passkeys (passkeys, issue [25]) is written at each passkey sign-in (counter, last used) and read
 * only by the sign-in and the passkeys page. data_keys holds the wrapped keys of what clients write: each
 * process keeps the keys it unwrapped in memory, and a re-wrap changes their wrapping, never a key.
 * message_search_tokens gets rows at each message written and is read only by the inbox's search, fresh.
 */
export const UNWATCHED_TABLES = [
  'knex_migrations',
  'knex_migrations_lock',
  'sessions',
  'rate_limits',
  'sign_in_places',
  'api_tokens',
  'api_idempotency_keys',
  'audit_log',
  'auth_tokens',
  'events',
  'sent_messages',
  'billing_webhook_events',
  'billing_attempts',
  'live_streams',
  'billing_dunning_notices',
  'read_records',
  'profile_events',
  'conversation_notes',
  'saved_replies',
  'consultation_links',
  'consultation_digests',
  'google_watch_channels',
  'calendar_write_backs',
  'user_passkeys',
  'data_keys',
  'message_search_tokens',
] as const;

const UNWATCHED = new Set<string>(UNWATCHED_TABLES);

/**
 * The table a write statement changes, when it can be told from its start; null when it cannot. A table
 * of another schema than public comes with its schema ("local_stripe.events").
 */
export function writtenTable(sql: string): string | null {
  const match =
    /^\s*(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?([a-z_][a-z0-9_]*)"?\.)?"?([a-z_][a-z0-9_]*)"?[\s(]/i.exec(
      `${sql} `,
    );
  if (!match) return null;
  const schema = match[1]?.toLowerCase();
  const table = match[2]!.toLowerCase();
  return schema && schema !== 'public' ? `${schema}.${table}` : table;
}

/** Statements that change no table: transaction control and session settings. */
const NO_CHANGE = /^\s*(?:begin|start\s+transaction|commit|end|rollback|savepoint|release|set|show|listen|unlisten)\b/i;

/** Whether a write may change what a cached read returns: yes unless it surely changes no watched table. */
export const writeMayChangeCachedReads = (sql: string): boolean => {
  if (NO_CHANGE.test(sql)) return false;
  const table = writtenTable(sql);
  // Cached reads read the public schema only: the job queue's and the local card server's tables are theirs.
  return table === null || (!table.includes('.') && !UNWATCHED.has(table));
};
