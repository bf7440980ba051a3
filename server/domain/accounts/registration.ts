// Registration rules that other pages repeat: how a typed name is tidied, and the referral offer's words.

/**
 * Names are trimmed; a name entirely in upper case with 3 or more characters is lower-cased, then its
 * first letter capitalised ("DANA" → "Dana"; "AL", "McKay" and "de la Cruz" stay as typed).
 */
export function normalizeName(raw: string): string {
  const name = raw.trim();
  const allUpper = name === name.toUpperCase() && name !== name.toLowerCase();
  if (!allUpper || name.length < 3) return name;
  const lower = name.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/** What a referral gives both sides (sign-up banner, Refer a Colleague). */
export const REFERRAL_OFFER = '$49 off for both of you';
