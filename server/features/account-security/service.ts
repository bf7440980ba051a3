// Account Settings' security pages (issue [25] items 1 and 4): setting up an authenticator app (QR code and
// key, a first code, then ten recovery codes shown once), new recovery codes, turning the app off, and the
// user's signed-in devices, ended one at a time or all but this one. Never sees req/res.
import type { Knex } from 'knex';
import { renderSVG } from 'uqr';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { endDeviceSession, listDeviceSessions, type DeviceSession } from '../../http/device-sessions';
import { endOtherSessions } from '../../http/session';
import {
  type AccountDeps,
  attemptPassword,
  audit,
  authenticatorUri,
  checkSecondFactorCode,
  findUserById,
  hasSecondFactor,
  invalidateTokens,
  newRecoveryCodes,
  pendingAuthenticatorSecret,
  removeAuthenticator,
  removeRecoveryCodes,
  type RequestMeta,
  type SecondFactors,
  secondFactorsOf,
  startAuthenticatorSetup,
  storeRecoveryCodes,
} from '../../domain/accounts';

export interface Actor {
  userId: number;
  sessionId: string;
}

// Our words: the spec has none for these pages (docs/decisions.md, issue [25]).
export const MESSAGES = {
  passwordRequired: 'Please enter your current passsword. (We just want to make sure this is you!)',
  passwordWrong: 'The password you entered is not correct.',
  proofRequired: 'Enter your current password or a code from your authenticator app.',
  codeRequired: 'Enter the 6-digit code your app shows.',
  codeWrong: 'The code you entered is not correct. Please enter the code your app shows now.',
  tooMany: 'There have been too many attempts. Please try again later.',
  setupStarted: 'Scan the QR code with your authenticator app, or type the key, then enter the code it shows.',
  enabled: 'Your authenticator app is set up. Save your recovery codes now.',
  alreadyOn: 'An authenticator app is already set up. Turn it off first to set up another.',
  newCodes: 'Here are your new recovery codes. The old ones no longer work.',
  removed: 'Your authenticator app is turned off.',
  sessionEnded: 'That device is signed out.',
  othersEnded: (n: number) =>
    n === 0 ? 'No other device was signed in.' : `Signed out ${n} other device${n === 1 ? '' : 's'}.`,
} as const;

/** Proof that the person at the keyboard is the user: the current password, or a code from their app. */
export interface Proof {
  password: string;
  code: string;
}

export async function securityStatus(deps: Pick<AccountDeps, 'db'>, actor: Actor): Promise<SecondFactors> {
  return secondFactorsOf(deps.db, actor.userId);
}

async function requirePassword(deps: AccountDeps, userId: number, password: string, field = 'password') {
  if (!password) throw new ValidationError({ [field]: MESSAGES.passwordRequired });
  const user = await findUserById(deps.db, userId);
  if (!user) throw new ForbiddenError();
  const attempt = await attemptPassword(deps, { email: user.email, password });
  if (attempt.outcome === 'throttled') throw new ValidationError({ [field]: MESSAGES.tooMany });
  if (attempt.outcome === 'wrong') throw new ValidationError({ [field]: MESSAGES.passwordWrong });
}

/**
 * Runs `act` in one transaction once the person proved who they are: a code from the app (checked and
 * acted on in the same transaction, under the per-user throttle) or the current password.
 */
async function withProof<T>(
  deps: AccountDeps,
  actor: Actor,
  proof: Proof,
  purpose: string,
  meta: RequestMeta,
  act: (trx: Knex.Transaction) => Promise<T>,
): Promise<T> {
  const factors = await secondFactorsOf(deps.db, actor.userId);
  if (proof.code && factors.authenticator) {
    const checked = await checkSecondFactorCode(
      deps,
      { userId: actor.userId, method: 'authenticator', code: proof.code.replace(/\s+/g, ''), purpose },
      meta,
      act,
    );
    if (checked.outcome === 'throttled') throw new ValidationError({ code: MESSAGES.tooMany });
    if (checked.outcome === 'wrong') throw new ValidationError({ code: MESSAGES.codeWrong });
    return checked.value;
  }
  if (!proof.password)
    throw new ValidationError({ password: factors.authenticator ? MESSAGES.proofRequired : MESSAGES.passwordRequired });
  await requirePassword(deps, actor.userId, proof.password);
  return deps.db.transaction(act);
}

/** Step 1: the current password, then a new secret waiting for its first code. */
export async function beginAuthenticatorSetup(
  deps: AccountDeps,
  actor: Actor,
  input: { password: string },
  meta: RequestMeta,
): Promise<'started' | 'on'> {
  await requirePassword(deps, actor.userId, input.password);
  const started = await startAuthenticatorSetup(deps.db, actor.userId);
  if (started === 'started') await audit(deps.db, actor.userId, 'authenticator_setup_started', meta);
  return started;
}

export interface SetupView {
  /** The key as people type it: groups of four. */
  key: string;
  /** The QR code of the otpauth:// address, as an SVG data: URL (the CSP allows data: images). */
  qrCode: string;
}

/** Step 2's page: the QR code and the key of the setup waiting for its first code, or null. */
export async function setupView(
  deps: Pick<AccountDeps, 'db' | 'config'>,
  actor: Actor,
  account: string,
): Promise<SetupView | null> {
  const secret = await pendingAuthenticatorSecret(deps.db, actor.userId);
  if (!secret) return null;
  const uri = authenticatorUri({ issuer: deps.config.brandName, account, secret });
  const svg = renderSVG(uri, { border: 2 });
  return {
    key: secret.replace(/(.{4})(?=.)/g, '$1 '),
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** Step 2: the app's first code turns it on, with ten new recovery codes (returned, to be shown once). */
export async function confirmAuthenticator(
  deps: AccountDeps,
  actor: Actor,
  input: { code: string },
  meta: RequestMeta,
): Promise<string[]> {
  const code = input.code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(code)) throw new ValidationError({ code: code ? MESSAGES.codeWrong : MESSAGES.codeRequired });
  const fresh = await newRecoveryCodes();
  const checked = await checkSecondFactorCode(
    deps,
    { userId: actor.userId, method: 'authenticator', code, purpose: 'setup', pending: true },
    meta,
    async (trx) => {
      await storeRecoveryCodes(trx, actor.userId, fresh);
      await audit(trx, actor.userId, 'authenticator_enabled', meta);
    },
  );
  if (checked.outcome === 'throttled') throw new ValidationError({ code: MESSAGES.tooMany });
  if (checked.outcome === 'wrong') throw new ValidationError({ code: MESSAGES.codeWrong });
  return fresh.codes;
}

/** Ten new recovery codes (the old ones stop working), for a user with any second factor. */
export async function regenerateRecoveryCodes(
  deps: AccountDeps,
  actor: Actor,
  proof: Proof,
  meta: RequestMeta,
): Promise<string[]> {
  if (!hasSecondFactor(await secondFactorsOf(deps.db, actor.userId))) throw new ForbiddenError();
  const fresh = await newRecoveryCodes();
  await withProof(deps, actor, proof, 'recovery_codes', meta, async (trx) => {
    await storeRecoveryCodes(trx, actor.userId, fresh);
    await audit(trx, actor.userId, 'recovery_codes_regenerated', meta);
  });
  return fresh.codes;
}

/**
 * Turns the app off. Remembered devices are forgotten (as when SMS two-factor is turned off); recovery codes
 * go too unless SMS two-factor stays on.
 */
export async function turnOffAuthenticator(
  deps: AccountDeps,
  actor: Actor,
  proof: Proof,
  meta: RequestMeta,
): Promise<void> {
  const factors = await secondFactorsOf(deps.db, actor.userId);
  if (!factors.authenticator) throw new NotFoundError();
  await withProof(deps, actor, proof, 'authenticator_off', meta, async (trx) => {
    await removeAuthenticator(trx, actor.userId);
    if (!factors.sms) await removeRecoveryCodes(trx, actor.userId);
    await invalidateTokens(trx, actor.userId, 'two_factor_remember');
    await audit(trx, actor.userId, 'authenticator_disabled', meta);
  });
}

// ---------------------------------------------------------------- signed-in devices

export const listSessions = (deps: Pick<AccountDeps, 'db'>, actor: Actor): Promise<DeviceSession[]> =>
  listDeviceSessions(deps.db, actor.userId, actor.sessionId);

/** Signs out one of the user's other sessions (its live streams end with it); 404 for any other id. */
export async function endSession(
  deps: Pick<AccountDeps, 'db'>,
  actor: Actor,
  publicId: string,
  meta: RequestMeta,
): Promise<void> {
  await deps.db.transaction(async (trx) => {
    if (!(await endDeviceSession(trx, actor.userId, publicId, actor.sessionId))) throw new NotFoundError();
    await audit(trx, actor.userId, 'session_ended', meta);
  });
}

/** Signs out every session of the user but this one; how many ended. */
export async function endOtherDeviceSessions(
  deps: Pick<AccountDeps, 'db'>,
  actor: Actor,
  meta: RequestMeta,
): Promise<number> {
  return deps.db.transaction(async (trx) => {
    const ended = await endOtherSessions(trx, actor.userId, actor.sessionId);
    await audit(trx, actor.userId, 'other_sessions_ended', meta, { ended });
    return ended;
  });
}
