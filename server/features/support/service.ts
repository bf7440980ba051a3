// Filing a support request (spec 1 §7 and spec 2 §7 "Support"): stored in support_requests, then
// e-mailed to the support address through the mail adapter once the row is committed. Any feature
// (insurance edits, photo and video edits, video removal) calls submitSupportRequest().
import type { Knex } from 'knex';
import { HttpError, ValidationError } from '../../http/errors';
import type { Viewer } from '../../http/viewer';
import type { Mailer } from '../../integrations/mail/port';
import { reachableProvider } from '../profile-creation/service';
import * as repo from './repo';
import { SUPPORT_TEMPLATES, SUPPORT_TEXT_MAX, SUPPORT_TEXT_TOO_LONG } from './templates';

export interface SupportDeps {
  db: Knex;
  mail: Mailer;
  /** config.supportEmail (SUPPORT_EMAIL). */
  supportEmail: string;
  /** Where a failed e-mail is reported (the request itself is already stored). */
  log?: { error(object: unknown, message: string): void };
}

export interface SupportRequestInput {
  providerId: number;
  /** e.g. insurance-edit, photo-video-edit. */
  template: string;
  locals?: Record<string, unknown>;
}

const TEMPLATE_NAME = /^[a-z0-9][a-z0-9-]{0,59}$/;
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/**
 * Stores the request and e-mails support. The provider must be within the user's reach (clinician
 * access or a role on its account), else 404. A mail failure is logged, not undone: the row is the record.
 */
export async function submitSupportRequest(deps: SupportDeps, actor: Viewer, input: SupportRequestInput): Promise<{ id: number }> {
  if (!TEMPLATE_NAME.test(input.template)) throw new HttpError(400, 'Unknown support request template.');
  const provider = await reachableProvider(deps.db, actor, input.providerId);
  const locals = input.locals ?? {};
  const id = await deps.db.transaction(async (trx) => repo.insertSupportRequest(trx, {
    providerId: provider.id, accountId: provider.accountId, userId: actor.user.id, template: input.template, locals,
  }));

  const template = SUPPORT_TEMPLATES[input.template];
  const labelled = Object.entries(locals).map(([key, value]) => {
    const label = template?.fields[key] ?? key;
    const shown = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
    return `${label}:\n${shown || '(left empty)'}`;
  });
  try {
    await deps.mail.send({
      to: deps.supportEmail,
      subject: oneLine(`${template?.subject ?? `Support request (${input.template})`}: ${provider.name} (#${provider.id})`),
      text: [
        `Support request #${id} (${input.template})`,
        '',
        `Provider: ${provider.name} (#${provider.id}, ${provider.type}, ${provider.status})`,
        `Account: #${provider.accountId}`,
        `Submitted by: ${actor.user.displayName} <${actor.user.email}> (user #${actor.user.id})`,
        '',
        ...(labelled.length ? labelled : ['(no details given)']),
      ].join('\n'),
    });
  } catch (error) {
    deps.log?.error({ err: error, supportRequestId: id }, 'the support request e-mail could not be sent');
  }
  return { id };
}

/**
 * The form version (POST /support-requests): a known template and only its free-text fields, each
 * at most SUPPORT_TEXT_MAX characters.
 */
export function localsFromForm(templateName: string, body: Record<string, unknown>): Record<string, string> {
  const template = SUPPORT_TEMPLATES[templateName];
  if (!template) throw new HttpError(400, 'Unknown support request template.');
  const locals: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const field of Object.keys(template.fields)) {
    const value = typeof body[field] === 'string' ? (body[field] as string).trim() : '';
    if (value.length > SUPPORT_TEXT_MAX) errors[field] = SUPPORT_TEXT_TOO_LONG;
    if (value) locals[field] = value;
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return locals;
}
