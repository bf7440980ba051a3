// Filing a support request (spec 1 §7 and spec 2 §7 "Support"): stored in support_requests, and its
// e-mail to the support address queued in the same transaction. Any feature
// (insurance edits, photo and video edits, video removal) calls submitSupportRequest().
import type { Knex } from 'knex';
import { HttpError, ValidationError } from '../../lib/errors';
import type { Viewer } from '../accounts';
import type { MailMessage } from '../../integrations/mail';
import type { Outgoing } from '../../jobs/outgoing';
import type { Config } from '../../config';
import type { Integrations } from '../../integrations';
import { reachableProvider, type ReachableProvider } from '../providers';
import * as repo from './repo';
import { SUPPORT_TEMPLATES, SUPPORT_TEXT_MAX, SUPPORT_TEXT_TOO_LONG } from './templates';

export interface SupportDeps {
  db: Knex;
  outgoing: Outgoing;
  /** config.supportEmail (SUPPORT_EMAIL). */
  supportEmail: string;
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
 * Stores the request and queues its e-mail to support in one transaction. The provider must be within
 * the user's reach (clinician access or a role on its account), else 404.
 */
export async function submitSupportRequest(
  deps: SupportDeps,
  actor: Viewer,
  input: SupportRequestInput,
): Promise<{ id: number }> {
  if (!TEMPLATE_NAME.test(input.template)) throw new HttpError(400, 'Unknown support request template.');
  const provider = await reachableProvider(deps.db, actor, input.providerId);
  const locals = input.locals ?? {};
  return deps.db.transaction(async (trx) => {
    const id = await repo.insertSupportRequest(trx, {
      providerId: provider.id,
      accountId: provider.accountId,
      userId: actor.user.id,
      template: input.template,
      locals,
    });
    await deps.outgoing.mail(trx, supportMail(deps.supportEmail, input.template, locals, id, provider, actor));
    return { id };
  });
}

/** The e-mail to support about one stored request. */
function supportMail(
  supportEmail: string,
  templateName: string,
  locals: Record<string, unknown>,
  id: number,
  provider: ReachableProvider,
  actor: Viewer,
): MailMessage {
  const template = SUPPORT_TEMPLATES[templateName];
  const labelled = Object.entries(locals).map(([key, value]) => {
    const label = template?.fields[key] ?? key;
    const shown = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
    return `${label}:\n${shown || '(left empty)'}`;
  });
  return {
    to: supportEmail,
    subject: oneLine(`${template?.subject ?? `Support request (${templateName})`}: ${provider.name} (#${provider.id})`),
    text: [
      `Support request #${id} (${templateName})`,
      '',
      `Provider: ${provider.name} (#${provider.id}, ${provider.type}, ${provider.status})`,
      `Account: #${provider.accountId}`,
      `Submitted by: ${actor.user.displayName} <${actor.user.email}> (user #${actor.user.id})`,
      '',
      ...(labelled.length ? labelled : ['(no details given)']),
    ].join('\n'),
  };
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
    else if (!value && template.required?.[field]) errors[field] = template.required[field]!;
    if (value) locals[field] = value;
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return locals;
}

/** The support dependencies out of the portal's config and integrations. */
export function supportDeps(
  db: Knex,
  config: Pick<Config, 'supportEmail'>,
  integrations: Pick<Integrations, 'outgoing'>,
): SupportDeps {
  return { db, outgoing: integrations.outgoing, supportEmail: config.supportEmail };
}
