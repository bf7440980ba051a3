// The signed-in home (/) and the card events (POST /event/{providerId}/log-event, spec 2 §7 Events).
import { Router } from 'express';
import {
  DashboardPage,
  NoProfilePage,
  type PrerenderedSections,
  prerenderSections,
} from '../../../views/pages/dashboard/DashboardPage';
import * as policy from '../../domain/accounts';
import { owedPaymentsOf, owedSentence } from '../../domain/billing';
import { addOnButtonsFor } from '../../domain/practice-management';
import { homeRedirect } from '../../domain/providers';
import { requireSignIn } from '../../http/guards';
import { cachedPage } from '../../http/page-cache';
import { publicProfileUrl } from '../../http/navigation';
import { render } from '../../http/render';
import { NotFoundError } from '../../lib/errors';
import type { FeatureDeps } from '../deps';
import { ANNOUNCEMENTS, BLOG_POSTS, blogPostUrl } from './content';
import { dashboardFunnel, dashboardView, logCtaEvent } from './service';

const positiveId = (value: unknown): number | null => {
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : 0;
  return id > 0 ? id : null;
};

export function dashboardRoutes({ db, reads, menu, config, integrations }: FeatureDeps): Router {
  const router = Router();
  menu.add(
    { menu: 'dashboard', order: 0, label: 'Dashboard', href: '/' },
    {
      menu: 'view-profile',
      order: 0,
      label: 'View Profile',
      external: true,
      shown: (viewer) =>
        Boolean(viewer.provider && ['active', 'reviewing', 'pending'].includes(viewer.provider.status)),
      href: (viewer) => publicProfileUrl(config.publicProfileBaseUrl, viewer.provider!),
    },
  );
  // The static sections are the same for every request of this app (its config is fixed): rendered once.
  let sections: PrerenderedSections | undefined;
  const staticSections = (clientSiteUrl: string): PrerenderedSections =>
    (sections ??= prerenderSections(
      ANNOUNCEMENTS,
      BLOG_POSTS.map((post) => ({ title: post.title, summary: post.summary, href: blogPostUrl(clientSiteUrl, post) })),
    ));

  router.get('/', requireSignIn, cachedPage, async (req, res) => {
    const { provider } = res.locals.viewer!;
    if (!provider) {
      // Staff of a practice (a team invitation's role, no profile of their own) start at their role's page.
      const staffHome = policy.canUsePracticeInbox(res.locals.viewer!)
        ? '/practice-inbox'
        : policy.canExportReferrals(res.locals.viewer!)
          ? '/referral-data'
          : null;
      if (staffHome) return res.redirect(303, staffHome);
      return render(req, res, { title: 'Dashboard', page: <NoProfilePage />, status: 403 });
    }
    // An incomplete profile made with the new wizard, not exited, continues the wizard (spec 1 §4).
    const wizard = await homeRedirect(db, provider);
    if (wizard) return res.redirect(303, wizard);
    const viewer = res.locals.viewer!;
    const view = await dashboardView(
      db,
      reads,
      provider,
      new Date(),
      positiveId(req.query.id),
      async () => policy.canStartMembership(viewer, provider, await policy.planAccountsOf(db, viewer.user.id)),
      config.portalUrl,
    );
    // Spec 1 §2: the onboarding screen comes with a collapsed side menu; like a person's own choice,
    // it is remembered, and the toggle opens it again.
    if (view.onboarding) req.session.sideMenuCollapsed = true;
    // The add-ons' buttons (spec 1 §2) depend on the viewer's roles: read fresh, never from the dashboard's cache.
    const addOns = view.onboarding
      ? null
      : await addOnButtonsFor(db, integrations.ehr.signInUrl, viewer, provider, new Date(), { reads });
    // A failed membership payment (issue [18] item 8), to whom may pay it. The billing tables are watched:
    // a payment or a card event empties the cache at once.
    const owed = policy.canManageBilling(viewer, provider)
      ? await reads.read(`owed-payments:${provider.accountId}`, 60_000, () => owedPaymentsOf(db, provider.accountId))
      : [];
    // The referral funnel of an active profile past onboarding (where the widgets are).
    const funnel = view.widgets ? await dashboardFunnel(db, reads, viewer, provider, new Date()) : null;
    render(req, res, {
      title: 'Dashboard',
      page: (
        <DashboardPage
          view={view}
          sections={staticSections(config.clientSiteUrl)}
          addOns={addOns}
          paymentDue={owed.map(owedSentence)}
          membershipActive={provider.hasPaidPlan}
          funnel={funnel}
        />
      ),
    });
  });

  // A card followed (→ its link) or dismissed (→ back to /), as a plain form post; islands may send JSON.
  router.post('/event/:providerId/log-event', requireSignIn, async (req, res) => {
    const providerId = positiveId(req.params.providerId);
    if (!providerId) throw new NotFoundError();
    const body = (req.body ?? {}) as Record<string, unknown>;
    const data = (body.data && typeof body.data === 'object' ? body.data : {}) as Record<string, unknown>;
    const next = await logCtaEvent(db, res.locals.viewer!, providerId, {
      type: body.type,
      action: body.action ?? data.action,
      card_name: body.card_name ?? data.card_name,
    });
    if (req.accepts(['html', 'json']) === 'json') return res.json({ next });
    res.redirect(303, next);
  });

  return router;
}
