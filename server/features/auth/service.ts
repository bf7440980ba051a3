// The rules of getting in and getting back in (spec 1 §4 Session, Password reset and recovery):
// sign-in outcomes and throttling, SMS two-factor with remembered devices, password reset, account
// recovery and e-mail confirmation. Never sees req/res; routes pass the input and request facts.
import type { Knex } from 'knex';
import type { Config } from '../../config';
import type { Mailer } from '../../integrations/mail';
import { safeReturnPath } from '../../http/guards';
import { endOtherSessions } from '../../http/session';
import {
  attemptPassword,
  hashPassword,
  hashToken,
  maskEmail,
  matchesHash,
  newLinkToken,
  phoneLastFour,
  audit,
  sendTwoFactorCode,
  type AccountDeps as AuthDeps,
  practiceManagementUrl,
  type RequestMeta,
  TWO_FACTOR_MAX_WRONG,
  checkSecondFactorCode,
  firstMethod,
  hasSecondFactor,
  type SecondFactorMethod,
  secondFactorsOf,
  verifyPasskeySignIn,
} from '../../domain/accounts';
import * as repo from '../../domain/accounts';
export type { AuthDeps, RequestMeta };

export const TWO_FACTOR_REMEMBER_MS = 30 * 24 * 60 * 60 * 1000; // spec 1 §9: asked again every 30 days
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Where a signed-in person goes next; the routes turn this into a redirect or a page. */
export type Destination =
  | { kind: 'path'; path: string }
  | { kind: 'external'; url: string }
  | { kind: 'client-choice'; continuePath: string }
  | { kind: 'practice-management-payment'; accountId: number }
  | { kind: 'practice-management-ready'; url: string; continuePath: string };

export interface SignInIntent {
  /** The path remembered when a signed-in page sent the visitor here. */
  returnTo?: string;
  origin?: 'client';
  reimbursifyRedirectUrl?: string;
}

export type PasswordSignIn =
  | { outcome: 'invalid' }
  | { outcome: 'throttled' }
  | { outcome: 'client-only' }
  | { outcome: 'on-hold' }
  | { outcome: 'two-factor'; userId: number; method: SecondFactorMethod }
  | { outcome: 'signed-in'; userId: number; destination: Destination };

const ipKey = (meta: RequestMeta) => meta.ip ?? 'unknown';

// ---------------------------------------------------------------- sign-in

/**
 * Checks e-mail and password under the throttles, then decides the outcome of spec 1 §4 Session:
 * client-only user, two-factor code needed (unless this device is remembered), or signed in.
 */
export async function signInWithPassword(
  deps: AuthDeps,
  input: { email: string; password: string; rememberToken?: string } & SignInIntent,
  meta: RequestMeta,
): Promise<PasswordSignIn> {
  const { db } = deps;
  const attempt = await attemptPassword(deps, { email: input.email, password: input.password, ip: ipKey(meta) });
  if (attempt.outcome === 'throttled') {
    await audit(db, null, 'sign_in_throttled', meta, { email: input.email });
    return { outcome: 'throttled' };
  }
  if (attempt.outcome === 'wrong') {
    const userId = attempt.user?.id ?? null;
    await db.transaction(async (trx) => {
      await audit(trx, userId, 'sign_in_failed', meta, { email: input.email });
      if (attempt.lockedBy)
        await audit(trx, userId, 'sign_in_locked', meta, { email: input.email, by: attempt.lockedBy });
    });
    return { outcome: 'invalid' };
  }
  const { user } = attempt;

  const turnedAway = await accountTurnedAway(db, user, meta);
  if (turnedAway) return turnedAway;
  // Any second factor (SMS, an authenticator app) is asked for, unless this device is remembered (issue [25]).
  const factors = await secondFactorsOf(db, user.id);
  if (hasSecondFactor(factors)) {
    const remembered =
      input.rememberToken &&
      (await repo.findLiveTokenByHash(db, 'two_factor_remember', hashToken(input.rememberToken), user.id));
    if (!remembered) {
      const method = firstMethod(factors);
      // Past the limit of new codes the last one sent stays valid; no more SMS go out. With an app, none is sent.
      if (method === 'sms') await sendSignInCode(deps, user, meta);
      return { outcome: 'two-factor', userId: user.id, method };
    }
  }
  return { outcome: 'signed-in', userId: user.id, destination: await completeSignIn(deps, user.id, input, meta) };
}

export type PasskeySignIn =
  | { outcome: 'refused' }
  | { outcome: 'throttled' }
  | { outcome: 'client-only' }
  | { outcome: 'on-hold' }
  | { outcome: 'signed-in'; userId: number; destination: Destination };

/**
 * Signs in with a passkey (issue [25] item 2), no password: the browser's answer to the session's challenge.
 * A passkey verifies its user, so it stands for both factors: no code is asked after it. It takes a point of
 * the per-IP sign-in throttle first (given back when it works), and then follows the password's outcomes.
 */
export async function signInWithPasskey(
  deps: AuthDeps,
  input: { response: unknown; challenge: string | null } & SignInIntent,
  meta: RequestMeta,
): Promise<PasskeySignIn> {
  const { db, config, throttles } = deps;
  if (!(await throttles.signInByIp.take(ipKey(meta))).allowed) {
    await audit(db, null, 'sign_in_throttled', meta, { passkey: true });
    return { outcome: 'throttled' };
  }
  const found = input.challenge
    ? await verifyPasskeySignIn(db, config, { response: input.response, challenge: input.challenge })
    : null;
  if (!found) {
    await audit(db, null, 'passkey_sign_in_failed', meta);
    return { outcome: 'refused' };
  }
  await throttles.signInByIp.giveBack(ipKey(meta));
  const user = await repo.findUserById(db, found.userId);
  if (!user) return { outcome: 'refused' };
  const turnedAway = await accountTurnedAway(db, user, meta);
  if (turnedAway) return turnedAway;
  await audit(db, user.id, 'passkey_used', meta);
  return { outcome: 'signed-in', userId: user.id, destination: await completeSignIn(deps, user.id, input, meta) };
}

/**
 * Whom a proven user is still turned away as, whatever proved them (a password, a passkey): a client's
 * account, or one whose accounts are all on hold (spec 1 §3: accounts with an error are ignored, and with
 * nothing else there is nothing to sign in to). Recorded; null lets them on.
 */
async function accountTurnedAway(
  db: AuthDeps['db'],
  user: { id: number; scopes: string[] },
  meta: RequestMeta,
): Promise<{ outcome: 'client-only' } | { outcome: 'on-hold' } | null> {
  if (!user.scopes.includes('provider')) {
    await audit(db, user.id, 'sign_in_client_only', meta);
    return { outcome: 'client-only' };
  }
  if (await repo.allAccountsOnHold(db, user.id)) {
    await audit(db, user.id, 'sign_in_on_hold', meta);
    return { outcome: 'on-hold' };
  }
  return null;
}

/** Records the sign-in and works out where the person goes (outcomes 2 to 5 of spec 1 §4 Session). */
async function completeSignIn(
  deps: AuthDeps,
  userId: number,
  intent: SignInIntent,
  meta: RequestMeta,
): Promise<Destination> {
  const { db, config } = deps;
  const { user, accounts } = await db.transaction(async (trx) => {
    await repo.updateUser(trx, userId, { last_sign_in_at: new Date() });
    await repo.rememberSignInPlace(trx, userId, ipKey(meta));
    await audit(trx, userId, 'sign_in', meta);
    return { user: (await repo.findUserById(trx, userId))!, accounts: await repo.accountsOfUser(trx, userId) };
  });
  const continuePath = safeReturnPath(intent.returnTo);

  // A standalone practice-management account: all of the user's accounts only use the EHR.
  if (accounts.length > 0 && accounts.every((a) => a.standalone_practice_management)) {
    const paid = accounts.find((a) => a.has_paid_practice_management_plan);
    if (!paid) return { kind: 'practice-management-payment', accountId: accounts[0]!.id };
    return {
      kind: 'practice-management-ready',
      url: practiceManagementUrl(config, paid.practice_management?.subdomain),
      continuePath,
    };
  }
  if (intent.origin === 'client' && user.scopes.includes('client')) return { kind: 'client-choice', continuePath };
  const external = allowedRedirect(config, intent.reimbursifyRedirectUrl);
  if (external) return { kind: 'external', url: external };
  return { kind: 'path', path: continuePath };
}

/** reimbursify_redirect_url is honoured only for https URLs on an allow-listed host (no open redirect). */
export function allowedRedirect(
  config: Pick<Config, 'reimbursifyRedirectHosts'>,
  value: string | undefined,
): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' || url.username || url.password) return null;
    return config.reimbursifyRedirectHosts.includes(url.hostname.toLowerCase()) ? url.toString() : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- two-factor at sign-in

/** Sends a new code unless the user's limit of new codes is used up; says whether it went. */
function sendSignInCode(deps: AuthDeps, user: repo.UserRow, meta: RequestMeta): Promise<boolean> {
  return sendTwoFactorCode(deps, {
    userId: user.id,
    kind: 'sign_in',
    phone: user.two_factor_phone!,
    text: (code) => codeMessage(deps.config.brandName, code),
    meta,
  });
}

/** The last four digits of the phone sign-in codes go to (shown on the code page). */
export async function twoFactorPhoneLastFour(deps: Pick<AuthDeps, 'db'>, userId: number): Promise<string | null> {
  return phoneLastFour((await repo.findUserById(deps.db, userId))?.two_factor_phone);
}

const codeMessage = (brand: string, code: string) =>
  `${code} is your ${brand} verification code. It expires in 10 minutes. Never share it with anyone.`;

/** "request new code" at sign-in. */
export async function resendSignInCode(
  deps: AuthDeps,
  userId: number,
  meta: RequestMeta,
): Promise<'sent' | 'throttled' | 'gone'> {
  const user = await repo.findUserById(deps.db, userId);
  if (!user?.two_factor_enrolled_at || !user.two_factor_phone) return 'gone';
  return (await sendSignInCode(deps, user, meta)) ? 'sent' : 'throttled';
}

export type CodeCheck = 'ok' | 'wrong';

/** Checks a code of the given kind: single use, 10 minutes, at most 5 wrong tries (then it is void). */
async function checkCode(
  trx: Knex.Transaction,
  userId: number,
  kind: string,
  code: string,
): Promise<{ result: CodeCheck; token?: repo.TokenRow }> {
  const token = await repo.findLatestLiveToken(trx, userId, 'two_factor_code', kind);
  if (!token) return { result: 'wrong' };
  if (matchesHash(code, token.token_hash)) {
    await repo.markTokenUsed(trx, token.id);
    return { result: 'ok', token };
  }
  const attempts = await repo.countWrongAttempt(trx, token.id);
  if (attempts >= TWO_FACTOR_MAX_WRONG) await repo.markTokenUsed(trx, token.id);
  return { result: 'wrong' };
}

export type CodeSignIn =
  | { outcome: 'wrong' }
  | { outcome: 'throttled' }
  | {
      outcome: 'signed-in';
      destination: Destination;
      rememberToken: string | null;
      /** After a recovery code: how many are left. */
      recoveryCodesLeft: number | null;
    };

/** A remembered device: the cookie's secret, kept hashed for 30 days (any method). */
async function rememberDevice(trx: Knex.Transaction, userId: number): Promise<string> {
  const rememberToken = newLinkToken();
  await repo.insertToken(trx, {
    userId,
    purpose: 'two_factor_remember',
    hash: hashToken(rememberToken),
    expiresAt: new Date(Date.now() + TWO_FACTOR_REMEMBER_MS),
  });
  return rememberToken;
}

/**
 * Verifying two-factor signs in (spec 1 §4): an SMS code, a code from the authenticator app or a recovery
 * code (issue [25]); with `remember`, the device skips the code for 30 days.
 */
export async function verifySignInCode(
  deps: AuthDeps,
  input: { userId: number; code: string; remember: boolean; method?: SecondFactorMethod } & SignInIntent,
  meta: RequestMeta,
): Promise<CodeSignIn> {
  const { db, throttles } = deps;
  if (!(await throttles.signInByIp.take(ipKey(meta))).allowed) return { outcome: 'throttled' };
  let checked: { rememberToken: string | null; recoveryCodesLeft: number | null } | 'wrong' | 'throttled';
  if (input.method === 'authenticator' || input.method === 'recovery') {
    const result = await checkSecondFactorCode(
      deps,
      { userId: input.userId, method: input.method, code: input.code, purpose: 'sign_in' },
      meta,
      (trx) => (input.remember ? rememberDevice(trx, input.userId) : Promise.resolve(null)),
    );
    checked =
      result.outcome === 'ok'
        ? { rememberToken: result.value, recoveryCodesLeft: result.recoveryCodesLeft }
        : result.outcome;
  } else {
    checked = await db.transaction(async (trx) => {
      const { result } = await checkCode(trx, input.userId, 'sign_in', input.code);
      if (result !== 'ok') {
        await audit(trx, input.userId, 'two_factor_failed', meta);
        return result;
      }
      return {
        rememberToken: input.remember ? await rememberDevice(trx, input.userId) : null,
        recoveryCodesLeft: null,
      };
    });
  }
  if (checked === 'wrong' || checked === 'throttled') return { outcome: checked };
  await throttles.signInByIp.giveBack(ipKey(meta));
  return {
    outcome: 'signed-in',
    destination: await completeSignIn(deps, input.userId, input, meta),
    ...checked,
  };
}

/** The second factors of a half-done sign-in, for the code page (which methods to offer). */
export const secondFactorsAtSignIn = (deps: Pick<AuthDeps, 'db'>, userId: number) => secondFactorsOf(deps.db, userId);

export async function recordSignOut(deps: AuthDeps, userId: number, meta: RequestMeta): Promise<void> {
  await audit(deps.db, userId, 'sign_out', meta);
}

// ---------------------------------------------------------------- password reset

/**
 * Same answer, and the same work, whether or not the address exists: the request takes its throttle
 * point and enqueues one job; the job finds the account and mails the link (sendPasswordResetLink).
 * At most 5 requests an hour per address.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string, meta: RequestMeta): Promise<void> {
  if (!(await deps.throttles.resetMailsByEmail.take(email)).allowed) return;
  await deps.jobs.enqueue(deps.db, PASSWORD_RESET_JOB, {
    email,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent ?? null,
  });
}

export const PASSWORD_RESET_JOB = 'password-reset.requested';

/** The job of a reset request: a known address gets a single-use link valid one hour (older links stop working). */
export async function sendPasswordResetLink(
  deps: { db: Knex; mail: Mailer; config: Config },
  email: string,
  meta: RequestMeta,
): Promise<void> {
  const { db, config } = deps;
  const user = await repo.findUserByEmail(db, email);
  if (!user) {
    await audit(db, null, 'password_reset_requested', meta, { email, known: false });
    return;
  }
  const token = newLinkToken();
  await db.transaction(async (trx) => {
    await repo.invalidateTokens(trx, user.id, 'password_reset');
    await repo.insertToken(trx, {
      userId: user.id,
      purpose: 'password_reset',
      hash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    await audit(trx, user.id, 'password_reset_requested', meta);
  });
  const link = `${config.portalUrl}/password/reset/${token}`;
  await deps.mail.send({
    to: user.email,
    subject: `Reset your ${config.brandName} password`,
    text: [
      `Someone (we hope it was you) asked to reset the password of your ${config.brandName} account.`,
      '',
      'Open this link within one hour to choose a new password:',
      link,
      '',
      'The link works once. If you did not ask for this, you can ignore this e-mail: your password stays the same.',
    ].join('\n'),
  });
}

/** Whether a reset link still works (PUT /auth/password/reset/check). */
export async function resetTokenIsLive(deps: AuthDeps, token: string): Promise<boolean> {
  return Boolean(await repo.findLiveTokenByHash(deps.db, 'password_reset', hashToken(token)));
}

/**
 * Sets the new password, voids the link and every other reset link, signs the user out everywhere and
 * clears the sign-in lock for the address (a locked-out person gets back in this way).
 */
export async function resetPassword(
  deps: AuthDeps,
  input: { token: string; password: string },
  meta: RequestMeta,
): Promise<'done' | 'expired'> {
  const { db } = deps;
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction(async (trx) => {
    const token = await repo.findLiveTokenByHash(trx, 'password_reset', hashToken(input.token));
    if (!token) return null;
    const found = await repo.lockUser(trx, token.user_id);
    if (!found) return null;
    await repo.markTokenUsed(trx, token.id);
    await repo.invalidateTokens(trx, found.id, 'password_reset');
    // Following the e-mailed link proves the address, so it counts as confirmed.
    await repo.updateUser(trx, found.id, {
      password_hash: passwordHash,
      ...(found.email_confirmed_at ? {} : { email_confirmed_at: new Date() }),
    });
    await endOtherSessions(trx, found.id, null);
    await audit(trx, found.id, 'password_reset', meta);
    return found;
  });
  if (!user) return 'expired';
  await deps.throttles.signInByEmail.reset(user.email);
  return 'done';
}

// ---------------------------------------------------------------- account recovery and confirmation

/**
 * "I forgot my email address": first name, last name and phone. On a match the address on file gets an
 * e-mail (so it turns up in that inbox) and the phone on file an SMS with the masked address; the
 * screen never shows it (docs/decisions.md, "Account recovery").
 */
export async function recoverAccount(
  deps: AuthDeps,
  input: { first_name: string; last_name: string; phone_number: string },
  meta: RequestMeta,
): Promise<'sent' | 'no-match' | 'throttled'> {
  const { db, throttles } = deps;
  if (!(await throttles.recoveriesByIp.take(ipKey(meta))).allowed) return 'throttled';
  const users = await repo.findUsersByNameAndPhone(db, input.first_name, input.last_name, input.phone_number);
  if (!users.length) {
    await audit(db, null, 'account_recovery_failed', meta);
    return 'no-match';
  }
  await db.transaction(async (trx) => {
    for (const user of users) {
      await audit(trx, user.id, 'account_recovery_requested', meta);
      await sendRecoveryMessages(trx, deps, user, input.phone_number);
    }
  });
  return 'sent';
}

/** Recovery's answer: an e-mail to the address on file and an SMS with it masked, queued in `trx`. */
async function sendRecoveryMessages(
  trx: Knex.Transaction,
  deps: AuthDeps,
  user: repo.UserRow,
  phone: string,
): Promise<void> {
  const { config } = deps;
  await deps.outgoing.mail(trx, {
    to: user.email,
    subject: `Your ${config.brandName} sign-in e-mail`,
    text: [
      `Someone (we hope it was you) asked which e-mail address signs in to the ${config.brandName} account of ${user.first_name} ${user.last_name}.`,
      '',
      `It is this one: ${user.email}`,
      '',
      `Log in: ${config.portalUrl}/login?email=${encodeURIComponent(user.email)}`,
      `Forgot your password too? ${config.portalUrl}/password/request`,
      '',
      `If this was not you, you can ignore this e-mail, or tell us at ${config.supportEmail}.`,
    ].join('\n'),
  });
  await deps.outgoing.sms(
    trx,
    phone,
    `${config.brandName}: the e-mail address of your account looks like ${maskEmail(user.email)}. We sent a message there.`,
  );
}

/** /account/confirm/{token}: true when the address was confirmed. */
export async function confirmEmail(deps: AuthDeps, token: string, meta: RequestMeta): Promise<boolean> {
  return deps.db.transaction(async (trx) => {
    const row = await repo.findLiveTokenByHash(trx, 'email_confirm', hashToken(token));
    if (!row) return false;
    const user = await repo.lockUser(trx, row.user_id);
    await repo.markTokenUsed(trx, row.id);
    // A link sent to an address the user has since changed confirms nothing.
    if (!user || (row.meta?.email && String(row.meta.email).toLowerCase() !== user.email.toLowerCase())) return false;
    await repo.updateUser(trx, user.id, { email_confirmed_at: new Date() });
    await audit(trx, user.id, 'email_confirmed', meta);
    return true;
  });
}
