// Telling people about new messages (issue [12] "Notifications"): the provider hears of a client's
// message or referral by e-mail (and SMS when they turned it on), the client of a provider's reply by
// e-mail. Neither carries the message: only the client's first name (or the provider's name) and a link.
// Bursts are coalesced where the message is stored (repo.claimNotification), so a job means a send.
import type { Knex } from 'knex';
import type { Row } from '../../db/rows';
import type { JobDefinition } from '../../jobs/queue';
import { notificationContacts, providerDisplayName } from '../accounts';
import { joinProviderColumns, notifiedClinicianIds } from '../providers';
import { clientAsGivenJoin } from './clients';

export const MESSAGE_NOTIFICATION_JOB = 'messaging.notify-provider';
export const CLIENT_NOTIFICATION_JOB = 'messaging.notify-client';

/** One notification per conversation within this many minutes of the last one. */
export const NOTIFICATION_WINDOW_MINUTES = 5;

export type NotificationKind = 'message' | 'referral';

export interface ProviderNotificationData {
  conversationId: number;
  kind: NotificationKind;
}
export interface ClientNotificationData {
  conversationId: number;
}

export interface MessageNotification {
  subject: string;
  text: string;
  sms: string;
}

/** What the provider is told: the client's first name and a link to the conversation, nothing they wrote. */
export function messageNotificationText(
  kind: NotificationKind,
  conversation: { providerId: number; clientUserId: number; clientFirstName: string },
  site: { portalUrl: string; brandName: string },
): MessageNotification {
  // current_provider_id makes the portal open the right profile for users with several.
  const link = `${site.portalUrl}/messages/${conversation.clientUserId}?current_provider_id=${conversation.providerId}`;
  const name = conversation.clientFirstName;
  if (kind === 'referral') {
    return {
      subject: `New referral from ${name}`,
      text: `${name} contacted you through your ${site.brandName} profile.\n\nRead and reply: ${link}\n\n${site.brandName}`,
      sms: `${site.brandName}: New referral from ${name}. Read and reply: ${link}`,
    };
  }
  return {
    subject: `New message from ${name}`,
    text: `${name} sent you a new message.\n\nRead and reply: ${link}\n\n${site.brandName}`,
    sms: `${site.brandName}: New message from ${name}. Read and reply: ${link}`,
  };
}

/**
 * Who hears of a profile's messages: every user with clinician access who receives its notifications
 * (else the profile's contact e-mail). Each user's settings decide: email_messages (default on) and
 * sms_messages (default off, needs a phone number).
 */
async function recipients(
  db: Knex,
  providerId: number,
  contactEmail: string | null,
): Promise<{ emails: string[]; phones: string[] }> {
  const users = await notificationContacts(db, notifiedClinicianIds(db, providerId));
  const emails = users.length
    ? users.filter((u) => u.emailMessages).map((u) => u.email)
    : contactEmail
      ? [contactEmail]
      : [];
  const phones = users.flatMap((u) => (u.smsMessages && u.phoneNumber ? [u.phoneNumber] : []));
  return { emails: [...new Set(emails)], phones: [...new Set(phones)] };
}

/** What a notice of a conversation reads: the conversation, its profile's names and contact, its client. */
type NoticeRow = Pick<Row<'conversations'>, 'provider_id' | 'client_user_id' | 'client_redacted_at'> &
  Pick<Row<'providers'>, 'contact_email' | 'type' | 'first_name' | 'last_name' | 'company_name'> & {
    client_email: string | null;
    client_first_name: string | null;
    client_full_name: string | null;
  };

async function conversationForNotice(db: Knex, conversationId: number): Promise<NoticeRow | undefined> {
  return joinProviderColumns(
    db('conversations as c'),
    'c.provider_id',
    ['contact_email', 'type', 'first_name', 'last_name', 'company_name'],
    '',
  )
    .joinRaw(clientAsGivenJoin('u', 'c.provider_id', 'c.client_user_id'))
    .where('c.id', conversationId)
    .first(
      'c.provider_id',
      'c.client_user_id',
      'c.client_redacted_at',
      'u.email as client_email',
      'u.first_name as client_first_name',
      'u.full_name as client_full_name',
    );
}

export const messagingJobs: JobDefinition<never>[] = [
  {
    name: MESSAGE_NOTIFICATION_JOB,
    retryLimit: 6,
    keepHours: 1,
    // Fans out into one mail/SMS job per recipient, so a failed SMS retries alone and never repeats an e-mail.
    handle: async ({ conversationId, kind }: ProviderNotificationData, { db, integrations, config }) => {
      const row = await conversationForNotice(db, conversationId);
      if (!row) return; // the conversation or the profile was deleted since
      const firstName = row.client_first_name?.trim() || row.client_full_name?.trim().split(' ')[0] || 'A client';
      const notice = messageNotificationText(
        kind,
        { providerId: row.provider_id, clientUserId: row.client_user_id, clientFirstName: firstName },
        config,
      );
      const { emails, phones } = await recipients(db, row.provider_id, row.contact_email);
      await db.transaction(async (trx) => {
        for (const to of emails)
          await integrations.jobs.enqueue(trx, 'mail.send', { to, subject: notice.subject, text: notice.text });
        for (const to of phones) await integrations.jobs.enqueue(trx, 'sms.send', { to, text: notice.sms });
      });
    },
  },
  {
    name: CLIENT_NOTIFICATION_JOB,
    retryLimit: 6,
    keepHours: 1,
    handle: async ({ conversationId }: ClientNotificationData, { db, integrations, config }) => {
      const row = await conversationForNotice(db, conversationId);
      if (!row || row.client_redacted_at || !row.client_email) return;
      const providerName = providerDisplayName(row);
      await integrations.mail.send({
        to: row.client_email,
        subject: `New message from ${providerName}`,
        text: `${providerName} sent you a message on ${config.brandName}.\n\nSign in to read it: ${config.clientSiteUrl}\n\n${config.brandName}`,
      });
    },
  },
] as JobDefinition<never>[];
