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

/** nameKey in SQL, for a query comparing a column's names with a key. */
export const sqlNameKey = (expression: string) => `lower(regexp_replace(btrim(${expression}), '\\s+', ' ', 'g'))`;

/**
 * A query of the accounts whose profiles' names are reserved (flagged reserved_name, not held or broken),
 * other than `exceptAccountId`, for the providers module's `whereIn` (the names are the profiles').
 */
export function reservedNameAccountIds(db: Knex | Knex.Transaction, exceptAccountId?: number): Knex.QueryBuilder {
  const query = db('accounts').whereNull('error').whereRaw(`feature_flags->>'reserved_name' = 'true'`).select('id');
  if (exceptAccountId !== undefined) query.whereNot('id', exceptAccountId);
  return query;
}
