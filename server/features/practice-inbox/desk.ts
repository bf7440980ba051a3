// The practice inbox's intake desk (issue [22] item 2): what an open thread shows under the conversation
// (its internal notes, a page at a time, and the saved-reply picker), the saved reply a coordinator chose
// (?reply=), merged for this conversation into the composer, and whose saved replies a viewer manages.
import type { Request } from 'express';
import type { Knex } from 'knex';
import type { Viewer } from '../../domain/accounts';
import * as policy from '../../domain/accounts';
import { calendarStateOf } from '../../domain/calendar';
import * as notes from '../../domain/conversation-notes';
import * as messaging from '../../domain/messaging';
import type { Thread } from '../../domain/messaging';
import * as savedReplies from '../../domain/saved-replies';
import { formTimeIn } from '../../domain/appointments';
import { toId } from '../../http/access';
import { publicProfileUrl } from '../../http/navigation';
import type { Integrations } from '../../integrations';
import { SAVED_REPLIES_PATH } from '../../../views/pages/practice-inbox/SavedRepliesPage';
import type { ThreadDeskProps } from '../../../views/pages/practice-inbox/ThreadDesk';
import { inboxAccountOf } from './service';
import { carriedQuery, threadPath } from './view-model';
import { dateFormatIn } from '../../../views/components/format';

export interface DeskDeps {
  db: Knex;
  config: { publicProfileBaseUrl: string };
  benefitsTool: Pick<Integrations['benefitsTool'], 'benefitsCheckLink'>;
}

/** The account whose saved replies the viewer manages: the inbox's for a coordinator, else the one they own (the Team page's rule). */
export function savedRepliesAccountOf(viewer: Viewer): number {
  return policy.canUsePracticeInbox(viewer) ? inboxAccountOf(viewer) : policy.teamAccountOf(viewer);
}

/** The list's state a thread carries, as the hidden fields of a GET form. */
const carriedFields = (query: Record<string, unknown>): [string, string][] => [
  ...new URLSearchParams(carriedQuery(query).replace(/^\?/, '')).entries(),
];

/**
 * The merge values of a conversation: the client's first name, the provider's name, and the provider's
 * public links (the Practice Management booking page when it is on, else the directory profile, where
 * clients book a consultation; the benefits check of the benefits tool).
 */
async function mergeValuesOf(deps: DeskDeps, accountId: number, thread: Thread): Promise<savedReplies.MergeValues> {
  const { conversation } = thread;
  const [profiles, calendar] = await Promise.all([
    messaging.accountProfiles(deps.db, accountId),
    calendarStateOf(deps.db, conversation.providerId),
  ]);
  const profile = profiles.find((p) => p.id === conversation.providerId);
  // Messaging names a client without any name "Client": the greeting then says "there" instead.
  const unnamed = conversation.clientName === 'Client' && conversation.clientFirstName === 'Client';
  return {
    clientFirstName: unnamed ? null : conversation.clientFirstName,
    providerName: conversation.providerName,
    bookingLink:
      calendar.bookingLink ??
      publicProfileUrl(deps.config.publicProfileBaseUrl, {
        id: conversation.providerId,
        type: profile?.type ?? 'individual',
        slug: profile?.slug ?? null,
      }),
    benefitsCheckLink: deps.benefitsTool.benefitsCheckLink({ providerId: conversation.providerId }),
  };
}

/**
 * The desk under an open thread, and the composer's text when a saved reply was chosen (?reply= on a GET;
 * another account's id is not found). `note` is a refused note's text and message, shown again.
 */
export async function threadDesk(
  deps: DeskDeps,
  req: Request,
  page: {
    accountId: number;
    thread: Thread;
    timeZone: string;
    note?: { draft: string; error: string | null };
  },
): Promise<{ view: ThreadDeskProps; draft: string | undefined }> {
  const { accountId, thread, timeZone } = page;
  const pair = { clientUserId: thread.conversation.clientUserId, providerId: thread.conversation.providerId };
  const base = threadPath(pair);
  const carried = carriedQuery(req.query);
  const sendable = thread.mode === 'sendable';
  const replyId = req.method === 'GET' && sendable ? toId(req.query.reply) : 0;
  const [notesPage, replies, chosen] = await Promise.all([
    notes.listNotes(deps.db, { accountId, ...pair }, toId(req.query.notes_page) || 1),
    sendable ? savedReplies.allSavedReplies(deps.db, accountId) : Promise.resolve([]),
    replyId ? savedReplies.findSavedReply(deps.db, accountId, replyId) : Promise.resolve(null),
  ]);
  const draft = chosen ? savedReplies.mergeReply(chosen.body, await mergeValuesOf(deps, accountId, thread)) : undefined;
  const day = dateFormatIn(timeZone, { month: 'short', day: 'numeric', year: 'numeric' });
  const notesHref = (n: number) => {
    const query = new URLSearchParams(carried.replace(/^\?/, ''));
    if (n > 1) query.set('notes_page', String(n));
    const text = query.toString();
    return `${base}${text ? `?${text}` : ''}#internal-notes-heading`;
  };
  return {
    draft,
    view: {
      replies: sendable
        ? {
            action: base,
            carried: carriedFields(req.query),
            options: replies.map((r) => ({ value: String(r.id), label: r.title })),
            chosen: chosen ? String(chosen.id) : '',
            used: chosen?.title ?? null,
            manageHref: SAVED_REPLIES_PATH,
          }
        : null,
      notes: {
        items: notesPage.notes.map((n) => ({
          id: n.id,
          author: n.authorName,
          when: `${day.format(n.createdAt)}, ${formTimeIn(n.createdAt, timeZone)}`,
          body: n.body,
        })),
        page: notesPage.page,
        pageCount: notesPage.pageCount,
        total: notesPage.total,
        pageHref: notesHref,
        action: `${base}/notes${carried}`,
        draft: page.note?.draft ?? '',
        error: page.note?.error ?? null,
        label: notes.NOTE_TEXTS.label,
        maxLength: notes.NOTE_MAX_LENGTH,
      },
    },
  };
}
