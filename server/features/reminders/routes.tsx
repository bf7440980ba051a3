// Consultation reminders (issue [23] item 1): the provider's settings page (/calendar/reminders) and the
// client's one-tap links from a reminder (/consultations/{token}/cancel, …/reschedule-request). The links
// are anonymous: opening one shows the question and changes nothing (mail scanners open links); its
// button posts, which acts once and redirects (303) to a page with the outcome. Every look-up and post is
// throttled per IP address. The rules live in server/domain/appointments (consultation-links.ts).
import { type Request, type Response, Router } from 'express';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { ConsultationLinkPage, type ConsultationLinkView } from '../../../views/pages/reminders/ConsultationLinkPage';
import {
  REMINDER_SETTINGS_PATH,
  ReminderSettingsPage,
  type ReminderSettingsView,
} from '../../../views/pages/reminders/ReminderSettingsPage';
import * as appointments from '../../domain/appointments';
import { flash } from '../../http/flash';
import { formPost } from '../../http/form-post';
import { requireSelectedProfile, selectedProfile } from '../../http/profile-editing';
import { render } from '../../http/render';
import { TooManyRequestsError } from '../../lib/errors';
import type { FeatureDeps } from '../deps';

const SETTINGS_TITLE = 'Consultation Reminders';
const LINK_TITLE = 'Your Phone Consultation';
const SAVE_FAILED = 'Sorry, we could not update your reminders. Please try again.';
export const LINK_DONE_PATH = '/consultations/done';

/** Look-ups and posts of one-tap links per IP address and hour: far above one client's taps. */
export const LINK_LIMIT = { perIp: 60, windowSeconds: 60 * 60 } as const;
export const LINK_THROTTLED = 'Too many attempts from this connection. Please try again later.';

const settingsView = (settings: appointments.ReminderSettings): ReminderSettingsView => ({
  email_day_before: settings.emailDayBefore,
  email_two_hours_before: settings.emailTwoHoursBefore,
  sms: settings.sms,
  morning_digest: settings.morningDigest,
});

/** The boxes as they were posted (a refused post shows them so). */
const postedView = (body: Record<string, unknown>): ReminderSettingsView => {
  const on = (field: string) => body[field] === '1' || body[field] === 'on';
  return {
    email_day_before: on('email_day_before'),
    email_two_hours_before: on('email_two_hours_before'),
    sms: on('sms'),
    morning_digest: on('morning_digest'),
  };
};

export function reminderRoutes({ db, integrations }: FeatureDeps): Router {
  const router = Router();
  const limiter = new RateLimiterPostgres({
    storeClient: db,
    storeType: 'knex',
    tableName: 'rate_limits',
    tableCreated: true,
    clearExpiredByTimeout: true,
    keyPrefix: 'consultation_links_ip',
    points: LINK_LIMIT.perIp,
    duration: LINK_LIMIT.windowSeconds,
  });

  // --- The provider's settings ------------------------------------------------------------------------

  async function showSettings(req: Request, res: Response, errors: Record<string, string> = {}, status = 200) {
    const settings =
      req.method === 'POST'
        ? postedView(req.body as Record<string, unknown>)
        : settingsView(await appointments.reminderSettingsOf(db, selectedProfile(res).id));
    render(req, res, {
      title: SETTINGS_TITLE,
      status,
      page: <ReminderSettingsPage settings={settings} errors={errors} />,
    });
  }

  router.get(REMINDER_SETTINGS_PATH, ...requireSelectedProfile, (req, res) => showSettings(req, res));
  router.post(
    REMINDER_SETTINGS_PATH,
    ...requireSelectedProfile,
    formPost(SAVE_FAILED, showSettings, async (req, res) => {
      await appointments.saveReminderSettings(db, selectedProfile(res).id, req.body as Record<string, unknown>);
      flash(req, 'success', appointments.REMINDER_SETTING_MESSAGES.saved);
      res.redirect(303, REMINDER_SETTINGS_PATH);
    }),
  );

  // --- The client's one-tap links ---------------------------------------------------------------------

  async function throttle(req: Request, res: Response): Promise<void> {
    try {
      await limiter.consume(req.ip ?? 'unknown', 1);
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal; // the store failed: nothing runs unthrottled
      const seconds = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
      res.setHeader('Retry-After', String(seconds));
      throw new TooManyRequestsError(seconds, LINK_THROTTLED);
    }
  }

  const showLink = (req: Request, res: Response, view: ConsultationLinkView, status: number) =>
    render(req, res, { title: LINK_TITLE, layout: 'plain', status, page: <ConsultationLinkPage view={view} /> });

  /** A link that does not work: 404 when it never existed (or was changed), 410 when it no longer works. */
  const refused = (req: Request, res: Response, state: Extract<appointments.LinkState, { ok: false }>) =>
    showLink(
      req,
      res,
      { kind: 'refused', message: appointments.LINK_MESSAGES[state.refusal], consultation: state.consultation },
      state.refusal === 'unknown' ? 404 : 410,
    );

  for (const action of appointments.LINK_ACTIONS) {
    const path = `/consultations/:token/${appointments.CONSULTATION_LINK_PATHS[action]}`;
    router.get(path, async (req, res) => {
      await throttle(req, res);
      const state = await appointments.consultationLink(db, String(req.params.token), action, new Date());
      if (!state.ok) return refused(req, res, state);
      showLink(
        req,
        res,
        { kind: 'ask', action, postTo: req.originalUrl.split('?')[0]!, consultation: state.consultation },
        200,
      );
    });
    router.post(path, async (req, res) => {
      await throttle(req, res);
      const state = await appointments.useConsultationLink(
        { db, jobs: integrations.jobs },
        String(req.params.token),
        action,
        new Date(),
      );
      if (!state.ok) return refused(req, res, state);
      const { providerName, when } = state.consultation;
      flash(req, 'success', `${appointments.LINK_DONE_MESSAGES[action]} (${providerName}, ${when})`, {
        permanent: true,
      });
      res.redirect(303, LINK_DONE_PATH);
    });
  }

  router.get(LINK_DONE_PATH, (req, res) =>
    render(req, res, {
      title: LINK_TITLE,
      layout: 'plain',
      page: (
        <section className="card" aria-label="Your phone consultation">
          <p>You can close this page.</p>
        </section>
      ),
    }),
  );

  return router;
}
