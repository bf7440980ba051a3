// The bot check that guards registration (spec 1 §5: "an invisible bot check"), in our words.
// A form posts whatever the provider's widget adds (`token`) plus our honeypot field; the adapter says yes or no.

/** The name of the honeypot input every guarded form carries; people never see it, so it stays empty. */
export const HONEYPOT_FIELD = 'website';

export interface BotCheckInput {
  /** The provider's response token, when a real provider's widget is on the page. */
  token?: string;
  /** What arrived in the honeypot field. */
  honeypot?: string;
  ip?: string;
}

export interface Captcha {
  /** Which implementation answers (for the log and the page: "local" needs no widget). */
  readonly provider: 'local';
  /** True when the request looks like a person. */
  verify(input: BotCheckInput): Promise<boolean>;
}
