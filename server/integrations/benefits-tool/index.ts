// Picks the benefits tool (Private Pay Booster): its API when BENEFITS_TOOL_API_URL, _API_TOKEN and
// _SIGN_IN_URL are set; otherwise, outside production, the local tool (our database, a stand-in sign-in
// page); in production without settings, "unavailable": every call fails with the support text rather
// than inventing benefits or signing anyone in.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { createHttpBenefitsTool } from './http';
import { createLocalBenefitsTool, createUnavailableBenefitsTool } from './local';
import type { BenefitsTool } from './port';

type ToolConfig = Pick<Config, 'env' | 'benefitsCheckUrl' | 'benefitsTool' | 'benefitsToolSsoSecret' | 'sessionSecret'>;

export function createBenefitsTool(config: ToolConfig, db: Knex): BenefitsTool {
  if (config.benefitsTool)
    return createHttpBenefitsTool({ ...config.benefitsTool, linkTemplate: config.benefitsCheckUrl });
  if (config.env === 'production') return createUnavailableBenefitsTool(config.benefitsCheckUrl);
  return createLocalBenefitsTool({ db, linkTemplate: config.benefitsCheckUrl, ssoSecret: localSsoSecret(config) });
}

/** The local tool's signing secret: the setting, else one derived from the session secret (random per data folder outside production). */
export function localSsoSecret(config: Pick<Config, 'benefitsToolSsoSecret' | 'sessionSecret'>): string {
  return (
    config.benefitsToolSsoSecret ??
    crypto.createHmac('sha256', config.sessionSecret).update('local benefits tool sign-in tokens').digest('base64url')
  );
}

export {
  BenefitsToolError,
  type BenefitsTool,
  type SsoHandOff,
  type SsoRequest,
  type VerificationRequest,
  type VerificationResult,
  type VerificationStatus,
} from './port';
export { createLocalBenefitsTool, type LocalBenefitsTool, type SsoVerdict } from './local';
