// The portal's integrations with every job it knows: the composition of integrations/ and the job
// catalog (which names the features' jobs), kept out of integrations/ so that it depends on no feature.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from './config';
import { createIntegrations, type Integrations } from './integrations';
import { JOB_CATALOG } from './jobs/catalog';

export const createPortalIntegrations = (config: Config, db: Knex, logger?: Logger): Integrations =>
  createIntegrations(config, db, JOB_CATALOG, logger);
