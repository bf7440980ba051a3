// Developer pages: /dev/outbox, /dev/jobs and /dev/components (never in production). /developer-tools is a feature of its own.
import { type RequestHandler, Router } from 'express';
import { ComponentsPage } from '../../../views/pages/dev/ComponentsPage';
import { JobsPage } from '../../../views/pages/dev/JobsPage';
import { OutboxPage } from '../../../views/pages/dev/OutboxPage';
import { flash } from '../../http/flash';
import { render } from '../../http/render';
import { listSent } from '../../integrations/sent-messages';
import { listJobs } from '../../jobs';
import { NotFoundError } from '../../lib/errors';
import type { FeatureDeps } from '../deps';

export function devRoutes({ db, config, integrations }: FeatureDeps): Router {
  const router = Router();
  const localOnly: RequestHandler = (_req, _res, next) =>
    next(config.env === 'production' ? new NotFoundError() : undefined);

  router.get('/dev/jobs', localOnly, async (req, res) => {
    const { jobs, scheduled, counts } = await listJobs(db);
    const item = (job: (typeof jobs)[number]) => ({
      ...job,
      createdAt: job.createdAt.toISOString(),
      startAfter: job.startAfter.toISOString(),
      finishedAt: job.finishedAt?.toISOString() ?? null,
    });
    render(req, res, {
      title: 'Jobs',
      layout: res.locals.viewer ? 'dashboard' : 'plain',
      page: <JobsPage jobs={jobs.map(item)} scheduled={scheduled.map(item)} counts={counts} />,
    });
  });

  router.post('/dev/jobs/run', localOnly, async (req, res) => {
    const ran = await integrations.jobs.runDue({ db, integrations, config, logger: req.log });
    flash(req, 'success', `${ran} ${ran === 1 ? 'job' : 'jobs'} ran.`);
    res.redirect(303, '/dev/jobs');
  });

  router.get('/dev/components', localOnly, (req, res) => {
    render(req, res, {
      title: 'Components',
      layout: res.locals.viewer ? 'dashboard' : 'plain',
      page: <ComponentsPage />,
    });
  });

  // Where the example dialog's confirming post lands.
  router.post('/dev/components', localOnly, (req, res) => {
    flash(req, 'info', 'The dialog posted again with confirmed=1.');
    res.redirect(303, '/dev/components');
  });

  router.get('/dev/outbox', async (req, res) => {
    if (config.env === 'production') throw new NotFoundError();
    const rows = await listSent(db);
    const items = rows.map((row) => ({ ...row, sentAt: row.created_at.toISOString() }));
    render(req, res, {
      title: 'Outbox',
      layout: res.locals.viewer ? 'dashboard' : 'plain',
      page: <OutboxPage items={items} />,
    });
  });

  return router;
}
