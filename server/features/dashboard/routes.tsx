// The signed-in home (/).
import { Router } from 'express';
import type { Knex } from 'knex';
import { requireSignIn } from '../../http/guards';
import { render } from '../../http/render';
import { DashboardPage, NoProfilePage } from '../../../views/pages/dashboard/DashboardPage';
import { greetingFor } from './greeting';
import { homeRedirect } from '../onboarding/service';

export function dashboardRoutes(db: Knex): Router {
  const router = Router();
  router.get('/', requireSignIn, async (req, res) => {
    const { provider } = res.locals.viewer!;
    if (!provider) return render(req, res, { title: 'Dashboard', page: <NoProfilePage />, status: 403 });
    // An incomplete profile made with the new wizard, not exited, continues the wizard (spec 1 §4).
    const wizard = await homeRedirect(db, provider);
    if (wizard) return res.redirect(303, wizard);
    const name = provider.type === 'practice' ? provider.companyName ?? provider.displayName : provider.firstName ?? provider.displayName;
    render(req, res, {
      title: 'Dashboard',
      page: <DashboardPage greeting={greetingFor(new Date(), provider.timezone)} name={name} status={provider.status} />,
    });
  });
  return router;
}
