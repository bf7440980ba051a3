// /client-list and /client-referrals (spec 3 §2 Full Client List, §6 "Inactive profiles cannot ... see
// referral lists"): the selected profile's referrals, ten per page. The route rule: /client-list for a
// profile with a calendar, /client-referrals for one without; the other address redirects to it.
import { Router, type Request, type Response } from 'express';
import { requireSelectedProfile, selectedProfile } from '../../http/profile-editing';
import { render } from '../../http/render';
import { toId } from '../../http/access';
import * as referrals from '../../domain/referrals';
import { ClientListPage } from '../../../views/pages/client-list/ClientListPage';
import { clientListView } from '../../presenters';
import { recordRead } from '../../domain/read-audit';
import type { FeatureDeps } from '../deps';

const TITLE = 'Full Client List';
const WITH_CALENDAR = '/client-list';
const WITHOUT_CALENDAR = '/client-referrals';

export const clientListPathFor = (provider: { hasCalendar: boolean }) =>
  provider.hasCalendar ? WITH_CALENDAR : WITHOUT_CALENDAR;

export function clientListRoutes({ db, menu }: FeatureDeps): Router {
  const router = Router();
  menu.add({
    menu: 'referrals',
    order: 10,
    label: 'Full Client List',
    href: (viewer) => clientListPathFor(viewer.provider ?? { hasCalendar: false }),
  });

  async function show(req: Request, res: Response) {
    const provider = selectedProfile(res);
    const path = clientListPathFor(provider);
    const requested = toId(req.query.page);
    if (req.path !== path) return res.redirect(303, requested > 1 ? `${path}?page=${requested}` : path);
    if (provider.status !== 'active') {
      return render(req, res, {
        title: TITLE,
        page: <ClientListPage list={null} notLiveStatus={provider.status} path={path} />,
      });
    }
    const page = await referrals.listClients(db, { providerId: provider.id }, requested || 1);
    await recordRead(db, {
      accountId: provider.accountId,
      userId: res.locals.viewer!.user.id,
      action: 'client_list',
      detail: { list: 'profile', providerId: provider.id, page: page.page },
    });
    const list = clientListView(page, {
      timeZone: provider.timezone,
      messageHref: (item) => `/messages/${item.clientId}`,
    });
    render(req, res, { title: TITLE, page: <ClientListPage list={list} notLiveStatus={null} path={path} /> });
  }

  router.get(WITH_CALENDAR, ...requireSelectedProfile, show);
  router.get(WITHOUT_CALENDAR, ...requireSelectedProfile, show);
  return router;
}
