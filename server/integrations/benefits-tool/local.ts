// The benefits tool offline. Its accounts and issued sign-in tokens live in our database (the stand-in's
// own schema, local_benefits_tool: server/integrations/local-state.ts); its sign-in page is a small stand-in server of its own (local-tool-server.tsx),
// on another origin as the real tool is. Benefits checks answer from the stored insurance details alone,
// the same answer for the same member id every time, so development and tests can reach every outcome:
//   a member id containing ERROR  → the tool fails (BenefitsToolError)
//   LIMIT                         → vob_limit_reached
//   UNKNOWN, or no member id      → unknown_error (no percent)
//   NOOON                         → run, 0 % (no out-of-network benefits)
//   anything else                 → run, with a percent and deductibles picked from the member id's hash.
import { createHash, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { LOCAL_TABLES, localStateReady } from '../local-state';
import { startLocalToolServer, type LocalToolServer } from './local-tool-server';
import { type BenefitsTool, BenefitsToolError, type VerificationRequest, type VerificationResult } from './port';
import { readSsoToken, signSsoToken, SSO_TOKEN_LIFETIME_MS, type SsoClaims, type SsoVerdict } from './sso-token';

export type { SsoVerdict } from './sso-token';

const ACCOUNTS = LOCAL_TABLES.benefitsToolAccounts;
const SSO_TOKENS = LOCAL_TABLES.benefitsToolSsoTokens;

const PERCENTS = [50, 60, 70, 80];
const INDIVIDUAL_DEDUCTIBLES = [0, 250, 500, 1000, 1500];

const empty = {
  estimated_reimbursement_after_deductible_percent: null,
  oon_individual_deductible_remaining_dollars: null,
  oon_family_deductible_remaining_dollars: null,
};

export function localVerification(input: VerificationRequest): VerificationResult {
  const memberId = (input.memberId ?? '').trim().toUpperCase();
  const eligibility = memberId ? `local-${createHash('sha256').update(memberId).digest('hex').slice(0, 12)}` : null;
  if (memberId.includes('ERROR')) throw new BenefitsToolError('the local benefits tool fails for this member id');
  if (memberId.includes('LIMIT')) return { status: 'vob_limit_reached', ...empty, reimbursify_eligibility_id: null };
  if (!memberId || memberId.includes('UNKNOWN'))
    return { status: 'unknown_error', ...empty, reimbursify_eligibility_id: eligibility };
  if (memberId.includes('NOOON')) {
    return {
      status: 'run',
      estimated_reimbursement_after_deductible_percent: 0,
      oon_individual_deductible_remaining_dollars: null,
      oon_family_deductible_remaining_dollars: null,
      reimbursify_eligibility_id: eligibility,
    };
  }
  const hash = createHash('sha256').update(memberId).digest();
  const individual = INDIVIDUAL_DEDUCTIBLES[hash[1]! % INDIVIDUAL_DEDUCTIBLES.length]!;
  return {
    status: 'run',
    estimated_reimbursement_after_deductible_percent: PERCENTS[hash[0]! % PERCENTS.length]!,
    oon_individual_deductible_remaining_dollars: individual,
    oon_family_deductible_remaining_dollars: individual * 2,
    reimbursify_eligibility_id: eligibility,
  };
}

export interface LocalBenefitsToolOptions {
  db: Knex;
  /** Where a client checks their benefits; {providerId} is replaced. */
  linkTemplate: string;
  /** Signs the local tool's sign-in tokens (BENEFITS_TOOL_SSO_SECRET, or one derived from the session secret). */
  ssoSecret: string;
  /** The clock tokens are issued and checked by (tests move it). */
  now?: () => Date;
}

export interface LocalBenefitsTool extends BenefitsTool {
  readonly provider: 'local';
  /** The tool's side of the sign-in: the signature, the 60 seconds and the one use (the first valid use marks it used). */
  verifySsoToken(token: string): Promise<SsoVerdict>;
  /** Stops the stand-in sign-in server, if it was started. */
  close(): Promise<void>;
}

export function createLocalBenefitsTool(options: LocalBenefitsToolOptions): LocalBenefitsTool {
  const { db, linkTemplate, ssoSecret } = options;
  const now = options.now ?? (() => new Date());
  let server: Promise<LocalToolServer> | null = null;
  /** The tool's tables, created the first time it is used on this database. */
  const installed = () => localStateReady(db, 'benefitsTool');

  const tool: LocalBenefitsTool = {
    provider: 'local',
    async rerunVerification(input) {
      return localVerification(input);
    },
    benefitsCheckLink: ({ providerId }) => linkTemplate.replace('{providerId}', encodeURIComponent(String(providerId))),

    async hasStandaloneAccount(providerId) {
      await installed();
      return Boolean(await db(ACCOUNTS).where({ provider_id: providerId, standalone: true }).first('id'));
    },

    async generateSsoToken({ providerId, userId, email }) {
      await installed();
      const issuedAt = now().getTime();
      const claims: SsoClaims = {
        jti: randomUUID(),
        providerId,
        userId,
        email,
        issuedAt,
        expiresAt: issuedAt + SSO_TOKEN_LIFETIME_MS,
      };
      await db(SSO_TOKENS).insert({
        id: claims.jti,
        provider_id: providerId,
        user_id: userId,
        issued_at: new Date(claims.issuedAt),
        expires_at: new Date(claims.expiresAt),
      });
      const { url } = await (server ??= startLocalToolServer((token) => tool.verifySsoToken(token)));
      return { token: signSsoToken(claims, ssoSecret), signInUrl: `${url}/sso` };
    },

    async verifySsoToken(token) {
      const claims = readSsoToken(token, ssoSecret);
      if (!claims) return { ok: false, reason: 'invalid' };
      const at = now();
      if (at.getTime() >= claims.expiresAt) return { ok: false, reason: 'expired' };
      await installed();
      // The one use: only the first update finds the token unused.
      const used = await db(SSO_TOKENS).where({ id: claims.jti, used_at: null }).update({ used_at: at });
      if (!used) {
        const issued = await db(SSO_TOKENS).where({ id: claims.jti }).first('id');
        return { ok: false, reason: issued ? 'used' : 'invalid' };
      }
      const account = await db(ACCOUNTS).where({ provider_id: claims.providerId }).first('tier', 'standalone');
      return { ok: true, claims, account: account ? { tier: account.tier, standalone: account.standalone } : null };
    },

    async close() {
      if (server !== null) await (await server).close();
      server = null;
    },
  };
  return tool;
}

/** Production without the tool's settings: every call fails with the support text, never invented data. */
export function createUnavailableBenefitsTool(linkTemplate: string): BenefitsTool {
  const unavailable = async (): Promise<never> => {
    throw new BenefitsToolError('no benefits tool is set up');
  };
  return {
    provider: 'unavailable',
    rerunVerification: unavailable,
    hasStandaloneAccount: unavailable,
    generateSsoToken: unavailable,
    benefitsCheckLink: ({ providerId }) => linkTemplate.replace('{providerId}', encodeURIComponent(String(providerId))),
  };
}
