// Picks each outside service's implementation from the settings, once. Local ones work offline.
import type { Knex } from 'knex';
import path from 'node:path';
import type { Config } from '../config';
import { createBenefitsTool, type BenefitsTool } from './benefits-tool';
import {
  type CaldavService,
  createCaldav,
  createCalendarSync,
  createMicrosoftCalendar,
  type CalendarSync,
} from './calendar-sync';
import { createEhr, type Ehr } from './ehr';
import { createLocalCaptcha } from './captcha/local';
import { createTurnstileCaptcha } from './captcha/turnstile';
import type { Captcha } from './captcha/port';
import { createLocalMailer } from './mail/local';
import { createHttpMarketingForm } from './marketing-form/http';
import { createLocalMarketingForm } from './marketing-form/local';
import type { MarketingForm } from './marketing-form/port';
import type { Mailer } from './mail/port';
import { createSmtpMailer } from './mail/smtp';
import { createLocalSms } from './sms/local';
import type { SmsSender } from './sms/port';
import { createLocalDiskStorage } from './storage/local-disk';
import { createS3Storage } from './storage/s3';
import type { Storage } from './storage/port';
import { createSalesTax } from './tax';
import type { SalesTax } from './tax/port';
import type { Logger } from 'pino';
import { createLogger } from '../logger';
import { createOutgoing, PortalJobQueue, type JobDefinition, type Outgoing } from '../jobs';
import { createPayments, localStripeOptions, type Payments } from './payments';

export interface Integrations {
  mail: Mailer;
  sms: SmsSender;
  /** Uploaded files (pictures); local disk under DATA_DIR/uploads, or an S3-compatible bucket (S3_BUCKET). */
  storage: Storage;
  /** The bot check of sign-up forms: Cloudflare Turnstile with TURNSTILE_* settings, else the local honeypot check. */
  captcha: Captcha;
  /** Contact Us submissions: posted to MARKETING_FORM_URL, or kept on this machine. */
  marketingForm: MarketingForm;
  /** True when outgoing mail and SMS stay on this machine (then /dev/outbox shows them). */
  local: boolean;
  /** The portal's job queue (PostgreSQL, pg-boss): enqueue in the transaction of the change that needs the job. */
  jobs: PortalJobQueue;
  /** E-mail and SMS as jobs (the outbox pattern); features send through this, the jobs through `mail`/`sms`. */
  outgoing: Outgoing;
  /** Card payments: Stripe with STRIPE_* keys, else the local card server (server/integrations/payments). */
  payments: Payments;
  /** US sales tax: Avalara AvaTax with AVATAX_* settings, else the local per-state rate table (an offline approximation). */
  tax: SalesTax;
  /** Google Calendar: Google with GOOGLE_CLIENT_ID/SECRET, a sample account outside production, else null (not set up). */
  calendarSync: CalendarSync | null;
  /** Microsoft 365 / Outlook calendars: Graph with MICROSOFT_CLIENT_ID/SECRET, a local stand-in of Graph outside production, else null. */
  microsoftCalendar: CalendarSync | null;
  /** CalDAV servers (iCloud, Fastmail, Nextcloud), with a local stand-in server outside production. */
  caldav: CaldavService;
  /** Private Pay Booster: benefits checks, the standalone-account check and sign-in (SSO); its API, or local outside production (benefits-tool/index.ts). */
  benefitsTool: BenefitsTool;
  /** The practice-management EHR: its API with EHR_API_URL/EHR_API_TOKEN, else the local one (server/integrations/ehr). */
  ehr: Ehr;
}

/**
 * The portal's outside services and its job queue, which runs the jobs given (the portal's are
 * JOB_CATALOG in server/wiring.ts, the composition root, which passes them).
 */
export function createIntegrations(
  config: Config,
  db: Knex,
  jobs: JobDefinition<never>[],
  logger: Logger = createLogger(config.logLevel),
): Integrations {
  const mail = config.smtpUrl ? createSmtpMailer(db, config.smtpUrl, config.mailFrom) : createLocalMailer(db);
  const storage =
    config.storage.kind === 's3'
      ? createS3Storage({ ...config.storage, prefix: 'uploads/' })
      : createLocalDiskStorage(path.join(config.dataDir, 'uploads'));
  const marketingForm = config.marketingFormUrl
    ? createHttpMarketingForm(config.marketingFormUrl)
    : createLocalMarketingForm();
  // Under test, no cron fires: a scheduled job appearing mid-test would be work the test did not ask for.
  const queue = new PortalJobQueue(db, jobs, logger, { clock: config.env !== 'test' });
  return {
    mail,
    sms: createLocalSms(db),
    storage,
    captcha: config.turnstile ? createTurnstileCaptcha({ ...config.turnstile, logger }) : createLocalCaptcha(),
    marketingForm,
    local: !config.smtpUrl,
    jobs: queue,
    outgoing: createOutgoing(queue),
    payments: createPayments(db, config.stripe, localStripeOptions(config, logger)),
    tax: createSalesTax(config.tax),
    calendarSync: createCalendarSync(config),
    microsoftCalendar: createMicrosoftCalendar(config),
    caldav: createCaldav(config),
    benefitsTool: createBenefitsTool(config, db),
    ehr: createEhr(db, config),
  };
}
