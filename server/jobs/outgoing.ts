// Outgoing e-mail and SMS as jobs (the outbox pattern): enqueued in the transaction of the change that
// causes them, delivered by the job through the mail and SMS ports, retried when delivery fails.
import type { Knex } from 'knex';
import type { MailMessage } from '../integrations/mail';
import type { JobDefinition, JobQueue } from './queue';

export interface Outgoing {
  mail(db: Knex | Knex.Transaction, message: MailMessage): Promise<void>;
  sms(db: Knex | Knex.Transaction, to: string, text: string): Promise<void>;
}

export function createOutgoing(jobs: JobQueue): Outgoing {
  return {
    mail: (db, message) => jobs.enqueue(db, 'mail.send', message),
    sms: (db, to, text) => jobs.enqueue(db, 'sms.send', { to, text }),
  };
}

/** A message waits for someone (a sign-in code, a password link): a failed send is tried again soon, then less often. */
export const OUTGOING_RETRY_DELAY_SECONDS = 10;

// Their data holds links and codes, so finished ones are kept for an hour only.
export const outgoingJobs: JobDefinition<never>[] = [
  {
    name: 'mail.send',
    keepHours: 1,
    retryLimit: 6,
    retryDelaySeconds: OUTGOING_RETRY_DELAY_SECONDS,
    handle: async (message: MailMessage, { integrations }) => integrations.mail.send(message),
  },
  {
    name: 'sms.send',
    keepHours: 1,
    retryLimit: 6,
    retryDelaySeconds: OUTGOING_RETRY_DELAY_SECONDS,
    handle: async ({ to, text }: { to: string; text: string }, { integrations }) => integrations.sms.send(to, text),
  },
] as JobDefinition<never>[];
