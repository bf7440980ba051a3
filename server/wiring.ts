// The composition root's list of what runs: every job the portal knows (the queue's own, the domain's and
// the features'), and the integrations built with them. The web process (main.ts) and `npm run worker`
// both start from here; createApp (app.ts) mounts the features.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { idempotencyJobs } from './api';
import type { Config } from './config';
import { standaloneSignupJobs } from './domain/accounts';
import { bookingJobs, digestJobs, reminderJobs, requestJobs } from './domain/appointments';
import { billingJobs } from './domain/billing';
import { dataProtectionJobs, setDataEncryptionKeys } from './domain/data-protection';
import { externalCalendarJobs } from './domain/external-calendars';
import { messagingJobs } from './domain/messaging';
import { readAuditJobs } from './domain/read-audit';
import { featureJobs } from './features';
import { createIntegrations, type Integrations } from './integrations';
import { sessionJobs } from './http/session';
import { outgoingJobs, type JobDefinition } from './jobs';

export const JOB_CATALOG: JobDefinition<never>[] = [
  ...outgoingJobs,
  ...sessionJobs,
  ...idempotencyJobs,
  ...billingJobs,
  ...bookingJobs,
  ...requestJobs,
  ...reminderJobs,
  ...digestJobs,
  ...messagingJobs,
  ...externalCalendarJobs,
  ...standaloneSignupJobs,
  ...readAuditJobs,
  ...dataProtectionJobs,
  ...featureJobs,
];

/** The integrations of a process (web or worker); the process's data-encryption keys are set here too, from its settings. */
export function createPortalIntegrations(config: Config, db: Knex, logger?: Logger): Integrations {
  setDataEncryptionKeys(config.dataEncryptionKeys);
  return createIntegrations(config, db, JOB_CATALOG, logger);
}
