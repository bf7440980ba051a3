// Security headers: a strict CSP (our own scripts and styles only), no framing, nosniff, a referrer
// policy, and HSTS only when the request arrived over TLS.
import type { RequestHandler } from 'express';
import helmet from 'helmet';

export function securityHeaders(): RequestHandler[] {
  return [
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
    }),
    (req, res, next) => {
      if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      next();
    },
  ];
}

/**
 * For a page that embeds an outside page (scheduling, fee calculator, help desk): the CSP above allows
 * framing nothing, so this adds frame-src for exactly the origins of the configured URLs, on that page only.
 */
export function allowFramesFrom(urls: string[]): RequestHandler {
  const origins = [...new Set(urls.map((url) => new URL(url).origin))].join(' ');
  return (_req, res, next) => {
    const policy = res.getHeader('Content-Security-Policy');
    if (typeof policy === 'string' && origins) res.setHeader('Content-Security-Policy', `${policy};frame-src ${origins}`);
    next();
  };
}
