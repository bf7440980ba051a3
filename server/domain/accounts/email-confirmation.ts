// Confirming an e-mail address (at registration and after a change): a single-use link valid 7 days.
import type { Knex } from 'knex';
import type { AccountDeps } from './deps';
import { insertToken, invalidateTokens } from './repo';
import { hashToken, newLinkToken } from './tokens';

export const CONFIRM_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Makes a confirmation token for the address inside the caller's transaction; returns the secret for the link. */
export async function issueEmailConfirmation(trx: Knex, user: { id: number; email: string }): Promise<string> {
  const token = newLinkToken();
  await invalidateTokens(trx, user.id, 'email_confirm');
  await insertToken(trx, {
    userId: user.id,
    purpose: 'email_confirm',
    hash: hashToken(token),
    expiresAt: new Date(Date.now() + CONFIRM_TOKEN_TTL_MS),
    meta: { email: user.email },
  });
  return token;
}

/** Queues the e-mail with the link that confirms a (new) address, in the transaction that made the token. */
export async function queueEmailConfirmation(
  trx: Knex.Transaction,
  deps: Pick<AccountDeps, 'outgoing' | 'config'>,
  email: string,
  token: string,
): Promise<void> {
  await deps.outgoing.mail(trx, {
    to: email,
    subject: `Confirm your e-mail address for ${deps.config.brandName}`,
    text: [
      'Please confirm that this is your e-mail address by opening this link within 7 days:',
      `${deps.config.portalUrl}/account/confirm/${token}`,
    ].join('\n'),
  });
}
