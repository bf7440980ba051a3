// Help text under new-password fields: the rule of spec 1 §5 in plain words.
export const STRONG_PASSWORD_HINT =
  'At least twelve characters, with an uppercase letter, a lowercase letter, and a symbol or number.';
