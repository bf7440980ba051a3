// The signed-in home (/).
import { Router } from 'express';
import { requireSignIn } from '../../http/guards';
import { render } from '../../http/render';
import { DashboardPage, NoProfilePage } from '../../../views/pages/dashboard/DashboardPage';
import { greetingFor } from './greeting';

export function dashboardRoutes(): Router {
  const router = Router();
  router.get('/', requireSignIn, async (req, res) => {
    const { provider } = res.locals.viewer!;
    if (!provider) return render(req, res, { title: 'Dashboard', page: <NoProfilePage />, status: 403 });
    const name = provider.type === 'practice' ? provider.companyName ?? provider.displayName : provider.firstName ?? provider.displayName;
    render(req, res, {
      title: 'Dashboard',
      page: <DashboardPage greeting={greetingFor(new Date(), provider.timezone)} name={name} status={provider.status} />,
    });
  });
  return router;
}
