// /profile/availability-locations (spec 2 §2, §4, §5, §7 "Locations" and "Out of office"): one GET and
// one POST per part of the page. Thin: parse, one service call, then a 303 with a flash, or the page
// again (422) with the messages beside the fields and the typed values kept. Rules of the location and
// contact-method kind come back as an error flash (spec 2 §8).
import { Router, type Request, type Response } from 'express';
import { NotFoundError } from '../../lib/errors';
import { flash } from '../../http/flash';
import { formPost } from '../../http/form-post';
import { editingSection, requireSelectedProfile } from '../../http/profile-editing';
import { render } from '../../http/render';
import type { Viewer } from '../../domain/accounts';
import {
  AvailabilityLocationsPage,
  type Confirm,
  PAGE_PATH,
} from '../../../views/pages/availability-locations/AvailabilityLocationsPage';
import * as locations from '../../domain/locations';
import { LOCATION_FORM_MESSAGES } from '../../domain/locations';
import * as vacation from '../../domain/vacation-responder';
import { VACATION_MESSAGES } from '../../domain/vacation-responder';
import * as service from './service';
import { AVAILABILITY_MESSAGES, CONTACT_MESSAGES } from './validation';
import { isChecked } from '../../lib/form';
import type { FeatureDeps } from '../deps';
import { needsConfirmation } from '../../lib/confirmation';
import { pageView } from './view-model';

export const PAGE_TITLE = 'Availability & Locations';
export function availabilityLocationsRoutes({ db, menu }: FeatureDeps): Router {
  const router = Router();
  menu.add({
    menu: 'availability',
    order: 0,
    label: 'Availability & Locations',
    href: '/profile/availability-locations',
  });
  const viewerOf = (res: Response): Viewer => res.locals.viewer!;

  async function show(
    req: Request,
    res: Response,
    open: string | null,
    errors: Record<string, string> = {},
    status = 200,
    confirm: Confirm | null = null,
  ) {
    const data = await service.loadPage(db, viewerOf(res));
    const { [locations.FLASH_KEY]: rule, ...fieldErrors } = errors;
    if (rule) flash(req, 'error', rule);
    render(req, res, {
      title: PAGE_TITLE,
      status,
      page: (
        <AvailabilityLocationsPage
          view={pageView(data)}
          editing={open}
          typed={req.method === 'POST' ? (req.body as Record<string, unknown>) : null}
          errors={fieldErrors}
          confirm={confirm}
        />
      ),
    });
  }

  /** A failed post shows the page again with its form open. */
  const reshow =
    (open: (req: Request) => string | null) =>
    (req: Request, res: Response, errors: Record<string, string>, status: number) =>
      show(req, res, open(req), errors, status);
  const guard = requireSelectedProfile;

  router.get(PAGE_PATH, ...guard, (req, res) => show(req, res, editingSection(req)));

  // --- Availability and its confirmation ---------------------------------------------------------------

  router.post(
    `${PAGE_PATH}/availability`,
    ...guard,
    formPost(
      AVAILABILITY_MESSAGES.error,
      reshow(() => 'availability'),
      async (req, res) => {
        await service.saveAvailability(db, viewerOf(res), req.body ?? {});
        flash(req, 'success', AVAILABILITY_MESSAGES.saved);
        res.redirect(303, `${PAGE_PATH}#availability`);
      },
    ),
  );

  router.post(
    `${PAGE_PATH}/confirmation`,
    ...guard,
    formPost(
      AVAILABILITY_MESSAGES.error,
      reshow(() => null),
      async (req, res) => {
        await service.confirmAvailability(db, viewerOf(res));
        flash(req, 'success', AVAILABILITY_MESSAGES.confirmed);
        res.redirect(303, `${PAGE_PATH}#confirmed`);
      },
    ),
  );

  // --- Vacation responder ------------------------------------------------------------------------------------

  router.post(
    `${PAGE_PATH}/vacation-responder`,
    ...guard,
    formPost(
      VACATION_MESSAGES.error,
      reshow(() => 'vacation-responder'),
      async (req, res) => {
        const outcome = await vacation.saveVacation(
          db,
          viewerOf(res),
          service.selectedProviderId(viewerOf(res)),
          req.body ?? {},
        );
        flash(
          req,
          outcome === 'updated' ? 'success' : 'info',
          outcome === 'updated' ? VACATION_MESSAGES.updated : VACATION_MESSAGES.noChanges,
        );
        res.redirect(303, `${PAGE_PATH}#vacation-responder`);
      },
    ),
  );

  // Pressed in the open form, the switch carries the typed fields: the form stays open when it asks.
  const switchOpen = (req: Request) =>
    typeof req.body?.start_date === 'string' || typeof req.body?.message === 'string' ? 'vacation-responder' : null;
  router.post(
    `${PAGE_PATH}/vacation-responder/status`,
    ...guard,
    formPost(VACATION_MESSAGES.error, reshow(switchOpen), async (req, res) => {
      const status = await vacation.switchVacation(
        db,
        viewerOf(res),
        service.selectedProviderId(viewerOf(res)),
        req.body ?? {},
      );
      if (needsConfirmation(status)) {
        return show(req, res, switchOpen(req), {}, 422, {
          kind: 'switch',
          text: status.question,
          status: req.body?.status === 'inactive' ? 'inactive' : 'active',
        });
      }
      flash(req, 'success', status === 'active' ? VACATION_MESSAGES.turnedOn : VACATION_MESSAGES.turnedOff);
      res.redirect(303, `${PAGE_PATH}#vacation-responder`);
    }),
  );

  // --- Contact methods ---------------------------------------------------------------------------------------

  router.post(
    `${PAGE_PATH}/contact-methods`,
    ...guard,
    formPost(
      VACATION_MESSAGES.error,
      reshow(() => 'contact-methods'),
      async (req, res) => {
        const outcome = await service.saveContactMethods(db, viewerOf(res), req.body ?? {});
        if (needsConfirmation(outcome))
          return show(req, res, 'contact-methods', {}, 422, { kind: 'hide-form', text: outcome.question });
        flash(req, 'success', CONTACT_MESSAGES.saved);
        res.redirect(303, `${PAGE_PATH}#contact-methods`);
      },
    ),
  );

  // --- Locations -------------------------------------------------------------------------------------------

  router.post(
    `${PAGE_PATH}/locations/delete`,
    ...guard,
    formPost(
      LOCATION_FORM_MESSAGES.error,
      reshow(() => null),
      async (req, res) => {
        const viewer = viewerOf(res);
        const outcome = await locations.deleteLocations(
          db,
          viewer,
          service.selectedProviderId(viewer),
          locations.postedIds(req.body?.location_ids),
          isChecked(req.body?.confirmed),
        );
        if (needsConfirmation(outcome)) {
          const data = await service.loadPage(db, viewer);
          const views = pageView(data).locations;
          return show(req, res, null, {}, 200, {
            kind: 'delete',
            text: outcome.question,
            locations: outcome.details.map((l) => {
              const v = views.find((x) => x.id === l.id)!;
              return { id: l.id, title: v.remote ? `${v.title} (${v.stateName})` : v.title };
            }),
          });
        }
        flash(
          req,
          'success',
          outcome.deleted === 1 ? 'Your location has been deleted.' : 'Your locations have been deleted.',
        );
        res.redirect(303, `${PAGE_PATH}#practice-locations`);
      },
    ),
  );

  router.post(
    `${PAGE_PATH}/locations`,
    ...guard,
    formPost(
      LOCATION_FORM_MESSAGES.error,
      reshow((req) => (req.body?.kind === 'online' ? 'new-online' : 'new-office')),
      async (req, res) => {
        const viewer = viewerOf(res);
        const saved = await locations.saveLocation(
          db,
          viewer,
          service.selectedProviderId(viewer),
          null,
          req.body ?? {},
          { remote: req.body?.kind === 'online' },
        );
        flash(
          req,
          'success',
          saved.licenseAdded
            ? 'Your location and license have been added! We will verify your license within 48 business hours.'
            : 'Your location has been added!',
        );
        res.redirect(303, `${PAGE_PATH}#location-${saved.locationId}`);
      },
    ),
  );

  const locationIdOf = (req: Request): number => {
    const id = Number(req.params.locationId);
    if (!/^\d+$/.test(String(req.params.locationId)) || !Number.isSafeInteger(id) || id <= 0) throw new NotFoundError();
    return id;
  };
  router.post(
    `${PAGE_PATH}/locations/:locationId`,
    ...guard,
    formPost(
      LOCATION_FORM_MESSAGES.error,
      reshow((req) => `location-${req.params.locationId}`),
      async (req, res) => {
        const viewer = viewerOf(res);
        const saved = await locations.saveLocation(
          db,
          viewer,
          service.selectedProviderId(viewer),
          locationIdOf(req),
          req.body ?? {},
        );
        flash(
          req,
          'success',
          saved.licenseAdded
            ? 'Your location and license have been updated! We will verify your license within 48 business hours.'
            : 'Your location has been updated!',
        );
        res.redirect(303, `${PAGE_PATH}#location-${saved.locationId}`);
      },
    ),
  );

  return router;
}
