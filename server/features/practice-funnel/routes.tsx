// /practice/funnel (issue [22] item 3): an owner sees each profile of the account with its referral funnel
// for one month (?month=YYYY-MM, the current month by default), 20 profiles a page (?page=), and the
// practice's totals over every profile. Everyone else sees spec 1 §6's refusal, as on /practice/team.
// Months are the practice profile's time zone's.
import { Router } from 'express';
import * as accounts from '../../domain/accounts';
import { timeZoneLabel } from '../../domain/calendar';
import { accountProfiles, providerTimeZone } from '../../domain/providers';
import * as funnels from '../../domain/referral-funnel';
import { requireRolePage } from '../../http/access';
import { requireSignIn } from '../../http/guards';
import { render } from '../../http/render';
import { pageOf } from '../../lib/paging';
import { figuresView, monthLabel } from '../../presenters';
import { PRACTICE_FUNNEL_PATH, PracticeFunnelPage } from '../../../views/pages/practice-funnel/PracticeFunnelPage';
import type { FeatureDeps } from '../deps';

const TITLE = 'Referral Funnel';
const DEFAULT_ZONE = 'America/New_York';
/** The months the form offers, the current one first. */
const MONTHS_OFFERED = 24;

export function practiceFunnelRoutes({ db, menu, reads }: FeatureDeps): Router {
  const router = Router();
  menu.add({
    menu: 'profile',
    order: 67,
    label: 'Referral Funnel',
    href: PRACTICE_FUNNEL_PATH,
    shown: (viewer) => accounts.canManageTeam(viewer),
    alsoIn: { menu: 'practice', order: 45 },
  });
  const guard = [requireSignIn, requireRolePage((v) => accounts.canManageTeam(v), TITLE, accounts.RESOURCE_DENIED)];

  router.get(PRACTICE_FUNNEL_PATH, ...guard, async (req, res) => {
    const viewer = res.locals.viewer!;
    const accountId = accounts.teamAccountOf(viewer);
    const profiles = await accountProfiles(db, accountId);
    // The practice's own profile comes first (accountProfiles' order): its zone is the practice's.
    const timeZone = (profiles[0] && (await providerTimeZone(db, profiles[0].id))) || DEFAULT_ZONE;
    const now = new Date();
    const offered = funnels.monthsEndingIn(funnels.monthOf(now, timeZone), MONTHS_OFFERED).reverse();
    // Only a month the form offers is read; anything else shows the current month.
    const asked = funnels.parseMonth(req.query.month);
    const month = offered.find((m) => asked && funnels.monthKey(m) === funnels.monthKey(asked)) ?? offered[0]!;
    // Every profile is read (the totals are the practice's); a page of them is shown.
    const shown = pageOf(profiles, req.query.page);
    const monthParam = funnels.monthKey(month);
    // From the read cache, as the dashboard's: every profile's month is a few thousand rows to count.
    const providerIds = profiles.map((p) => p.id);
    const funnel = await reads.read(
      `practice-funnel:${accountId}:${timeZone}:${monthParam}`,
      funnels.FUNNEL_CACHE_MS,
      () => funnels.referralFunnel(db, { providerIds, months: [month], timeZone, now }),
    );
    render(req, res, {
      title: TITLE,
      page: (
        <PracticeFunnelPage
          month={monthParam}
          monthLabel={monthLabel(month)}
          months={offered.map((m) => ({ value: funnels.monthKey(m), label: monthLabel(m) }))}
          rows={shown.items.map((p) => ({
            key: String(p.id),
            label: p.status === 'active' ? p.name : `${p.name} (${p.status})`,
            figures: figuresView(funnel.profiles.get(p.id)![0]!),
          }))}
          total={{ key: 'total', label: 'All profiles', figures: figuresView(funnel.total[0]!) }}
          timeZoneLabel={timeZoneLabel(timeZone)}
          page={shown.page}
          pageCount={shown.pageCount}
          pageHref={(n) => `${PRACTICE_FUNNEL_PATH}?month=${monthParam}${n > 1 ? `&page=${n}` : ''}`}
        />
      ),
    });
  });

  return router;
}
