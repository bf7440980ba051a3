// Idempotency-Key for the API's POSTs: the first request with a key runs and its answer is stored;
// the same key with the same body gets that answer again (Idempotent-Replayed: true) without running
// twice, even when both arrive at once; the same key with another body is refused. Keys are per
// token and live 24 hours (pruned by a scheduled job). A claim whose request never answered (the
// process died mid-request) holds the key only for a short lease; then a retry may run it again.
import crypto from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { JobDefinition } from '../jobs';
import { ApiError } from './errors';

export const IDEMPOTENCY_KEY_HOURS = 24;
/** How long an unanswered claim blocks its key: longer than any API request may take (outside calls time out sooner). */
export const IDEMPOTENCY_LEASE_SECONDS = 30;
const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;

/** Stable JSON (sorted keys), so the same body hashes the same whatever the key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

export function idempotent(db: Knex): RequestHandler {
  return async (req, res, next) => {
    try {
      const key = req.get('Idempotency-Key');
      if (!key)
        throw new ApiError(
          400,
          'idempotency_key_required',
          'A POST needs an Idempotency-Key header (8 to 200 visible characters, e.g. a UUID).',
        );
      if (!KEY_PATTERN.test(key))
        throw new ApiError(400, 'idempotency_key_invalid', 'An Idempotency-Key has 8 to 200 visible ASCII characters.');
      const tokenId = res.locals.apiClient.id as number;
      const requestHash = crypto
        .createHash('sha256')
        .update(`${req.method} ${req.originalUrl}\n${canonical(req.body)}`)
        .digest('hex');
      // An expired key is as good as unused.
      await db('api_idempotency_keys')
        .where({ token_id: tokenId, key })
        .where('created_at', '<', db.raw(`now() - interval '${IDEMPOTENCY_KEY_HOURS} hours'`))
        .delete();
      let [claim] = await db('api_idempotency_keys')
        .insert({ token_id: tokenId, key, request_hash: requestHash })
        .onConflict(['token_id', 'key'])
        .ignore()
        .returning('claim');
      if (!claim) {
        const stored = await db('api_idempotency_keys').where({ token_id: tokenId, key }).first();
        if (!stored || stored.request_hash !== requestHash)
          throw new ApiError(422, 'idempotency_key_reused', 'This Idempotency-Key was used with a different request.');
        if (stored.response_status !== null) {
          res.set('Idempotent-Replayed', 'true').status(stored.response_status).json(stored.response_body);
          return;
        }
        // Still unanswered: a live request keeps its lease; an expired one is taken over, by one retry only.
        [claim] = await db('api_idempotency_keys')
          .where({ token_id: tokenId, key, request_hash: requestHash, claim: stored.claim })
          .whereNull('response_status')
          .where('created_at', '<', db.raw(`now() - interval '${IDEMPOTENCY_LEASE_SECONDS} seconds'`))
          .update({ claim: db.raw('gen_random_uuid()'), created_at: db.fn.now() })
          .returning('claim');
        if (!claim)
          throw new ApiError(
            409,
            'idempotency_request_in_progress',
            'A request with this Idempotency-Key is still being processed. Retry later.',
          );
      }
      // Keep the answer for replays; a server error frees the key so the client may try again. Only
      // this claim's row is touched: a claim taken over after its lease is no longer ours.
      const ours = { token_id: tokenId, key, claim: claim.claim };
      const json = res.json.bind(res);
      res.json = (body: unknown) => {
        const saving =
          res.statusCode >= 500
            ? db('api_idempotency_keys').where(ours).delete()
            : db('api_idempotency_keys')
                .where(ours)
                .whereNull('response_status')
                .update({ response_status: res.statusCode, response_body: JSON.stringify(body) });
        void saving.then(
          () => json(body),
          (error: unknown) => {
            req.log?.error({ err: error }, 'the idempotent answer could not be stored');
            json(body);
          },
        );
        return res;
      };
      next();
    } catch (error) {
      next(error);
    }
  };
}

export const idempotencyJobs: JobDefinition<never>[] = [
  {
    // Idempotency keys are kept 24 hours.
    name: 'api.idempotency-keys.prune',
    cron: '7 * * * *',
    retryLimit: 0,
    handle: async (_data, { db }) => {
      await db('api_idempotency_keys')
        .where('created_at', '<', db.raw(`now() - interval '${IDEMPOTENCY_KEY_HOURS} hours'`))
        .delete();
    },
  },
] as JobDefinition<never>[];
