// Every e-mail and SMS the portal sends is recorded here; in local mode it is how they are "delivered"
// and what /dev/outbox shows.
import type { Knex } from 'knex';

export interface OutboxEntry {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: Date;
}

export async function recordOutgoing(db: Knex, entry: { channel: 'email' | 'sms'; recipient: string; subject?: string; body: string; html?: string }): Promise<void> {
  await db('outbox').insert({ channel: entry.channel, recipient: entry.recipient, subject: entry.subject ?? null, body: entry.body, html: entry.html ?? null });
}

export function listOutgoing(db: Knex, limit = 100): Promise<OutboxEntry[]> {
  return db('outbox').select('id', 'channel', 'recipient', 'subject', 'body', 'created_at').orderBy('id', 'desc').limit(limit);
}
