// The provider's phone consultations (spec 3 §2 Appointments list, §4, §5, §8): the list with its tabs,
// one appointment's panel (also as a bare fragment for the calendar's dialog), its .ics file, and the
// cancel and reschedule posts, which go back where the provider came from (return_to, local paths only).
import { Router, type Request, type Response } from 'express';
import { renderToStaticMarkup } from 'react-dom/server';
import { HttpError, NotFoundError, ValidationError } from '../../lib/errors';
import { flash } from '../../http/flash';
import { controlCharacterErrors } from '../../lib/validation';
import { safeReturnPath } from '../../http/guards';
import { requireSelectedProfile, selectedProfile } from '../../http/profile-editing';
import { render } from '../../http/render';
import * as appointments from '../../domain/appointments';
import { APPOINTMENT_MESSAGES, REQUEST_MESSAGES } from '../../domain/appointments';
import {
  AppointmentPanel,
  type AppointmentFormState,
  type AppointmentPanelView,
} from '../../../views/components/AppointmentPanel';
import { CancelConfirmPage } from '../../../views/pages/appointments/CancelConfirmPage';
import { needsConfirmation } from '../../lib/confirmation';
import { AppointmentPage } from '../../../views/pages/appointments/AppointmentPage';
import { APPOINTMENTS_PATH, AppointmentsPage } from '../../../views/pages/appointments/AppointmentsPage';
import { PageContextReact, type PageContext } from '../../../views/page-context';
import * as readAudit from '../../domain/read-audit';
import type { FeatureDeps } from '../deps';
import { listAppointmentTab, loadAppointmentPanel } from '../../presenters';

const PAGE_SIZE = 50;
const LIST_TITLE = 'Phone Consultations';
const PANEL_TITLE = 'Phone Consultation';
const CANCEL_TITLE = 'Cancel Phone Consultation';

const positiveId = (value: unknown): number | null => {
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : 0;
  return id > 0 ? id : null;
};

const appointmentIdOf = (req: Request): number => {
  const id = positiveId(req.params.appointmentId);
  if (!id) throw new NotFoundError();
  return id;
};

const panelPath = (id: number) => `${APPOINTMENTS_PATH}/${id}`;

/** Where a post goes back to: the posted return_to when it is a path of this site, else the panel's page. */
const returnPathOf = (req: Request, id: number): string => safeReturnPath(req.body?.return_to, panelPath(id));

/** After a cancel the panel closes (spec 3 §4 "cancel closes and reloads"): ?id= leaves the address. */
function withoutPanel(path: string): string {
  const url = new URL(path, 'http://portal.invalid');
  url.searchParams.delete('id');
  return url.pathname + url.search + url.hash;
}

/** What the provider typed, to show again. */
const typedValues = (body: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(body).filter(([key, value]) => key !== '_csrf' && typeof value === 'string'),
  ) as Record<string, string>;

const wantsJson = (req: Request) => req.accepts(['html', 'json']) === 'json';

export function appointmentRoutes({ db, integrations, config }: FeatureDeps): Router {
  const router = Router();
  const guard = requireSelectedProfile;
  const changeDeps: appointments.AppointmentChangeDeps = {
    db,
    outgoing: integrations.outgoing,
    jobs: integrations.jobs,
    brandName: config.brandName,
    clientSiteUrl: config.clientSiteUrl,
  };
  const requestDeps: appointments.RequestAnswerDeps = changeDeps;

  router.get(APPOINTMENTS_PATH, ...guard, async (req, res) => {
    const provider = selectedProfile(res);
    const now = new Date();
    const tab = appointments.isAppointmentTab(req.query.tab) ? req.query.tab : 'upcoming';
    const list = await listAppointmentTab(db, { providerId: provider.id }, tab, {
      page: positiveId(req.query.page) ?? 1,
      pageSize: PAGE_SIZE,
      now,
      timeZone: provider.timezone,
      detailsHref: (id) => `${APPOINTMENTS_PATH}?tab=${tab}&id=${id}#appointment`,
    });
    const id = positiveId(req.query.id);
    // Like the dashboard's ?id=: an id that is not the provider's opens nothing and reveals nothing.
    const appointment = id ? await loadAppointmentPanel(db, provider.id, id, now, config.portalUrl) : null;
    render(req, res, {
      title: LIST_TITLE,
      page: <AppointmentsPage list={list} appointment={appointment} returnTo={req.originalUrl} />,
    });
  });

  async function showPanel(
    req: Request,
    res: Response,
    id: number,
    options: { status?: number; formState?: AppointmentFormState; refusal?: string; returnTo?: string } = {},
  ) {
    const provider = selectedProfile(res);
    const appointment = await loadAppointmentPanel(db, provider.id, id, new Date(), config.portalUrl);
    if (!appointment) throw new NotFoundError();
    const returnTo = options.returnTo ?? panelPath(id);
    render(req, res, {
      title: PANEL_TITLE,
      status: options.status ?? 200,
      page: (
        <AppointmentPage
          appointment={appointment}
          returnTo={returnTo}
          formState={options.formState ?? null}
          refusal={options.refusal ?? null}
        />
      ),
    });
  }

  router.get(`${APPOINTMENTS_PATH}/:appointmentId`, ...guard, async (req, res) => {
    const id = appointmentIdOf(req);
    if (req.query.partial !== '1') return showPanel(req, res, id);
    const provider = selectedProfile(res);
    const appointment = await loadAppointmentPanel(db, provider.id, id, new Date(), config.portalUrl);
    if (!appointment) throw new NotFoundError();
    const returnTo = safeReturnPath(req.query.return_to, `/calendar?id=${id}`);
    res
      .type('html')
      .send(
        renderFragment(
          req,
          <AppointmentPanel appointment={appointment} returnTo={returnTo} closeHref={withoutPanel(returnTo)} />,
        ),
      );
  });

  router.get(`${APPOINTMENTS_PATH}/:appointmentId/ics`, ...guard, async (req, res) => {
    const record = await appointments.findAppointment(
      db,
      { providerId: selectedProfile(res).id },
      appointmentIdOf(req),
    );
    if (!record) throw new NotFoundError();
    await readAudit.recordRead(db, {
      accountId: selectedProfile(res).accountId,
      userId: res.locals.viewer!.user.id,
      action: 'appointment_file',
      clientUserId: record.clientUserId,
      detail: { providerId: record.providerId, appointmentId: record.id, file: appointments.icsFileName(record) },
    });
    res.set('Cache-Control', 'private, no-store');
    res.attachment(appointments.icsFileName(record));
    res
      .type('text/calendar; charset=utf-8')
      .send(
        appointments.appointmentIcs(record, new Date(), appointments.appointmentPageUrl(config.portalUrl, record.id)),
      );
  });

  /** Why a consultation can no longer change, for a page that asks about it. */
  const refusalOf = (a: AppointmentPanelView) =>
    a.legacy
      ? APPOINTMENT_MESSAGES.legacy
      : a.state === 'canceled'
        ? APPOINTMENT_MESSAGES.canceled
        : a.state === 'upcoming' && a.request?.status === 'pending'
          ? APPOINTMENT_MESSAGES.answerFirst
          : APPOINTMENT_MESSAGES.ended;

  /** "Cancel this consultation?": the page that asks before the client is e-mailed (works without JavaScript). */
  async function showCancelQuestion(
    req: Request,
    res: Response,
    id: number,
    options: { returnTo: string; message: string; error?: string; status?: number },
  ) {
    const appointment = await loadAppointmentPanel(db, selectedProfile(res).id, id, new Date(), config.portalUrl);
    if (!appointment) throw new NotFoundError();
    if (!appointment.changeable)
      return showPanel(req, res, id, { status: 409, refusal: refusalOf(appointment), returnTo: options.returnTo });
    render(req, res, {
      title: CANCEL_TITLE,
      status: options.status ?? 200,
      page: (
        <CancelConfirmPage
          question={APPOINTMENT_MESSAGES.cancelQuestion}
          appointment={appointment}
          returnTo={options.returnTo}
          keepHref={options.returnTo}
          message={options.message}
          error={options.error}
        />
      ),
    });
  }

  router.get(`${APPOINTMENTS_PATH}/:appointmentId/cancellation`, ...guard, async (req, res) => {
    const id = appointmentIdOf(req);
    const returnTo = safeReturnPath(req.query.return_to, panelPath(id));
    await showCancelQuestion(req, res, id, { returnTo, message: '' });
  });

  /**
   * Both posts: a form error shows the panel's page again (422) with the messages and the typed values,
   * keeping return_to; a refused change (canceled, ended, legacy) shows it with the reason (409). A cancel
   * not yet confirmed asks "Cancel this consultation?"; a reschedule to an unusual time asks with why.
   */
  function changeRoute(
    form: AppointmentFormState['form'],
    change: typeof appointments.cancelAppointment,
    success: string,
    failure: string,
  ) {
    return async (req: Request, res: Response) => {
      const id = appointmentIdOf(req);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const returnTo = returnPathOf(req, id);
      try {
        // A NUL byte in any field is the input's fault (PostgreSQL cannot store it): its field's message.
        const refused = controlCharacterErrors(body);
        if (Object.keys(refused).length) throw new ValidationError(refused);
        const outcome = await change(changeDeps, { providerId: selectedProfile(res).id }, id, body, new Date());
        if (needsConfirmation(outcome)) {
          if (wantsJson(req))
            return res
              .status(409)
              .json({ message: outcome.question, confirm: true, warnings: outcome.details.warnings });
          if (form === 'cancel')
            return showCancelQuestion(req, res, id, { returnTo, message: typedValues(body).cancel_message ?? '' });
          return showPanel(req, res, id, {
            formState: {
              form,
              values: typedValues(body),
              errors: {},
              question: { text: outcome.question, ...outcome.details },
            },
            returnTo,
          });
        }
      } catch (error) {
        if (error instanceof ValidationError) {
          if (wantsJson(req)) return res.status(422).json({ message: error.message, errors: error.fields });
          // A note too long on the question's page comes back there.
          if (form === 'cancel' && body.confirmed !== undefined)
            return showCancelQuestion(req, res, id, {
              returnTo,
              message: typedValues(body).cancel_message ?? '',
              error: error.fields.cancel_message,
              status: 422,
            });
          return showPanel(req, res, id, {
            status: 422,
            formState: { form, values: typedValues(body), errors: error.fields },
            returnTo,
          });
        }
        if (error instanceof appointments.AppointmentLockedError && !wantsJson(req))
          return showPanel(req, res, id, { status: 409, refusal: error.message, returnTo });
        if (error instanceof HttpError || wantsJson(req)) throw error;
        // Spec 3 §8: the failure's own text, on the panel, with what the provider typed kept.
        req.log?.error({ err: error }, `appointment ${form} failed`);
        flash(req, 'error', failure);
        return showPanel(req, res, id, {
          status: 500,
          formState: { form, values: typedValues(body), errors: {} },
          returnTo,
        });
      }
      const next = form === 'cancel' ? withoutPanel(returnTo) : returnTo;
      if (wantsJson(req)) return res.json({ message: success, next });
      flash(req, 'success', success);
      res.redirect(303, next);
    };
  }

  router.post(
    `${APPOINTMENTS_PATH}/:appointmentId/cancellation`,
    ...guard,
    changeRoute(
      'cancel',
      appointments.cancelAppointment,
      APPOINTMENT_MESSAGES.cancelled,
      APPOINTMENT_MESSAGES.cancelFailed,
    ),
  );
  router.post(
    `${APPOINTMENTS_PATH}/:appointmentId/reschedule`,
    ...guard,
    changeRoute(
      'reschedule',
      appointments.rescheduleAppointment,
      APPOINTMENT_MESSAGES.rescheduled,
      APPOINTMENT_MESSAGES.rescheduleFailed,
    ),
  );

  /**
   * A request's answer (approve-before-confirm, issue [23]): Accept, or Decline with an optional note. A
   * note too long comes back in the panel (422) with what was typed; a request already answered or past
   * its deadline shows the panel with the reason (409).
   */
  function answerRoute(answer: 'accept' | 'decline') {
    return async (req: Request, res: Response) => {
      const id = appointmentIdOf(req);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const returnTo = returnPathOf(req, id);
      const owner = { providerId: selectedProfile(res).id };
      try {
        const refused = controlCharacterErrors(body);
        if (Object.keys(refused).length) throw new ValidationError(refused);
        if (answer === 'accept') await appointments.acceptRequest(requestDeps, owner, id, new Date());
        else await appointments.declineRequest(requestDeps, owner, id, body, new Date());
      } catch (error) {
        if (error instanceof ValidationError)
          return showPanel(req, res, id, {
            status: 422,
            formState: { form: 'decline', values: typedValues(body), errors: error.fields },
            returnTo,
          });
        if (error instanceof appointments.RequestClosedError)
          return showPanel(req, res, id, { status: 409, refusal: error.message, returnTo });
        throw error;
      }
      flash(req, 'success', answer === 'accept' ? REQUEST_MESSAGES.accepted : REQUEST_MESSAGES.declined);
      res.redirect(303, returnTo);
    };
  }

  router.post(`${APPOINTMENTS_PATH}/:appointmentId/acceptance`, ...guard, answerRoute('accept'));
  router.post(`${APPOINTMENTS_PATH}/:appointmentId/decline`, ...guard, answerRoute('decline'));

  return router;
}

/** The panel alone, for the calendar's dialog: the same markup as in a page, with the request's CSRF token. */
function renderFragment(req: Request, element: React.ReactElement): string {
  const context: PageContext = {
    brand: '',
    path: req.path,
    csrfToken: typeof req.csrfToken === 'function' ? req.csrfToken() : '',
    flash: [],
    signedIn: true,
    userName: null,
    provider: null,
    sideMenu: [],
    profileMenu: [],
    sideMenuCollapsed: false,
    unreadMessages: false,
    statusBanner: null,
  };
  return renderToStaticMarkup(<PageContextReact.Provider value={context}>{element}</PageContextReact.Provider>);
}
