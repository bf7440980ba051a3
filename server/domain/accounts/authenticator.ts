// Authenticator apps (TOTP, RFC 6238, through otplib): a secret per user, set up by scanning it (or typing
// it) and confirming with a code; at sign-in a six-digit code from the app, each accepted once.
// The secret lives in one column, user_authenticators.secret, read and written only by this file, through
// sealSecret/openSecret: encrypted at rest with the envelope keys of what clients write.
import type { Knex } from 'knex';
import { generateSecret, generateURI, verify } from 'otplib';
import { decryptText, encryptText } from '../data-protection';

/** A code from the previous or the next 30-second step still counts (clocks and typing drift). */
const EPOCH_TOLERANCE_SECONDS = 30;

/** A secret as stored: encrypted (a dump of the table gives no one a working code generator). */
const sealSecret = (db: Knex | Knex.Transaction, secret: string): Promise<string> => encryptText(db, secret);
const openSecret = async (db: Knex | Knex.Transaction, stored: string): Promise<string> =>
  (await decryptText(db, stored)) ?? '';

interface AuthenticatorRow {
  user_id: number;
  secret: string;
  confirmed_at: Date | null;
  last_used_step: string | number | null;
}

const rowOf = (db: Knex, userId: number) =>
  db('user_authenticators').where({ user_id: userId }).first() as Promise<AuthenticatorRow | undefined>;

/** Whether the user has an authenticator app set up (confirmed with a code). */
export async function authenticatorEnabled(db: Knex, userId: number): Promise<boolean> {
  return Boolean((await rowOf(db, userId))?.confirmed_at);
}

/**
 * Starts (or starts again) setting up an app: a new secret, not yet confirmed. Refused ('on') while an
 * app is set up: turning it off comes first, so a signed-in session alone cannot swap the app.
 */
export async function startAuthenticatorSetup(db: Knex, userId: number): Promise<'started' | 'on'> {
  return db.transaction(async (trx) => {
    const row = await trx('user_authenticators').where({ user_id: userId }).forUpdate().first();
    if (row?.confirmed_at) return 'on';
    const secret = await sealSecret(trx, generateSecret());
    await trx('user_authenticators')
      .insert({ user_id: userId, secret, confirmed_at: null, last_used_step: null, created_at: trx.fn.now() })
      .onConflict('user_id')
      .merge(['secret', 'confirmed_at', 'last_used_step', 'created_at']);
    return 'started';
  });
}

/** The secret of a setup waiting for its first code (to show as a QR code and as text), or null. */
export async function pendingAuthenticatorSecret(db: Knex, userId: number): Promise<string | null> {
  const row = await rowOf(db, userId);
  return row && !row.confirmed_at ? openSecret(db, row.secret) : null;
}

/** The otpauth:// address an app reads from the QR code. */
export const authenticatorUri = (input: { issuer: string; account: string; secret: string }) =>
  generateURI({ issuer: input.issuer, label: input.account, secret: input.secret });

/** Checks a code against the secret in constant time (otplib); the accepted time step, or null. */
async function acceptedStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Checks a code from the app (`pending`: the setup's first code, else a set-up app's). A code's time step
 * is remembered, so the same code (or an older one) never works twice. Locks the row: run in the
 * transaction that acts on the answer.
 */
export async function checkAuthenticatorCode(
  trx: Knex.Transaction,
  userId: number,
  code: string,
  options: { pending?: boolean } = {},
): Promise<boolean> {
  const row: AuthenticatorRow | undefined = await trx('user_authenticators')
    .where({ user_id: userId })
    .forUpdate()
    .first();
  if (!row || Boolean(row.confirmed_at) === Boolean(options.pending)) return false;
  const last = row.last_used_step === null ? null : Number(row.last_used_step);
  const step = await acceptedStep(await openSecret(trx, row.secret), code, last);
  if (step === null) return false;
  await trx('user_authenticators')
    .where({ user_id: userId })
    .update({ last_used_step: step, ...(options.pending ? { confirmed_at: trx.fn.now() } : {}) });
  return true;
}

/** Turns the app off (and forgets a setup that was never confirmed). */
export async function removeAuthenticator(trx: Knex.Transaction, userId: number): Promise<boolean> {
  return (await trx('user_authenticators').where({ user_id: userId }).del()) > 0;
}
