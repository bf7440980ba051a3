// Every route of the spec answers from day one. Routes whose feature is not built yet are listed here
// and show an honest "coming soon" page; each feature removes its lines when it lands.
import { Router, type RequestHandler } from 'express';
import type { Knex } from 'knex';
import { requireSignIn } from '../../http/guards';
import { requireReachableIds, requireRolePage } from '../../http/access';
import { viewerReach } from '../../domain/providers';
import * as policy from '../../domain/accounts';
import { render, type LayoutName } from '../../http/render';
import { ComingSoonPage } from '../../../views/pages/coming-soon/ComingSoonPage';
import type { FeatureDeps } from '../deps';

interface PlannedRoute { path: string; title: string; signedIn: boolean; layout?: LayoutName }

const publicRoute = (path: string, title: string): PlannedRoute => ({ path, title, signedIn: false, layout: 'plain' });
const memberRoute = (path: string, title: string, layout: LayoutName = 'dashboard'): PlannedRoute => ({ path, title, signedIn: true, layout });

export const PLANNED_ROUTES: PlannedRoute[] = [
  publicRoute('/zpm-signup', 'Practice Management Sign Up'),
  publicRoute('/zpm-signup/iframe-test', 'Practice Management Sign Up'),
  memberRoute('/practice-management', 'Practice Management'),
  memberRoute('/practice-management-post-message-test', 'Practice Management Test'),
];

/** The access checks a placeholder already owes its future page (policy: server/domain/accounts/policy.ts). */
function guardsFor(route: PlannedRoute, db?: Knex): RequestHandler[] {
  if (!route.signedIn) return [];
  const guards: RequestHandler[] = [requireSignIn];
  // First: an id of someone else's provider or account is not found, even on a placeholder.
  if (db && /:(providerId|accountId)\b/.test(route.path)) guards.push(requireReachableIds(viewerReach(db)));
  if (route.path === '/referral-data') guards.push(requireRolePage(policy.canExportReferrals, route.title, policy.RESOURCE_DENIED));
  if (route.path.startsWith('/practice-inbox')) guards.push(requireRolePage(policy.canUsePracticeInbox, route.title, policy.RESOURCE_DENIED));
  return guards;
}

export function comingSoonRoutes({ db, menu }: FeatureDeps): Router {
  const router = Router();
  menu.add(
    // Pages of spec 3 not built yet: their entries move to the features that build them.
    { menu: 'profile', order: 10, label: 'Practice Management', href: '/practice-management', shown: (viewer) => policy.canSeePracticeManagement(viewer) },
  );
  for (const route of PLANNED_ROUTES) {
    const show: RequestHandler = (req, res) =>
      render(req, res, { title: route.title, layout: route.layout, page: <ComingSoonPage what={`The ${route.title} page`} /> });
    router.get(route.path, ...guardsFor(route, db), show);
  }
  return router;
}
