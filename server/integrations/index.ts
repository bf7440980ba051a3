// Picks each outside service's implementation from the settings, once. Local ones work offline.
import type { Knex } from 'knex';
import type { Config } from '../config';
import { createLocalMailer } from './mail/local';
import type { Mailer } from './mail/port';
import { createSmtpMailer } from './mail/smtp';
import { createLocalSms } from './sms/local';
import type { SmsSender } from './sms/port';

export interface Integrations {
  mail: Mailer;
  sms: SmsSender;
  /** True when outgoing mail and SMS stay on this machine (then /dev/outbox shows them). */
  local: boolean;
}

export function createIntegrations(config: Config, db: Knex): Integrations {
  const mail = config.smtpUrl ? createSmtpMailer(db, config.smtpUrl, config.mailFrom) : createLocalMailer(db);
  return { mail, sms: createLocalSms(db), local: !config.smtpUrl };
}
