// The practice inbox's rules (spec 3 §2, §4 Messaging, §6): which account a coordinator works on, and
// the conversation list that Load More grows 100 at a time, merged and de-duplicated by client and
// provider (a page fetched after new conversations arrived repeats some of the previous one).
import type { Knex } from 'knex';
import type { Viewer } from '../../domain/accounts';
import * as policy from '../../domain/accounts';
import * as messaging from '../../domain/messaging';
import type { ConversationSummary } from '../../domain/messaging';

/** Load More stops here: 100 pages of 100, the inbox's fetch limit of 10,000 (spec 3 §9). */
export const MAX_LOADS = 100;

/**
 * The account of the inbox: the selected profile's when the viewer coordinates it, else the first
 * account they coordinate (the role guard has made sure there is one).
 */
export function inboxAccountOf(viewer: Viewer): number {
  const current = viewer.provider?.accountId;
  if (current !== undefined && policy.canUsePracticeInbox(viewer, current)) return current;
  return Math.min(...viewer.roles.filter((r) => r.role === 'intake-coordinator').map((r) => r.accountId));
}

export interface InboxConversations {
  conversations: ConversationSummary[];
  total: number;
  /** How many pages are shown (the ?loads= of the next Load More is one more). */
  loads: number;
  /** Hidden when the last fetch added nothing, or everything is shown. */
  canLoadMore: boolean;
}

export const conversationKey = (c: { clientUserId: number; providerId: number }) => `${c.clientUserId}:${c.providerId}`;

/** The first `loads` pages of the account's conversations, merged without repeats, newest first. */
export async function inboxConversations(
  db: Knex,
  accountId: number,
  requestedLoads: number,
): Promise<InboxConversations> {
  const loads = Math.min(Math.max(1, Math.trunc(requestedLoads) || 1), MAX_LOADS);
  const merged = new Map<string, ConversationSummary>();
  let total = 0;
  let lastAdded: ConversationSummary[] = [];
  let fetched = 0;
  for (let page = 0; page < loads; page++) {
    const result = await messaging.listConversations(
      db,
      { accountId },
      { limit: messaging.CONVERSATIONS_PAGE_SIZE, offset: page * messaging.CONVERSATIONS_PAGE_SIZE },
    );
    total = result.total;
    fetched = page + 1;
    lastAdded = result.conversations.filter((c) => !merged.has(conversationKey(c)));
    for (const c of lastAdded) merged.set(conversationKey(c), c);
    if (result.conversations.length < messaging.CONVERSATIONS_PAGE_SIZE) break;
  }
  return {
    conversations: [...merged.values()],
    total,
    loads: fetched,
    canLoadMore: lastAdded.length > 0 && merged.size < total && fetched < MAX_LOADS,
  };
}
