// What the EHR's sign-up form reports (spec 3 §2 /zpm-signup: "a message carrying a url and a clinic
// id"), checked on the server: the browser's origin check can be bypassed by typing the address, so the
// clinic id must look like one and the url must be a clinic address of PRACTICE_MANAGEMENT_URL.
import type { ClinicMessage } from '../../domain/accounts';
import type { Config } from '../../config';

const CLINIC_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The clinic of a message, or null when either part is not what the EHR sends: the url's origin must be
 * the template's with its first host label as the subdomain (https://{subdomain}.practice.example.com),
 * any path is allowed, credentials are not.
 */
export function clinicFrom(
  config: Pick<Config, 'practiceManagementUrl'>,
  clinicId: unknown,
  url: unknown,
): ClinicMessage | null {
  if (typeof clinicId !== 'string' || typeof url !== 'string' || !CLINIC_ID.test(clinicId) || url.length > 500)
    return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.username || parsed.password || !['http:', 'https:'].includes(parsed.protocol)) return null;
  const subdomain = parsed.hostname.split('.')[0] ?? '';
  if (!LABEL.test(subdomain)) return null;
  let expected: URL;
  try {
    expected = new URL(config.practiceManagementUrl.replace('{subdomain}', subdomain));
  } catch {
    return null;
  }
  if (!config.practiceManagementUrl.includes('{subdomain}') || expected.origin !== parsed.origin) return null;
  return { clinicId, url: parsed.toString(), subdomain };
}

/** The EHR form this page embeds: ZPM_SIGNUP_FORM_URL, or the local stand-in (absent in production). */
export function signupFormUrl(config: Pick<Config, 'zpmSignup' | 'portalUrl' | 'env'>): string | null {
  if (config.zpmSignup.formUrl) return config.zpmSignup.formUrl;
  return config.env === 'production' ? null : `${config.portalUrl}${STAND_IN_PATH}`;
}

/** The only origin whose messages the page accepts: ZPM_SIGNUP_ORIGIN, else the portal's own (the stand-in's). */
export function allowedOrigin(config: Pick<Config, 'zpmSignup' | 'portalUrl'>): string {
  return config.zpmSignup.origin ?? new URL(config.portalUrl).origin;
}

export const STAND_IN_PATH = '/dev/zpm-signup-form';

export type { ClinicMessage };
