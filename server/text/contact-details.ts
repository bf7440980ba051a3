// The one detector for "URLs, phone numbers, or email addresses" in free text (taglines, statements,
// notes, descriptions: spec 2 §5). The directory routes every contact through the portal, so these are
// refused wherever a provider writes prose. Obfuscated forms ("name at gmail dot com") count too.

export type ContactKind = 'url' | 'email' | 'phone';

const TLDS = [
  'com',
  'net',
  'org',
  'edu',
  'gov',
  'io',
  'co',
  'us',
  'info',
  'biz',
  'me',
  'health',
  'care',
  'clinic',
  'therapy',
  'life',
  'online',
  'site',
  'website',
  'app',
  'ly',
  'link',
  'ca',
  'uk',
  'tv',
  'pro',
  'xyz',
  'page',
  'blog',
  'space',
  'studio',
  'center',
  'services',
  'email',
].join('|');

const DOT = String.raw`(?:\.|\s*[\[(]\s*dot\s*[\])]\s*|\s+dot\s+)`;
const SPELLED_DOT = String.raw`(?:\s*[\[(]\s*dot\s*[\])]\s*|\s+dot\s+)`;

const EMAILS = [
  // name@domain.tld, also with an obfuscated dot: name@domain (dot) com
  new RegExp(String.raw`[a-z0-9._%+-]+@[a-z0-9-]+(?:${DOT}[a-z0-9-]+)*${DOT}(?:${TLDS})\b`, 'gi'),
  // name (at) domain (dot) com, name[at]domain.com
  new RegExp(
    String.raw`[a-z0-9._%+-]+\s*[\[(]\s*at\s*[\])]\s*[a-z0-9-]+(?:${DOT}[a-z0-9-]+)*${DOT}(?:${TLDS})\b`,
    'gi',
  ),
  // name at domain dot com (a bare "at" only counts when the dot is spelled out too)
  new RegExp(
    String.raw`[a-z0-9._%+-]+\s+at\s+[a-z0-9-]+(?:${SPELLED_DOT}[a-z0-9-]+)*${SPELLED_DOT}(?:${TLDS})\b`,
    'gi',
  ),
];

const URLS = [
  /\b(?:https?:\/\/|www\.)\S+/i,
  new RegExp(String.raw`\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:${TLDS})\b(?:/\S*)?`, 'i'),
  new RegExp(String.raw`\b[a-z0-9][a-z0-9-]*${SPELLED_DOT}(?:${TLDS})\b`, 'i'),
];

// Ten digits in the usual US groupings, optionally after +1: (555) 555-1234, 555.555.1234, 5555551234.
const PHONE = /(?<![\d-])(?:\+?1[\s.-]*)?\(?\d{3}\)?[\s.-]*\d{3}[\s.-]*\d{4}(?![\d-])/;

/** The kinds of contact details found in the text (empty when there are none). */
export function findContactDetails(text: string): ContactKind[] {
  // An e-mail address holds a domain; take the addresses out before looking for web addresses.
  const rest = EMAILS.reduce((remaining, pattern) => remaining.replace(pattern, ' '), text);
  const found: ContactKind[] = rest === text ? [] : ['email'];
  if (URLS.some((pattern) => pattern.test(rest))) found.push('url');
  if (PHONE.test(rest)) found.push('phone');
  return found;
}

export const hasContactDetails = (text: string | null | undefined): boolean =>
  Boolean(text) && findContactDetails(text!).length > 0;
