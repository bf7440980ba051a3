// The directory-facing JSON API (docs/api.md), mounted at /api/v1 before the session and CSRF layers:
// bearer tokens, no cookies, JSON in and out, one error shape, a rate limit per token, and an
// Idempotency-Key on every POST. Endpoints are added by the features that own them.
import express, { Router, type RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../lib/json-depth';
import { contractCheck } from './contract-check';
import { ApiError, apiErrorHandler, apiNotFound } from './errors';
import { idempotent } from './idempotency';
import { serveApiDescription } from './openapi';
import { clientOfToken } from './tokens';

export interface ApiDeps {
  db: Knex;
  ratePerMinute: number;
  /** The portal's address, named in the served description (openapi.json); relative without it. */
  portalUrl?: string;
  /** Validate each accepted request and each answer against openapi.json (API_CONTRACT_CHECK: the tests). */
  contractCheck?: boolean;
}

/** Each feature's endpoints: mounted after authentication, with `idempotent` for their POSTs. */
export type ApiEndpoints = (router: Router, tools: { idempotent: RequestHandler }) => void;

const bearer =
  (db: Knex): RequestHandler =>
  async (req, res, next) => {
    try {
      const match = /^Bearer ([^\s]+)$/i.exec(req.get('Authorization') ?? '');
      if (!match) throw new ApiError(401, 'unauthenticated', 'Send your API token as "Authorization: Bearer <token>".');
      const client = await clientOfToken(db, match[1]!);
      if (!client) throw new ApiError(401, 'unauthenticated', 'The API token is unknown or was revoked.');
      res.locals.apiClient = client;
      next();
    } catch (error) {
      next(error);
    }
  };

function ratePerToken(db: Knex, perMinute: number): RequestHandler {
  const limiter = new RateLimiterPostgres({
    storeClient: db,
    storeType: 'knex',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix: 'api_token',
    points: perMinute,
    duration: 60,
  });
  return async (_req, res, next) => {
    const token = String(res.locals.apiClient.id);
    const headers = (state: RateLimiterRes) =>
      res.set({
        'RateLimit-Limit': String(perMinute),
        'RateLimit-Remaining': String(Math.max(0, state.remainingPoints)),
        'RateLimit-Reset': String(Math.ceil(state.msBeforeNext / 1000)),
      });
    try {
      headers(await limiter.consume(token));
      next();
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) return next(refusal);
      headers(refusal);
      res.set('Retry-After', String(Math.max(1, Math.ceil(refusal.msBeforeNext / 1000))));
      next(new ApiError(429, 'rate_limited', `Too many requests: at most ${perMinute} a minute per token.`));
    }
  };
}

const jsonOnly: RequestHandler = (req, _res, next) => {
  const hasBody = Number(req.get('Content-Length') ?? 0) > 0 || req.get('Transfer-Encoding');
  if (['POST', 'PUT', 'PATCH'].includes(req.method) && hasBody && !req.is('application/json')) {
    return next(new ApiError(415, 'unsupported_media_type', 'Send the request body as application/json.'));
  }
  next();
};

/** A body nested deeper than MAX_JSON_DEPTH is refused before it is parsed (400 in the one error shape). */
const refuseDeepNesting = (_req: unknown, _res: unknown, body: Buffer) => {
  if (nestsDeeperThan(body))
    throw new ApiError(
      400,
      'json_too_deep',
      `The request body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep.`,
    );
};

export function apiRouter(deps: ApiDeps, endpoints: ApiEndpoints[] = []): Router {
  const router = Router();
  // Every answer names its request (the portal's request log sets the id; a bare mount gets its own).
  router.use((req, _res, next) => {
    req.id ??= randomUUID();
    next();
  });
  if (deps.contractCheck) router.use(contractCheck());
  // The description needs no token: a client reads it before it has one.
  router.get('/openapi.json', serveApiDescription(deps.portalUrl));
  router.use(jsonOnly, express.json({ limit: '100kb', verify: refuseDeepNesting }));
  router.use(bearer(deps.db), ratePerToken(deps.db, deps.ratePerMinute));
  // Who am I: lets a client check its token and the API's clock.
  router.get('/ping', (_req, res) => {
    const { name, prefix } = res.locals.apiClient;
    res.json({ ok: true, client: { name, prefix }, time: new Date().toISOString() });
  });
  const tools = { idempotent: idempotent(deps.db) };
  for (const add of endpoints) add(router, tools);
  router.use(apiNotFound);
  router.use(apiErrorHandler);
  return router;
}
