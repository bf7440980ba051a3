// The conversations and messages tables as messaging reads and writes them: the only SQL of the module.
// A conversation belongs to one provider (and, through a trigger, to that provider's account), so every
// query is scoped by provider_id or account_id and another owner's ids are simply not found.
import type { Knex } from 'knex';
import { selectPrepared } from '../../db/prepared';
import type { Row } from '../../db/rows';
import { providerDisplayName, USER_EMAIL_SEARCH_SQL, USER_NAME_SEARCH_SQL, userIdsWithEmail } from '../accounts';
import { decryptJsons, decryptTexts, encryptJson, encryptText, searchTokens } from '../data-protection';
import { joinProviderColumns, providerIdsOfAccountQuery } from '../providers';
import { clientAsGivenJoin } from './clients';
import { applyDeskEvent } from './desk';
import type { DeskStatus } from './desk-rules';
import {
  type ConversationFilter,
  type ConversationSummary,
  MESSAGE_TEXTS,
  type MessagingOwner,
  RENDERED_MESSAGE_TYPES,
} from './types';

export type Db = Knex | Knex.Transaction;

const ownerColumn = (owner: MessagingOwner): ['c.provider_id' | 'c.account_id', number] =>
  'providerId' in owner ? ['c.provider_id', owner.providerId] : ['c.account_id', owner.accountId];

const ownerKey = (owner: MessagingOwner) => ('providerId' in owner ? 'provider' : 'account');

// Unread: a client message without read_at (deleted ones aside), found through messages_unread_by_conversation.
const UNREAD_SQL = `exists (select 1 from messages m where m.conversation_id = c.id and m.sender = 'client' and m.read_at is null and m.deleted_at is null)`;

/**
 * SQL text of a scalar subquery: how many client messages of the profile `providerIdColumn` names are
 * unread (the menu's count, which the accounts module's viewer statement embeds).
 */
export function unreadClientMessageCountSql(providerIdColumn: string): string {
  return `(select count(*) from messages m where m.provider_id = ${providerIdColumn} and m.sender = 'client' and m.read_at is null)`;
}

export interface ConversationRow extends ConversationSummary {
  providerStatus: string;
  accountId: number;
  clientEmail: string | null;
  clientPhone: string | null;
}

// The newest message the thread would show (the list's preview): its text is encrypted, so the first line
// is taken after decryption (listConversations), for the listed rows only.
const LAST_MESSAGE_JOIN = `LEFT JOIN LATERAL (
    SELECT lm.type, lm.sender, lm.deleted_at IS NOT NULL AS deleted, lm.redacted_at IS NOT NULL AS redacted,
           lm.message_content AS content
      FROM messages lm
     WHERE lm.conversation_id = c.id AND lm.type = ANY(?::text[])
     ORDER BY lm.send_date DESC, lm.id DESC
     LIMIT 1
  ) lm ON true`;

/** What the list says of a last message without words of its own. */
const TYPE_PREVIEWS: Record<string, string> = {
  messaging_tool_intake: 'New referral',
  booking_tool_intake: 'Phone consultation booked',
  reschedule_message: 'Phone consultation rescheduled',
  cancel_message: 'Phone consultation canceled',
  automated_message_out_of_office: 'Automatic out-of-office reply',
};

const PREVIEW_MAX = 120;

/** The conversations with what a list shows; `preview` adds the last message's first line (lists only). */
function summaryQuery(db: Db, preview = false) {
  const query = joinProviderColumns(db('conversations as c'), 'c.provider_id', [
    'type',
    'first_name',
    'last_name',
    'company_name',
    'image_key',
    'status',
  ])
    // The client as this provider knows them: the details given in this conversation.
    .joinRaw(clientAsGivenJoin('u', 'c.provider_id', 'c.client_user_id'))
    .select(
      'c.id',
      'c.provider_id',
      'c.account_id',
      'c.client_user_id',
      'c.is_locked',
      'c.client_redacted_at',
      'c.last_message_at',
      'c.desk_status',
      'c.assignee_user_id',
      'c.snoozed_until',
      'u.first_name',
      'u.last_name',
      'u.full_name',
      'u.email',
      'u.phone_number',
      db.raw(`${UNREAD_SQL} as unread`),
    );
  if (preview)
    void query
      .joinRaw(LAST_MESSAGE_JOIN, [`{${RENDERED_MESSAGE_TYPES.join(',')}}`])
      .select(
        'lm.type as last_type',
        'lm.sender as last_sender',
        'lm.deleted as last_deleted',
        'lm.redacted as last_redacted',
        'lm.content as last_content',
      );
  return query;
}

/** The columns summaryQuery selects: the conversation's as the schema types them, and the joined ones. */
type SummarySqlRow = Pick<
  Row<'conversations'>,
  | 'id'
  | 'provider_id'
  | 'client_user_id'
  | 'account_id'
  | 'last_message_at'
  | 'is_locked'
  | 'client_redacted_at'
  | 'assignee_user_id'
  | 'snoozed_until'
> & {
  desk_status: DeskStatus;
  unread: boolean;
  provider_type: string;
  provider_first_name: string | null;
  provider_last_name: string | null;
  provider_company_name: string | null;
  provider_image_key: string | null;
  provider_status: string;
  first_name: string | null;
  last_name: string | null;
  full_name: string | null;
  email: string | null;
  phone_number: string | null;
  /** The last message's, with the preview only. */
  last_type?: string | null;
  last_sender?: 'provider' | 'client' | null;
  last_deleted?: boolean | null;
  last_redacted?: boolean | null;
  /** The last message's stored (encrypted) text, with the preview only; decrypted into last_first_line. */
  last_content?: string | null;
  last_first_line?: string | null;
};

/** The first line of a text, as the list's preview reads it (at most 200 characters). */
const firstLineOf = (text: string | null) =>
  text
    ?.replace(/^[ \r\n\t]+/, '')
    .split('\n', 1)[0]
    ?.slice(0, 200) ?? null;

/** The list's line under the name: the last message's first line, or what stands for it. */
function previewOf(r: SummarySqlRow, clientRedacted: boolean): string | null {
  if (!r.last_type) return null;
  if (r.last_deleted) return MESSAGE_TEXTS.deleted;
  if (r.last_redacted || (clientRedacted && r.last_sender === 'client')) return MESSAGE_TEXTS.unavailable;
  const line = r.last_first_line?.trim();
  if (!line) return TYPE_PREVIEWS[r.last_type] ?? null;
  return line.length > PREVIEW_MAX ? `${line.slice(0, PREVIEW_MAX - 1).trimEnd()}…` : line;
}

function toRow(r: SummarySqlRow): ConversationRow {
  const firstName = r.first_name?.trim() || null;
  const clientName = [firstName, r.last_name?.trim()].filter(Boolean).join(' ') || r.full_name?.trim() || 'Client';
  const clientRedacted = r.client_redacted_at !== null;
  return {
    id: r.id,
    providerId: r.provider_id,
    providerName: providerDisplayName({
      type: r.provider_type,
      first_name: r.provider_first_name,
      last_name: r.provider_last_name,
      company_name: r.provider_company_name,
    }),
    providerImageKey: r.provider_image_key ?? null,
    clientUserId: r.client_user_id,
    clientName,
    clientFirstName: firstName ?? clientName.split(' ')[0]!,
    unread: r.unread,
    lastMessageAt: r.last_message_at,
    lastMessagePreview: previewOf(r, clientRedacted),
    locked: r.is_locked,
    clientRedacted,
    desk: {
      status: r.desk_status,
      assigneeUserId: r.assignee_user_id === null ? null : Number(r.assignee_user_id),
      snoozedUntil: r.snoozed_until,
    },
    providerStatus: r.provider_status,
    accountId: r.account_id,
    clientEmail: clientRedacted ? null : (r.email ?? null),
    clientPhone: clientRedacted ? null : (r.phone_number ?? null),
  };
}

export const toSummary = ({
  providerStatus: _s,
  accountId: _a,
  clientEmail: _e,
  clientPhone: _p,
  ...summary
}: ConversationRow): ConversationSummary => summary;

/** Narrows a conversations query to the filter; answers the part of a prepared statement's name it makes. */
function applyFilter(
  query: Knex.QueryBuilder,
  filter: ConversationFilter,
  owner: MessagingOwner,
  words: string[] = [],
): string {
  let key = '';
  if (filter.providerId !== undefined) {
    void query.where('c.provider_id', filter.providerId);
    key += '-provider';
  }
  if (filter.unread) {
    void query.whereRaw(UNREAD_SQL);
    key += '-unread';
  }
  const pattern = namePattern(filter.search);
  if (pattern && isShortSearch(filter)) {
    // Under three letters no trigram index can narrow the search: the owner's conversations are read one by
    // one (their client's name as given; clientAsGivenJoin as `u`), names only.
    void query.whereRaw(SHORT_NAME_MATCH, [pattern, pattern]);
    key += '-search-short';
  } else if (pattern) {
    const search = searchSql(owner, pattern, { everything: Boolean(filter.searchEverything), words });
    void query.whereRaw(search.sql, search.bindings);
    key += search.key;
  }
  if (filter.assigneeUserId !== undefined) {
    if (filter.assigneeUserId === null) void query.whereNull('c.assignee_user_id');
    else void query.where('c.assignee_user_id', filter.assigneeUserId);
    key += filter.assigneeUserId === null ? '-unassigned' : '-assignee';
  }
  if (filter.desk && filter.desk !== 'all') {
    const now = filter.now ?? new Date();
    const awake = (q: Knex.QueryBuilder) =>
      q.where((w) => w.whereNull('c.snoozed_until').orWhere('c.snoozed_until', '<=', now));
    if (filter.desk === 'open') void awake(query.whereNot('c.desk_status', 'closed'));
    else if (filter.desk === 'snoozed')
      void query.whereNot('c.desk_status', 'closed').where('c.snoozed_until', '>', now);
    else if (filter.desk === 'closed') void query.where('c.desk_status', 'closed');
    else void awake(query.where('c.desk_status', filter.desk));
    // A status is a value, not part of the statement: the named statements differ by shape only.
    key += `-desk-${filter.desk === 'open' || filter.desk === 'snoozed' || filter.desk === 'closed' ? filter.desk : 'status'}`;
  }
  return key;
}

/** A client-name search as a LIKE pattern (its own % and _ taken literally), or null for none. */
function namePattern(search: string | undefined): string | null {
  const words = search?.trim().replace(/\s+/g, ' ');
  return words ? `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}

/** Searches shorter than this read names only (the trigram indexes need three letters). */
export const SEARCH_INDEXED_MIN = 3;

const isShortSearch = (filter: ConversationFilter) => (filter.search?.trim().length ?? 0) < SEARCH_INDEXED_MIN;

/** A short search: the client's name as given in the conversation (the `u` of clientAsGivenJoin) holds it. */
const SHORT_NAME_MATCH = `(concat_ws(' ', u.first_name, u.last_name) ILIKE ? OR u.full_name ILIKE ?)`;

/**
 * The blind-index tokens of a search's words, when the search reads message text (the practice inbox's,
 * three letters or more); else none. Message text is encrypted: its words are found through
 * message_search_tokens (HMAC tokens of whole words), never by reading the text.
 */
async function searchWords(db: Db, filter: ConversationFilter): Promise<string[]> {
  if (!filter.searchEverything || !filter.search?.trim() || isShortSearch(filter)) return [];
  return [...new Set(await searchTokens(db, filter.search))];
}

/**
 * The owner's conversations a search finds, as one `c.id IN (…)` of index scans, so a search costs what it
 * finds rather than a look at every conversation of the owner (a practice's may be tens of thousands):
 * - the client's name as given in the conversation (trigram index conversations_client_name_search_index),
 *   or, where none was given, the client user's name (the accounts module's indexed search);
 * - with `everything`, the client's e-mail (not once the client deleted their data: the list no longer
 *   shows it) and a live message holding every word searched for (the blind index message_search_tokens,
 *   by owner and token): never a deleted or redacted message, nor the client's messages once the client
 *   deleted their data. Whole words only: the text is encrypted, so no substring of it can be matched.
 */
function searchSql(
  owner: MessagingOwner,
  pattern: string,
  options: { everything: boolean; words: string[] },
): { sql: string; bindings: Knex.RawBinding[]; key: string } {
  const [column, id] = ownerColumn(owner);
  const mine = column.replace('c.', 'sc.');
  const parts = [
    `SELECT sc.id FROM conversations sc WHERE ${mine} = ? AND sc.client_first_name IS NOT NULL
       AND (coalesce(sc.client_first_name, '') || ' ' || coalesce(sc.client_last_name, '')) ILIKE ?`,
    `SELECT sc.id FROM conversations sc WHERE ${mine} = ? AND sc.client_first_name IS NULL
       AND sc.client_user_id IN ${USER_NAME_SEARCH_SQL}`,
  ];
  const bindings: Knex.RawBinding[] = [id, pattern, id, pattern, pattern];
  let key = '-search';
  if (options.everything) {
    parts.push(`SELECT sc.id FROM conversations sc WHERE ${mine} = ? AND sc.client_redacted_at IS NULL
       AND sc.client_user_id IN ${USER_EMAIL_SEARCH_SQL}`);
    bindings.push(id, pattern);
    key += '-everything';
    if (options.words.length) {
      const tokenOwner = column.replace('c.', 'st.');
      parts.push(`SELECT st.conversation_id FROM message_search_tokens st
         JOIN messages sm ON sm.id = st.message_id JOIN conversations sc ON sc.id = st.conversation_id
         WHERE ${tokenOwner} = ? AND st.token = ANY(?::bigint[]) AND ${mine} = ?
           AND sm.deleted_at IS NULL AND sm.redacted_at IS NULL AND (sm.sender = 'provider' OR sc.client_redacted_at IS NULL)
         GROUP BY st.conversation_id, st.message_id HAVING count(*) = ?`);
      bindings.push(id, `{${options.words.join(',')}}`, id, options.words.length);
      key += '-words';
    }
  }
  return { sql: `c.id IN (${parts.join('\n UNION ')})`, bindings, key };
}

/**
 * A list's statement, prepared (planned once per connection) unless it searches: a search's plan depends
 * on the words (a rare name is found through the trigram indexes, a common one by walking the list), which
 * a prepared statement's generic plan cannot know, so a search is planned for its words each time.
 */
async function selectMaybePrepared<Row>(
  db: Knex,
  name: string,
  query: Knex.QueryBuilder,
  filter: ConversationFilter,
): Promise<Row[]> {
  return filter.search ? ((await query) as Row[]) : selectPrepared<Row>(db, name, query);
}

/**
 * A page of the owner's conversations in the list's order (index conversations_*_listed_index): the
 * later of the last message and the provider's last opening first (spec 3 §4 "opening ... moves it to
 * the top"), narrowed by the filter (a provider, unread only, a client-name search).
 */
export async function listConversations(
  db: Knex,
  owner: MessagingOwner,
  page: { limit: number; offset: number },
  filter: ConversationFilter = {},
): Promise<ConversationRow[]> {
  const [column, id] = ownerColumn(owner);
  const query = summaryQuery(db, true)
    .where(column, id)
    .orderByRaw('c.listed_at desc nulls last, c.id desc')
    .limit(page.limit)
    .offset(page.offset);
  const filtered = applyFilter(query, filter, owner, await searchWords(db, filter));
  // The SQL has no OFFSET clause at offset 0, so the first page is a statement of its own.
  const name = `messaging-list-${ownerKey(owner)}${filtered}-${page.offset > 0 ? 'next' : 'first'}`;
  return withPreviews(db, await selectMaybePrepared<SummarySqlRow>(db, name, query, filter));
}

/** Listed rows as a list shows them: the last message's text decrypted for its preview (these rows only). */
async function withPreviews(db: Db, rows: SummarySqlRow[]): Promise<ConversationRow[]> {
  const texts = await decryptTexts(
    db,
    rows.map((r) => r.last_content),
  );
  return rows.map((r, i) => toRow({ ...r, last_first_line: firstLineOf(texts[i] ?? null) }));
}

export async function countConversations(
  db: Knex,
  owner: MessagingOwner,
  filter: ConversationFilter = {},
): Promise<number> {
  const [column, id] = ownerColumn(owner);
  const query = db('conversations as c').where(column, id).count({ count: '*' });
  // A short search reads the client's name as given in the conversation.
  if (filter.search?.trim() && isShortSearch(filter))
    void query.joinRaw(clientAsGivenJoin('u', 'c.provider_id', 'c.client_user_id'));
  const filtered = applyFilter(query, filter, owner, await searchWords(db, filter));
  const [row] = await selectMaybePrepared<{ count: number }>(
    db,
    `messaging-count-${ownerKey(owner)}${filtered}`,
    query,
    filter,
  );
  return row?.count ?? 0;
}

/**
 * The ids of the first `shown` (at least 1) of the owner's conversations the filter keeps, in the list's
 * order, and how many it keeps, counted no further than `countUpTo` (a count of every conversation of a
 * big practice reads them all): one pass of the filter (a search's matches are found once) for both. The
 * count is taken in PostgreSQL, so only the shown ids come back, not the up to 1,001 counted.
 */
export async function listConversationIdsCounted(
  db: Knex,
  owner: MessagingOwner,
  { shown, countUpTo }: { shown: number; countUpTo: number },
  filter: ConversationFilter = {},
): Promise<{ ids: number[]; matched: number }> {
  const [column, id] = ownerColumn(owner);
  const matches = db('conversations as c')
    .select('c.id', 'c.listed_at')
    .where(column, id)
    .orderByRaw('c.listed_at desc nulls last, c.id desc')
    .limit(Math.max(countUpTo, shown));
  // A short search reads the client's name as given in the conversation.
  if (filter.search?.trim() && isShortSearch(filter))
    void matches.joinRaw(clientAsGivenJoin('u', 'c.provider_id', 'c.client_user_id'));
  const filtered = applyFilter(matches, filter, owner, await searchWords(db, filter));
  const query = db
    .from(matches.as('m'))
    .select('m.id', db.raw('(count(*) over ())::int as matched'))
    .orderByRaw('m.listed_at desc nulls last, m.id desc')
    .limit(shown);
  const rows = await selectMaybePrepared<{ id: number; matched: number }>(
    db,
    `messaging-ids-counted-${ownerKey(owner)}${filtered}`,
    query,
    filter,
  );
  return { ids: rows.map((r) => r.id), matched: rows[0]?.matched ?? 0 };
}

/** The owner's conversations of these ids, as a list shows them, in the list's order. */
export async function listConversationsByIds(
  db: Knex,
  owner: MessagingOwner,
  ids: readonly number[],
): Promise<ConversationRow[]> {
  if (!ids.length) return [];
  const [column, id] = ownerColumn(owner);
  const query = summaryQuery(db, true)
    .where(column, id)
    .whereRaw('c.id = any(?::bigint[])', [ids as number[]])
    .orderByRaw('c.listed_at desc nulls last, c.id desc');
  return withPreviews(db, await selectPrepared<SummarySqlRow>(db, `messaging-list-${ownerKey(owner)}-by-ids`, query));
}

/**
 * Opening moves the conversation to the top of its lists, for good (spec 3 §4). One already at the top
 * of its account's list (so of its provider's too) is left as it is: reopening it writes nothing.
 */
export async function markOpened(db: Db, conversationId: number, at: Date): Promise<void> {
  await db('conversations as c')
    .where('c.id', conversationId)
    .where((q) =>
      q
        .whereNull('c.listed_at')
        .orWhereRaw('c.listed_at < (select max(o.listed_at) from conversations o where o.account_id = c.account_id)'),
    )
    .update({ provider_opened_at: at });
}

/** Conversations with an unread client message (messages_unread_index for a provider). */
export async function countUnreadConversations(db: Knex, owner: MessagingOwner): Promise<number> {
  const query = db('messages as m')
    .where('m.sender', 'client')
    .whereNull('m.read_at')
    .whereNull('m.deleted_at')
    .countDistinct<{ count: number }[]>({ count: 'm.conversation_id' });
  if ('providerId' in owner) void query.where('m.provider_id', owner.providerId);
  else void query.whereIn('m.provider_id', providerIdsOfAccountQuery(db, owner.accountId));
  const [row] = await query;
  return row?.count ?? 0;
}

/**
 * The owner's conversation with a client: with the provider when given, else the one with the newest
 * activity (an account may have several profiles talking to the same client).
 */
export async function findConversation(
  db: Db,
  owner: MessagingOwner,
  clientUserId: number,
  providerId?: number,
): Promise<ConversationRow | null> {
  const [column, id] = ownerColumn(owner);
  const query = summaryQuery(db)
    .where(column, id)
    .where('c.client_user_id', clientUserId)
    .orderByRaw('c.last_message_at desc nulls last, c.id desc')
    .first();
  if (providerId !== undefined) void query.where('c.provider_id', providerId);
  const row = await query;
  return row ? toRow(row) : null;
}

export async function findConversationById(
  db: Db,
  owner: MessagingOwner,
  conversationId: number,
): Promise<ConversationRow | null> {
  const [column, id] = ownerColumn(owner);
  const row = await summaryQuery(db).where(column, id).where('c.id', conversationId).first();
  return row ? toRow(row) : null;
}

/** Locks the conversation row for the rest of the transaction (sends and receives of one conversation queue up). */
export async function lockConversation(trx: Knex.Transaction, conversationId: number): Promise<void> {
  await trx('conversations').where('id', conversationId).forUpdate().first('id');
}

export async function markClientMessagesRead(db: Db, conversationId: number, at: Date): Promise<number> {
  return db('messages')
    .where({ conversation_id: conversationId, sender: 'client' })
    .whereNull('read_at')
    .update({ read_at: at });
}

/** A message as the thread reads it: its columns as the schema types them, with its consultation's start. */
export type MessageSqlRow = Pick<
  Row<'messages'>,
  'id' | 'type' | 'message_content' | 'send_date' | 'deleted_at' | 'redacted_at' | 'appointment_id'
> & {
  sender: 'provider' | 'client';
  appointment_start_time: Date | null;
  intake_form: Record<string, unknown> | null;
  vob_data: Record<string, unknown> | null;
  vob_input_info: Record<string, unknown> | null;
};

/**
 * Messages as stored, made readable: the text, intake answers and benefits-check inputs decrypted (the
 * rows being shown only; their data keys come from memory once warm).
 */
export async function decryptMessageRows<R extends Pick<MessageSqlRow, 'message_content'> & Partial<MessageSqlRow>>(
  db: Db,
  rows: R[],
): Promise<R[]> {
  if (!rows.length) return rows;
  const texts = await decryptTexts(
    db,
    rows.map((r) => r.message_content),
  );
  const hasJson = rows.some((r) => r.intake_form != null || r.vob_input_info != null);
  const intakes = hasJson
    ? await decryptJsons(
        db,
        rows.map((r) => r.intake_form ?? null),
      )
    : [];
  const vobInputs = hasJson
    ? await decryptJsons(
        db,
        rows.map((r) => r.vob_input_info ?? null),
      )
    : [];
  return rows.map((r, i) => {
    const row = { ...r, message_content: texts[i] ?? null };
    if ('intake_form' in r) row.intake_form = intakes[i] ?? null;
    if ('vob_input_info' in r) row.vob_input_info = vobInputs[i] ?? null;
    return row;
  });
}

function messageQuery(db: Db, conversationId: number) {
  return db('messages as m')
    .leftJoin('appointments as a', 'a.id', 'm.appointment_id')
    .where('m.conversation_id', conversationId)
    .select(
      'm.id',
      'm.type',
      'm.sender',
      'm.message_content',
      'm.send_date',
      'm.deleted_at',
      'm.redacted_at',
      'm.appointment_id',
      'a.start_time as appointment_start_time',
      'm.intake_form',
      'm.vob_data',
      'm.vob_input_info',
    );
}

/**
 * One page of a conversation's messages in the order a thread shows them (send date, then id): the
 * newest `limit`, or the `limit` just before the message `beforeId` (index messages_conversation_id_send_date_index,
 * read backwards). `more` says whether earlier messages exist. Never more than `limit` rows.
 */
export async function messagesPage(
  db: Db,
  conversationId: number,
  options: { beforeId?: number; limit: number },
): Promise<{ rows: MessageSqlRow[]; more: boolean }> {
  const query = messageQuery(db, conversationId)
    .orderBy([
      { column: 'm.send_date', order: 'desc' },
      { column: 'm.id', order: 'desc' },
    ])
    .limit(options.limit + 1);
  if (options.beforeId !== undefined)
    void query.whereRaw(
      '(m.send_date, m.id) < (select b.send_date, b.id from messages b where b.id = ? and b.conversation_id = ?)',
      [options.beforeId, conversationId],
    );
  const rows: MessageSqlRow[] = await query;
  const more = rows.length > options.limit;
  return { rows: await decryptMessageRows(db, rows.slice(0, options.limit).reverse()), more };
}

/** Whether a message of this id is in this conversation (a cursor the page was given). */
export async function hasMessage(db: Db, conversationId: number, messageId: number): Promise<boolean> {
  return Boolean(await db('messages').where({ id: messageId, conversation_id: conversationId }).first('id'));
}

/**
 * Messages written after the message `afterId` (by id: the order they were stored in, so a reader that
 * remembers the last id it saw misses none), oldest first, at most `limit`; `sender` keeps one side only.
 */
export async function messagesAfter(
  db: Db,
  conversationId: number,
  options: { afterId: number; limit: number; sender?: 'provider' | 'client' },
): Promise<MessageSqlRow[]> {
  const query = messageQuery(db, conversationId)
    .where('m.id', '>', options.afterId)
    .orderBy('m.id')
    .limit(options.limit);
  if (options.sender) void query.where('m.sender', options.sender);
  return decryptMessageRows(db, await query);
}

/** One message of the conversation, or null. */
export async function messageById(db: Db, conversationId: number, messageId: number): Promise<MessageSqlRow | null> {
  const row: MessageSqlRow | undefined = await messageQuery(db, conversationId).where('m.id', messageId).first();
  return row ? ((await decryptMessageRows(db, [row]))[0] ?? null) : null;
}

/** The provider (not the out-of-office responder) has written in this conversation. */
export async function providerHasReplied(db: Db, conversationId: number): Promise<boolean> {
  const row = await db('messages')
    .where({ conversation_id: conversationId, sender: 'provider', type: 'message' })
    .first(db.raw('1 as found'));
  return Boolean(row);
}

export interface NewMessage {
  conversationId: number;
  providerId: number;
  clientUserId: number;
  type: string;
  sender: 'provider' | 'client';
  content: string | null;
  at: Date;
  accountId?: number | null;
  intakeForm?: Record<string, unknown> | null;
  vobData?: Record<string, unknown> | null;
  vobInputInfo?: Record<string, unknown> | null;
}

/** Inserts a message, moves the conversation's last activity to it and its desk on (same transaction as the caller). */
export async function insertMessage(trx: Knex.Transaction, message: NewMessage): Promise<MessageSqlRow> {
  const json = (value: Record<string, unknown> | null | undefined) => (value ? JSON.stringify(value) : null);
  // What the client wrote is stored encrypted (the text, intake answers, benefits-check inputs); the check's
  // result (vob_data) is the benefits tool's, read by SQL, and stays as it is.
  const sealed = async (value: Record<string, unknown> | null | undefined) =>
    value ? JSON.stringify(await encryptJson(trx, value)) : null;
  const [row] = await trx('messages')
    .insert({
      conversation_id: message.conversationId,
      provider_id: message.providerId,
      client_user_id: message.clientUserId,
      type: message.type,
      sender: message.sender,
      message_content: await encryptText(trx, message.content),
      send_date: message.at,
      account_id: message.accountId ?? null,
      intake_form: await sealed(message.intakeForm),
      vob_data: json(message.vobData),
      vob_input_info: await sealed(message.vobInputInfo),
    })
    .returning(['id', 'type', 'send_date', 'deleted_at', 'redacted_at', 'appointment_id']);
  if (message.content) await indexMessageWords(trx, row!.id, message.content);
  await trx('conversations')
    .where('id', message.conversationId)
    .update({
      last_message_at: trx.raw('greatest(coalesce(last_message_at, ?::timestamptz), ?::timestamptz)', [
        message.at,
        message.at,
      ]),
    });
  await applyDeskEvent(trx, message.conversationId, { type: message.type, sender: message.sender });
  return {
    ...row!,
    message_content: message.content,
    sender: message.sender,
    intake_form: message.intakeForm ?? null,
    vob_data: message.vobData ?? null,
    vob_input_info: message.vobInputInfo ?? null,
    appointment_start_time: null,
  };
}

/**
 * Adds a message's words to the search index (message_search_tokens: HMAC tokens, never the words), under
 * the conversation's provider and account, in the caller's transaction.
 */
export async function indexMessageWords(db: Db, messageId: number, text: string): Promise<void> {
  const tokens = await searchTokens(db, text);
  if (!tokens.length) return;
  await db.raw(
    `INSERT INTO message_search_tokens (message_id, token, conversation_id, provider_id, account_id)
     SELECT m.id, t.token, m.conversation_id, c.provider_id, c.account_id
       FROM messages m JOIN conversations c ON c.id = m.conversation_id, unnest(?::bigint[]) AS t(token)
      WHERE m.id = ?
     ON CONFLICT DO NOTHING`,
    [`{${tokens.join(',')}}`, messageId],
  );
}

/** A provider's own message, deleted for good (its text is dropped); false when there is no such live message. */
export async function deleteProviderMessage(
  db: Db,
  owner: MessagingOwner,
  messageId: number,
  at: Date,
): Promise<boolean> {
  const [column, id] = ownerColumn(owner);
  const updated = await db('messages as m')
    .whereIn('m.conversation_id', db('conversations as c').where(column, id).select('c.id'))
    .where({ 'm.id': messageId, 'm.sender': 'provider' })
    .whereNull('m.deleted_at')
    .update({ deleted_at: at, deleted_by: 'provider', message_content: null });
  // A deleted message's words leave the search index with its text.
  if (updated > 0) await db('message_search_tokens').where('message_id', messageId).delete();
  return updated > 0;
}

/**
 * Claims the notification for this conversation when none went out within `windowMinutes` before `at`
 * (or `always`): the compare-and-set makes concurrent messages of one burst claim it once.
 */
export async function claimNotification(
  trx: Knex.Transaction,
  conversationId: number,
  column: 'provider_notified_at' | 'client_notified_at',
  at: Date,
  windowMinutes: number,
  always = false,
): Promise<boolean> {
  const query = trx('conversations').where('id', conversationId);
  if (!always)
    void query.where((q) =>
      q.whereNull(column).orWhereRaw(`${column} <= ?::timestamptz - make_interval(mins => ?)`, [at, windowMinutes]),
    );
  return (await query.update({ [column]: at })) > 0;
}

export async function outOfOfficeRepliedAt(trx: Knex.Transaction, conversationId: number): Promise<Date | null> {
  const row = await trx('conversations').where('id', conversationId).first('out_of_office_replied_at');
  return row?.out_of_office_replied_at ? new Date(row.out_of_office_replied_at) : null;
}

export async function recordOutOfOfficeReply(trx: Knex.Transaction, conversationId: number, at: Date): Promise<void> {
  await trx('conversations').where('id', conversationId).update({ out_of_office_replied_at: at });
}

/** The conversation of this provider and client address whose token is this one (by its hash). */
export async function conversationByClientToken(
  db: Db,
  providerId: number,
  clientEmail: string,
  tokenHash: string,
): Promise<{ id: number; clientRedacted: boolean } | null> {
  const row = await db('conversations')
    .whereIn('client_user_id', userIdsWithEmail(db, clientEmail))
    .where({ provider_id: providerId, client_token_hash: tokenHash })
    .first('id', 'client_redacted_at');
  return row ? { id: row.id, clientRedacted: row.client_redacted_at !== null } : null;
}

/**
 * Inserts message rows as given (columns of the messages table; bulk loads, seeds and tests), the client's
 * words encrypted on the way (message_content, intake_form, vob_input_info) and the text's words indexed
 * for search. Triggers run as for any insert. Answers the new ids in order.
 */
export type MessageInsertRow = {
  conversation_id: number;
  provider_id: number;
  client_user_id: number;
  sender: string;
} & Record<string, unknown>;

export async function insertMessageRows(db: Db, rows: MessageInsertRow[]): Promise<number[]> {
  if (!rows.length) return [];
  const sealed: MessageInsertRow[] = [];
  for (const row of rows) {
    const copy = { ...row };
    if (typeof row.message_content === 'string') copy.message_content = await encryptText(db, row.message_content);
    for (const column of ['intake_form', 'vob_input_info'] as const)
      if (row[column] !== null && row[column] !== undefined)
        copy[column] = JSON.stringify(
          await encryptJson(db, typeof row[column] === 'string' ? JSON.parse(row[column]) : row[column]),
        );
    if (row.vob_data !== null && typeof row.vob_data === 'object') copy.vob_data = JSON.stringify(row.vob_data);
    sealed.push(copy);
  }
  const inserted: { id: number }[] = await db('messages').insert(sealed).returning('id');
  for (const [i, row] of rows.entries())
    if (typeof row.message_content === 'string') await indexMessageWords(db, inserted[i]!.id, row.message_content);
  return inserted.map((r) => r.id);
}
