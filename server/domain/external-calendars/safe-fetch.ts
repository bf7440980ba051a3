// Fetches a calendar feed from an address a provider typed, without letting that address reach the
// portal's own network (SSRF): http(s) only, the host name resolved here and every address checked,
// the connection made to the checked address (so a second DNS answer cannot swap it: rebinding),
// each redirect checked the same way (3 at most, never from https down to http), 10 s for the whole
// fetch, 2 MB counted while reading, and a calendar content type.
import dns from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIpLiteral, isLocalName, isPublicAddress } from './address-check';

export const FEED_FETCH_LIMITS = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3 } as const;

/** Why a feed could not be read, in words shown to the provider as the feed's last error. */
export const FETCH_MESSAGES = {
  badAddress: 'The address must start with https:// and name a calendar server.',
  privateAddress: 'The address points to a private network, which calendar feeds may not use.',
  notFound: 'The calendar server could not be found. Please check the address.',
  unreachable: 'The calendar server could not be reached.',
  certificate: "The calendar server's security certificate could not be verified.",
  timeout: `The calendar server did not answer within ${FEED_FETCH_LIMITS.timeoutMs / 1000} seconds.`,
  tooLarge: `The calendar is larger than ${FEED_FETCH_LIMITS.maxBytes / 1024 / 1024} MB.`,
  tooManyRedirects: `The address redirected more than ${FEED_FETCH_LIMITS.maxRedirects} times.`,
  insecureRedirect: 'The address redirected to an insecure (http) address.',
  notCalendar: 'The address did not return a calendar (text/calendar).',
  unreadable: 'The calendar could not be read.',
  status: (status: number) => `The calendar server answered with an error (HTTP ${status}).`,
} as const;

export class FeedError extends Error {
  /** Refused for what the feed holds (too large, too many repetitions, too slow to read): not read again until the provider asks. */
  readonly permanent: boolean;

  constructor(message: string, options: { permanent?: boolean } = {}) {
    super(message);
    this.name = 'FeedError';
    this.permanent = options.permanent ?? false;
  }
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface FetchFeedOptions {
  /** Private addresses let through all the same: the tests' server on this machine (nothing else passes it). */
  allowAddresses?: readonly string[];
  /**
   * Origins reached although private and over http (`http://127.0.0.1:4321`): the local CalDAV stand-in
   * outside production, exactly that origin and nothing else.
   */
  allowOrigins?: readonly string[];
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** The resolver (the tests' stand-in for DNS). */
  resolve?: (host: string) => Promise<ResolvedAddress[]>;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const CALENDAR_TYPES = new Set(['text/calendar', 'text/plain']);

const systemResolve = (host: string): Promise<ResolvedAddress[]> => dns.lookup(host, { all: true, verbatim: true });

function parseAddress(address: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FeedError(FETCH_MESSAGES.badAddress);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname || url.username || url.password)
    throw new FeedError(FETCH_MESSAGES.badAddress);
  return url;
}

/** The address to connect to: every address the name has must be public (one private answer is enough to refuse). */
export async function resolvePublicAddress(
  hostname: string,
  options: Pick<FetchFeedOptions, 'allowAddresses' | 'resolve'> = {},
): Promise<ResolvedAddress> {
  const allowed = (address: string) => isPublicAddress(address) || (options.allowAddresses?.includes(address) ?? false);
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIpLiteral(host)) {
    if (!allowed(host)) throw new FeedError(FETCH_MESSAGES.privateAddress);
    return { address: host, family: host.includes(':') ? 6 : 4 };
  }
  if (isLocalName(host)) throw new FeedError(FETCH_MESSAGES.privateAddress);
  let addresses: ResolvedAddress[];
  try {
    addresses = await (options.resolve ?? systemResolve)(host);
  } catch {
    throw new FeedError(FETCH_MESSAGES.notFound);
  }
  const first = addresses[0];
  if (!first) throw new FeedError(FETCH_MESSAGES.notFound);
  if (addresses.some((a) => !allowed(a.address))) throw new FeedError(FETCH_MESSAGES.privateAddress);
  return first;
}

/** One request to `url`, connected to `target` whatever DNS says by now. */
function send(
  url: URL,
  target: ResolvedAddress,
  signal: AbortSignal,
  request: { method: string; headers: Record<string, string>; body?: string } = {
    method: 'GET',
    // No Accept-Encoding: the body is counted as it arrives, never inflated from a small one.
    headers: { accept: 'text/calendar, text/plain;q=0.9' },
  },
): Promise<IncomingMessage> {
  const pinned = ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: request.method,
        headers: { 'user-agent': 'MembersPortal-CalendarSync/1.0', ...request.headers },
        lookup: pinned,
        agent: false,
        signal,
      },
      resolve,
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

async function readLimited(response: IncomingMessage, maxBytes: number): Promise<string> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new FeedError(FETCH_MESSAGES.tooLarge, { permanent: true });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw new FeedError(FETCH_MESSAGES.tooLarge, { permanent: true });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function networkError(error: unknown, signal: AbortSignal): FeedError {
  if (error instanceof FeedError) return error;
  if (signal.aborted) return new FeedError(FETCH_MESSAGES.timeout);
  const code = String((error as { code?: unknown }).code ?? '');
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/.test(code)) return new FeedError(FETCH_MESSAGES.certificate);
  return new FeedError(FETCH_MESSAGES.unreachable);
}

/** The feed's text, or a FeedError saying why not. */
export async function fetchFeed(address: string, options: FetchFeedOptions = {}): Promise<string> {
  const maxBytes = options.maxBytes ?? FEED_FETCH_LIMITS.maxBytes;
  const maxRedirects = options.maxRedirects ?? FEED_FETCH_LIMITS.maxRedirects;
  const signal = AbortSignal.timeout(options.timeoutMs ?? FEED_FETCH_LIMITS.timeoutMs);
  let url = parseAddress(address);
  try {
    for (let redirects = 0; ; redirects++) {
      const target = await resolvePublicAddress(url.hostname, options);
      const response = await send(url, target, signal);
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        response.resume();
        const location = response.headers.location;
        if (!location) throw new FeedError(FETCH_MESSAGES.status(status));
        if (redirects >= maxRedirects) throw new FeedError(FETCH_MESSAGES.tooManyRedirects);
        const next = parseAddress(new URL(location, url).toString());
        if (url.protocol === 'https:' && next.protocol !== 'https:')
          throw new FeedError(FETCH_MESSAGES.insecureRedirect);
        url = next;
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw new FeedError(FETCH_MESSAGES.status(status));
      }
      const type = String(response.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim()
        .toLowerCase();
      if (!CALENDAR_TYPES.has(type)) {
        response.destroy();
        throw new FeedError(FETCH_MESSAGES.notCalendar);
      }
      return await readLimited(response, maxBytes);
    }
  } catch (error) {
    throw networkError(error, signal);
  }
}

export interface SafeRequest {
  url: string;
  method: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface SafeAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Where the answer came from, after redirects. */
  url: string;
}

/**
 * Any request (a CalDAV PROPFIND or REPORT) with the feed fetcher's guards: public addresses only (or an
 * allowed origin), pinned connections, a time limit for the whole exchange, a size limit while reading.
 * A redirect is followed with the same method and body (as CalDAV clients do), checked again, never from
 * https down to http, and without the Authorization header when it leaves the origin. Any status is an
 * answer; network trouble is a FeedError.
 */
export async function safeRequest(request: SafeRequest, options: FetchFeedOptions = {}): Promise<SafeAnswer> {
  const maxBytes = options.maxBytes ?? FEED_FETCH_LIMITS.maxBytes;
  const maxRedirects = options.maxRedirects ?? FEED_FETCH_LIMITS.maxRedirects;
  const signal = AbortSignal.timeout(options.timeoutMs ?? FEED_FETCH_LIMITS.timeoutMs);
  let url = parseAddress(request.url);
  let headers = { ...request.headers };
  const originAllowed = (u: URL) => options.allowOrigins?.includes(u.origin) ?? false;
  try {
    for (let redirects = 0; ; redirects++) {
      if (url.protocol !== 'https:' && !originAllowed(url)) throw new FeedError(FETCH_MESSAGES.badAddress);
      const target = originAllowed(url)
        ? { address: url.hostname.replace(/^\[|\]$/g, ''), family: url.hostname.includes(':') ? 6 : 4 }
        : await resolvePublicAddress(url.hostname, options);
      const response = await send(url, target, signal, { method: request.method, headers, body: request.body });
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.resume();
        if (redirects >= maxRedirects) throw new FeedError(FETCH_MESSAGES.tooManyRedirects);
        const next = parseAddress(new URL(location, url).toString());
        if (url.protocol === 'https:' && next.protocol !== 'https:')
          throw new FeedError(FETCH_MESSAGES.insecureRedirect);
        if (next.origin !== url.origin) {
          const { authorization: _dropped, ...rest } = headers;
          headers = rest;
        }
        url = next;
        continue;
      }
      const body = await readLimited(response, maxBytes);
      const answerHeaders: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers))
        if (value !== undefined) answerHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
      return { status, headers: answerHeaders, body, url: url.toString() };
    }
  } catch (error) {
    throw networkError(error, signal);
  }
}
