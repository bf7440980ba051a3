// One log line per request with a request id (also sent back as X-Request-Id). URLs are logged without
// their query and with token segments masked; cookies and bodies are never logged.
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

const TOKEN_PATHS = /^(\/(?:password\/reset|account\/confirm|signup\/invite)\/)[^/?]+/;

export function maskUrl(url: string): string {
  return url.split('?')[0]!.replace(TOKEN_PATHS, '$1[redacted]');
}

export function requestLogging(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : crypto.randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: maskUrl(req.url) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    autoLogging: { ignore: (req) => req.url === '/healthz' },
  });
}
