// The three password rules of spec 1 §5 (the notes give differing figures; each form uses its own),
// with their messages. joi schemas and the browser hint text both come from here.

export interface PasswordRule {
  name: 'registration' | 'invite' | 'strong';
  minLength: number;
  message: string;
  test(password: string): boolean;
}

const LOWER = /[a-z]/;
const UPPER = /[A-Z]/;
const DIGIT = /[0-9]/;
const SPECIAL = /[^A-Za-z0-9]/;

/**
 * Registration: at least 6 characters with a lower-case letter, an upper-case letter and a digit or
 * special character. The spec quotes no message for it; this one is ours.
 */
export const REGISTRATION_PASSWORD: PasswordRule = {
  name: 'registration',
  minLength: 6,
  message:
    'Your password must be at least 6 characters long and have a lowercase letter, an uppercase letter, and a number or special character.',
  test: (p) => p.length >= 6 && LOWER.test(p) && UPPER.test(p) && (DIGIT.test(p) || SPECIAL.test(p)),
};

/** Invite signup: at least 8 characters from three of the four categories. */
export const INVITE_PASSWORD: PasswordRule = {
  name: 'invite',
  minLength: 8,
  message:
    'Your password must be at least 8 characters long and have at least one character from three of the following four categories: lowercase, uppercase, number, special character.',
  test: (p) => p.length >= 8 && [LOWER, UPPER, DIGIT, SPECIAL].filter((category) => category.test(p)).length >= 3,
};

/** New password on reset and on password change: twelve characters, upper, lower, and a symbol or number. */
export const STRONG_PASSWORD: PasswordRule = {
  name: 'strong',
  minLength: 12,
  message:
    'Your password must contain at least twelve characters, an uppercase letter, a lowercase letter, and a symbol or number.',
  test: (p) => p.length >= 12 && LOWER.test(p) && UPPER.test(p) && (DIGIT.test(p) || SPECIAL.test(p)),
};
/** Entered-ness and confirmation messages (spec 1 §5 Passwords), typos included. */
export const PASSWORD_REQUIRED = 'You must enter an password.';
export const RESET_CONFIRMATION_MISMATCH = 'Passwords must match';
export const CHANGE_CONFIRMATION_MISMATCH = 'New password does not match';

/** The rule's message when the password breaks it, else null. */
export function checkPassword(rule: PasswordRule, password: string): string | null {
  return rule.test(password) ? null : rule.message;
}
