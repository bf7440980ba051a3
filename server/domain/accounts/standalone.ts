// Standalone practice-management accounts (spec 3 §7 "create-standalone-{product}-account"): a user who
// owns one account that only uses the EHR (standalone_practice_management), made without a password;
// the owner chooses one through a set-password link once the account is paid.
import type { Knex } from 'knex';
import type { AccountDeps } from './deps';
import { insertToken, invalidateTokens } from './repo';
import { hashToken, newLinkToken } from './tokens';

/** How long the set-password link of a new standalone account works (a reset link, longer lived). */
export const SET_PASSWORD_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export class EmailInUseError extends Error {
  constructor() {
    super('email in use');
  }
}

/** The user (no password yet) and the account it owns, inside the caller's transaction; EmailInUseError when the address is on file. */
export async function createStandaloneAccount(
  trx: Knex.Transaction,
  input: { email: string; firstName: string; lastName: string },
): Promise<{ userId: number; accountId: number }> {
  if (await trx('users').where({ email: input.email }).first('id')) throw new EmailInUseError();
  const [user] = await trx('users')
    .insert({
      email: input.email,
      first_name: input.firstName,
      last_name: input.lastName,
      password_hash: null,
      scopes: ['provider'],
    })
    .returning('id');
  const [account] = await trx('accounts')
    .insert({ name: `${input.firstName} ${input.lastName}`, standalone_practice_management: true })
    .returning('id');
  await trx('account_roles').insert({ user_id: user.id, account_id: account.id, role: 'owner' });
  return { userId: user.id, accountId: account.id };
}

/** Queues the e-mail whose link lets the owner of a new standalone account choose a password (the reset page). */
export async function queueSetPasswordEmail(
  trx: Knex.Transaction,
  deps: Pick<AccountDeps, 'outgoing' | 'config'>,
  user: { id: number; email: string },
  signInUrl: string,
): Promise<void> {
  const token = newLinkToken();
  await invalidateTokens(trx, user.id, 'password_reset');
  await insertToken(trx, {
    userId: user.id,
    purpose: 'password_reset',
    hash: hashToken(token),
    expiresAt: new Date(Date.now() + SET_PASSWORD_TTL_MS),
  });
  await deps.outgoing.mail(trx, {
    to: user.email,
    subject: `Set your ${deps.config.brandName} password`,
    text: [
      'Your practice management account is ready.',
      '',
      'Choose the password of your account with this link (it works for 7 days):',
      `${deps.config.portalUrl}/password/reset/${token}`,
      '',
      `Your practice management sign-in page: ${signInUrl}`,
    ].join('\n'),
  });
}
