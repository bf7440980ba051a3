// Account Settings (/account-preferences: a summary, each setting a page of its own, issue [21]) and
// /password/update (spec 1 §2, §4 Two-factor setup, §5 Account settings, §7 the e-mail, name, phone and
// password calls), the texts about bookings (issue [11]) and the notices of clients' messages (issue [12]).
// Thin: parse, one service call, render or redirect; a failed form comes back with 422, its values and
// its messages.
import type { ReactElement } from 'react';
import { Router, type Request, type Response } from 'express';
import { ValidationError } from '../../lib/errors';
import { flash } from '../../http/flash';
import { formPost, isAnswer, reportFailedSave } from '../../http/form-post';
import { SAVE_FAILED } from '../../lib/save-failures';
import { requireSignIn } from '../../http/guards';
import { render } from '../../http/render';
import {
  AccountPreferencesPage,
  type AccountSettingsView,
  SETTING_PATHS,
} from '../../../views/pages/account-preferences/AccountPreferencesPage';
import { EmailChangePage } from '../../../views/pages/account-preferences/EmailChangePage';
import { MessageNotificationsPage } from '../../../views/pages/account-preferences/MessageNotificationsPage';
import { NameChangePage } from '../../../views/pages/account-preferences/NameChangePage';
import { NotificationsPage } from '../../../views/pages/account-preferences/NotificationsPage';
import { PasswordChangePage } from '../../../views/pages/account-preferences/PasswordChangePage';
import type { FormState } from '../../../views/pages/account-preferences/PasswordChangeForm';
import { PhoneChangePage } from '../../../views/pages/account-preferences/PhoneChangePage';
import { SETTINGS_PATH } from '../../../views/pages/account-preferences/SettingsForm';
import { TwoFactorPage } from '../../../views/pages/account-preferences/TwoFactorPage';
import { TwoFactorRemovalPage } from '../../../views/pages/account-preferences/TwoFactorRemovalPage';
import { PasswordUpdatePage } from '../../../views/pages/account-preferences/PasswordUpdatePage';
import { TOO_MANY_ATTEMPTS } from '../../../views/pages/login/LoginPage';
import { TwoFactorCodePage } from '../../../views/pages/login/TwoFactorCodePage';
import { requestMeta } from '../../http/sign-in';
import type { AccountDeps as AuthDeps } from '../../domain/accounts';
import { phoneLastFour, TWO_FACTOR_WRONG_CODE, twoFactorCodeSchema } from '../../domain/accounts';
import * as service from './service';
import {
  emailChangeSchema,
  passwordChangeSchema,
  phoneChangeSchema,
  twoFactorRemovalSchema,
  twoFactorStartSchema,
  validateName,
} from './validation';
import { validate } from '../../lib/validation';
import { isChecked, text } from '../../lib/form';
import type { FeatureDeps } from '../deps';

const TITLE = 'Account Settings';
/** The code step of two-factor setup (it was /account-preferences/two-factor, now the setup's first step). */
const SETUP_CODE_PATH = `${SETTING_PATHS.twoFactor}/code`;

type SettingsFormName = keyof typeof SETTING_PATHS;
type SettingsPage = (settings: AccountSettingsView, state?: FormState) => ReactElement;

/** Each setting's page of its own (issue [21]): its title and its one form. */
const FORM_PAGES: Record<SettingsFormName, { title: string; page: SettingsPage }> = {
  email: { title: 'Change Email', page: (settings, state) => <EmailChangePage settings={settings} state={state} /> },
  name: { title: 'Change Name', page: (settings, state) => <NameChangePage settings={settings} state={state} /> },
  phone: {
    title: 'Change Phone Number',
    page: (settings, state) => <PhoneChangePage settings={settings} state={state} />,
  },
  twoFactor: {
    title: 'Two-Factor Authentication',
    page: (settings, state) => <TwoFactorPage settings={settings} state={state} />,
  },
  twoFactorOff: {
    title: 'Turn Off Two-Factor Authentication',
    page: (settings, state) => <TwoFactorRemovalPage settings={settings} state={state} />,
  },
  notifications: {
    title: 'Texts About Bookings',
    page: (settings, state) => <NotificationsPage settings={settings} state={state} />,
  },
  messageNotifications: {
    title: 'Messages and Referrals',
    page: (settings, state) => <MessageNotificationsPage settings={settings} state={state} />,
  },
  password: { title: 'Change Password', page: (_settings, state) => <PasswordChangePage state={state} /> },
};

/** A checkbox has nothing to refuse: unticked, it is simply absent from the post. */
const readSmsChoice = (body: unknown) => ({
  value: { on: isChecked((body as Record<string, unknown>).sms_notifications) },
  errors: null,
});
const readMessageChoices = (body: unknown) => {
  const posted = body as Record<string, unknown>;
  return { value: { email: isChecked(posted.email_messages), sms: isChecked(posted.sms_messages) }, errors: null };
};

export function accountPreferencesRoutes({ db, integrations, config, throttles, menu }: FeatureDeps): Router {
  const router = Router();
  menu.add({ menu: 'profile', order: 20, label: 'Account Settings', href: SETTINGS_PATH });
  const deps: AuthDeps = { db, outgoing: integrations.outgoing, config, throttles, jobs: integrations.jobs };
  const actorOf = (req: Request, res: Response): service.Actor => ({
    userId: res.locals.viewer!.user.id,
    sessionId: req.sessionID ?? null,
  });

  router.get(SETTINGS_PATH, requireSignIn, async (req, res) => {
    const settings = await service.loadAccountSettings(deps, actorOf(req, res));
    render(req, res, { title: TITLE, page: <AccountPreferencesPage settings={settings} /> });
  });

  /** One setting's page: its form, blank or as posted with its messages. */
  async function formPage(req: Request, res: Response, form: SettingsFormName, state?: FormState, status = 200) {
    const settings = await service.loadAccountSettings(deps, actorOf(req, res));
    const { title, page } = FORM_PAGES[form];
    render(req, res, { title, status, page: page(settings, state) });
  }

  for (const form of [
    'email',
    'name',
    'phone',
    'twoFactor',
    'notifications',
    'messageNotifications',
    'password',
  ] as const)
    router.get(SETTING_PATHS[form], requireSignIn, (req, res) => formPage(req, res, form));

  // Only an account with two-factor on has anything to turn off.
  router.get(SETTING_PATHS.twoFactorOff, requireSignIn, async (req, res) => {
    const settings = await service.loadAccountSettings(deps, actorOf(req, res));
    if (!settings.twoFactor.enrolled) return res.redirect(303, SETTING_PATHS.twoFactor);
    render(req, res, { title: FORM_PAGES.twoFactorOff.title, page: FORM_PAGES.twoFactorOff.page(settings) });
  });

  /**
   * Runs one setting's form: validation errors and a service's ValidationError both re-render its page
   * with 422 and the values and messages; success flashes and goes back to the summary, or to the place
   * the form names ({ next }).
   */
  function settingsForm<T>(
    form: SettingsFormName,
    check: (body: unknown) => { value: T; errors: null } | { value: null; errors: Record<string, string> },
    keep: string[],
    act: (req: Request, res: Response, value: T) => Promise<string | { next: string } | undefined>,
  ) {
    return async (req: Request, res: Response) => {
      const values = Object.fromEntries(keep.map((key) => [key, text(req.body[key])]));
      const checked = check(req.body);
      if (checked.errors) return formPage(req, res, form, { values, errors: checked.errors }, 422);
      try {
        const outcome = await act(req, res, checked.value);
        if (typeof outcome === 'object') return res.redirect(303, outcome.next);
        if (outcome) flash(req, 'success', outcome);
        res.redirect(303, SETTINGS_PATH);
      } catch (error) {
        if (error instanceof ValidationError) return formPage(req, res, form, { values, errors: error.fields }, 422);
        if (isAnswer(error)) throw error;
        reportFailedSave(req, error, SAVE_FAILED);
        return formPage(req, res, form, { values, errors: {} }, 500);
      }
    };
  }

  router.post(
    '/account-preferences/email',
    requireSignIn,
    settingsForm(
      'email',
      (body) => validate(emailChangeSchema, body),
      ['newEmail'],
      async (req, res, value) => {
        await service.changeEmail(deps, actorOf(req, res), value, requestMeta(req));
        return 'Your email has been successfully changed.';
      },
    ),
  );

  router.post(
    '/account-preferences/name',
    requireSignIn,
    settingsForm(
      'name',
      validateName,
      ['first_name', 'middle_name', 'last_name', 'company_name'],
      async (req, res, value) => {
        await service.changeName(deps, actorOf(req, res), value, requestMeta(req));
        return 'Your name has been successfully changed.';
      },
    ),
  );

  router.post(
    '/account-preferences/phone',
    requireSignIn,
    settingsForm(
      'phone',
      (body) => validate(phoneChangeSchema, body),
      ['phone'],
      async (req, res, value) => {
        await service.changePhone(deps, actorOf(req, res), value, requestMeta(req));
        return 'Your phone number has been successfully changed.';
      },
    ),
  );

  // Texts about bookings (issue [11]): read by the booking notification job.
  router.post(
    '/account-preferences/notifications',
    requireSignIn,
    settingsForm('notifications', readSmsChoice, ['sms_notifications'], async (req, res, value) => {
      await service.changeSmsNotifications(deps, actorOf(req, res), value, requestMeta(req));
      return value.on
        ? 'Text messages are on: we will text you when a client books or cancels a phone consultation.'
        : 'Text messages about phone consultations are off.';
    }),
  );

  // How the user hears of clients' messages and referrals (issue [12]): read by the message notification job.
  router.post(
    '/account-preferences/message-notifications',
    requireSignIn,
    settingsForm(
      'messageNotifications',
      readMessageChoices,
      ['email_messages', 'sms_messages'],
      async (req, res, value) => {
        await service.changeMessageNotifications(deps, actorOf(req, res), value, requestMeta(req));
        return 'Your message notifications have been saved.';
      },
    ),
  );

  // Two-factor setup: enter phone → enter code → confirmed (spec 1 §4).
  router.post(
    '/account-preferences/two-factor',
    requireSignIn,
    settingsForm(
      'twoFactor',
      (body) => validate(twoFactorStartSchema, body),
      ['phone_number'],
      async (req, res, value) => {
        const result = await service.startTwoFactorSetup(deps, actorOf(req, res), value, requestMeta(req));
        if (result === 'throttled') throw new ValidationError({ phone_number: TOO_MANY_ATTEMPTS });
        return { next: SETUP_CODE_PATH };
      },
    ),
  );

  async function setupCodePage(req: Request, res: Response, options: { error?: string; status?: number } = {}) {
    const phone = await service.pendingSetupPhone(deps, actorOf(req, res));
    if (!phone) return res.redirect(303, SETTING_PATHS.twoFactor);
    render(req, res, {
      title: 'Enter Your Code',
      status: options.status ?? 200,
      page: (
        <TwoFactorCodePage
          phoneLastFour={phoneLastFour(phone)}
          error={options.error}
          remember={false}
          offerRemember={false}
          action="/account-preferences/two-factor/confirmation"
          resendAction="/account-preferences/two-factor/new-code"
          cancelHref={SETTINGS_PATH}
        />
      ),
    });
  }

  router.get(SETUP_CODE_PATH, requireSignIn, (req, res) => setupCodePage(req, res));

  // An unexpected failure keeps the code page, with spec 1 §8's message.
  const reshowCodePage = (req: Request, res: Response, _errors: Record<string, string>, status: number) =>
    setupCodePage(req, res, { status });

  router.post(
    '/account-preferences/two-factor/confirmation',
    requireSignIn,
    formPost(SAVE_FAILED, reshowCodePage, async (req, res) => {
      const checked = validate(twoFactorCodeSchema, req.body);
      if (checked.errors) return setupCodePage(req, res, { error: checked.errors.token, status: 422 });
      const result = await service.finishTwoFactorSetup(
        deps,
        actorOf(req, res),
        { token: checked.value.token },
        requestMeta(req),
      );
      if (result === 'wrong') return setupCodePage(req, res, { error: TWO_FACTOR_WRONG_CODE, status: 422 });
      flash(req, 'success', 'Confirmed! Two-factor authentication is on.');
      res.redirect(303, SETTINGS_PATH);
    }),
  );

  router.post(
    '/account-preferences/two-factor/new-code',
    requireSignIn,
    formPost(SAVE_FAILED, reshowCodePage, async (req, res) => {
      const result = await service.resendSetupCode(deps, actorOf(req, res), requestMeta(req));
      if (result === 'none') return res.redirect(303, SETTING_PATHS.twoFactor);
      flash(req, result === 'sent' ? 'success' : 'error', result === 'sent' ? 'New code sent!' : TOO_MANY_ATTEMPTS);
      res.redirect(303, SETUP_CODE_PATH);
    }),
  );

  router.post(
    '/account-preferences/two-factor/removal',
    requireSignIn,
    settingsForm(
      'twoFactorOff',
      (body) => validate(twoFactorRemovalSchema, body),
      [],
      async (req, res, value) => {
        await service.disableTwoFactor(deps, actorOf(req, res), value, requestMeta(req));
        return 'You have sucessfully unenrolled from 2FA.';
      },
    ),
  );

  // Password change: on its own page here and on Account Settings' (the form says where it came from).
  router.get('/password/update', requireSignIn, (req, res) => {
    render(req, res, { title: 'Update Password', page: <PasswordUpdatePage /> });
  });

  router.post('/password/update', requireSignIn, async (req, res) => {
    const fromSettings = req.body.from === 'account-preferences';
    const failed = (errors: Record<string, string>, status: number) =>
      fromSettings
        ? formPage(req, res, 'password', { errors }, status)
        : render(req, res, { title: 'Update Password', status, page: <PasswordUpdatePage state={{ errors }} /> });
    const checked = validate(passwordChangeSchema, req.body);
    if (checked.errors) return failed(checked.errors, 422);
    try {
      await service.changePassword(deps, actorOf(req, res), checked.value, requestMeta(req));
    } catch (error) {
      if (error instanceof ValidationError) return failed(error.fields, 422);
      if (isAnswer(error)) throw error;
      reportFailedSave(req, error, SAVE_FAILED);
      return failed({}, 500);
    }
    flash(req, 'success', 'Your password has been successfully changed.');
    res.redirect(303, fromSettings ? SETTINGS_PATH : '/password/update');
  });

  return router;
}
