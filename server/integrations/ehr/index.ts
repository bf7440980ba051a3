// Picks the EHR: its API when EHR_API_URL and EHR_API_TOKEN are set, else the local one (state in our
// database, offline; /dev/ehr stands in for the EHR's staff outside production).
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { createHttpEhr } from './http';
import { createLocalEhr } from './local';
import type { Ehr } from './port';

export function createEhr(db: Knex, config: Pick<Config, 'ehr' | 'practiceManagementUrl' | 'portalUrl'>): Ehr {
  return config.ehr
    ? createHttpEhr({
        baseUrl: config.ehr.apiUrl,
        token: config.ehr.apiToken,
        practiceManagementUrl: config.practiceManagementUrl,
      })
    : // The settings object itself: its addresses are read when used (a test server may move portalUrl).
      createLocalEhr(db, config);
}

export type { ClinicStatus, CreateClinic, Ehr, EhrClinic } from './port';
// The local stand-in's controls, for the development pages that drive it by hand (absent in production).
export { endLocalTrialNow, finishLocalClinicSetup, localEhrState, setLocalBookingPageReady } from './local';
