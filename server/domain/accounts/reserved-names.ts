// Reserved names (spec 1 §3 accounts.feature_flags.reserved_name; §8 "the server's reserved-name error
// is stored"). An account with the flag reserves the names of its profiles: nobody else's sign-up or
// profile creation may take one. A sign-up that does is kept, but its new account is held with
// accounts.error = 'reserved_name' (an account with an error is ignored everywhere) until our team
// has checked who it is; an owner creating a profile is simply refused (docs/decisions.md).
import type { Knex } from 'knex';

/** What accounts.error holds for an account held because its profile took a reserved name. */
export const RESERVED_NAME_ERROR = 'reserved_name';

/** Beside the name field of the create-profile form (our words: the spec quotes none). */
export const RESERVED_NAME_MESSAGE =
  'This name is reserved for another profile in our directory. Please contact us if it is yours.';

/** The name a profile is listed under: a practice's company name, else the person's first and last name. */
export function listedName(profile: {
  type: string;
  first_name?: string | null;
  last_name?: string | null;
  company_name?: string | null;
}): string {
  if (profile.type === 'practice') return profile.company_name ?? '';
  return [profile.first_name, profile.last_name].filter(Boolean).join(' ');
}

/** Names compare trimmed, with runs of spaces as one, in any case ("Dana  LEE" is "dana lee"). */
export const nameKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();

const SQL_KEY = (expression: string) => `lower(regexp_replace(btrim(${expression}), '\\s+', ' ', 'g'))`;

/**
 * Whether `name` is the listed name (company name, or first and last name) of a profile of an account
 * flagged reserved_name, other than `exceptAccountId` (an account may reuse its own reserved names).
 * Held or broken accounts (error set) reserve nothing.
 */
export async function isReservedName(
  db: Knex | Knex.Transaction,
  name: string,
  exceptAccountId?: number,
): Promise<boolean> {
  const key = nameKey(name);
  if (!key) return false;
  const query = db('providers as p')
    .join('accounts as a', 'a.id', 'p.account_id')
    .whereNull('a.error')
    .whereRaw(`a.feature_flags->>'reserved_name' = 'true'`)
    .where((q) =>
      q
        .whereRaw(`${SQL_KEY(`concat_ws(' ', p.first_name, p.last_name)`)} = ?`, [key])
        .orWhereRaw(`${SQL_KEY(`coalesce(p.company_name, '')`)} = ?`, [key]),
    );
  if (exceptAccountId !== undefined) query.whereNot('a.id', exceptAccountId);
  return Boolean(await query.first('p.id'));
}
