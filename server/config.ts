// The portal's settings, read from the environment once at start and validated with joi.
// A missing or wrong setting stops the server with one line that names it.
import express from 'express';
import Joi from 'joi';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type DataKeyring, DataKeysSettingError, keyringFromEnvironment } from './lib/data-keyring';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  databaseUrl: string | null;
  dataDir: string;
  sessionSecret: string;
  /**
   * DATA_ENCRYPTION_KEYS: the key-encryption keys that wrap the data keys encrypting what clients write
   * (server/domain/data-protection); the first listed is current. Outside production, unset: a fixed
   * development key. Production refuses to start without it.
   */
  dataEncryptionKeys: DataKeyring;
  brandName: string;
  seedDemo: 'auto' | boolean;
  migrateOnStart: boolean;
  /** Serve hot reads from memory until PostgreSQL notifies a change (server/db/change-feed.ts). */
  readCache: boolean;
  /** Run the job queue's workers inside the web process (otherwise `npm run worker` runs them). */
  jobsInProcess: boolean;
  /** Requests a minute each directory API token may make. */
  apiRatePerMinute: number;
  /** Validate every API request and answer against server/api/openapi.json (the tests; never in production). */
  apiContractCheck: boolean;
  /** Years a read record (who read what, issue [22] item 4) is kept before the daily job deletes it. */
  readAuditRetentionYears: number;
  /** METRICS_TOKEN: the bearer token /metrics asks for; without it /metrics does not exist. */
  metricsToken: string | null;
  /** Express `trust proxy`: a hop count, or trusted addresses/subnets; never `true`. */
  trustProxy: number | string;
  logLevel: string;
  publicProfileBaseUrl: string;
  clientSiteUrl: string;
  /** The portal's own address, for links in e-mails (never taken from the request's Host header). */
  portalUrl: string;
  /** Hosts a reimbursify_redirect_url may point to after sign-in (https only); anything else is ignored. */
  reimbursifyRedirectHosts: string[];
  /** Where a standalone practice-management account signs in; {subdomain} is replaced. */
  practiceManagementUrl: string;
  /**
   * /zpm-signup: ZPM_SIGNUP_FORM_URL, the EHR's sign-up form it embeds (null: the local stand-in,
   * /dev/zpm-signup-form), and ZPM_SIGNUP_ORIGIN, the only origin whose messages it accepts (null: the
   * form's origin, or the portal's own for the stand-in).
   */
  zpmSignup: { formUrl: string | null; origin: string | null };
  /** BENEFITS_CHECK_URL: where a client checks their out-of-network benefits with a provider; {providerId} is replaced. */
  benefitsCheckUrl: string;
  /**
   * BENEFITS_TOOL_API_URL, BENEFITS_TOOL_API_TOKEN and BENEFITS_TOOL_SIGN_IN_URL (all or none): the Private Pay
   * Booster tool's API and the address its sign-in tokens are posted to; none: the local tool outside
   * production, "unavailable" in production (server/integrations/benefits-tool).
   */
  benefitsTool: { apiUrl: string; apiToken: string; signInUrl: string } | null;
  /** BENEFITS_TOOL_SSO_SECRET: signs the local tool's sign-in tokens (null: one derived from the session secret). */
  benefitsToolSsoSecret: string | null;
  /** SUPPORT_EMAIL: shown to users, and where support requests (POST /support-requests) are e-mailed. */
  supportEmail: string;
  mailFrom: string;
  smtpUrl: string | null;
  smsProvider: 'local';
  /** Uploaded files: local disk under DATA_DIR/uploads, or an S3-compatible bucket when S3_BUCKET is set. */
  storage: StorageConfig;
  /** Outside pages embedded in member pages (spec 2 §2 Benefit and tips pages); framed only on their page. */
  embeds: EmbedsConfig;
  /** MARKETING_FORM_URL: where Contact Us submissions are posted as JSON; absent, they stay local. */
  marketingFormUrl: string | null;
  /** Address of a state's provider community list; {state} is the lowercase state code (ri, ma, ny, ca). */
  providerCommunityEmail: string;
  /** Stripe's keys (all three, or none: then the local card server stands in, server/integrations/payments). */
  stripe: StripeConfig | null;
  /** LOCAL_STRIPE_PORT: the local card server's port (null: a free one at each start). */
  localStripePort: number | null;
  /** Avalara AvaTax's account, key and company (all three, or none: then the local rate table, server/integrations/tax). */
  tax: TaxConfig | null;
  /** GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (both or none): Google Calendar's OAuth client, else no Google. */
  google: { clientId: string; clientSecret: string } | null;
  /** MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET (both or none), and MICROSOFT_TENANT: Microsoft 365 / Outlook calendars' OAuth client, else no Microsoft. */
  microsoft: { clientId: string; clientSecret: string; tenant: string } | null;
  /** TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY (both or none): Cloudflare Turnstile guards sign-up forms, else the local honeypot check. */
  turnstile: { siteKey: string; secretKey: string } | null;
  /** EHR_API_URL and EHR_API_TOKEN (both or none): the practice-management EHR's API, else the local EHR (server/integrations/ehr). */
  ehr: { apiUrl: string; apiToken: string } | null;
  /** The outside services this process runs locally (unconfigured); in production each must be named in ALLOW_LOCAL_SERVICES. */
  localServices: LocalService[];
}

/**
 * The outside services that have a local stand-in, and the setting that configures the real one. In
 * production a stand-in would quietly fake the service (a card server on 127.0.0.1, mail that never
 * leaves), so each must be configured or declared local with ALLOW_LOCAL_SERVICES (a demo server).
 */
export const LOCAL_SERVICES = {
  payments: {
    setting: 'STRIPE_SECRET_KEY',
    real: 'Stripe (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET)',
  },
  ehr: { setting: 'EHR_API_URL', real: "the EHR's API (EHR_API_URL, EHR_API_TOKEN)" },
  tax: {
    setting: 'AVATAX_ACCOUNT_ID',
    real: 'Avalara AvaTax (AVATAX_ACCOUNT_ID, AVATAX_LICENSE_KEY, AVATAX_COMPANY_CODE)',
  },
  mail: { setting: 'SMTP_URL', real: 'an SMTP server (SMTP_URL)' },
  'marketing-form': { setting: 'MARKETING_FORM_URL', real: 'the marketing form (MARKETING_FORM_URL)' },
  // The local bot check is a honeypot only: a public sign-up needs the real one.
  captcha: { setting: 'TURNSTILE_SECRET_KEY', real: 'Cloudflare Turnstile (TURNSTILE_SITE_KEY, TURNSTILE_SECRET_KEY)' },
} as const;
export type LocalService = keyof typeof LOCAL_SERVICES;

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

export interface TaxConfig {
  accountId: string;
  licenseKey: string;
  companyCode: string;
  environment: 'sandbox' | 'production';
}

const AVATAX_KEYS = ['AVATAX_ACCOUNT_ID', 'AVATAX_LICENSE_KEY', 'AVATAX_COMPANY_CODE'] as const;

export interface EmbedsConfig {
  feeCalculator: string;
  helpDesk: string;
  /** The scheduling page of each photo & video shoot option. */
  photoShoot: Record<
    'remote-setup' | 'new-photoshoot' | 'reshoot' | 'remote-new-photoshoot' | 'reschedule-shoot',
    string
  >;
  /** The cities our photographers cover, embedded in the question asked before payment (spec 3 §2). */
  photographerCities: string;
}

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | null;
      accessKeyId: string | null;
      secretAccessKey: string | null;
    };

const bool = Joi.boolean().truthy('1', 'yes', 'on', 'true').falsy('0', 'no', 'off', 'false');

const embedUrl = Joi.string()
  .uri({ scheme: ['http', 'https'] })
  .empty('');

const TRUST_PROXY_FORMAT =
  'TRUST_PROXY must be a hop count (1 behind one proxy), or a list of trusted addresses or subnets';

/** Every setting the portal reads (the README's table documents each, and .env.example lists them). */
export const settingsSchema = Joi.object({
  NODE_ENV: Joi.string().valid('development', 'production', 'test').default('development'),
  PORT: Joi.number().integer().min(0).max(65535).default(3000),
  DATABASE_URL: Joi.string()
    .uri({ scheme: ['postgres', 'postgresql'] })
    .empty(''),
  DATA_DIR: Joi.string().default('.data'),
  SESSION_SECRET: Joi.string()
    .min(32)
    .empty('')
    .when('NODE_ENV', {
      is: 'production',
      then: Joi.required().messages({
        'any.required': 'SESSION_SECRET is required in production (32+ random characters)',
      }),
    }),
  // Read by keyringFromEnvironment (its format, and production's requirement, are checked in loadConfig).
  DATA_ENCRYPTION_KEYS: Joi.string().empty(''),
  BRAND_NAME: Joi.string().max(60).default('Members Portal'),
  SEED_DEMO: Joi.alternatives(Joi.string().valid('auto'), bool).default('auto'),
  MIGRATE_ON_START: bool.default(true),
  READ_CACHE: bool.default(true),
  JOBS_IN_PROCESS: bool.default(true),
  API_RATE_LIMIT: Joi.number().integer().min(1).max(100000).default(120),
  // A mismatch becomes a 500, and its validator is a development dependency: tests and development only.
  API_CONTRACT_CHECK: bool.default(false).when('NODE_ENV', {
    is: 'production',
    then: Joi.valid(false).messages({
      'any.only': 'API_CONTRACT_CHECK is for tests and development, never production',
    }),
  }),
  // HIPAA keeps its documentation 6 years: fewer is refused.
  READ_AUDIT_RETENTION_YEARS: Joi.number().integer().min(6).max(100).default(6),
  // /metrics is off without it; a short token would be guessable.
  METRICS_TOKEN: Joi.string().min(24).max(200).empty(''),
  // A hop count first: "1" is one proxy, never "trust every hop" (which lets X-Forwarded-For spoof the
  // client IP). Words such as "true" are refused; a subnet list ("loopback", "10.0.0.0/8") stays a string.
  TRUST_PROXY: Joi.alternatives(
    Joi.number().integer().min(0),
    Joi.string().valid('false', 'no', 'off'),
    Joi.string()
      .invalid('true', 'yes', 'on')
      .pattern(/^[\w.:/, -]+$/),
  )
    .default(0)
    .messages({ 'alternatives.match': TRUST_PROXY_FORMAT }),
  LOG_LEVEL: Joi.string().valid('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent').default('info'),
  PUBLIC_PROFILE_BASE_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .default('https://directory.example.com'),
  CLIENT_SITE_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .default('https://directory.example.com/login'),
  PORTAL_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .empty(''),
  REIMBURSIFY_REDIRECT_HOSTS: Joi.string().allow('').default('reimbursify.example.com'),
  PRACTICE_MANAGEMENT_URL: Joi.string().default('https://{subdomain}.practice.example.com'),
  ZPM_SIGNUP_FORM_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .empty(''),
  ZPM_SIGNUP_ORIGIN: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .pattern(/^https?:\/\/[^/]+$/)
    .empty('')
    .messages({ 'string.pattern.base': 'ZPM_SIGNUP_ORIGIN must be an origin (scheme, host and port, no path)' }),
  BENEFITS_TOOL_API_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .empty('')
    .messages({
      'string.uri': 'BENEFITS_TOOL_API_URL must be an http(s) address',
      'string.uriCustomScheme': 'BENEFITS_TOOL_API_URL must be an http(s) address',
    }),
  BENEFITS_TOOL_API_TOKEN: Joi.string()
    .pattern(/^\S+$/)
    .empty('')
    .messages({ 'string.pattern.base': 'BENEFITS_TOOL_API_TOKEN must be an API token (no spaces)' }),
  BENEFITS_TOOL_SIGN_IN_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .empty('')
    .messages({
      'string.uri': 'BENEFITS_TOOL_SIGN_IN_URL must be an http(s) address',
      'string.uriCustomScheme': 'BENEFITS_TOOL_SIGN_IN_URL must be an http(s) address',
    }),
  BENEFITS_TOOL_SSO_SECRET: Joi.string().min(32).empty(''),
  BENEFITS_CHECK_URL: Joi.string()
    .pattern(/^https?:\/\/[^\s]+$/)
    .messages({ 'string.pattern.base': 'BENEFITS_CHECK_URL must be an http(s) address' })
    .default('https://reimbursify.example.com/benefits-check/{providerId}'),
  SUPPORT_EMAIL: Joi.string().email({ tlds: false }).default('support@example.com'),
  MAIL_FROM: Joi.string().default('Members Portal <no-reply@example.com>'),
  SMTP_URL: Joi.string()
    .uri({ scheme: ['smtp', 'smtps'] })
    .empty(''),
  // S3-compatible storage: the bucket switches it on; the region is then required. Keys come as a
  // pair, or not at all (then the SDK's own chain: environment, instance role).
  S3_BUCKET: Joi.string()
    .pattern(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/)
    .empty('')
    .messages({
      'string.pattern.base': 'S3_BUCKET must be a bucket name (3-63 lowercase letters, digits, dots, dashes)',
    }),
  S3_REGION: Joi.string()
    .pattern(/^[a-z0-9-]+$/)
    .empty('')
    .when('S3_BUCKET', {
      is: Joi.exist(),
      then: Joi.required().messages({ 'any.required': 'S3_REGION is required when S3_BUCKET is set' }),
    }),
  S3_ENDPOINT: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .empty(''),
  S3_ACCESS_KEY_ID: Joi.string()
    .empty('')
    .when('S3_SECRET_ACCESS_KEY', {
      is: Joi.exist(),
      then: Joi.required().messages({
        'any.required': 'S3_ACCESS_KEY_ID is required when S3_SECRET_ACCESS_KEY is set',
      }),
    }),
  S3_SECRET_ACCESS_KEY: Joi.string().empty(''),
  // Embedded pages (scheduling, fee calculator, help desk) and the marketing form.
  FEE_CALCULATOR_URL: embedUrl.default('https://fees.example.com/calculator'),
  HELP_DESK_URL: embedUrl.default('https://help.example.com/'),
  PHOTOSHOOT_REMOTE_SETUP_URL: embedUrl.default('https://scheduling.example.com/remote-setup'),
  PHOTOSHOOT_NEW_URL: embedUrl.default('https://scheduling.example.com/new-photoshoot'),
  PHOTOSHOOT_RESHOOT_URL: embedUrl.default('https://scheduling.example.com/reshoot'),
  PHOTOSHOOT_REMOTE_NEW_URL: embedUrl.default('https://scheduling.example.com/remote-new-photoshoot'),
  PHOTOSHOOT_RESCHEDULE_URL: embedUrl.default('https://scheduling.example.com/reschedule-shoot'),
  PHOTOGRAPHER_CITIES_URL: embedUrl.default('https://scheduling.example.com/photographer-cities'),
  MARKETING_FORM_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .empty(''),
  TURNSTILE_SITE_KEY: Joi.string()
    .pattern(/^[\w-]+$/)
    .empty('')
    .messages({ 'string.pattern.base': 'TURNSTILE_SITE_KEY must be a Turnstile site key (letters, digits, dashes)' }),
  TURNSTILE_SECRET_KEY: Joi.string()
    .pattern(/^[\w-]+$/)
    .empty('')
    .messages({
      'string.pattern.base': 'TURNSTILE_SECRET_KEY must be a Turnstile secret key (letters, digits, dashes)',
    }),
  STRIPE_SECRET_KEY: Joi.string()
    .pattern(/^(sk|rk)_(test|live)_\w+$/)
    .empty('')
    .messages({
      'string.pattern.base': 'STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_test_…, sk_live_…)',
    }),
  STRIPE_PUBLISHABLE_KEY: Joi.string()
    .pattern(/^pk_(test|live)_\w+$/)
    .empty('')
    .messages({
      'string.pattern.base': 'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_…, pk_live_…)',
    }),
  STRIPE_WEBHOOK_SECRET: Joi.string()
    .pattern(/^whsec_\w+$/)
    .empty('')
    .messages({ 'string.pattern.base': 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)' }),
  LOCAL_STRIPE_PORT: Joi.number().integer().min(1).max(65535).empty('').messages({
    'number.base': 'LOCAL_STRIPE_PORT must be a port number (1-65535)',
    'number.integer': 'LOCAL_STRIPE_PORT must be a port number (1-65535)',
    'number.min': 'LOCAL_STRIPE_PORT must be a port number (1-65535)',
    'number.max': 'LOCAL_STRIPE_PORT must be a port number (1-65535)',
  }),
  LOCAL_STRIPE_RETRY_DAYS: Joi.string()
    .pattern(/^\s*(\d+\s*(,\s*\d+\s*)*)?$/)
    .allow('')
    .default('3,5,7')
    .messages({
      'string.pattern.base': 'LOCAL_STRIPE_RETRY_DAYS must be days after the previous attempt, comma-separated (3,5,7)',
    }),
  LOCAL_STRIPE_AFTER_RETRIES: Joi.string()
    .valid('past_due', 'unpaid', 'canceled')
    .empty('')
    .default('canceled')
    .messages({ 'any.only': 'LOCAL_STRIPE_AFTER_RETRIES must be past_due, unpaid or canceled' }),
  AVATAX_ACCOUNT_ID: Joi.string()
    .pattern(/^\d+$/)
    .empty('')
    .messages({ 'string.pattern.base': 'AVATAX_ACCOUNT_ID must be an Avalara account id (digits only)' }),
  AVATAX_LICENSE_KEY: Joi.string()
    .pattern(/^\S+$/)
    .empty('')
    .messages({ 'string.pattern.base': 'AVATAX_LICENSE_KEY must be an AvaTax license key (no spaces)' }),
  AVATAX_COMPANY_CODE: Joi.string()
    .max(25)
    .pattern(/^\S+$/)
    .empty('')
    .messages({ 'string.pattern.base': 'AVATAX_COMPANY_CODE must be the AvaTax company code (no spaces)' }),
  AVATAX_ENVIRONMENT: Joi.string().valid('sandbox', 'production').empty('').default('sandbox'),
  GOOGLE_CLIENT_ID: Joi.string()
    .pattern(/^\S+$/)
    .empty('')
    .messages({ 'string.pattern.base': 'GOOGLE_CLIENT_ID must be an OAuth client id (no spaces)' }),
  EHR_API_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .empty('')
    .messages({
      'string.uri': 'EHR_API_URL must be an http(s) address',
      'string.uriCustomScheme': 'EHR_API_URL must be an http(s) address',
    }),
  EHR_API_TOKEN: Joi.string()
    .pattern(/^\S+$/)
    .empty('')
    .messages({ 'string.pattern.base': 'EHR_API_TOKEN must be an API token (no spaces)' }),
  GOOGLE_CLIENT_SECRET: Joi.string()
    .pattern(/^\S+$/)
    .empty('')
    .messages({ 'string.pattern.base': 'GOOGLE_CLIENT_SECRET must be an OAuth client secret (no spaces)' }),
  MICROSOFT_CLIENT_ID: Joi.string()
    .pattern(/^\S+$/)
    .empty('')
    .messages({ 'string.pattern.base': 'MICROSOFT_CLIENT_ID must be an application (client) id (no spaces)' }),
  MICROSOFT_CLIENT_SECRET: Joi.string()
    .pattern(/^\S+$/)
    .empty('')
    .messages({ 'string.pattern.base': 'MICROSOFT_CLIENT_SECRET must be a client secret (no spaces)' }),
  MICROSOFT_TENANT: Joi.string()
    .pattern(/^[\w.-]+$/)
    .empty('')
    .default('common')
    .messages({
      'string.pattern.base':
        'MICROSOFT_TENANT must be common, organizations, consumers, a tenant id or a tenant domain',
    }),
  ALLOW_LOCAL_SERVICES: Joi.string()
    .pattern(/^[\w-]+(\s*,\s*[\w-]+)*$/)
    .empty('')
    .messages({
      'string.pattern.base': `ALLOW_LOCAL_SERVICES must be a comma-separated list of ${Object.keys(LOCAL_SERVICES).join(', ')}`,
    }),
  PROVIDER_COMMUNITY_EMAIL: Joi.string()
    .pattern(/^[^@\s]*\{state\}[^@\s]*@[^@\s]+\.[^@\s]+$/)
    .default('community-{state}@example.com')
    .messages({
      'string.pattern.base':
        'PROVIDER_COMMUNITY_EMAIL must be an e-mail address containing {state}, e.g. community-{state}@example.com',
    }),
})
  // Half a Stripe setup would take money without hearing about it (no webhook secret): all three or none.
  .and('STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET')
  .messages({
    'object.and':
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET go together: set all three for Stripe, or none for the local card server',
  })
  // Half an AvaTax setup would fail at the first payment form: all three or none (a rule of its own, since
  // joi gives every `and` rule of one object the same message).
  .custom((value: Record<string, unknown>, helpers) => {
    const set = AVATAX_KEYS.filter((key) => value[key] !== undefined).length;
    return set === 0 || set === AVATAX_KEYS.length
      ? value
      : helpers.message({
          custom:
            'AVATAX_ACCOUNT_ID, AVATAX_LICENSE_KEY and AVATAX_COMPANY_CODE go together: set all three for Avalara AvaTax, or none for the local rate table',
        });
  })
  .unknown(true);

export class ConfigError extends Error {}

/**
 * Why a TRUST_PROXY list cannot be used, or null: it is read here exactly as Express will read it (so a
 * value such as "1.5" or "-1" stops the start with one line rather than a stack trace), and a subnet that
 * holds every address ("0.0.0.0/0", "::/0") is refused like `true`, since any client could then name its
 * own IP in X-Forwarded-For.
 */
function trustedProxiesProblem(setting: string): string | null {
  if (['false', 'no', 'off'].includes(setting)) return null;
  for (const entry of setting.split(',').map((part) => part.trim())) {
    const [address = '', range] = entry.split('/');
    if (range === undefined) continue;
    // An IPv4 address written as IPv6 (::ffff:a.b.c.d) counts its prefix from bit 96.
    const prefix = /^\d+$/.test(range)
      ? Number(range) - (/^::ffff:/i.test(address) ? 96 : 0)
      : range === '0.0.0.0'
        ? 0
        : 1;
    if (prefix <= 0)
      return `TRUST_PROXY must not trust every address (${entry}): list the addresses or subnets of your proxies`;
  }
  try {
    express().set('trust proxy', setting);
  } catch {
    return TRUST_PROXY_FORMAT;
  }
  return null;
}

/** Which process reads the settings: a worker (`npm run worker`) is always one process of several. */
export type ProcessRole = 'web' | 'worker';

/** Reads and validates the environment; throws ConfigError with one readable line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, role: ProcessRole = 'web'): Config {
  const { value, error } = settingsSchema.validate(env, { abortEarly: true, convert: true });
  if (error) {
    const detail = error.details[0];
    const key = detail?.path?.[0];
    const message = detail?.message.replace(/^"([^"]+)"/, '$1') ?? error.message;
    // A rule across settings (the three Stripe keys) names no single setting.
    throw new ConfigError(
      key === undefined ? `Invalid settings: ${message}` : `Invalid setting ${String(key)}: ${message}`,
    );
  }
  // The other half of the key pair rule (joi cannot make two keys depend on each other).
  if (value.S3_ACCESS_KEY_ID && !value.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      'Invalid setting S3_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY is required when S3_ACCESS_KEY_ID is set',
    );
  }
  if (Boolean(value.EHR_API_URL) !== Boolean(value.EHR_API_TOKEN)) {
    throw new ConfigError(
      "Invalid settings: EHR_API_URL and EHR_API_TOKEN go together: set both for the EHR's API, or neither for the local EHR",
    );
  }
  const benefitsToolKeys = ['BENEFITS_TOOL_API_URL', 'BENEFITS_TOOL_API_TOKEN', 'BENEFITS_TOOL_SIGN_IN_URL'];
  if (new Set(benefitsToolKeys.map((key) => Boolean(value[key]))).size > 1) {
    throw new ConfigError(
      'Invalid settings: BENEFITS_TOOL_API_URL, BENEFITS_TOOL_API_TOKEN and BENEFITS_TOOL_SIGN_IN_URL go together: set all three for the Private Pay Booster tool, or none',
    );
  }
  if (Boolean(value.GOOGLE_CLIENT_ID) !== Boolean(value.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid settings: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together: set both for Google Calendar, or neither',
    );
  }
  if (Boolean(value.MICROSOFT_CLIENT_ID) !== Boolean(value.MICROSOFT_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid settings: MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET go together: set both for Microsoft 365 / Outlook calendars, or neither',
    );
  }
  if (Boolean(value.TURNSTILE_SITE_KEY) !== Boolean(value.TURNSTILE_SECRET_KEY)) {
    throw new ConfigError(
      'Invalid settings: TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY go together: set both for Cloudflare Turnstile, or neither for the local bot check',
    );
  }
  const proxyProblem = typeof value.TRUST_PROXY === 'string' ? trustedProxiesProblem(value.TRUST_PROXY) : null;
  if (proxyProblem) throw new ConfigError(`Invalid setting TRUST_PROXY: ${proxyProblem}`);
  const localServices = (Object.keys(LOCAL_SERVICES) as LocalService[]).filter(
    (service) => !value[LOCAL_SERVICES[service].setting],
  );
  checkLocalServices(value.NODE_ENV, value.ALLOW_LOCAL_SERVICES, localServices);
  // Uploads on local disk are seen by one machine only. Separate workers (JOBS_IN_PROCESS=0 on the web
  // processes, or this being one) mean more than one process: a worker would render photos another
  // process cannot serve. A single process with its jobs inside may keep them on its volume.
  if (value.NODE_ENV === 'production' && !value.S3_BUCKET && (role === 'worker' || value.JOBS_IN_PROCESS === false)) {
    throw new ConfigError(
      `Missing setting S3_BUCKET: in production ${role === 'worker' ? 'a separate worker' : 'JOBS_IN_PROCESS=0 (separate workers)'} needs uploads on S3-compatible storage that every process reaches (S3_BUCKET, S3_REGION): local disk under DATA_DIR is seen by one process's machine only`,
    );
  }
  let dataEncryptionKeys: DataKeyring;
  try {
    dataEncryptionKeys = keyringFromEnvironment({
      NODE_ENV: value.NODE_ENV,
      DATA_ENCRYPTION_KEYS: value.DATA_ENCRYPTION_KEYS,
    });
  } catch (error) {
    if (error instanceof DataKeysSettingError)
      throw new ConfigError(
        `${value.DATA_ENCRYPTION_KEYS ? 'Invalid' : 'Missing'} setting DATA_ENCRYPTION_KEYS: ${error.message}`,
      );
    throw error;
  }
  const dataDir = path.resolve(value.DATA_DIR);
  return {
    env: value.NODE_ENV,
    port: value.PORT,
    databaseUrl: value.DATABASE_URL ?? null,
    dataDir,
    sessionSecret: value.SESSION_SECRET ?? localSessionSecret(dataDir),
    dataEncryptionKeys,
    brandName: value.BRAND_NAME,
    seedDemo: value.SEED_DEMO,
    migrateOnStart: value.MIGRATE_ON_START,
    readCache: value.READ_CACHE,
    jobsInProcess: value.JOBS_IN_PROCESS,
    apiRatePerMinute: value.API_RATE_LIMIT,
    apiContractCheck: value.API_CONTRACT_CHECK,
    readAuditRetentionYears: value.READ_AUDIT_RETENTION_YEARS,
    metricsToken: value.METRICS_TOKEN ?? null,
    trustProxy: ['false', 'no', 'off'].includes(value.TRUST_PROXY) ? 0 : value.TRUST_PROXY,
    logLevel: value.LOG_LEVEL,
    publicProfileBaseUrl: value.PUBLIC_PROFILE_BASE_URL.replace(/\/$/, ''),
    clientSiteUrl: value.CLIENT_SITE_URL,
    portalUrl: (value.PORTAL_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, ''),
    reimbursifyRedirectHosts: String(value.REIMBURSIFY_REDIRECT_HOSTS)
      .split(',')
      .map((h: string) => h.trim().toLowerCase())
      .filter(Boolean),
    practiceManagementUrl: value.PRACTICE_MANAGEMENT_URL,
    zpmSignup: {
      formUrl: value.ZPM_SIGNUP_FORM_URL ?? null,
      origin: value.ZPM_SIGNUP_ORIGIN ?? (value.ZPM_SIGNUP_FORM_URL ? new URL(value.ZPM_SIGNUP_FORM_URL).origin : null),
    },
    benefitsCheckUrl: value.BENEFITS_CHECK_URL,
    benefitsTool: value.BENEFITS_TOOL_API_URL
      ? {
          apiUrl: value.BENEFITS_TOOL_API_URL,
          apiToken: value.BENEFITS_TOOL_API_TOKEN,
          signInUrl: value.BENEFITS_TOOL_SIGN_IN_URL,
        }
      : null,
    benefitsToolSsoSecret: value.BENEFITS_TOOL_SSO_SECRET ?? null,
    supportEmail: value.SUPPORT_EMAIL,
    mailFrom: value.MAIL_FROM,
    smtpUrl: value.SMTP_URL ?? null,
    smsProvider: 'local',
    storage: value.S3_BUCKET
      ? {
          kind: 's3',
          bucket: value.S3_BUCKET,
          region: value.S3_REGION,
          endpoint: value.S3_ENDPOINT ?? null,
          accessKeyId: value.S3_ACCESS_KEY_ID ?? null,
          secretAccessKey: value.S3_SECRET_ACCESS_KEY ?? null,
        }
      : { kind: 'local' },
    embeds: {
      feeCalculator: value.FEE_CALCULATOR_URL,
      helpDesk: value.HELP_DESK_URL,
      photoShoot: {
        'remote-setup': value.PHOTOSHOOT_REMOTE_SETUP_URL,
        'new-photoshoot': value.PHOTOSHOOT_NEW_URL,
        reshoot: value.PHOTOSHOOT_RESHOOT_URL,
        'remote-new-photoshoot': value.PHOTOSHOOT_REMOTE_NEW_URL,
        'reschedule-shoot': value.PHOTOSHOOT_RESCHEDULE_URL,
      },
      photographerCities: value.PHOTOGRAPHER_CITIES_URL,
    },
    marketingFormUrl: value.MARKETING_FORM_URL ?? null,
    stripe: value.STRIPE_SECRET_KEY
      ? {
          secretKey: value.STRIPE_SECRET_KEY,
          publishableKey: value.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: value.STRIPE_WEBHOOK_SECRET,
        }
      : null,
    localStripePort: value.LOCAL_STRIPE_PORT ?? null,
    tax: value.AVATAX_ACCOUNT_ID
      ? {
          accountId: value.AVATAX_ACCOUNT_ID,
          licenseKey: value.AVATAX_LICENSE_KEY,
          companyCode: value.AVATAX_COMPANY_CODE,
          environment: value.AVATAX_ENVIRONMENT,
        }
      : null,
    providerCommunityEmail: value.PROVIDER_COMMUNITY_EMAIL,
    google: value.GOOGLE_CLIENT_ID
      ? { clientId: value.GOOGLE_CLIENT_ID, clientSecret: value.GOOGLE_CLIENT_SECRET }
      : null,
    microsoft: value.MICROSOFT_CLIENT_ID
      ? {
          clientId: value.MICROSOFT_CLIENT_ID,
          clientSecret: value.MICROSOFT_CLIENT_SECRET,
          tenant: value.MICROSOFT_TENANT,
        }
      : null,
    turnstile: value.TURNSTILE_SITE_KEY
      ? { siteKey: value.TURNSTILE_SITE_KEY, secretKey: value.TURNSTILE_SECRET_KEY }
      : null,
    ehr: value.EHR_API_URL ? { apiUrl: value.EHR_API_URL, apiToken: value.EHR_API_TOKEN } : null,
    localServices,
  };
}

/** ALLOW_LOCAL_SERVICES names known services only; in production every unconfigured service must be named there. */
function checkLocalServices(env: Config['env'], allowSetting: string | undefined, localServices: LocalService[]): void {
  const allowed = (allowSetting ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = allowed.find((name) => !(name in LOCAL_SERVICES));
  if (unknown)
    throw new ConfigError(
      `Invalid setting ALLOW_LOCAL_SERVICES: "${unknown}" is not a service with a local stand-in (${Object.keys(LOCAL_SERVICES).join(', ')})`,
    );
  if (env !== 'production') return;
  const missing = localServices.filter((service) => !allowed.includes(service));
  if (!missing.length) return;
  const settings = missing.map((service) => LOCAL_SERVICES[service].setting).join(', ');
  const needs = missing.map((service) => `${service} needs ${LOCAL_SERVICES[service].real}`).join('; ');
  throw new ConfigError(
    `Missing setting${missing.length > 1 ? 's' : ''} ${settings}: in production ${needs}; or, on a demo server, run ${missing.length > 1 ? 'them' : 'it'} locally with ALLOW_LOCAL_SERVICES=${missing.join(',')}`,
  );
}

/** Outside production the session secret is generated once and kept under DATA_DIR. */
function localSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(48).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** For the processes' entry points: a wrong setting ends the process with its one-line message. */
/**
 * The server's and the worker's settings: the environment, over a `.env` file in the working folder when
 * there is one (a variable set in the environment wins; .env.example lists every setting).
 */
export function loadConfigOrExit(role: ProcessRole = 'web'): Config {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  try {
    return loadConfig(process.env, role);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
