// Cloudflare Turnstile: the page shows Cloudflare's widget, which puts a response token in the form; the
// server asks Cloudflare's siteverify API whether that token is real. Fails closed: an unanswered, slow,
// unreadable or negative answer is a refusal. The honeypot is checked as well (it costs nothing).
import type { Logger } from 'pino';
import type { Captcha } from './port';

export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';
export const TURNSTILE_VERIFY_URL = `${TURNSTILE_ORIGIN}/turnstile/v0/siteverify`;
const SCRIPT_URL = `${TURNSTILE_ORIGIN}/turnstile/v0/api.js`;

/** A person waits on this call; Cloudflare answers in well under a second. */
export const TURNSTILE_TIMEOUT_MS = 5_000;
/** Cloudflare's tokens are at most 2,048 characters. */
const MAX_TOKEN_LENGTH = 2048;

export interface TurnstileSettings {
  siteKey: string;
  secretKey: string;
  /** Another address for siteverify (the tests' fake server). */
  verifyUrl?: string;
  timeoutMs?: number;
  logger?: Logger;
}

export function createTurnstileCaptcha(settings: TurnstileSettings): Captcha {
  const verifyUrl = settings.verifyUrl ?? TURNSTILE_VERIFY_URL;
  const timeoutMs = settings.timeoutMs ?? TURNSTILE_TIMEOUT_MS;
  return {
    provider: 'turnstile',
    widget: { scriptUrl: SCRIPT_URL, origin: TURNSTILE_ORIGIN, siteKey: settings.siteKey },
    async verify(input) {
      if ((input.honeypot ?? '').trim()) return false;
      const token = input.token ?? '';
      if (!token || token.length > MAX_TOKEN_LENGTH) return false;
      try {
        const response = await fetch(verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            secret: settings.secretKey,
            response: token,
            ...(input.ip ? { remoteip: input.ip } : {}),
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const answer = (await response.json().catch(() => null)) as {
          success?: unknown;
          'error-codes'?: unknown;
        } | null;
        if (response.ok && answer?.success === true) return true;
        settings.logger?.warn(
          { status: response.status, errorCodes: answer?.['error-codes'] },
          'turnstile refused the token',
        );
        return false;
      } catch (error) {
        settings.logger?.error({ err: error }, 'turnstile siteverify did not answer: the bot check fails closed');
        return false;
      }
    },
  };
}
