// The WebAuthn challenge of a passkey ceremony (issue [25] item 2), kept in the session between the options
// the browser asks for and the answer it posts: one at a time per purpose, used once, void after 5 minutes.
import type { Request } from 'express';

/** How long a challenge waits for the browser's answer (the options' timeout is the same). */
export const PASSKEY_CHALLENGE_MS = 5 * 60 * 1000;

export type PasskeyPurpose = 'register' | 'sign-in';

declare module 'express-session' {
  interface SessionData {
    passkeyChallenge?: { purpose: PasskeyPurpose; challenge: string; issuedAt: number };
  }
}

export function keepPasskeyChallenge(req: Request, purpose: PasskeyPurpose, challenge: string): void {
  req.session.passkeyChallenge = { purpose, challenge, issuedAt: Date.now() };
}

/** The live challenge of this purpose, removed from the session (a challenge is answered once), or null. */
export function takePasskeyChallenge(req: Request, purpose: PasskeyPurpose): string | null {
  const kept = req.session.passkeyChallenge;
  if (!kept || kept.purpose !== purpose) return null;
  delete req.session.passkeyChallenge;
  return Date.now() - kept.issuedAt <= PASSKEY_CHALLENGE_MS ? kept.challenge : null;
}
