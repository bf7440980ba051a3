// Helpers shared by the auth HTTP tests: posting a form with its page's CSRF token, reading the outbox,
// and the audit trail.
import { ctx } from '../support/context';
import { drainJobs } from '../support/jobs';
import { csrfFrom, type Agent } from '../support/http';

/** GETs `page` for its CSRF token (the session keeps it), then posts `body` to `action`. */
export async function postForm(client: Agent, page: string, action: string, body: Record<string, string>) {
  const form = await client.get(page);
  return client
    .post(action)
    .type('form')
    .send({ _csrf: csrfFrom(form.text), ...body });
}

export interface Sent {
  recipient: string;
  subject: string | null;
  body: string;
  channel: string;
}

export async function outbox(channel?: 'email' | 'sms'): Promise<Sent[]> {
  await drainJobs(); // mail and SMS are jobs: deliver what is due first
  const query = ctx().db('sent_messages').select('recipient', 'subject', 'body', 'channel').orderBy('id', 'asc');
  if (channel) query.where({ channel });
  return query;
}

export async function lastSms(): Promise<Sent> {
  const all = await outbox('sms');
  if (!all.length) throw new Error('no SMS was sent');
  return all.at(-1)!;
}

export async function lastEmail(): Promise<Sent> {
  const all = await outbox('email');
  if (!all.length) throw new Error('no e-mail was sent');
  return all.at(-1)!;
}

export const codeIn = (sms: Sent) => /\b(\d{6})\b/.exec(sms.body)![1]!;

export const linkPath = (mail: Sent, prefix: string) => {
  const match = new RegExp(`https?://[^\\s]+(${prefix.replace(/\//g, '\\/')}[A-Za-z0-9_-]+)`).exec(mail.body);
  if (!match) throw new Error(`no ${prefix} link in: ${mail.body}`);
  return match[1]!;
};

export async function auditActions(userId?: number): Promise<string[]> {
  const query = ctx().db('audit_log').select('action').orderBy('id');
  if (userId !== undefined) query.where({ user_id: userId });
  return (await query).map((r: { action: string }) => r.action);
}

/** Makes the user a two-factor user with codes going to `phone`. */
export async function enrolTwoFactor(userId: number, phone = '+12125550142') {
  await ctx()
    .db('users')
    .where({ id: userId })
    .update({ two_factor_enrolled_at: new Date(), two_factor_phone: phone, phone_number: phone });
}
