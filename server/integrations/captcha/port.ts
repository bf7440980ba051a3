// The bot check that guards registration (spec 1 §5: "an invisible bot check"), in our words.
// A form posts whatever the provider's widget adds (`token`) plus our honeypot field; the adapter says yes or no.

/** The name of the honeypot input every guarded form carries; people never see it, so it stays empty. */
export const HONEYPOT_FIELD = 'website';

/** The form field the provider's widget puts its response token in. */
export const CAPTCHA_TOKEN_FIELD = 'captcha_token';

export interface BotCheckInput {
  /** The provider's response token, when a real provider's widget is on the page. */
  token?: string;
  /** What arrived in the honeypot field. */
  honeypot?: string;
  ip?: string;
}

/** What a page shows for a real provider: its script (the page's CSP must allow its origin) and the site key. */
export interface CaptchaWidget {
  scriptUrl: string;
  /** The origin the script and its frame come from. */
  origin: string;
  siteKey: string;
}

export interface Captcha {
  /** Which implementation answers (for the log and the page: "local" needs no widget). */
  readonly provider: 'local' | 'turnstile';
  /** The widget guarded forms render; null for the local check (the honeypot alone). */
  readonly widget: CaptchaWidget | null;
  /** True when the request looks like a person. Fails closed: no answer from the provider is a no. */
  verify(input: BotCheckInput): Promise<boolean>;
}
