// The calendar feed form (name and address) and the limits of a feed. The spec gives no wording for
// these: the messages are ours, written as the spec writes its own.
import { isIpLiteral, isLocalName, isPublicAddress } from './address-check';

export const FEED_LIMITS = {
  /** Feeds a provider may add (each is fetched every 30 minutes). */
  perProvider: 10,
  nameMax: 100,
  urlMax: 2000,
} as const;

export const FEED_MESSAGES = {
  urlRequired: 'Please enter the address of your calendar feed.',
  urlInvalid: 'Please enter a valid address, starting with https://.',
  urlNotHttps: 'The address must start with https:// (a secure connection).',
  urlCredentials: 'Please use an address without a user name or password in it.',
  urlPrivate: 'This address points to a private network. Please use the public address of your calendar feed.',
  urlTooLong: `The address must be ${FEED_LIMITS.urlMax} characters or less.`,
  urlDuplicate: 'This calendar feed is already added.',
  nameTooLong: `The name must be ${FEED_LIMITS.nameMax} characters or less.`,
  tooMany: `You can add up to ${FEED_LIMITS.perProvider} calendar feeds.`,
  added: 'Your calendar feed has been added. Its busy times will show on your calendar within a few minutes.',
  removed: 'Your calendar feed has been removed.',
  retrying: 'Your calendar feed will be read again within a few minutes.',
  error: 'Sorry, we ran into an error. Please try again.',
} as const;

export interface FeedInput {
  name: string;
  url: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Reads an address as the form gives it: https only (webcal://, which calendar apps publish, is the same
 * feed over https), no credentials, and no IP literal or name of a private network. Host names are
 * resolved and checked again each time the feed is fetched.
 */
export function checkFeedUrl(value: unknown): { url: string } | { error: string } {
  let raw = text(value);
  if (!raw) return { error: FEED_MESSAGES.urlRequired };
  if (raw.length > FEED_LIMITS.urlMax) return { error: FEED_MESSAGES.urlTooLong };
  if (/^webcals?:\/\//i.test(raw)) raw = raw.replace(/^webcals?:/i, 'https:');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { error: FEED_MESSAGES.urlInvalid };
  }
  if (url.protocol === 'http:') return { error: FEED_MESSAGES.urlNotHttps };
  if (url.protocol !== 'https:' || !url.hostname) return { error: FEED_MESSAGES.urlInvalid };
  if (url.username || url.password) return { error: FEED_MESSAGES.urlCredentials };
  const host = url.hostname;
  if (isIpLiteral(host) ? !isPublicAddress(host) : isLocalName(host)) return { error: FEED_MESSAGES.urlPrivate };
  url.hash = '';
  return { url: url.toString() };
}

/** The feed form: its values as typed (for the 422 page) and the messages beside each field. */
export function validateFeedForm(body: Record<string, unknown>): { input: FeedInput; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const name = text(body.name);
  if (name.length > FEED_LIMITS.nameMax) errors.name = FEED_MESSAGES.nameTooLong;
  const checked = checkFeedUrl(body.url);
  if ('error' in checked) errors.url = checked.error;
  const url = 'url' in checked ? checked.url : text(body.url);
  // Unnamed feeds are called after their host, which is what the provider will recognise.
  return { input: { name: name || ('url' in checked ? new URL(checked.url).hostname : ''), url }, errors };
}
