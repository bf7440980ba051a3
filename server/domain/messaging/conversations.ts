// The conversation list (spec 3 §2 Messages, §4 Messaging): a profile's conversations, or the practice
// inbox's (every profile of the account), the latest activity (a message, or the provider opening it)
// first, 100 per page, filtered by provider, unread or a client-name search.
import type { Knex } from 'knex';
import { accountProfiles as providerProfilesOfAccount } from '../providers';
import * as repo from './repo';
import {
  CONVERSATIONS_PAGE_SIZE,
  type ConversationFilter,
  type ConversationSummary,
  type MessagingOwner,
} from './types';

/**
 * One page of conversations and how many there are in all. A conversation is one client with one
 * provider (unique in the table), so the account's merge holds each client+provider pair once.
 */
export async function listConversations(
  db: Knex,
  owner: MessagingOwner,
  page: { limit?: number; offset?: number } = {},
  filter: ConversationFilter = {},
): Promise<{ conversations: ConversationSummary[]; total: number }> {
  const limit = Math.min(Math.max(Math.trunc(page.limit ?? CONVERSATIONS_PAGE_SIZE), 1), CONVERSATIONS_PAGE_SIZE);
  const offset = Math.max(Math.trunc(page.offset ?? 0), 0);
  const [rows, total] = await Promise.all([
    repo.listConversations(db, owner, { limit, offset }, filter),
    repo.countConversations(db, owner, filter),
  ]);
  return { conversations: rows.map(repo.toSummary), total };
}

/**
 * The first `shown` conversations the filter keeps, in the list's order, and how many it keeps, counted no
 * further than `countUpTo`: the ids come from one pass of the filter, then only the shown ones are read.
 */
export async function listFirstConversations(
  db: Knex,
  owner: MessagingOwner,
  { shown, countUpTo }: { shown: number; countUpTo: number },
  filter: ConversationFilter = {},
): Promise<{ conversations: ConversationSummary[]; total: number }> {
  const { ids, matched } = await repo.listConversationIdsCounted(db, owner, { shown, countUpTo }, filter);
  const rows = await repo.listConversationsByIds(db, owner, ids);
  return { conversations: rows.map(repo.toSummary), total: matched };
}

/** The account's profiles, the practice's first (the practice inbox filters by them). */
export function accountProfiles(db: Knex, accountId: number) {
  return providerProfilesOfAccount(db, accountId);
}

/** How many conversations have a client message the provider has not read (the unread dot and badge). */
export function unreadCount(db: Knex, owner: MessagingOwner): Promise<number> {
  return repo.countUnreadConversations(db, owner);
}

export async function findConversationFor(
  db: Knex,
  owner: MessagingOwner,
  clientUserId: number,
  providerId?: number,
): Promise<ConversationSummary | null> {
  const row = await repo.findConversation(db, owner, clientUserId, providerId);
  return row ? repo.toSummary(row) : null;
}
