// /dev/ehr: the local EHR's stand-in for the EHR's own staff and system (never in production, and only
// while the local EHR answers): it lists the local clinics and booking pages, finishes a clinic's setup
// (pending → active), ends a trial now, and marks a provider's booking page ready or not. Ids come in the
// form's body: these are the EHR's records, not an account's.
import { Router, type RequestHandler } from 'express';
import { flash } from '../../http/flash';
import { toId } from '../../http/access';
import { render } from '../../http/render';
import {
  endLocalTrialNow,
  finishLocalClinicSetup,
  localEhrState,
  setLocalBookingPageReady,
} from '../../integrations/ehr';
import { NotFoundError } from '../../lib/errors';
import { LOCAL_EHR_PATH, LocalEhrPage } from '../../../views/pages/practice-management/LocalEhrPage';
import type { FeatureDeps } from '../deps';

export function devEhrRoutes({ db, config, integrations }: FeatureDeps): Router {
  const router = Router();
  const localOnly: RequestHandler = (_req, _res, next) =>
    next(config.env === 'production' || integrations.ehr.provider !== 'local' ? new NotFoundError() : undefined);
  const clinicIdOf = (body: unknown) => {
    const value = (body as Record<string, unknown> | undefined)?.clinic_id;
    return typeof value === 'string' && value.length <= 100 ? value : '';
  };

  router.get(LOCAL_EHR_PATH, localOnly, async (req, res) => {
    const state = await localEhrState(db, config);
    render(req, res, {
      title: 'Local EHR',
      layout: res.locals.viewer ? 'dashboard' : 'plain',
      page: <LocalEhrPage state={state} />,
    });
  });

  router.post(`${LOCAL_EHR_PATH}/clinic-setup`, localOnly, async (req, res) => {
    const done = await finishLocalClinicSetup(db, clinicIdOf(req.body));
    flash(req, done ? 'success' : 'error', done ? 'The clinic is set up.' : 'There is no such clinic.');
    res.redirect(303, LOCAL_EHR_PATH);
  });

  router.post(`${LOCAL_EHR_PATH}/trial-end`, localOnly, async (req, res) => {
    const done = await endLocalTrialNow(db, clinicIdOf(req.body));
    flash(req, done ? 'success' : 'error', done ? 'The trial has ended.' : 'That clinic has no trial.');
    res.redirect(303, LOCAL_EHR_PATH);
  });

  router.post(`${LOCAL_EHR_PATH}/booking-pages`, localOnly, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const providerId = toId(body.provider_id);
    if (!providerId) {
      flash(req, 'error', 'Enter a provider id.');
      return res.redirect(303, LOCAL_EHR_PATH);
    }
    const ready = body.ready !== '0';
    await setLocalBookingPageReady(db, providerId, ready);
    flash(
      req,
      'success',
      ready
        ? `The booking page of provider ${providerId} is ready.`
        : `The booking page of provider ${providerId} is not ready.`,
    );
    res.redirect(303, LOCAL_EHR_PATH);
  });

  return router;
}
