// Account Settings' passkeys (issue [25] item 2): the list, adding one (the browser's answer to the
// session's challenge), renaming and removing one. The removal of the last passkey is allowed: the password
// and any second factor still sign in. Another user's passkey id is not found. Never sees req/res.
import { NotFoundError, ValidationError } from '../../lib/errors';
import {
  type AccountDeps,
  audit,
  findPasskey,
  findUserById,
  listPasskeys,
  PASSKEY_NAME_MAX,
  type PasskeyView,
  passkeyRegistrationOptions,
  registerPasskey,
  removePasskey,
  renamePasskey,
  type RequestMeta,
} from '../../domain/accounts';

// Our words: the spec has none for passkeys (docs/decisions.md, "[25] Passkeys").
export const MESSAGES = {
  nameRequired: 'Enter a name for the passkey.',
  nameTooLong: `The name can be at most ${PASSKEY_NAME_MAX} characters.`,
  refused:
    'The passkey was not added: your browser’s answer could not be checked, or it took too long. Please try again.',
  known: 'That passkey is already added.',
  added: (name: string) => `Passkey “${name}” added. You can now sign in with it, without your password.`,
  renamed: 'The passkey is renamed.',
  removed: (name: string) => `Passkey “${name}” removed. It no longer signs you in.`,
} as const;

/** A name as typed: trimmed, blanks collapsed; an error message when it cannot be one. */
function checkName(typed: string, field: string, options: { optional?: boolean } = {}): string | null {
  const name = typed.replace(/\s+/g, ' ').trim();
  if (!name) {
    if (options.optional) return null;
    throw new ValidationError({ [field]: MESSAGES.nameRequired });
  }
  if ([...name].length > PASSKEY_NAME_MAX) throw new ValidationError({ [field]: MESSAGES.nameTooLong });
  return name;
}

export const passkeysOf = (deps: Pick<AccountDeps, 'db'>, userId: number): Promise<PasskeyView[]> =>
  listPasskeys(deps.db, userId);

/** Options for the browser to make a passkey, for this user. */
export async function registrationOptions(deps: Pick<AccountDeps, 'db' | 'config'>, userId: number) {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new NotFoundError();
  const displayName = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;
  return passkeyRegistrationOptions(deps.db, deps.config, { id: user.id, email: user.email, displayName });
}

/**
 * Adds the passkey the browser made, named as typed or, when left empty, after the device (`defaultName`).
 * A refused answer is a form error (422), never a failure.
 */
export async function addPasskey(
  deps: Pick<AccountDeps, 'db' | 'config'>,
  userId: number,
  input: { response: unknown; challenge: string | null; name: string; defaultName: string },
  meta: RequestMeta,
): Promise<string> {
  const name = checkName(input.name, 'name', { optional: true }) ?? input.defaultName.slice(0, PASSKEY_NAME_MAX);
  if (!input.challenge || !input.response) throw new ValidationError({ form: MESSAGES.refused });
  const result = await registerPasskey(deps.db, deps.config, {
    userId,
    response: input.response,
    challenge: input.challenge,
    name,
  });
  if (result === 'refused') throw new ValidationError({ form: MESSAGES.refused });
  if (result === 'known') throw new ValidationError({ form: MESSAGES.known });
  await audit(deps.db, userId, 'passkey_added', meta, { name });
  return name;
}

/** Renames one of the user's passkeys (404 for any other id). */
export async function renameUserPasskey(
  deps: Pick<AccountDeps, 'db'>,
  userId: number,
  id: number,
  typed: string,
): Promise<void> {
  if (!(await findPasskey(deps.db, userId, id))) throw new NotFoundError();
  const name = checkName(typed, `name-${id}`)!;
  if (!(await renamePasskey(deps.db, userId, id, name))) throw new NotFoundError();
}

/** The passkey a removal asks about, or 404. */
export async function passkeyToRemove(deps: Pick<AccountDeps, 'db'>, userId: number, id: number) {
  const found = await findPasskey(deps.db, userId, id);
  if (!found) throw new NotFoundError();
  return found;
}

/** Removes one of the user's passkeys (404 for any other id); the last one may go too. */
export async function removeUserPasskey(
  deps: Pick<AccountDeps, 'db'>,
  userId: number,
  id: number,
  meta: RequestMeta,
): Promise<string> {
  const name = await removePasskey(deps.db, userId, id);
  if (name === null) throw new NotFoundError();
  await audit(deps.db, userId, 'passkey_removed', meta, { name });
  return name;
}
