// createApp(deps): the whole portal as an Express app. It never listens; main.ts and the tests do.

import fs from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type Express } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { API_BASE_PATH, apiRouter } from './api';
import type { Config } from './config';
import { ChangeFeed } from './db/change-feed';
import { ROOT_DIR } from './db/knex';
import { ReadCache } from './db/read-cache';
import { createThrottles, viewerSource } from './domain/accounts';
import { SYNC_CUSTOMER_JOB } from './domain/billing';
import { unreadClientMessageCountSql } from './domain/messaging';
import { apiEndpoints, featureRouters } from './features';
import { configurePassport } from './features/auth/passport';
import { AssetManifest, BUILD_DIR } from './http/assets';
import { csrfProtection } from './http/csrf';
import { errorHandler, notFound } from './http/error-handler';
import { EventStreams } from './http/event-stream';
import { viewerLoader } from './http/load-viewer';
import { Menu } from './http/menu';
import { PageCache } from './http/page-cache';
import type { PageSources } from './http/render';
import { probeRoutes } from './http/probes';
import { createMetrics } from './http/metrics';
import { DEAD_LETTERS } from './jobs';
import { noStore, refuseDeepJson, refuseNulInAddress, sameOriginPosts } from './http/request-guards';
import { requestLogging } from './http/request-logging';
import { securityHeaders } from './http/security';
import { createSessionMiddleware, enforceSessionLifetime, saveSessionBeforeRedirect } from './http/session';
import { UploadForms } from './http/uploads';
import type { Integrations } from './integrations';
import { LOCAL_STRIPE_PREFIX, localStripePages, servesHostedPages } from './integrations/payments';
import { statusBannerFor } from './presenters';
import { googleCalendarWebhookRouter } from './webhooks/google-calendar';
import { stripeWebhookRouter } from './webhooks/stripe';

/** Static files of public/ (favicon and the like); pages never touch the disk on their way. */
function publicFiles(dir: string): express.RequestHandler {
  const names = new Set(fs.readdirSync(dir).filter((name) => name !== 'build'));
  const serve = express.static(dir, { maxAge: '1d', index: false });
  return (req, res, next) => (names.has(req.path.split('/')[1] ?? '') ? serve(req, res, next) : next());
}

export interface AppDeps {
  config: Config;
  db: Knex;
  databaseUrl: string;
  logger: Logger;
  integrations: Integrations;
  assets?: AssetManifest;
}

export interface PortalApp {
  app: Express;
  changes: ChangeFeed;
  close(): Promise<void>;
}

export function createApp(deps: AppDeps): PortalApp {
  const { config, db, logger } = deps;
  const app = express();
  app.locals.config = config;
  app.locals.assets = deps.assets ?? AssetManifest.load();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  // Hot reads (session, signed-in user, dashboard) are served from memory until the data changes.
  const feed = new ChangeFeed(deps.databaseUrl, logger);
  feed.watchLocalWrites(db);
  if (config.readCache) feed.start();
  const reads = new ReadCache(feed, { maxEntries: 10_000, freeze: config.env !== 'production' });
  // Whole pages too, for the routes that opt in (the dashboard, Plan Management, the calendar).
  const pages = new PageCache(feed);
  app.locals.pageCache = pages;

  const metrics = createMetrics({
    token: config.metricsToken,
    queue: deps.integrations.jobs,
    mirrorQueue: SYNC_CUSTOMER_JOB,
    deadLetterQueue: DEAD_LETTERS,
    openStreams: () => streams.openCount,
    cacheCounts: reads.counts,
    pageCacheCounts: pages.counts,
  });

  app.use(requestLogging(logger));
  app.use(metrics.timing);
  app.use(securityHeaders());
  app.use(compression());
  app.use('/build', express.static(BUILD_DIR, { immutable: true, maxAge: '365d', index: false }));
  app.use(publicFiles(path.join(ROOT_DIR, 'public')));
  app.use(noStore);

  // The directory's JSON API: bearer tokens, no cookies, so it comes before sessions and CSRF.
  app.use(
    API_BASE_PATH,
    apiRouter(
      {
        db,
        ratePerMinute: config.apiRatePerMinute,
        portalUrl: config.portalUrl,
        contractCheck: config.apiContractCheck,
      },
      apiEndpoints({ db, jobs: deps.integrations.jobs }),
    ),
  );
  // Stripe's events: signed, raw bodies, no cookies; before the parsers, sessions and CSRF for the same reasons.
  app.use(stripeWebhookRouter({ db, payments: deps.integrations.payments, jobs: deps.integrations.jobs, logger }));
  // Google Calendar's push notifications: no cookies, no body; the channel's token is the proof.
  app.use(googleCalendarWebhookRouter({ db, jobs: deps.integrations.jobs, logger }));
  // The local card server's hosted pages (checkout, invoices, receipts) at this origin, so that their links
  // outlive the card server's port; never in production. Their forms post to the card server, which reads them.
  if (servesHostedPages(config) && deps.integrations.payments.mode === 'local')
    app.use(LOCAL_STRIPE_PREFIX, localStripePages(deps.integrations.payments));

  app.use(probeRoutes(db, deps.integrations.jobs));
  app.use(metrics.routes);

  app.use(refuseNulInAddress);
  app.use(express.urlencoded({ extended: false, limit: '200kb' }));
  app.use(express.json({ limit: '200kb', verify: refuseDeepJson }));
  const sessions = createSessionMiddleware({
    databaseUrl: deps.databaseUrl,
    secret: config.sessionSecret,
    feed,
    onIdleError: (error) => logger.warn({ err: error }, 'a session database connection was dropped'),
  });
  app.use(sessions.middleware);
  app.use(enforceSessionLifetime);
  app.use(saveSessionBeforeRedirect);
  const auth = configurePassport();
  // compat: false leaves out req._passport, kept only for strategies written for passport 0.4.
  app.use(auth.initialize({ compat: false }));
  app.use(auth.session());

  const uploads = new UploadForms();
  const menu = new Menu();
  // Live streams end with their session and count against one limit per user, in every process.
  const streams = new EventStreams(db, feed, (error, what) => logger.warn({ err: error }, `${what} failed`));
  const features = featureRouters({
    db,
    config,
    integrations: deps.integrations,
    reads,
    throttles: createThrottles(db),
    uploads,
    menu,
    channels: feed,
    streams,
  });
  const pageSources: PageSources = { menu, statusBanner: statusBannerFor };
  app.locals.pageSources = pageSources;
  // Upload forms are multipart: the parsers the routers declared read their own POST routes first, so
  // the CSRF check below can see their _csrf field.
  app.use(uploads.middleware());
  app.use(sameOriginPosts(config.portalUrl));
  app.use(csrfProtection(config.sessionSecret));
  app.use(viewerLoader(viewerSource(db, { unreadMessageCount: unreadClientMessageCountSql }), reads));

  app.use('/marketing', (req, res) => res.redirect(301, `/benefits${req.url}`));
  app.get('/provider-community', (_req, res) => res.redirect(301, '/benefits/provider-community'));
  for (const router of features) app.use(router);

  app.use(notFound);
  app.use(errorHandler);

  return {
    app,
    changes: feed,
    async close() {
      streams.close();
      await feed.close();
      await sessions.close();
    },
  };
}
