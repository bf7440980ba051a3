// GET /metrics for Prometheus (prom-client), behind a bearer token setting (METRICS_TOKEN; without it
// the route does not exist): request durations by route, the job queue's depth and dead letters, this
// process's live streams, read-cache and page-cache hits, how far the Stripe mirror is behind, and Node's own
// figures (memory, event loop, collections). One registry per app, so tests can build several apps.
import crypto from 'node:crypto';
import type { Request, RequestHandler, Router } from 'express';
import express from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export interface MetricSources {
  token: string | null;
  queue: {
    stats(): Promise<
      { name: string; queued: number; scheduled: number; active: number; oldestQueuedSeconds: number }[]
    >;
  };
  /** The queue whose oldest waiting job says how far behind Stripe the billing mirror is. */
  mirrorQueue: string;
  deadLetterQueue: string;
  openStreams(): number;
  cacheCounts: { hits: number; misses: number };
  pageCacheCounts: { hits: number; misses: number };
}

/** The route a request matched, as written in the router ('/practice-inbox/messages/:clientId/:providerId'). */
function routeOf(req: Request): string {
  const path = req.route?.path;
  if (typeof path !== 'string') return '(no route)';
  return `${req.baseUrl}${path}` || '/';
}

const sameToken = (given: string, expected: string) => {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
};

export function createMetrics(sources: MetricSources): { timing: RequestHandler; routes: Router } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const durations = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer finishing, by route, method and status class.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const queueDepth = new Gauge({
    name: 'portal_jobs_queued',
    help: 'Jobs waiting to run now in each queue (pg-boss monitor counts, up to 10 s old); scheduled ones are apart.',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const queueScheduled = new Gauge({
    name: 'portal_jobs_scheduled',
    help: 'Jobs scheduled for a later time in each queue (reminders days ahead): not a backlog.',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const queueActive = new Gauge({
    name: 'portal_jobs_active',
    help: 'Jobs running in each queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const deadLetters = new Gauge({
    name: 'portal_jobs_dead_letters',
    help: 'Jobs that used up their retries and wait in the dead-letter queue (kept 30 days).',
    registers: [registry],
  });
  const mirrorLag = new Gauge({
    name: 'portal_billing_mirror_lag_seconds',
    help: "How long the oldest waiting Stripe customer sync has waited: how far the billing mirror is behind Stripe's events.",
    registers: [registry],
  });
  // Collected together on each scrape, from one call to the queue.
  let queueScrape: Promise<void> | null = null;
  const scrapeQueue = () =>
    (queueScrape ??= sources.queue
      .stats()
      .then((stats) => {
        queueDepth.reset();
        queueActive.reset();
        queueScheduled.reset();
        for (const queue of stats) {
          if (queue.name === sources.deadLetterQueue) continue;
          queueDepth.set({ queue: queue.name }, queue.queued);
          queueActive.set({ queue: queue.name }, queue.active);
          queueScheduled.set({ queue: queue.name }, queue.scheduled);
        }
        deadLetters.set(stats.find((q) => q.name === sources.deadLetterQueue)?.queued ?? 0);
        mirrorLag.set(stats.find((q) => q.name === sources.mirrorQueue)?.oldestQueuedSeconds ?? 0);
      })
      .finally(() => {
        queueScrape = null;
      }));
  new Gauge({
    name: 'portal_live_streams',
    help: 'Live event streams (messages, the calendar) this process holds open.',
    registers: [registry],
    collect() {
      this.set(sources.openStreams());
    },
  });
  /** A counter that reads a running total this process keeps (a cache's hits or misses) at each scrape. */
  const countOf = (name: string, help: string, total: () => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(total());
      },
    });
  countOf(
    'portal_read_cache_hits_total',
    'Reads this process answered from its read cache.',
    () => sources.cacheCounts.hits,
  );
  countOf(
    'portal_read_cache_misses_total',
    'Reads this process sent to the database (not cached, changed, or the change feed down).',
    () => sources.cacheCounts.misses,
  );
  countOf(
    'portal_page_cache_hits_total',
    'Pages this process sent as it had kept them (the data unchanged since they were rendered).',
    () => sources.pageCacheCounts.hits,
  );
  countOf(
    'portal_page_cache_misses_total',
    'Pages of the routes that keep pages rendered anew (none kept, changed, expired, or the change feed down).',
    () => sources.pageCacheCounts.misses,
  );

  const timing: RequestHandler = (req, res, next) => {
    const stop = durations.startTimer();
    res.once('finish', () => {
      stop({ method: req.method, route: routeOf(req), status: `${Math.floor(res.statusCode / 100)}xx` });
    });
    next();
  };

  const routes = express.Router();
  if (sources.token) {
    const expected = sources.token;
    routes.get('/metrics', async (req, res) => {
      const given = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1] ?? '';
      if (!sameToken(given, expected)) {
        res.set('WWW-Authenticate', 'Bearer realm="metrics"');
        return void res.status(401).type('text/plain').send('A bearer token is required.\n');
      }
      try {
        await scrapeQueue();
      } catch (error) {
        req.log?.warn({ err: error }, 'metrics: the job queue did not answer; its figures are stale');
      }
      res.set('Cache-Control', 'no-store');
      res.type(registry.contentType).send(await registry.metrics());
    });
  }
  return { timing, routes };
}
