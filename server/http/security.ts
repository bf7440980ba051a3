// Security headers: a strict CSP (our own scripts and styles only), no framing, nosniff, a referrer
// policy, and HSTS only when the request arrived over TLS.
import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

export function securityHeaders(): RequestHandler[] {
  // helmet decides the headers; as they are the same for every response, they are worked out once
  // here and then simply copied onto each response.
  const headers = headersSetBy(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
        },
      },
      strictTransportSecurity: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      // The same as frame-ancestors 'none' for browsers that only know this header; SAMEORIGIN would contradict it.
      xFrameOptions: { action: 'deny' },
    }),
  );
  return [
    (req, res, next) => {
      for (const [name, value] of headers) res.setHeader(name, value);
      if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      next();
    },
  ];
}

/** The headers a middleware that only sets fixed headers sets, found by running it once on a stand-in response. */
function headersSetBy(middleware: RequestHandler): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number | string[]) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let finished = false;
  void middleware({ method: 'GET', headers: {} } as Request, response as unknown as Response, () => (finished = true));
  if (!finished) throw new Error('the security headers middleware did not finish synchronously');
  return [...headers];
}

/**
 * For a page that embeds an outside page (scheduling, fee calculator, help desk): the CSP above allows
 * framing nothing, so this adds frame-src for exactly the origins of the configured URLs, on that page only.
 */
export function allowFramesFrom(urls: string[]): RequestHandler {
  const origins = [...new Set(urls.map((url) => new URL(url).origin))].join(' ');
  return (_req, res, next) => {
    const policy = res.getHeader('Content-Security-Policy');
    if (typeof policy === 'string' && origins)
      res.setHeader('Content-Security-Policy', `${policy};frame-src ${origins}`);
    next();
  };
}

/**
 * Adds sources to some directives of this response's CSP (a page that talks to an outside service
 * from the browser, such as the card field). A directive already there is extended in place: browsers
 * obey only the first occurrence of a directive.
 */
export function extendPolicy(
  res: Response,
  additions: Partial<Record<'connect-src' | 'script-src' | 'frame-src' | 'form-action', string[]>>,
): void {
  let policy = res.getHeader('Content-Security-Policy');
  if (typeof policy !== 'string') return;
  for (const [directive, sources] of Object.entries(additions)) {
    if (!sources?.length) continue;
    const pattern = new RegExp(`(^|;)${directive} ([^;]*)`);
    policy = pattern.test(policy)
      ? policy.replace(pattern, `$1${directive} $2 ${sources.join(' ')}`)
      : `${policy};${directive} ${sources.join(' ')}`;
  }
  res.setHeader('Content-Security-Policy', policy);
}
