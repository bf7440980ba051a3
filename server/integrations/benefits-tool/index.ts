// Picks the benefits tool. Its vendor publishes no API we could code against, so there is no vendor
// adapter yet: outside production the local one answers from stored data; in production every rerun
// fails with the support text rather than inventing benefits. A vendor adapter would be one more file
// here, chosen when its settings are present.
import type { Config } from '../../config';
import { createLocalBenefitsTool, createUnavailableBenefitsTool } from './local';
import type { BenefitsTool } from './port';

export function createBenefitsTool(config: Pick<Config, 'env' | 'benefitsCheckUrl'>): BenefitsTool {
  return config.env === 'production' ? createUnavailableBenefitsTool(config.benefitsCheckUrl) : createLocalBenefitsTool(config.benefitsCheckUrl);
}

export { BenefitsToolError, type BenefitsTool, type VerificationRequest, type VerificationResult, type VerificationStatus } from './port';
