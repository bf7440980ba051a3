// Choosing and switching profiles (spec 1 §4 Switching profiles).
import { Router } from 'express';
import { NotFoundError } from '../../lib/errors';
import { flash } from '../../http/flash';
import { formPost } from '../../http/form-post';
import { SAVE_FAILED } from '../../lib/save-failures';
import { requireSignIn } from '../../http/guards';
import { render } from '../../http/render';
import { pageOf } from '../../lib/paging';
import { ChooseProfilePage } from '../../../views/pages/profiles/ChooseProfilePage';
import { rememberProvider } from '../../domain/accounts';
import type { FeatureDeps } from '../deps';

/** Sort order of spec 1 §9: active 3, reviewing 2, incomplete 1, others -1, inactive -2. */
export const STATUS_ORDER: Record<string, number> = { active: 3, reviewing: 2, incomplete: 1, inactive: -2 };
export function sortProfiles<T extends { status: string; displayName: string }>(providers: T[]): T[] {
  return [...providers].sort(
    (a, b) =>
      (STATUS_ORDER[b.status] ?? -1) - (STATUS_ORDER[a.status] ?? -1) || a.displayName.localeCompare(b.displayName),
  );
}

/** Card links of spec 1 §2: /messages only when live, / when incomplete, else the profile editor. */
export function cardTarget(status: string): { next: string; nextLabel: string } {
  if (status === 'active') return { next: '/messages', nextLabel: 'Open messages' };
  if (status === 'incomplete') return { next: '/', nextLabel: 'Continue setup' };
  return { next: '/profile/general-information', nextLabel: 'Edit profile' };
}
const CARD_TARGETS = new Set(['/messages', '/', '/profile/general-information']);

export const statusLabel = (status: string) =>
  status === 'active' ? 'Profile Live' : status.charAt(0).toUpperCase() + status.slice(1);

export function profileRoutes({ db, menu }: FeatureDeps): Router {
  const router = Router();
  menu.add({
    menu: 'profile',
    order: 50,
    label: 'Switch Profile',
    href: '/profiles',
    shown: (viewer) => viewer.providers.length > 1,
  });

  router.get('/profiles', requireSignIn, (req, res) => {
    const viewer = res.locals.viewer!;
    if (viewer.providers.length === 1) return res.redirect(303, '/');
    const query = typeof req.query.q === 'string' ? req.query.q.trim() : '';
    const matching = sortProfiles(viewer.providers).filter(
      (p) => !query || p.displayName.toLowerCase().includes(query.toLowerCase()),
    );
    const { items, page, pageCount } = pageOf(matching, req.query.page);
    const profiles = items.map((p) => ({
      id: p.id,
      name: p.displayName,
      label: statusLabel(p.status),
      status: p.status,
      inactive: p.status === 'inactive',
      selected: p.id === viewer.provider?.id,
      ...cardTarget(p.status),
    }));
    const inactiveCount = matching.filter((p) => p.status === 'inactive').length;
    render(req, res, {
      title: 'Choose a Profile',
      page: (
        <ChooseProfilePage
          profiles={profiles}
          query={query}
          inactiveCount={inactiveCount}
          page={page}
          pageCount={pageCount}
        />
      ),
    });
  });

  // A switch that could not be remembered changes nothing and says so (spec 1 §8) on Choose a Profile.
  router.post(
    '/profiles/:id/selection',
    requireSignIn,
    formPost(
      SAVE_FAILED,
      (_req, res) => res.redirect(303, '/profiles'),
      async (req, res) => {
        const viewer = res.locals.viewer!;
        const chosen = viewer.providers.find((p) => p.id === Number(req.params.id));
        if (!chosen) throw new NotFoundError();
        await rememberProvider(db, viewer.user.id, chosen.id);
        req.session.providerId = chosen.id;
        flash(req, 'success', `You've switched to ${chosen.displayName}'s profile`);
        res.redirect(303, CARD_TARGETS.has(req.body.next) ? req.body.next : '/');
      },
    ),
  );

  return router;
}
