// /calendar/connections (spec 3 §3 Calendar state, §7 Calendar "Google linking", §8): ICS feeds, and
// Google Calendar through the calendar-sync integration. The spec's calls, in our routing, all for the
// selected provider:
//   link-access-token        → POST /google/link (to Google's consent) and GET /google/callback
//   potential-list, google-account-status, external-calendars → GET /calendar/connections (HTML or JSON)
//   link-google-calendar     → POST /google/calendars
//   DELETE external-calendars/{id} → POST /calendars/{id}/delete (an ICS feed as well)
//   (ours) a refused feed's Try again → POST /calendars/{id}/sync
//   DELETE google-account-link → POST /google/unlink
// and the same for Microsoft 365 / Outlook under /microsoft (link, callback, calendars, unlink).
// Thin: parse, one service call, a 303 with a flash or the page again (422) with the messages.
import crypto from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import type { Viewer } from '../../domain/accounts';
import {
  addIcsFeed,
  chooseWriteBackCalendar,
  WRITE_BACK_FIELD,
  WRITE_BACK_MESSAGES,
  CALDAV_LINK_MESSAGES,
  connectCaldavAccount,
  FEED_MESSAGES,
  GOOGLE_LINK_MESSAGES,
  linkGoogleAccount,
  linkGoogleCalendar,
  linkMicrosoftAccount,
  linkCaldavCalendar,
  linkMicrosoftCalendar,
  MICROSOFT_LINK_MESSAGES,
  removeExternalCalendar,
  retryExternalCalendar,
  unlinkAccount,
  unlinkGoogleAccount,
} from '../../domain/external-calendars';
import { flash } from '../../http/flash';
import { formPost } from '../../http/form-post';
import { requireSelectedProfile } from '../../http/profile-editing';
import { render } from '../../http/render';
import {
  CalendarSyncError,
  LOCAL_ACCOUNT_EMAIL,
  LOCAL_CONSENT_CODE,
  LOCAL_WRITE_CONSENT_CODE,
  LOCAL_MICROSOFT_WRITE_CONSENT_CODE,
  LOCAL_CONSENT_PATH,
  LOCAL_MICROSOFT_CONSENT_CODE,
  LOCAL_MICROSOFT_CONSENT_PATH,
  LOCAL_MICROSOFT_EMAIL,
  type CalendarSync,
} from '../../integrations/calendar-sync';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { ConnectionsPage, PAGE_PATH, PAGE_TITLE } from '../../../views/pages/calendar-sync/ConnectionsPage';
import { SampleConsentPage } from '../../../views/pages/calendar-sync/SampleConsentPage';
import type { FeatureDeps } from '../deps';
import { calendarProviderId, loadConnections } from './service';
import { connectionsJson, connectionsView } from './view-model';

const CALLBACK_PATH = `${PAGE_PATH}/google/callback`;
const MICROSOFT_CALLBACK_PATH = `${PAGE_PATH}/microsoft/callback`;
/** A consent not answered within 10 minutes is not accepted any more. */
const CONSENT_MAX_AGE_MS = 10 * 60_000;

declare module 'express-session' {
  interface SessionData {
    /** The OAuth `state` of a Google consent in progress: ties the callback to this session (CSRF) and provider. */
    googleCalendarConsent?: { state: string; providerId: number; startedAt: number; writeBackCalendarId?: number };
    /** The same for a Microsoft consent. */
    microsoftCalendarConsent?: {
      state: string;
      providerId: number;
      startedAt: number;
      writeBackCalendarId?: number;
    };
  }
}

const sameSecret = (a: string, b: string) =>
  a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The callback is a GET, which the shared redirect does not wait for: the flash must be stored before the browser follows. */
function redirectOnceSaved(req: Request, res: Response, location: string): Promise<void> {
  return new Promise((resolve, reject) =>
    req.session.save((error) => {
      if (error) return reject(error);
      res.redirect(303, location);
      resolve();
    }),
  );
}

const idParam = (value: unknown): number => {
  const id = Number(value);
  if (!/^\d+$/.test(String(value)) || !Number.isSafeInteger(id) || id <= 0) throw new NotFoundError();
  return id;
};

export function calendarSyncRoutes({ db, config, integrations }: FeatureDeps): Router {
  const router = Router();
  const calendarSync = integrations.calendarSync;
  const services = { google: calendarSync, microsoft: integrations.microsoftCalendar, caldav: integrations.caldav };
  const redirectUri = `${config.portalUrl}${CALLBACK_PATH}`;
  const microsoftRedirectUri = `${config.portalUrl}${MICROSOFT_CALLBACK_PATH}`;
  const viewerOf = (res: Response): Viewer => res.locals.viewer!;
  const guard = requireSelectedProfile;

  /** The Google routes exist only when Google Calendar (or the sample account) is there. */
  function google(): CalendarSync {
    if (!calendarSync) throw new NotFoundError();
    return calendarSync;
  }
  /** The Microsoft routes likewise. */
  function microsoft(): CalendarSync {
    if (!services.microsoft) throw new NotFoundError();
    return services.microsoft;
  }

  async function show(req: Request, res: Response, errors: Record<string, string> = {}, status = 200) {
    const data = await loadConnections(db, services, viewerOf(res));
    if (req.method === 'GET' && req.accepts(['html', 'json']) === 'json') {
      res.json(connectionsJson(data));
      return;
    }
    const typed = req.method === 'POST' ? (req.body as Record<string, unknown>) : null;
    render(req, res, {
      title: PAGE_TITLE,
      status,
      page: <ConnectionsPage {...connectionsView(data, { typed, errors })} />,
    });
  }
  const reshow = (req: Request, res: Response, errors: Record<string, string>, status: number) =>
    show(req, res, errors, status);

  router.get(PAGE_PATH, ...guard, (req, res) => show(req, res));

  // --- ICS feeds (and removing any external calendar) ----------------------------------------------------------

  router.post(
    `${PAGE_PATH}/feeds`,
    ...guard,
    formPost(FEED_MESSAGES.error, reshow, async (req, res) => {
      await addIcsFeed(db, integrations.jobs, calendarProviderId(viewerOf(res)), req.body ?? {});
      flash(req, 'success', FEED_MESSAGES.added);
      res.redirect(303, `${PAGE_PATH}#feeds`);
    }),
  );

  router.post(
    `${PAGE_PATH}/calendars/:calendarId/delete`,
    ...guard,
    formPost(FEED_MESSAGES.error, reshow, async (req, res) => {
      const removed = await removeExternalCalendar(
        db,
        calendarProviderId(viewerOf(res)),
        idParam(req.params.calendarId),
        integrations.jobs,
      );
      const said = {
        ics: FEED_MESSAGES.removed,
        google: GOOGLE_LINK_MESSAGES.calendarUnlinked,
        microsoft: MICROSOFT_LINK_MESSAGES.calendarUnlinked,
        caldav: CALDAV_LINK_MESSAGES.calendarUnlinked,
      } as const;
      flash(req, 'success', said[removed.kind]);
      res.redirect(303, `${PAGE_PATH}#${removed.kind === 'ics' ? 'feeds' : removed.kind}`);
    }),
  );

  // Try again: a feed refused for what it holds is read again.
  router.post(
    `${PAGE_PATH}/calendars/:calendarId/sync`,
    ...guard,
    formPost(FEED_MESSAGES.error, reshow, async (req, res) => {
      await retryExternalCalendar(
        db,
        integrations.jobs,
        calendarProviderId(viewerOf(res)),
        idParam(req.params.calendarId),
      );
      flash(req, 'success', FEED_MESSAGES.retrying);
      res.redirect(303, `${PAGE_PATH}#feeds`);
    }),
  );

  // --- Google: consent, choosing calendars, unlinking ---------------------------------------------------------

  router.post(`${PAGE_PATH}/google/link`, ...guard, (req, res) => {
    const sync = google();
    const providerId = calendarProviderId(viewerOf(res));
    const state = crypto.randomBytes(32).toString('base64url');
    req.session.googleCalendarConsent = { state, providerId, startedAt: Date.now() };
    res.redirect(303, sync.authorizationUrl({ state, redirectUri }));
  });

  router.get(LOCAL_CONSENT_PATH, ...guard, (req, res) => {
    if (google().kind !== 'local') throw new NotFoundError();
    calendarProviderId(viewerOf(res));
    render(req, res, {
      title: 'Link Google account',
      page: (
        <SampleConsentPage
          callbackPath={CALLBACK_PATH}
          state={typeof req.query.state === 'string' ? req.query.state : ''}
          code={req.query.write === '1' ? LOCAL_WRITE_CONSENT_CODE : LOCAL_CONSENT_CODE}
          write={req.query.write === '1'}
          email={LOCAL_ACCOUNT_EMAIL}
          brand={config.brandName}
        />
      ),
    });
  });

  router.get(CALLBACK_PATH, ...guard, async (req, res) => {
    const sync = google();
    const providerId = calendarProviderId(viewerOf(res));
    // One use: a replayed or forged callback finds no consent waiting.
    const pending = req.session.googleCalendarConsent;
    delete req.session.googleCalendarConsent;
    const state = typeof req.query.state === 'string' ? req.query.state : '';
    const code = typeof req.query.code === 'string' ? req.query.code : '';
    const expected =
      pending &&
      sameSecret(pending.state, state) &&
      pending.providerId === providerId &&
      Date.now() - pending.startedAt < CONSENT_MAX_AGE_MS;
    if (!expected || !code) {
      flash(req, 'error', GOOGLE_LINK_MESSAGES.refused);
      return redirectOnceSaved(req, res, `${PAGE_PATH}#google`);
    }
    try {
      await linkGoogleAccount(db, providerId, await sync.exchangeCode(code, redirectUri));
    } catch (error) {
      if (!(error instanceof CalendarSyncError)) throw error;
      flash(req, 'error', GOOGLE_LINK_MESSAGES.refused);
      return redirectOnceSaved(req, res, `${PAGE_PATH}#google`);
    }
    if (pending?.writeBackCalendarId !== undefined)
      return finishWriteBack(req, res, providerId, pending.writeBackCalendarId);
    flash(req, 'success', GOOGLE_LINK_MESSAGES.accountLinked);
    return redirectOnceSaved(req, res, `${PAGE_PATH}#google`);
  });

  router.post(
    `${PAGE_PATH}/google/calendars`,
    ...guard,
    formPost(FEED_MESSAGES.error, reshow, async (req, res) => {
      await linkGoogleCalendar(
        db,
        integrations.jobs,
        google(),
        calendarProviderId(viewerOf(res)),
        req.body?.google_calendar_id,
      );
      flash(req, 'success', GOOGLE_LINK_MESSAGES.calendarLinked);
      res.redirect(303, `${PAGE_PATH}#google`);
    }),
  );

  router.post(
    `${PAGE_PATH}/google/unlink`,
    ...guard,
    formPost(FEED_MESSAGES.error, reshow, async (req, res) => {
      await unlinkGoogleAccount(db, google(), calendarProviderId(viewerOf(res)));
      flash(req, 'success', GOOGLE_LINK_MESSAGES.accountUnlinked);
      res.redirect(303, `${PAGE_PATH}#google`);
    }),
  );

  // --- Microsoft 365 / Outlook: consent, choosing calendars, unlinking -----------------------------------------

  router.post(`${PAGE_PATH}/microsoft/link`, ...guard, (req, res) => {
    const sync = microsoft();
    const providerId = calendarProviderId(viewerOf(res));
    const state = crypto.randomBytes(32).toString('base64url');
    req.session.microsoftCalendarConsent = { state, providerId, startedAt: Date.now() };
    res.redirect(303, sync.authorizationUrl({ state, redirectUri: microsoftRedirectUri }));
  });

  router.get(LOCAL_MICROSOFT_CONSENT_PATH, ...guard, (req, res) => {
    if (microsoft().kind !== 'local') throw new NotFoundError();
    calendarProviderId(viewerOf(res));
    render(req, res, {
      title: 'Link Microsoft account',
      page: (
        <SampleConsentPage
          service="microsoft"
          callbackPath={MICROSOFT_CALLBACK_PATH}
          state={typeof req.query.state === 'string' ? req.query.state : ''}
          code={req.query.write === '1' ? LOCAL_MICROSOFT_WRITE_CONSENT_CODE : LOCAL_MICROSOFT_CONSENT_CODE}
          write={req.query.write === '1'}
          email={LOCAL_MICROSOFT_EMAIL}
          brand={config.brandName}
        />
      ),
    });
  });

  router.get(MICROSOFT_CALLBACK_PATH, ...guard, async (req, res) => {
    const sync = microsoft();
    const providerId = calendarProviderId(viewerOf(res));
    // One use: a replayed or forged callback finds no consent waiting.
    const pending = req.session.microsoftCalendarConsent;
    delete req.session.microsoftCalendarConsent;
    const state = typeof req.query.state === 'string' ? req.query.state : '';
    const code = typeof req.query.code === 'string' ? req.query.code : '';
    const expected =
      pending &&
      sameSecret(pending.state, state) &&
      pending.providerId === providerId &&
      Date.now() - pending.startedAt < CONSENT_MAX_AGE_MS;
    const refused = () => {
      flash(req, 'error', MICROSOFT_LINK_MESSAGES.refused);
      return redirectOnceSaved(req, res, `${PAGE_PATH}#microsoft`);
    };
    if (!expected || !code) return refused();
    try {
      await linkMicrosoftAccount(db, providerId, await sync.exchangeCode(code, microsoftRedirectUri));
    } catch (error) {
      if (!(error instanceof CalendarSyncError)) throw error;
      return refused();
    }
    if (pending?.writeBackCalendarId !== undefined)
      return finishWriteBack(req, res, providerId, pending.writeBackCalendarId);
    flash(req, 'success', MICROSOFT_LINK_MESSAGES.accountLinked);
    return redirectOnceSaved(req, res, `${PAGE_PATH}#microsoft`);
  });

  router.post(
    `${PAGE_PATH}/microsoft/calendars`,
    ...guard,
    formPost(FEED_MESSAGES.error, reshow, async (req, res) => {
      await linkMicrosoftCalendar(
        db,
        integrations.jobs,
        microsoft(),
        calendarProviderId(viewerOf(res)),
        req.body?.microsoft_calendar_id,
      );
      flash(req, 'success', MICROSOFT_LINK_MESSAGES.calendarLinked);
      res.redirect(303, `${PAGE_PATH}#microsoft`);
    }),
  );

  router.post(
    `${PAGE_PATH}/microsoft/unlink`,
    ...guard,
    formPost(FEED_MESSAGES.error, reshow, async (req, res) => {
      microsoft();
      await unlinkAccount(db, calendarProviderId(viewerOf(res)), 'microsoft');
      flash(req, 'success', MICROSOFT_LINK_MESSAGES.accountUnlinked);
      res.redirect(303, `${PAGE_PATH}#microsoft`);
    }),
  );

  // --- Write-back: the calendar booked consultations are written to ------------------------------------------

  /** After the consent that lets the portal write: the provider's choice made again, now that it can be. */
  async function finishWriteBack(req: Request, res: Response, providerId: number, calendarId: number) {
    const choice = await chooseWriteBackCalendar(db, services, providerId, String(calendarId)).catch((error) => {
      if (error instanceof ValidationError) return null;
      throw error;
    });
    if (choice?.status === 'on') flash(req, 'success', WRITE_BACK_MESSAGES.on);
    else flash(req, 'error', WRITE_BACK_MESSAGES.refused);
    return redirectOnceSaved(req, res, `${PAGE_PATH}#write-back`);
  }

  router.post(
    `${PAGE_PATH}/write-back`,
    ...guard,
    formPost(FEED_MESSAGES.error, reshow, async (req, res) => {
      const providerId = calendarProviderId(viewerOf(res));
      const choice = await chooseWriteBackCalendar(db, services, providerId, req.body?.[WRITE_BACK_FIELD]);
      if (choice.status === 'consent') {
        // Writing needs the service's permission, asked for now only: its consent, then back to this choice.
        const sync = choice.service === 'google' ? google() : microsoft();
        const state = crypto.randomBytes(32).toString('base64url');
        const pending = { state, providerId, startedAt: Date.now(), writeBackCalendarId: choice.calendarId };
        if (choice.service === 'google') req.session.googleCalendarConsent = pending;
        else req.session.microsoftCalendarConsent = pending;
        res.redirect(
          303,
          sync.authorizationUrl({
            state,
            redirectUri: choice.service === 'google' ? redirectUri : microsoftRedirectUri,
            write: true,
          }),
        );
        return;
      }
      flash(req, 'success', choice.status === 'on' ? WRITE_BACK_MESSAGES.on : WRITE_BACK_MESSAGES.off);
      res.redirect(303, `${PAGE_PATH}#write-back`);
    }),
  );

  // --- CalDAV (iCloud, Fastmail, Nextcloud): connect with an app password, choose calendars, disconnect --------

  router.post(
    `${PAGE_PATH}/caldav`,
    ...guard,
    formPost(FEED_MESSAGES.error, reshow, async (req, res) => {
      await connectCaldavAccount(
        db,
        { caldav: integrations.caldav },
        calendarProviderId(viewerOf(res)),
        req.body ?? {},
      );
      flash(req, 'success', CALDAV_LINK_MESSAGES.connected);
      res.redirect(303, `${PAGE_PATH}#caldav`);
    }),
  );

  router.post(
    `${PAGE_PATH}/caldav/calendars`,
    ...guard,
    formPost(FEED_MESSAGES.error, reshow, async (req, res) => {
      await linkCaldavCalendar(
        db,
        integrations.jobs,
        { caldav: integrations.caldav },
        calendarProviderId(viewerOf(res)),
        req.body?.caldav_calendar_id,
      );
      flash(req, 'success', CALDAV_LINK_MESSAGES.calendarLinked);
      res.redirect(303, `${PAGE_PATH}#caldav`);
    }),
  );

  router.post(
    `${PAGE_PATH}/caldav/unlink`,
    ...guard,
    formPost(FEED_MESSAGES.error, reshow, async (req, res) => {
      await unlinkAccount(db, calendarProviderId(viewerOf(res)), 'caldav');
      flash(req, 'success', CALDAV_LINK_MESSAGES.accountUnlinked);
      res.redirect(303, `${PAGE_PATH}#caldav`);
    }),
  );

  return router;
}
