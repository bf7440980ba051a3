// /profile/availability-locations (spec 2 §2, §4, §5, §7 "Locations" and "Out of office"): one GET and
// one POST per part of the page. Thin: parse, one service call, then a 303 with a flash, or the page
// again (422) with the messages beside the fields and the typed values kept. Rules of the location and
// contact-method kind come back as an error flash (spec 2 §8).
import { utc } from '@date-fns/utc';
import { format } from 'date-fns';
import { Router, type Request, type Response } from 'express';
import { NotFoundError } from '../../lib/errors';
import { flash } from '../../http/flash';
import { formPost } from '../../http/form-post';
import { editingSection, requireSelectedProfile } from '../../http/profile-editing';
import { render } from '../../http/render';
import type { Viewer } from '../../domain/accounts';
import {
  AvailabilityLocationsPage, type Confirm, type LocationView, PAGE_PATH, type PageView,
} from '../../../views/pages/availability-locations/AvailabilityLocationsPage';
import * as locations from '../../domain/locations';
import {
  ACCEPTING_OPTIONS, acceptingLabel, CLOSED, DAYS, HOURS_MAX, INQUIRE, LOCATION_FORM_MESSAGES, NOTE_MAX, TIME_FLAGS,
} from '../../domain/locations';
import * as vacation from '../../domain/vacation-responder';
import { VACATION_MESSAGES } from '../../domain/vacation-responder';
import * as service from './service';
import { AVAILABILITY_MESSAGES, CONTACT_MESSAGES } from './validation';
import { isChecked } from '../../lib/form';
import type { FeatureDeps } from '../deps';
import { needsConfirmation } from '../../lib/confirmation';

export const PAGE_TITLE = 'Availability & Locations';

const dayText = (date: Date) => format(date, 'MMMM d, yyyy', { in: utc });

function locationView(l: locations.LocationRecord, states: Map<string, string>): LocationView {
  const stateName = states.get(l.state) ?? l.state;
  return {
    id: l.id,
    remote: l.remote,
    title: l.remote ? 'Online sessions' : l.locationName || l.address || 'Office',
    addressLines: l.remote ? [] : [[l.address, l.address_2].filter(Boolean).join(', '), `${l.city ?? ''}, ${l.state} ${l.zip ?? ''}`.trim()].filter(Boolean),
    state: l.state,
    stateName,
    locationName: l.locationName ?? '',
    address: l.address ?? '',
    address_2: l.address_2 ?? '',
    city: l.city ?? '',
    zip: l.zip ?? '',
    accepting: String(l.accepting),
    acceptingLabel: acceptingLabel(l.accepting),
    flags: l.flags,
    hours: l.hours,
    displayAddress: l.displayAddress,
    adaAccessible: l.adaAccessible,
    inHome: l.inHome,
    shouldDisplay: l.shouldDisplay,
  };
}

function pageView(data: service.PageData): PageView {
  const states = new Map(data.states.map((s) => [s.code, s.name]));
  const c = data.contact;
  const v = data.vacation;
  return {
    locations: data.locations.map((l) => locationView(l, states)),
    states: data.states,
    licensedStates: data.licensedStates,
    years: data.years,
    notes: data.notes,
    noteMax: NOTE_MAX,
    lastUpdatedText: data.lastUpdated && !Number.isNaN(Date.parse(data.lastUpdated)) ? dayText(new Date(data.lastUpdated)) : null,
    confirmationNeeded: data.confirmationNeeded,
    contact: {
      ...c,
      phoneUnavailable: !c.hasSchedulingLink ? CONTACT_MESSAGES.needsLink : !c.anyAccepting ? CONTACT_MESSAGES.needsAccepting : null,
    },
    vacation: {
      status: v.status,
      phase: v.phase,
      startDate: v.startDate ?? '',
      endDate: v.endDate ?? '',
      message: v.message ?? '',
      startsAtText: v.startsAt ? `${dayText(v.startsAt)}, 00:00 UTC` : null,
      endsAtText: v.endsAt ? `${dayText(v.endsAt)}, 23:59 UTC` : null,
    },
    acceptingOptions: ACCEPTING_OPTIONS.map((o) => ({ value: String(o.value), label: o.label, ...('hint' in o ? { hint: o.hint } : {}) })),
    timeOptions: TIME_FLAGS.map((f) => ({ value: f.name, label: f.label })),
    days: [...DAYS],
    closed: CLOSED,
    inquire: INQUIRE,
    hoursMax: HOURS_MAX,
  };
}

export function availabilityLocationsRoutes({ db, menu }: FeatureDeps): Router {
  const router = Router();
  menu.add(
    { menu: 'availability', order: 0, label: 'Availability & Locations', href: '/profile/availability-locations' },
  );
  const viewerOf = (res: Response): Viewer => res.locals.viewer!;

  async function show(req: Request, res: Response, open: string | null, errors: Record<string, string> = {}, status = 200, confirm: Confirm | null = null) {
    const data = await service.loadPage(db, viewerOf(res));
    const { [locations.FLASH_KEY]: rule, ...fieldErrors } = errors;
    if (rule) flash(req, 'error', rule);
    render(req, res, {
      title: PAGE_TITLE,
      status,
      page: (
        <AvailabilityLocationsPage view={pageView(data)} editing={open} typed={req.method === 'POST' ? (req.body as Record<string, unknown>) : null}
          errors={fieldErrors} confirm={confirm} />
      ),
    });
  }

  /** A failed post shows the page again with its form open. */
  const reshow = (open: (req: Request) => string | null) => (req: Request, res: Response, errors: Record<string, string>, status: number) => show(req, res, open(req), errors, status);
  const guard = requireSelectedProfile;

  router.get(PAGE_PATH, ...guard, (req, res) => show(req, res, editingSection(req)));

  // --- Availability and its confirmation ---------------------------------------------------------------

  router.post(`${PAGE_PATH}/availability`, ...guard, formPost(AVAILABILITY_MESSAGES.error, reshow(() => 'availability'), async (req, res) => {
    await service.saveAvailability(db, viewerOf(res), req.body ?? {});
    flash(req, 'success', AVAILABILITY_MESSAGES.saved);
    res.redirect(303, `${PAGE_PATH}#availability`);
  }));

  router.post(`${PAGE_PATH}/confirmation`, ...guard, formPost(AVAILABILITY_MESSAGES.error, reshow(() => null), async (req, res) => {
    await service.confirmAvailability(db, viewerOf(res));
    flash(req, 'success', AVAILABILITY_MESSAGES.confirmed);
    res.redirect(303, `${PAGE_PATH}#confirmed`);
  }));

  // --- Vacation responder ------------------------------------------------------------------------------------

  router.post(`${PAGE_PATH}/vacation-responder`, ...guard, formPost(VACATION_MESSAGES.error, reshow(() => 'vacation-responder'), async (req, res) => {
    const outcome = await vacation.saveVacation(db, viewerOf(res), service.selectedProviderId(viewerOf(res)), req.body ?? {});
    flash(req, outcome === 'updated' ? 'success' : 'info', outcome === 'updated' ? VACATION_MESSAGES.updated : VACATION_MESSAGES.noChanges);
    res.redirect(303, `${PAGE_PATH}#vacation-responder`);
  }));

  // Pressed in the open form, the switch carries the typed fields: the form stays open when it asks.
  const switchOpen = (req: Request) => (typeof req.body?.start_date === 'string' || typeof req.body?.message === 'string' ? 'vacation-responder' : null);
  router.post(`${PAGE_PATH}/vacation-responder/status`, ...guard, formPost(VACATION_MESSAGES.error, reshow(switchOpen), async (req, res) => {
    const status = await vacation.switchVacation(db, viewerOf(res), service.selectedProviderId(viewerOf(res)), req.body ?? {});
    if (needsConfirmation(status)) {
      return show(req, res, switchOpen(req), {}, 422, { kind: 'switch', text: status.question, status: req.body?.status === 'inactive' ? 'inactive' : 'active' });
    }
    flash(req, 'success', status === 'active' ? VACATION_MESSAGES.turnedOn : VACATION_MESSAGES.turnedOff);
    res.redirect(303, `${PAGE_PATH}#vacation-responder`);
  }));

  // --- Contact methods ---------------------------------------------------------------------------------------

  router.post(`${PAGE_PATH}/contact-methods`, ...guard, formPost(VACATION_MESSAGES.error, reshow(() => 'contact-methods'), async (req, res) => {
    const outcome = await service.saveContactMethods(db, viewerOf(res), req.body ?? {});
    if (needsConfirmation(outcome)) return show(req, res, 'contact-methods', {}, 422, { kind: 'hide-form', text: outcome.question });
    flash(req, 'success', CONTACT_MESSAGES.saved);
    res.redirect(303, `${PAGE_PATH}#contact-methods`);
  }));

  // --- Locations -------------------------------------------------------------------------------------------

  router.post(`${PAGE_PATH}/locations/delete`, ...guard, formPost(LOCATION_FORM_MESSAGES.error, reshow(() => null), async (req, res) => {
    const viewer = viewerOf(res);
    const outcome = await locations.deleteLocations(db, viewer, service.selectedProviderId(viewer), locations.postedIds(req.body?.location_ids), isChecked(req.body?.confirmed));
    if (needsConfirmation(outcome)) {
      const data = await service.loadPage(db, viewer);
      const views = pageView(data).locations;
      return show(req, res, null, {}, 200, {
        kind: 'delete', text: outcome.question,
        locations: outcome.details.map((l) => { const v = views.find((x) => x.id === l.id)!; return { id: l.id, title: v.remote ? `${v.title} (${v.stateName})` : v.title }; }),
      });
    }
    flash(req, 'success', outcome.deleted === 1 ? 'Your location has been deleted.' : 'Your locations have been deleted.');
    res.redirect(303, `${PAGE_PATH}#practice-locations`);
  }));

  router.post(`${PAGE_PATH}/locations`, ...guard, formPost(LOCATION_FORM_MESSAGES.error, reshow((req) => (req.body?.kind === 'online' ? 'new-online' : 'new-office')), async (req, res) => {
    const viewer = viewerOf(res);
    const saved = await locations.saveLocation(db, viewer, service.selectedProviderId(viewer), null, req.body ?? {}, { remote: req.body?.kind === 'online' });
    flash(req, 'success', saved.licenseAdded
      ? 'Your location and license have been added! We will verify your license within 48 business hours.'
      : 'Your location has been added!');
    res.redirect(303, `${PAGE_PATH}#location-${saved.locationId}`);
  }));

  const locationIdOf = (req: Request): number => {
    const id = Number(req.params.locationId);
    if (!/^\d+$/.test(String(req.params.locationId)) || !Number.isSafeInteger(id) || id <= 0) throw new NotFoundError();
    return id;
  };
  router.post(`${PAGE_PATH}/locations/:locationId`, ...guard, formPost(LOCATION_FORM_MESSAGES.error, reshow((req) => `location-${req.params.locationId}`), async (req, res) => {
    const viewer = viewerOf(res);
    const saved = await locations.saveLocation(db, viewer, service.selectedProviderId(viewer), locationIdOf(req), req.body ?? {});
    flash(req, 'success', saved.licenseAdded
      ? 'Your location and license have been updated! We will verify your license within 48 business hours.'
      : 'Your location has been updated!');
    res.redirect(303, `${PAGE_PATH}#location-${saved.locationId}`);
  }));

  return router;
}
