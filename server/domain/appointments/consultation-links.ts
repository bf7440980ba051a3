// The one-tap links of a reminder (issue [23] item 1): "Cancel it" and "Ask for another time". Each link
// carries a random 256-bit token; only its sha256 is stored (consultation_links), so a changed or made-up
// token finds nothing. A link works once, until the consultation's start, and only for the start it was
// made for: a consultation moved since makes its old links void. Opening a link changes nothing (mail
// scanners open links); the page's button posts, and the post acts in one transaction.
import type { Knex } from 'knex';
import type { JobQueue } from '../../jobs/queue';
import { hashToken, looksLikeLinkToken, newLinkToken } from '../accounts';
import { addAppointmentMessage, conversationWith } from '../messaging';
import { cancelAsClientIn, type NotificationData, PROVIDER_NOTIFICATION_JOB } from './booking';
import * as repo from './repo';
import { longDateIn, timeRangeIn } from './time';

type Db = Knex | Knex.Transaction;

export const LINK_ACTIONS = ['cancel', 'reschedule_request'] as const;
export type LinkAction = (typeof LINK_ACTIONS)[number];

/** The path segment of each action: /consultations/{token}/cancel, /consultations/{token}/reschedule-request. */
export const CONSULTATION_LINK_PATHS: Record<LinkAction, string> = {
  cancel: 'cancel',
  reschedule_request: 'reschedule-request',
};

export const consultationLinkUrl = (portalUrl: string, token: string, action: LinkAction): string =>
  `${portalUrl}/consultations/${token}/${CONSULTATION_LINK_PATHS[action]}`;

/** Why a link no longer works (410), or does not exist (404). */
export type LinkRefusal = 'unknown' | 'used' | 'expired' | 'canceled' | 'moved';

export const LINK_MESSAGES: Record<LinkRefusal, string> = {
  unknown: 'This link is not valid. Check that you opened the whole link from your reminder.',
  used: 'This link has already been used.',
  expired: 'This link has expired: the phone consultation has started.',
  canceled: 'This phone consultation was already canceled.',
  moved: 'This phone consultation has moved to another time since this reminder was sent, so its links no longer work.',
};

export const LINK_DONE_MESSAGES: Record<LinkAction, string> = {
  cancel: 'Your phone consultation has been cancelled. The provider has been told.',
  reschedule_request:
    'The provider has been asked to find another time. Your phone consultation stays booked until they move or cancel it.',
};

export interface LinkedConsultation {
  providerName: string;
  /** "Monday, December 7, 2026, 3:00pm – 3:15pm EST" in the provider's calendar zone. */
  when: string;
}

export type LinkState =
  | { ok: true; action: LinkAction; consultation: LinkedConsultation }
  | { ok: false; refusal: LinkRefusal; consultation: LinkedConsultation | null };

/** Makes a fresh pair of links for a reminder of a consultation starting at `start`; answers the tokens. */
export async function issueConsultationLinks(
  trx: Knex.Transaction,
  appointmentId: number,
  start: Date,
): Promise<Record<LinkAction, string>> {
  const tokens = { cancel: newLinkToken(), reschedule_request: newLinkToken() };
  await trx('consultation_links').insert(
    LINK_ACTIONS.map((action) => ({
      appointment_id: appointmentId,
      action,
      token_hash: hashToken(tokens[action]),
      expires_at: start,
    })),
  );
  return tokens;
}

interface LinkRow {
  id: number;
  appointment_id: number;
  expires_at: Date;
  used_at: Date | null;
}

async function findLink(db: Db, token: string, action: LinkAction, forUpdate: boolean): Promise<LinkRow | null> {
  // Not shaped like a token: not worth a look-up.
  if (!looksLikeLinkToken(token)) return null;
  const query = db('consultation_links')
    .where({ token_hash: hashToken(token), action })
    .first('id', 'appointment_id', 'expires_at', 'used_at');
  return (await (forUpdate ? query.forUpdate() : query)) ?? null;
}

/** The consultation behind a link, with its provider's name and time (scoped by its own provider). */
async function linkedAppointment(db: Db, appointmentId: number, forUpdate: boolean) {
  const owner = await db('appointments').where({ id: appointmentId }).first('provider_id');
  if (!owner) return null;
  return repo.findAppointment(db, { providerId: owner.provider_id }, appointmentId, { forUpdate });
}

const describe = (a: repo.AppointmentRecord): LinkedConsultation => ({
  providerName: a.providerName,
  when: `${longDateIn(a.start, a.timeZone)}, ${timeRangeIn(a.start, a.end, a.timeZone)}`,
});

/** Whether the link may act now; the first reason it may not, in the order a person would want to hear it. */
function refusalOf(link: LinkRow, a: repo.AppointmentRecord | null, now: Date): LinkRefusal | null {
  if (!a || a.clientUserId === null || a.legacy) return 'unknown';
  if (link.used_at) return 'used';
  if (a.canceled) return 'canceled';
  if (a.start.getTime() !== new Date(link.expires_at).getTime()) return 'moved';
  if (now >= new Date(link.expires_at)) return 'expired';
  return null;
}

/** What opening a link shows: the consultation and the question, or why the link no longer works. Changes nothing. */
export async function consultationLink(db: Db, token: string, action: LinkAction, now: Date): Promise<LinkState> {
  const link = await findLink(db, token, action, false);
  if (!link) return { ok: false, refusal: 'unknown', consultation: null };
  const appointment = await linkedAppointment(db, link.appointment_id, false);
  const refusal = refusalOf(link, appointment, now);
  if (refusal || !appointment)
    return { ok: false, refusal: refusal ?? 'unknown', consultation: appointment ? describe(appointment) : null };
  return { ok: true, action, consultation: describe(appointment) };
}

/**
 * Acts on a link, once, in one transaction: the link and the consultation are locked, checked again and the
 * link is spent. A cancel cancels the consultation as the client's own cancel does (the provider is told,
 * the reminders dropped). A request for another time keeps the booking, writes the request into the
 * client's conversation with the provider and tells the provider.
 */
export async function useConsultationLink(
  deps: { db: Knex; jobs: JobQueue },
  token: string,
  action: LinkAction,
  now: Date,
): Promise<LinkState> {
  return deps.db.transaction(async (trx) => {
    const link = await findLink(trx, token, action, true);
    if (!link) return { ok: false, refusal: 'unknown', consultation: null };
    const a = await linkedAppointment(trx, link.appointment_id, true);
    const refusal = refusalOf(link, a, now);
    if (refusal || !a || a.clientUserId === null)
      return { ok: false, refusal: refusal ?? 'unknown', consultation: a ? describe(a) : null };
    await trx('consultation_links').where({ id: link.id }).update({ used_at: now });
    const row = { id: a.id, provider_id: a.providerId, client_user_id: a.clientUserId };
    const consultation = describe(a);
    if (action === 'cancel') {
      await cancelAsClientIn(trx, deps.jobs, row, null, now);
    } else {
      await addAppointmentMessage(trx, {
        conversationId: await conversationWith(trx, a.providerId, a.clientUserId, now),
        providerId: a.providerId,
        clientUserId: a.clientUserId,
        appointmentId: a.id,
        type: 'message',
        sender: 'client',
        content: `I would like to ask for another time for our phone consultation of ${consultation.when}. Could you suggest one? (Sent from my reminder.)`,
        at: now,
      });
      await deps.jobs.enqueue(trx, PROVIDER_NOTIFICATION_JOB, {
        appointmentId: a.id,
        event: 'reschedule_requested',
      } satisfies NotificationData);
    }
    return { ok: true, action, consultation };
  });
}

/** Links expired this long ago are deleted by the daily clean-up: long enough to answer "already used". */
export const LINK_KEEP_DAYS = 30;

/** Deletes the links that expired more than LINK_KEEP_DAYS ago; answers how many. */
export async function pruneConsultationLinks(db: Knex, now: Date): Promise<number> {
  return db('consultation_links')
    .where('expires_at', '<', new Date(now.getTime() - LINK_KEEP_DAYS * 86_400_000))
    .delete();
}
