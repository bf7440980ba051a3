// The practice inbox's rules (spec 3 §2, §4 Messaging, §6): which account a coordinator works on, whose
// profile its pages show, the list's filters (a profile, unread, the desk's assignee and status), and the
// conversation list that Load More grows 100 at a time, read in one pass of the filter.
import type { Knex } from 'knex';
import type { Viewer } from '../../domain/accounts';
import * as policy from '../../domain/accounts';
import * as messaging from '../../domain/messaging';
import type { ConversationFilter, ConversationSummary, DeskView } from '../../domain/messaging';

/**
 * Load More stops here: 10 pages of 100, as on /messages, so the page stays bounded however long the
 * practice's history (issue [19] item 1); older conversations are found by the search. (Spec 3 §9 notes
 * a fetch limit of 10,000 for the inbox's first call; a page of 10,000 conversations is megabytes.)
 */
export const MAX_LOADS = 10;

/**
 * The account of the inbox: the selected profile's when the viewer coordinates it, else the first
 * account they coordinate (the role guard has made sure there is one).
 */
export function inboxAccountOf(viewer: Viewer): number {
  const current = viewer.provider?.accountId;
  if (current !== undefined && policy.canUsePracticeInbox(viewer, current)) return current;
  return Math.min(...viewer.roles.filter((r) => r.role === 'intake-coordinator').map((r) => r.accountId));
}

/**
 * The viewer as the inbox's pages show them: the inbox is the practice's, so the layout's avatar, the status
 * banner and the zone of every date are the account's practice profile's, whichever profile (an inactive
 * clinician, say) happens to be selected. Without a practice profile they can see: the account's selected
 * profile, else its first.
 */
export function asPractice(viewer: Viewer): Viewer {
  const accountId = inboxAccountOf(viewer);
  const ofAccount = viewer.providers.filter((p) => p.accountId === accountId);
  const practice =
    ofAccount.find((p) => p.type === 'practice') ??
    (viewer.provider?.accountId === accountId ? viewer.provider : ofAccount[0]);
  return practice && practice.id !== viewer.provider?.id ? { ...viewer, provider: practice } : viewer;
}

/** The desk views the Status filter offers, by their query value ('' is the default, open). */
export const DESK_VIEWS: readonly DeskView[] = ['open', ...messaging.DESK_STATUSES, 'snoozed', 'all'];

/** ?status= as a desk view: one of DESK_VIEWS, else open. */
export const deskViewOf = (value: unknown): DeskView =>
  typeof value === 'string' && (DESK_VIEWS as readonly string[]).includes(value) ? (value as DeskView) : 'open';

/** ?assignee= as given: 'me', 'none' or a user id; anything else is no assignee filter (''). */
export const assigneeParamOf = (value: unknown): string =>
  typeof value === 'string' && /^(me|none|[1-9]\d{0,14})$/.test(value) ? value : '';

/**
 * The list's filters as asked in the query (?provider=id of one of the account's profiles, ?unread=1, ?q= a
 * client's name, e-mail or words of the conversation, ?assignee=me|none|user id, ?status= a desk view; open
 * by default, `now` the moment snoozes are measured at).
 */
export function inboxFilterOf(
  query: Record<string, unknown>,
  profiles: { id: number }[],
  viewerUserId: number,
  now: Date = new Date(),
): ConversationFilter {
  const filter: ConversationFilter = { desk: deskViewOf(query.status), now };
  const providerId = Number(query.provider);
  if (typeof query.provider === 'string' && profiles.some((p) => p.id === providerId)) filter.providerId = providerId;
  if (query.unread === '1') filter.unread = true;
  const search = typeof query.q === 'string' ? query.q.trim().replace(/\s+/g, ' ').slice(0, 100) : '';
  if (search) {
    filter.search = search;
    filter.searchEverything = true;
  }
  const assignee = assigneeParamOf(query.assignee);
  if (assignee === 'me') filter.assigneeUserId = viewerUserId;
  else if (assignee === 'none') filter.assigneeUserId = null;
  else if (assignee) filter.assigneeUserId = Number(assignee);
  return filter;
}

export interface InboxConversations {
  conversations: ConversationSummary[];
  /** How many conversations the filter keeps, counted up to COUNTED_UP_TO + 1. */
  total: number;
  /** The count stopped: there are more than COUNTED_UP_TO. */
  totalIsLowerBound: boolean;
  /** How many pages are shown (the ?loads= of the next Load More is one more). */
  loads: number;
  /** Hidden once everything is shown, or Load More has reached its last page. */
  canLoadMore: boolean;
}

/** Conversations are counted this far: past it the list says "more than" (Load More ends here anyway). */
export const COUNTED_UP_TO = MAX_LOADS * messaging.CONVERSATIONS_PAGE_SIZE;

/** The first `loads` pages of the account's conversations, newest first, and how many the filter keeps. */
export async function inboxConversations(
  db: Knex,
  accountId: number,
  requestedLoads: number,
  filter: ConversationFilter = {},
): Promise<InboxConversations> {
  const pageSize = messaging.CONVERSATIONS_PAGE_SIZE;
  const loads = Math.min(Math.max(1, Math.trunc(requestedLoads) || 1), MAX_LOADS);
  const { conversations, total } = await messaging.listFirstConversations(
    db,
    { accountId },
    { shown: loads * pageSize, countUpTo: COUNTED_UP_TO + 1 },
    filter,
  );
  const shownLoads = Math.min(loads, Math.max(1, Math.ceil(conversations.length / pageSize)));
  return {
    conversations,
    total,
    totalIsLowerBound: total > COUNTED_UP_TO,
    loads: shownLoads,
    canLoadMore: conversations.length < total && shownLoads < MAX_LOADS,
  };
}
