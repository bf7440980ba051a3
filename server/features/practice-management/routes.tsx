// /practice-management: Try, set up, log in to or activate the EHR, and the selected profile's EHR booking
// link (spec 3 §2, §4, §7); /dev/ehr, the local EHR's stand-in for its staff (never in production).
//   GET  /practice-management                           the page (?setup=booking-link: the booking link's setup dialog)
//   POST /practice-management/:accountId/clinic         Try / Set Up: the EHR makes the clinic (owners only)
//   POST /practice-management/booking-link/:providerId  status=active|inactive (link_override from the dialog)
// The EHR's failures show the support text of spec 3 §8 and are logged with the request id.
import { Router, type Request, type Response } from 'express';
import type { Viewer } from '../../domain/accounts';
import * as policy from '../../domain/accounts';
import {
  bookingLinkHref,
  changeBookingLink,
  ctaFor,
  factsOf,
  PRACTICE_MANAGEMENT_TEXTS as TEXTS,
  type PracticeManagementFacts,
  refreshClinic,
  stageOf,
  startClinic,
  TRIAL_DAYS,
  bookingLinkOf,
  upgradePath,
} from '../../domain/practice-management';
import { flash } from '../../http/flash';
import { requireSelectedProfile } from '../../http/profile-editing';
import { toId } from '../../http/access';
import { render } from '../../http/render';
import { OUTSIDE_SERVICE_FAILED } from '../../integrations/outside-api';
import { HttpError, NotFoundError, ValidationError } from '../../lib/errors';
import {
  PAGE_PATH,
  PracticeManagementPage,
  SETUP_DIALOG_PATH,
  type PracticeManagementView,
  type SetupDialog,
  type StartForm,
} from '../../../views/pages/practice-management/PracticeManagementPage';
import type { FeatureDeps } from '../deps';
import { devEhrRoutes } from './dev-ehr';
import { dateFormatIn } from '../../../views/components/format';

const TITLE = 'Practice Management';

/** The trial's end as the provider reads it, in their time zone. */
function formatTrialEnd(iso: string | null, timeZone: string): string | null {
  if (!iso) return null;
  try {
    return dateFormatIn(timeZone, { dateStyle: 'long' }).format(new Date(iso));
  } catch {
    return dateFormatIn('America/New_York', { dateStyle: 'long' }).format(new Date(iso));
  }
}

export function practiceManagementRoutes(deps: FeatureDeps): Router {
  const { db, menu, integrations } = deps;
  const ehr = integrations.ehr;
  const router = Router();
  menu.add({
    menu: 'profile',
    order: 10,
    label: 'Practice Management',
    href: PAGE_PATH,
    shown: (viewer) => policy.canSeePracticeManagement(viewer),
    alsoIn: { menu: 'practice', order: 10 },
  });
  const viewerOf = (res: Response): Viewer => res.locals.viewer!;
  const requestIdOf = (req: Request): string | null => (req.id ? String(req.id) : null);

  /** The EHR failed: logged with the request id, the support text for the person. */
  const reportOutsideFailure = (req: Request, error: unknown, what: string) => {
    req.log?.error({ err: error, requestId: req.id }, `practice management: ${what} failed`);
  };

  async function showPage(
    req: Request,
    res: Response,
    options: { start?: StartForm; setup?: SetupDialog | null; status?: number } = {},
  ) {
    const viewer = viewerOf(res);
    const provider = viewer.provider!;
    const now = new Date();
    let facts: PracticeManagementFacts = await factsOf(db, viewer, provider);
    let serviceError: string | null = null;
    try {
      facts = await refreshClinic({ db, ehr }, facts, requestIdOf(req));
    } catch (error) {
      if (error instanceof HttpError) throw error;
      reportOutsideFailure(req, error, 'reading the clinic');
      serviceError = OUTSIDE_SERVICE_FAILED;
    }
    const link = (await bookingLinkOf(db, viewer, provider.id)).link;
    const clinic = facts.clinic;
    const stage = stageOf(facts, now);
    const mayManage = policy.canSeePracticeManagement(viewer, facts.accountId);
    const view: PracticeManagementView = {
      accountId: facts.accountId,
      providerId: provider.id,
      providerName: provider.displayName,
      mayManage,
      stage,
      cta: ctaFor(viewer, facts, now, ehr.signInUrl),
      clinic: clinic && {
        subdomain: clinic.subdomain,
        status: clinic.status,
        link: clinic.link,
        signInUrl: ehr.signInUrl(clinic.subdomain),
        // A practice that pays for practice management has no trial to end: its end date is not shown.
        trialEnd: facts.hasPaidPlan ? null : formatTrialEnd(clinic.trialEnd, provider.timezone),
      },
      trial:
        stage === 'trial' && clinic?.trialEnd
          ? {
              endsAt: clinic.trialEnd,
              timeZone: provider.timezone,
              buyHref: mayManage ? upgradePath(facts.accountId) : null,
            }
          : null,
      trialDays: TRIAL_DAYS,
      addressExample: ehr.signInUrl('your-practice').replace(/^https?:\/\//, ''),
      serviceError,
      // The booking link matters once the account has practice management (a clinic or the paid add-on).
      bookingLink:
        clinic || facts.hasPaidPlan
          ? {
              status: link?.status ?? 'inactive',
              href: bookingLinkHref(link),
              linkOverride: link?.link_override ?? null,
            }
          : null,
    };
    const setup =
      options.setup !== undefined
        ? options.setup
        : req.query.setup === 'booking-link'
          ? { linkOverride: view.bookingLink?.linkOverride ?? '' }
          : null;
    render(req, res, {
      title: setup && view.bookingLink ? 'Set up your EHR booking link' : TITLE,
      status: options.status ?? 200,
      page: <PracticeManagementPage view={view} start={options.start ?? { subdomain: '' }} setup={setup} />,
    });
  }

  router.get(PAGE_PATH, ...requireSelectedProfile, (req, res) => showPage(req, res));

  router.post(`${PAGE_PATH}/:accountId/clinic`, ...requireSelectedProfile, async (req, res) => {
    const viewer = viewerOf(res);
    const accountId = toId(req.params.accountId);
    if (!policy.canSeeAccount(viewer, accountId)) throw new NotFoundError();
    const body = (req.body ?? {}) as Record<string, unknown>;
    const subdomain = typeof body.subdomain === 'string' ? body.subdomain : '';
    try {
      const outcome = await startClinic(
        { db, ehr },
        viewer,
        { accountId, providerId: toId(body.provider_id), subdomain },
        requestIdOf(req),
      );
      flash(
        req,
        outcome === 'exists' ? 'info' : 'success',
        outcome === 'trial' ? TEXTS.trialStarted : outcome === 'bought' ? TEXTS.clinicRequested : TEXTS.alreadyStarted,
      );
    } catch (error) {
      if (error instanceof ValidationError) {
        // The form again, on the account's page, with what was typed and the message beside the field.
        if (viewer.provider?.accountId !== accountId) throw new NotFoundError();
        return showPage(req, res, { start: { subdomain, error: error.fields.subdomain }, status: 422 });
      }
      if (error instanceof HttpError) throw error;
      reportOutsideFailure(req, error, 'creating the clinic');
      flash(req, 'error', OUTSIDE_SERVICE_FAILED);
      if (viewer.provider?.accountId === accountId) return showPage(req, res, { start: { subdomain }, status: 502 });
    }
    res.redirect(303, PAGE_PATH);
  });

  router.post(`${PAGE_PATH}/booking-link/:providerId`, ...requireSelectedProfile, async (req, res) => {
    const viewer = viewerOf(res);
    const providerId = toId(req.params.providerId);
    const body = (req.body ?? {}) as Record<string, unknown>;
    try {
      const outcome = await changeBookingLink(
        { db, ehr },
        viewer,
        { providerId, status: body.status, linkOverride: body.link_override },
        requestIdOf(req),
      );
      if (outcome === 'needs-setup') return res.redirect(303, SETUP_DIALOG_PATH);
      flash(req, 'success', outcome === 'enabled' ? TEXTS.bookingLinkEnabled : TEXTS.bookingLinkDisabled);
    } catch (error) {
      if (error instanceof ValidationError) {
        if (viewer.provider?.id !== providerId) throw error;
        const typed = typeof body.link_override === 'string' ? body.link_override : '';
        return showPage(req, res, {
          setup: { linkOverride: typed, error: error.fields.link_override ?? error.fields.status },
          status: 422,
        });
      }
      if (error instanceof HttpError) throw error;
      reportOutsideFailure(req, error, 'changing the booking link');
      flash(req, 'error', OUTSIDE_SERVICE_FAILED);
    }
    res.redirect(303, PAGE_PATH);
  });

  router.use(devEhrRoutes(deps));
  return router;
}
