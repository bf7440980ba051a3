// /calendar (spec 3 §2 Calendar page, §4 Calendar, §8 flashes): the page, the week as JSON for the grid,
// the settings, and the availability editor (new, edit, delete, restore). Thin: parse, one service call,
// then a 303 with a flash, or the form again (422) with the messages beside the fields and the typed values.
import { Router, type Request, type Response } from 'express';
import { NotFoundError } from '../../lib/errors';
import { flash } from '../../http/flash';
import { formPost } from '../../http/form-post';
import { requireSelectedProfile } from '../../http/profile-editing';
import { cachedPage } from '../../http/page-cache';
import { render } from '../../http/render';
import { isChecked } from '../../lib/form';
import { needsConfirmation, type ConfirmationNeeded } from '../../lib/confirmation';
import type { Viewer } from '../../domain/accounts';
import { loadAppointmentPanel } from '../../presenters';
import * as calendar from '../../domain/calendar';
import { CALENDAR_MESSAGES, type CalendarState } from '../../domain/calendar';
import { AppointmentPanel } from '../../../views/components/AppointmentPanel';
import { ConfirmStep } from '../../../views/components/ui/ConfirmStep';
import {
  AVAILABILITY_PATH,
  CALENDAR_PATH,
  CalendarPage,
  NoCalendarPage,
} from '../../../views/pages/calendar/CalendarPage';
import {
  AvailabilityEditor,
  AvailabilityEditorPage,
  ExternalBlockPage,
  type EditorView,
} from '../../../views/pages/calendar/AvailabilityEditorPage';
import type { FeatureDeps } from '../deps';
import * as service from './service';
import { renderPartial, wantsPartial } from './partial';
import {
  calendarPageView,
  editEditorView,
  EXTERNAL_TITLE,
  externalBlockView,
  gridWeekOf,
  isDateKey,
  kindOf,
  NEW_PATH,
  newBlockFields,
  newEditorView,
  storedFields,
  typedFields,
  WEEK_JSON_PATH,
  weekHref,
  zoneChangeView,
} from './view-model';
import { ZoneChangePage } from '../../../views/pages/calendar/ZoneChangePage';
import { BookingRulesPage } from '../../../views/pages/calendar/BookingRulesPage';
import { BOOKING_RULES_PATH } from '../../../views/pages/calendar/view';
import * as appointments from '../../domain/appointments';
import {
  bookingRulesPageView,
  clientSlotsOfWeek,
  clientSlotsView,
  rulesOf,
  rulesSummary,
  saveRules,
} from './booking-rules';

export const PAGE_TITLE = 'Call Calendar';
const SAVE_FAILED = 'Sorry, we could not update your calendar. Please try again.';
const DELETE_TITLE = 'Delete Availability';
const ZONE_CHANGE_TITLE = 'Change Time Zone';
const BOOKING_RULES_TITLE = 'Booking Rules';
const BOOKING_LINK_HIDDEN =
  'Your booking link is hidden. Clients book phone consultations with you through your call calendar again.';

export function calendarRoutes({ db, menu, config }: FeatureDeps): Router {
  const router = Router();
  menu.add({
    menu: 'referrals',
    order: 20,
    label: 'Call Calendar',
    href: CALENDAR_PATH,
    shown: (viewer) => Boolean(viewer.provider?.hasCalendar),
  });
  const guard = requireSelectedProfile;
  const viewerOf = (res: Response): Viewer => res.locals.viewer!;

  const positiveId = (value: unknown): number => {
    const id = Number(value);
    if (typeof value !== 'string' || !/^\d+$/.test(value) || !Number.isSafeInteger(id) || id <= 0)
      throw new NotFoundError();
    return id;
  };
  const eventIdOf = (req: Request) => positiveId(req.params.eventId);

  /** The week a date falls in, in the calendar's zone (today's without a valid ?week=). */
  const weekStartOf = (state: CalendarState, value: unknown, now: Date) =>
    calendar.weekOf(isDateKey(value) ? value : calendar.dateKeyOf(now, state.timeZone), state.timeZone).start;

  // --- The page ---------------------------------------------------------------------------------------

  async function showPage(req: Request, res: Response, errors: Record<string, string> = {}, status = 200) {
    const now = new Date();
    const state = await service.calendarOf(db, viewerOf(res));
    // Spec 3 §2: an active practice-management booking link replaces the whole calendar, so it is looked
    // at before "no calendar attached" (a practice that books through its EHR may have no call calendar).
    if (!state.hasCalendar && !state.bookingLink) {
      return render(req, res, {
        title: PAGE_TITLE,
        status,
        page: <NoCalendarPage message={CALENDAR_MESSAGES.noCalendar} />,
      });
    }
    // ?day= is the day a phone without JavaScript shows of the week's table (its week, without ?week=).
    const weekStart = weekStartOf(state, isDateKey(req.query.week) ? req.query.week : req.query.day, now);
    // ?id= opens one of the provider's consultations (spec 2 §2); another provider's is not found.
    const panel =
      req.query.id === undefined
        ? null
        : await loadAppointmentPanel(db, state.providerId, positiveId(req.query.id), now, config.portalUrl);
    if (req.query.id !== undefined && !panel) throw new NotFoundError();
    const panelNode = panel && (
      <AppointmentPanel appointment={panel} returnTo={weekHref(weekStart)} closeHref={weekHref(weekStart)} />
    );
    if (panelNode && wantsPartial(req)) return renderPartial(req, res, panelNode);
    const [data, absence, rules] = await Promise.all([
      service.loadWeek(db, state, weekStart),
      service.absenceOf(db, state),
      appointments.bookingRulesOf(db, state.providerId),
    ]);
    // The client's view of the week reuses the week's instances (expanding 500 events is the costly part).
    const slots = await clientSlotsOfWeek(db, state, data.week, now, { rules, instances: data.instances });
    render(req, res, {
      title: PAGE_TITLE,
      status,
      page: (
        <CalendarPage
          view={{
            ...calendarPageView(state, data, now, req.query.day, absence),
            clientSlots: clientSlotsView(state, data.week, slots, rules, now),
            bookingRules: rulesSummary(rules),
          }}
          typed={req.method === 'POST' ? (req.body as Record<string, unknown>) : null}
          errors={errors}
          appointment={panelNode}
        />
      ),
    });
  }

  router.get(CALENDAR_PATH, ...guard, cachedPage, (req, res) => showPage(req, res));

  // The grid's week (islands ask with Accept: application/json).
  router.get(WEEK_JSON_PATH, ...guard, async (req, res) => {
    const state = await service.calendarOf(db, viewerOf(res));
    if (!state.hasCalendar) return void res.status(404).json({ message: CALENDAR_MESSAGES.noCalendar });
    if (req.query.week !== undefined && !isDateKey(req.query.week))
      return void res.status(400).json({ message: 'The week must be a date as YYYY-MM-DD.' });
    const now = new Date();
    const data = await service.loadWeek(db, state, weekStartOf(state, req.query.week, now));
    res.set('Cache-Control', 'no-store').json(gridWeekOf(data, state.timeZone, now));
  });

  router.post(
    `${CALENDAR_PATH}/settings`,
    ...guard,
    formPost(
      SAVE_FAILED,
      (req, res, errors, status) => showPage(req, res, errors, status),
      async (req, res) => {
        const outcome = await service.saveSettings(db, viewerOf(res), req.body ?? {});
        // A new zone asks first whether the availability keeps its hours or its moments (issue [19] item 2).
        if (needsConfirmation(outcome))
          return render(req, res, {
            title: ZONE_CHANGE_TITLE,
            page: <ZoneChangePage view={zoneChangeView(outcome)} />,
          });
        const { opened } = outcome;
        flash(req, 'success', CALENDAR_MESSAGES.calendarUpdated);
        // Opened: the timezone reminder, then a first recurring block (spec 3 §4).
        res.redirect(303, opened ? `${NEW_PATH}?kind=recurring&opened=1` : `${CALENDAR_PATH}#calendar-settings`);
      },
    ),
  );

  // --- Booking rules (issue [23] item 2), with the times a client would see this week -------------------

  async function showRules(req: Request, res: Response, errors: Record<string, string> = {}, status = 200) {
    const now = new Date();
    const { state, rules } = await rulesOf(db, viewerOf(res));
    const week = calendar.weekOf(calendar.dateKeyOf(now, state.timeZone), state.timeZone);
    const slots = await clientSlotsOfWeek(db, state, week, now, { rules });
    const values =
      req.method === 'POST'
        ? appointments.typedBookingRules((req.body ?? {}) as Record<string, unknown>)
        : appointments.bookingRulesFormOf(rules);
    render(req, res, {
      title: BOOKING_RULES_TITLE,
      status,
      page: (
        <BookingRulesPage
          view={bookingRulesPageView(values, clientSlotsView(state, week, slots, rules, now))}
          errors={errors}
        />
      ),
    });
  }

  router.get(BOOKING_RULES_PATH, ...guard, (req, res) => showRules(req, res));

  router.post(
    BOOKING_RULES_PATH,
    ...guard,
    formPost(SAVE_FAILED, showRules, async (req, res) => {
      await saveRules(db, viewerOf(res), req.body ?? {});
      flash(req, 'success', appointments.BOOKING_RULE_MESSAGES.saved);
      res.redirect(303, `${BOOKING_RULES_PATH}#client-slots`);
    }),
  );

  // The dashboard's Hide Link: the practice-management booking link goes off, the call calendar applies again.
  router.post(`${CALENDAR_PATH}/booking-link/hide`, ...guard, async (req, res) => {
    await service.hideBookingLink(db, viewerOf(res));
    flash(req, 'success', BOOKING_LINK_HIDDEN);
    res.redirect(303, '/');
  });

  // --- The editor -------------------------------------------------------------------------------------

  function showEditor(
    req: Request,
    res: Response,
    view: EditorView,
    errors: Record<string, string> = {},
    status = 200,
  ) {
    if (wantsPartial(req)) return renderPartial(req, res, <AvailabilityEditor view={view} errors={errors} />, status);
    render(req, res, { title: view.title, status, page: <AvailabilityEditorPage view={view} errors={errors} /> });
  }

  router.get(NEW_PATH, ...guard, async (req, res) => {
    const now = new Date();
    const state = await service.requireCalendar(db, viewerOf(res));
    const kind = kindOf(req.query.kind);
    const values = newBlockFields(req.query, kind, state.timeZone, now);
    showEditor(
      req,
      res,
      newEditorView(state, kind, values, now, {
        opened: req.query.opened === '1',
        weekStart: isDateKey(req.query.date) ? weekStartOf(state, req.query.date, now) : null,
      }),
    );
  });

  const reshowNew = async (req: Request, res: Response, errors: Record<string, string>, status: number) => {
    const now = new Date();
    const state = await service.requireCalendar(db, viewerOf(res));
    const body = req.body ?? {};
    showEditor(
      req,
      res,
      newEditorView(state, kindOf(body.kind), typedFields(body), now, { opened: false, weekStart: null }),
      errors,
      status,
    );
  };

  router.post(
    AVAILABILITY_PATH,
    ...guard,
    formPost(SAVE_FAILED, reshowNew, async (req, res) => {
      const weekStart = await service.addAvailability(db, viewerOf(res), req.body ?? {});
      flash(req, 'success', CALENDAR_MESSAGES.scheduleUpdated);
      res.redirect(303, weekHref(weekStart));
    }),
  );

  router.get(`${AVAILABILITY_PATH}/:eventId/edit`, ...guard, async (req, res) => {
    const now = new Date();
    const { state, target } = await service.loadTarget(db, viewerOf(res), eventIdOf(req), req.query.instance);
    if (target.kind === 'external') {
      const page = <ExternalBlockPage view={externalBlockView(target.event, state.timeZone)} />;
      return wantsPartial(req) ? renderPartial(req, res, page) : render(req, res, { title: EXTERNAL_TITLE, page });
    }
    showEditor(req, res, editEditorView(state, target, storedFields(target, state.timeZone), now, 'instance'));
  });

  const reshowEdit = async (req: Request, res: Response, errors: Record<string, string>, status: number) => {
    const now = new Date();
    const body = req.body ?? {};
    const { state, target } = await service.loadTarget(db, viewerOf(res), eventIdOf(req), body.original_start);
    if (target.kind === 'external') throw new NotFoundError();
    showEditor(req, res, editEditorView(state, target, typedFields(body), now, body.scope), errors, status);
  };

  router.post(
    `${AVAILABILITY_PATH}/:eventId`,
    ...guard,
    formPost(SAVE_FAILED, reshowEdit, async (req, res) => {
      const weekStart = await service.changeAvailability(db, viewerOf(res), eventIdOf(req), req.body ?? {});
      flash(req, 'success', CALENDAR_MESSAGES.scheduleUpdated);
      res.redirect(303, weekHref(weekStart));
    }),
  );

  // Deletes ask first (with JavaScript in the browser; without, on a page of their own). The same path
  // with ?restoreOriginalInstance=true puts an edited instance back as its series has it.
  // The week table's Delete (without JavaScript): the confirmation page, whose form posts below.
  router.get(`${AVAILABILITY_PATH}/:eventId/delete`, ...guard, async (req, res) => {
    const query = { scope: req.query.scope, original_start: req.query.original_start };
    const outcome = await service.removeAvailability(db, viewerOf(res), eventIdOf(req), query, false);
    if (!needsConfirmation(outcome)) throw new NotFoundError();
    showDeleteQuestion(req, res, eventIdOf(req), query, outcome);
  });

  function showDeleteQuestion(
    req: Request,
    res: Response,
    id: number,
    body: Record<string, unknown>,
    outcome: ConfirmationNeeded<service.DeletePlan>,
  ) {
    const fields: Record<string, string> = {};
    if (body.scope === 'instance' || body.scope === 'all') fields.scope = body.scope;
    if (typeof body.original_start === 'string') fields.original_start = body.original_start;
    const page = (
      <ConfirmStep
        question={outcome.question}
        details={outcome.details.warning ?? undefined}
        action={`${AVAILABILITY_PATH}/${id}/delete`}
        fields={fields}
        confirmLabel="Delete"
        cancelHref={weekHref(outcome.details.weekStart)}
      />
    );
    return wantsPartial(req) ? renderPartial(req, res, page) : render(req, res, { title: DELETE_TITLE, page });
  }

  router.post(`${AVAILABILITY_PATH}/:eventId/delete`, ...guard, async (req, res) => {
    const viewer = viewerOf(res);
    const id = eventIdOf(req);
    const body = req.body ?? {};
    if (req.query.restoreOriginalInstance === 'true') {
      const weekStart = await service.restoreInstance(db, viewer, id);
      flash(req, 'success', CALENDAR_MESSAGES.scheduleUpdated);
      return res.redirect(303, weekHref(weekStart));
    }
    const outcome = await service.removeAvailability(db, viewer, id, body, isChecked(body.confirmed));
    if (needsConfirmation(outcome)) return showDeleteQuestion(req, res, id, body, outcome);
    flash(req, 'success', CALENDAR_MESSAGES.scheduleUpdated);
    res.redirect(303, weekHref(outcome));
  });

  return router;
}
