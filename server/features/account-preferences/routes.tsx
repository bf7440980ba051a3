// Account Settings (/account-preferences) and /password/update (spec 1 §2, §4 Two-factor setup,
// §5 Account settings, §7 the e-mail, name, phone and password calls), the texts about bookings
// (issue [11]) and the notices of clients' messages (issue [12]). Thin: parse, one service call, render or redirect; a failed form comes back with 422,
// its values and its messages.
import { Router, type Request, type Response } from 'express';
import { ValidationError } from '../../lib/errors';
import { flash } from '../../http/flash';
import { formPost, isAnswer, reportFailedSave } from '../../http/form-post';
import { SAVE_FAILED } from '../../lib/save-failures';
import { requireSignIn } from '../../http/guards';
import { render } from '../../http/render';
import {
  AccountPreferencesPage,
  type AccountSettingsForms,
} from '../../../views/pages/account-preferences/AccountPreferencesPage';
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
/** Where a saved form sends the user back to, so the part they changed is in view. */
const SECTION_OF_FORM: Partial<Record<keyof AccountSettingsForms, string>> = {
  phone: '#two-factor',
  twoFactor: '#two-factor',
  twoFactorOff: '#two-factor',
  notifications: '#notifications',
  messageNotifications: '#message-notifications',
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
  menu.add({ menu: 'profile', order: 20, label: 'Account Settings', href: '/account-preferences' });
  const deps: AuthDeps = { db, outgoing: integrations.outgoing, config, throttles, jobs: integrations.jobs };
  const actorOf = (req: Request, res: Response): service.Actor => ({
    userId: res.locals.viewer!.user.id,
    sessionId: req.sessionID ?? null,
  });

  async function settingsPage(req: Request, res: Response, forms: AccountSettingsForms = {}, status = 200) {
    const settings = await service.loadAccountSettings(deps, actorOf(req, res));
    render(req, res, { title: TITLE, status, page: <AccountPreferencesPage settings={settings} forms={forms} /> });
  }

  /**
   * Runs one form of the page: validation errors and a service's ValidationError both re-render the
   * page with 422 and that form's values and messages; success flashes and goes back to the page, or
   * to the place the form names ({ next }).
   */
  function settingsForm<T>(
    form: keyof AccountSettingsForms,
    check: (body: unknown) => { value: T; errors: null } | { value: null; errors: Record<string, string> },
    keep: string[],
    act: (req: Request, res: Response, value: T) => Promise<string | { next: string } | undefined>,
  ) {
    return async (req: Request, res: Response) => {
      const values = Object.fromEntries(keep.map((key) => [key, text(req.body[key])]));
      const checked = check(req.body);
      if (checked.errors) return settingsPage(req, res, { [form]: { values, errors: checked.errors } }, 422);
      try {
        const outcome = await act(req, res, checked.value);
        if (typeof outcome === 'object') return res.redirect(303, outcome.next);
        if (outcome) flash(req, 'success', outcome);
        res.redirect(303, `/account-preferences${SECTION_OF_FORM[form] ?? ''}`);
      } catch (error) {
        if (error instanceof ValidationError)
          return settingsPage(req, res, { [form]: { values, errors: error.fields } }, 422);
        if (isAnswer(error)) throw error;
        reportFailedSave(req, error, SAVE_FAILED);
        return settingsPage(req, res, { [form]: { values, errors: {} } }, 500);
      }
    };
  }

  router.get('/account-preferences', requireSignIn, (req, res) => settingsPage(req, res));

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
        return { next: '/account-preferences/two-factor' };
      },
    ),
  );

  async function setupCodePage(req: Request, res: Response, options: { error?: string; status?: number } = {}) {
    const phone = await service.pendingSetupPhone(deps, actorOf(req, res));
    if (!phone) return res.redirect(303, '/account-preferences#two-factor');
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
          cancelHref="/account-preferences"
        />
      ),
    });
  }

  router.get('/account-preferences/two-factor', requireSignIn, (req, res) => setupCodePage(req, res));

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
      res.redirect(303, '/account-preferences#two-factor');
    }),
  );

  router.post(
    '/account-preferences/two-factor/new-code',
    requireSignIn,
    formPost(SAVE_FAILED, reshowCodePage, async (req, res) => {
      const result = await service.resendSetupCode(deps, actorOf(req, res), requestMeta(req));
      if (result === 'none') return res.redirect(303, '/account-preferences#two-factor');
      flash(req, result === 'sent' ? 'success' : 'error', result === 'sent' ? 'New code sent!' : TOO_MANY_ATTEMPTS);
      res.redirect(303, '/account-preferences/two-factor');
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

  // Password change: here and on Account Settings (the form says where it came from).
  router.get('/password/update', requireSignIn, (req, res) => {
    render(req, res, { title: 'Update Password', page: <PasswordUpdatePage /> });
  });

  router.post('/password/update', requireSignIn, async (req, res) => {
    const fromSettings = req.body.from === 'account-preferences';
    const failed = (errors: Record<string, string>, status: number) =>
      fromSettings
        ? settingsPage(req, res, { password: { errors } }, status)
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
    res.redirect(303, fromSettings ? '/account-preferences' : '/password/update');
  });

  return router;
}
