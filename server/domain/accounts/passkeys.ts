// Passkeys (WebAuthn, issue [25] item 2) through @simplewebauthn/server: several per user, each a
// discoverable credential that verifies its user (so a passkey alone counts as two factors), registered in
// Account Settings and used at /login without an e-mail address. The relying party is the portal's own
// address (PORTAL_URL): its host name is the RP ID, its origin the only origin accepted.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Knex } from 'knex';
import type { Config } from '../../config';

/** How long a challenge waits for the browser's answer (kept in the session). */
export const PASSKEY_CHALLENGE_MS = 5 * 60 * 1000;
/** The longest name a passkey may have. */
export const PASSKEY_NAME_MAX = 60;

export interface PasskeyView {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

interface PasskeyRow {
  id: number | string;
  user_id: number | string;
  credential_id: string;
  public_key: Buffer;
  counter: number | string;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** The relying party of this portal: PORTAL_URL's host name and origin. */
export function relyingParty(config: Pick<Config, 'portalUrl' | 'brandName'>) {
  const url = new URL(config.portalUrl);
  return { id: url.hostname, origin: url.origin, name: config.brandName };
}

/** The WebAuthn user handle: stable per user, and not the e-mail address. */
const userHandle = (userId: number) => new TextEncoder().encode(`portal-user-${userId}`);

const KNOWN_TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const transportsOf = (value: unknown): AuthenticatorTransport[] =>
  Array.isArray(value)
    ? (value.filter((t) => typeof t === 'string' && KNOWN_TRANSPORTS.has(t)) as AuthenticatorTransport[])
    : [];

/** Options for navigator.credentials.create(): a discoverable credential that verifies its user. */
export async function passkeyRegistrationOptions(
  db: Knex,
  config: Pick<Config, 'portalUrl' | 'brandName'>,
  user: { id: number; email: string; displayName: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = relyingParty(config);
  const existing: Pick<PasskeyRow, 'credential_id' | 'transports'>[] = await db('user_passkeys')
    .where({ user_id: user.id })
    .select('credential_id', 'transports');
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.displayName,
    userID: userHandle(user.id),
    attestationType: 'none',
    // The same authenticator is not registered twice.
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: transportsOf(p.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: PASSKEY_CHALLENGE_MS,
  });
}

/**
 * Checks the browser's answer to a registration challenge and stores the new passkey. Anything that is not a
 * valid answer to this challenge from this origin (garbage, a forged or replayed response) is 'refused'.
 */
export async function registerPasskey(
  db: Knex,
  config: Pick<Config, 'portalUrl' | 'brandName'>,
  input: { userId: number; response: unknown; challenge: string; name: string },
): Promise<'added' | 'refused' | 'known'> {
  const rp = relyingParty(config);
  let credential: { id: string; publicKey: Uint8Array; counter: number; transports?: string[] };
  try {
    const result = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: input.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    if (!result.verified) return 'refused';
    credential = result.registrationInfo.credential;
  } catch {
    return 'refused';
  }
  const inserted = await db('user_passkeys')
    .insert({
      user_id: input.userId,
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: transportsOf(
        credential.transports ?? (input.response as { response?: { transports?: unknown } })?.response?.transports,
      ),
      name: input.name,
    })
    .onConflict('credential_id')
    .ignore()
    .returning('id');
  return inserted.length ? 'added' : 'known';
}

/** Options for navigator.credentials.get(): no credentials listed, so the browser offers the passkeys it has. */
export function passkeySignInOptions(
  config: Pick<Config, 'portalUrl' | 'brandName'>,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: relyingParty(config).id,
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_MS,
  });
}

/**
 * Checks the browser's answer to a sign-in challenge: the passkey's owner when it is one of ours, signed for
 * this challenge and origin with the user verified; null otherwise. Records the use (counter, last used).
 */
export async function verifyPasskeySignIn(
  db: Knex,
  config: Pick<Config, 'portalUrl' | 'brandName'>,
  input: { response: unknown; challenge: string },
): Promise<{ userId: number } | null> {
  const response = input.response as AuthenticationResponseJSON;
  const credentialId = typeof response?.id === 'string' ? response.id : null;
  if (!credentialId || credentialId.length > 1024) return null;
  const row: PasskeyRow | undefined = await db('user_passkeys').where({ credential_id: credentialId }).first();
  if (!row) return null;
  const rp = relyingParty(config);
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: input.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: row.credential_id,
        publicKey: new Uint8Array(row.public_key),
        counter: Number(row.counter),
        transports: transportsOf(row.transports),
      },
    });
    if (!result.verified) return null;
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    return null;
  }
  await db('user_passkeys').where({ id: row.id }).update({ counter: newCounter, last_used_at: db.fn.now() });
  return { userId: Number(row.user_id) };
}

/** The user's passkeys, oldest first. */
export async function listPasskeys(db: Knex, userId: number): Promise<PasskeyView[]> {
  const rows: PasskeyRow[] = await db('user_passkeys').where({ user_id: userId }).orderBy('id', 'asc');
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    createdAt: r.created_at.toISOString(),
    lastUsedAt: r.last_used_at ? r.last_used_at.toISOString() : null,
  }));
}

/** One of the user's passkeys, or null (another user's id is not found). */
export async function findPasskey(db: Knex, userId: number, id: number): Promise<PasskeyView | null> {
  return (await listPasskeys(db, userId)).find((p) => p.id === id) ?? null;
}

/** Renames one of the user's passkeys; false when the user has no passkey of that id. */
export async function renamePasskey(db: Knex, userId: number, id: number, name: string): Promise<boolean> {
  return (await db('user_passkeys').where({ id, user_id: userId }).update({ name })) > 0;
}

/** Removes one of the user's passkeys (the last one too: the password and second factor remain). */
export async function removePasskey(db: Knex, userId: number, id: number): Promise<string | null> {
  const [row] = await db('user_passkeys').where({ id, user_id: userId }).del().returning('name');
  return row ? (row as { name: string }).name : null;
}
