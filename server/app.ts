// createApp(deps): the whole portal as an Express app. It never listens; main.ts and the tests do.
import compression from 'compression';
import express, { type Express } from 'express';
import type { Knex } from 'knex';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config';
import { ChangeFeed } from './db/change-feed';
import { ROOT_DIR } from './db/knex';
import { ReadCache } from './db/read-cache';
import { accountPreferencesRoutes } from './features/account-preferences/routes';
import { authRoutes } from './features/auth/routes';
import { availabilityLocationsRoutes } from './features/availability-locations/routes';
import { createThrottles } from './domain/accounts';
import { configurePassport } from './features/auth/passport';
import { comingSoonRoutes } from './features/coming-soon/routes';
import { dashboardRoutes } from './features/dashboard/routes';
import { generalInformationRoutes } from './features/general-information/routes';
import { devRoutes } from './features/dev/routes';
import { devClientRoutes } from './features/dev-client/routes';
import { onboardingRoutes } from './features/onboarding/routes';
import { photoUploadParser } from './domain/images';
import { groupAndProviderImageParser } from './domain/images';
import { photosVideoRoutes, photosVideoUploads } from './features/photos-video/routes';
import { therapyGroupRoutes } from './features/therapy-groups/routes';
import { testimonialRoutes } from './features/testimonials/routes';
import { practiceProviderRoutes } from './features/practice-providers/routes';
import { profileCreationRoutes } from './features/profile-creation/routes';
import { profileRoutes } from './features/profiles/routes';
import { signupRoutes } from './features/signup/routes';
import { insuranceFeesRoutes } from './features/insurance-fees/routes';
import { supportRoutes } from './features/support/routes';
import { uiRoutes } from './features/ui/routes';
import { vettingRoutes } from './features/vetting/routes';
import { benefitRoutes } from './features/benefits/routes';
import { tipsRoutes } from './features/tips/routes';
import { contactRoutes } from './features/contact/routes';
import { specialtiesRoutes } from './features/specialties/routes';
import { clienteleApproachRoutes } from './features/clientele-approach/routes';
import { messageStatementRoutes } from './features/message-statement/routes';
import { educationEmploymentRoutes } from './features/education-employment/routes';
import { apiRouter } from './api';
import { AssetManifest, BUILD_DIR } from './http/assets';
import { errorHandler, notFound } from './http/error-handler';
import { viewerLoader } from './http/load-viewer';
import { requestLogging } from './http/request-logging';
import { csrfProtection } from './http/csrf';
import { noStore, sameOriginPosts } from './http/request-guards';
import { securityHeaders } from './http/security';
import { createSessionMiddleware, enforceSessionLifetime, saveSessionBeforeRedirect } from './http/session';
import type { Integrations } from './integrations';

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

export interface PortalApp { app: Express; changes: ChangeFeed; close(): Promise<void> }

export function createApp(deps: AppDeps): PortalApp {
  const { config, db, logger } = deps;
  const app = express();
  app.locals.config = config;
  app.locals.assets = deps.assets ?? AssetManifest.load();
  app.locals.integrations = deps.integrations;
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  // Hot reads (session, signed-in user, dashboard) are served from memory until the data changes.
  const feed = new ChangeFeed(deps.databaseUrl, logger);
  feed.watchLocalWrites(db);
  if (config.readCache) feed.start();
  const reads = new ReadCache(feed, { maxEntries: 10_000, freeze: config.env !== 'production' });

  app.use(requestLogging(logger));
  app.use(securityHeaders());
  app.use(compression());
  app.use('/build', express.static(BUILD_DIR, { immutable: true, maxAge: '365d', index: false }));
  app.use(publicFiles(path.join(ROOT_DIR, 'public')));
  app.use(noStore);

  // The directory's JSON API: bearer tokens, no cookies, so it comes before sessions and CSRF.
  app.use('/api/v1', apiRouter({ db, ratePerMinute: config.apiRatePerMinute }));

  app.get('/healthz', async (_req, res) => {
    // A database that does not answer within 2 s counts as down: a health check must not hang on the
    // pool's own (minute-long) wait for a connection.
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('database timeout')), 2_000)));
    try {
      await Promise.race([db.raw('select 1'), timeout]);
      res.json({ status: 'ok' });
    } catch {
      res.status(503).json({ status: 'unavailable' });
    } finally {
      clearTimeout(timer);
    }
  });

  app.use(express.urlencoded({ extended: false, limit: '200kb' }));
  app.use(express.json({ limit: '200kb' }));
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

  // Upload forms are multipart: each feature's parser (features/images/upload.ts) reads its own POST
  // routes first, so the CSRF check below can see their _csrf field.
  app.use(photoUploadParser());
  app.use(groupAndProviderImageParser());
  app.use(photosVideoUploads());
  app.use(sameOriginPosts(config.portalUrl));
  app.use(csrfProtection(config.sessionSecret));
  app.use(viewerLoader(db, reads));
  app.use(onboardingRoutes({ db, integrations: deps.integrations, config }));

  app.use('/marketing', (req, res) => res.redirect(301, `/benefits${req.url}`));
  app.get('/provider-community', (_req, res) => res.redirect(301, '/benefits/provider-community'));

  const throttles = createThrottles(db);
  app.use(authRoutes({ db, integrations: deps.integrations, config, throttles }));
  app.use(accountPreferencesRoutes({ db, integrations: deps.integrations, config, throttles }));
  app.use(dashboardRoutes(db, reads));
  app.use(profileRoutes(db));
  app.use(profileCreationRoutes({ db, integrations: deps.integrations, config }));
  app.use(signupRoutes({ db, integrations: deps.integrations, config, throttles }));
  app.use(messageStatementRoutes(db));
  app.use(educationEmploymentRoutes(db));
  app.use(insuranceFeesRoutes({ db }));
  app.use(supportRoutes({ db, config, integrations: deps.integrations }));
  app.use(generalInformationRoutes({ db, integrations: deps.integrations }));
  app.use(specialtiesRoutes({ db }));
  app.use(clienteleApproachRoutes({ db }));
  app.use(therapyGroupRoutes({ db, integrations: deps.integrations }));
  app.use(testimonialRoutes(db));
  app.use(practiceProviderRoutes({ db, integrations: deps.integrations }));
  app.use(availabilityLocationsRoutes(db));
  app.use(photosVideoRoutes({ db, config, integrations: deps.integrations }));
  app.use(vettingRoutes(db));
  app.use(benefitRoutes({ db, config }));
  app.use(tipsRoutes({ config }));
  app.use(contactRoutes({ db, config, integrations: deps.integrations }));
  app.use(uiRoutes());
  app.use(devRoutes(db, config, deps.integrations));
  app.use(devClientRoutes(db, config));
  app.use(comingSoonRoutes(db));

  app.use(notFound);
  app.use(errorHandler);

  return {
    app,
    changes: feed,
    async close() {
      await feed.close();
      await sessions.close();
    },
  };
}
