// The log of every e-mail and SMS the portal sent (table sent_messages); in local mode it is how they are
// "delivered", and what /dev/outbox shows. (The outbox itself is the job queue: server/jobs/outgoing.ts.)
import type { Knex } from 'knex';

export interface SentMessage {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: Date;
}

export async function recordSent(
  db: Knex,
  entry: { channel: 'email' | 'sms'; recipient: string; subject?: string; body: string; html?: string },
): Promise<void> {
  await db('sent_messages').insert({
    channel: entry.channel,
    recipient: entry.recipient,
    subject: entry.subject ?? null,
    body: entry.body,
    html: entry.html ?? null,
  });
}

export async function listSent(db: Knex, limit = 100): Promise<SentMessage[]> {
  const rows = await db('sent_messages')
    .select('id', 'channel', 'recipient', 'subject', 'body', 'created_at')
    .orderBy('id', 'desc')
    .limit(limit);
  return rows.map((row) => ({ ...row, channel: row.channel as SentMessage['channel'] }));
}
