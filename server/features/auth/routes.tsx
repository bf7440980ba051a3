// Getting in, staying in and getting back in (spec 1 §2 /login, /login/help, /logout,
// /account/confirm/{token}, /password/request, /password/reset/{reset_token}, /account/recover(ed);
// §4 Session and Password reset and recovery). Thin: parse, one service call, render or redirect.
import { Router, type Request, type Response } from 'express';
import { flash } from '../../http/flash';
import { formPost } from '../../http/form-post';
import { SAVE_FAILED } from '../../lib/save-failures';
import { localPath, safeReturnPath } from '../../http/guards';
import { render } from '../../http/render';
import { recordActivity, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../http/session';
import { AccountRecoveredPage, RecoverAccountPage } from '../../../views/pages/account/RecoverAccountPage';
import { LoginHelpPage } from '../../../views/pages/login/LoginHelpPage';
import { LoginPage, TOO_MANY_ATTEMPTS } from '../../../views/pages/login/LoginPage';
import {
  AccountOnHoldPage,
  ClientLoginPage,
  PracticeManagementReadyPage,
} from '../../../views/pages/login/SignInChoicePages';
import { TwoFactorCodePage } from '../../../views/pages/login/TwoFactorCodePage';
import { LogoutPage } from '../../../views/pages/logout/LogoutPage';
import { PasswordRequestPage } from '../../../views/pages/password/PasswordRequestPage';
import { PasswordResetPage, ResetLinkExpiredPage } from '../../../views/pages/password/PasswordResetPage';
import * as service from './service';
import {
  looksLikeLinkToken,
  loginSchema,
  recoverSchema,
  resetPasswordSchema,
  resetRequestSchema,
  TWO_FACTOR_WRONG_CODE,
  twoFactorCodeSchema,
} from '../../domain/accounts';
import { validate } from '../../lib/validation';
import { text } from '../../lib/form';
import type { FeatureDeps } from '../deps';
import { logIn, requestMeta } from '../../http/sign-in';

export const REMEMBER_DEVICE_COOKIE = 'portal.2fa';
/** How long a half-finished two-factor sign-in waits for its code. */
const PENDING_TWO_FACTOR_MS = 15 * 60 * 1000;

declare module 'express-session' {
  interface SessionData {
    /** Password checked, code not yet: who, since when, and where they were going. */
    twoFactor?: { userId: number; startedAt: number } & service.SignInIntent;
    /** Reset requests made in this browser (the recover-account hint shows after 3). */
    resetRequests?: { email: string; count: number };
    /** Set by a recovery that matched an account, read once by /account/recovered. */
    accountRecovered?: boolean;
  }
}

/** Reads one cookie from the request (express has no parser built in; we need only this one). */
export function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function regenerate(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.regenerate((error) => (error ? reject(error) : resolve())));
}

function sessionState(req: Request) {
  const signedInAt = req.session.signedInAt ?? Date.now();
  return {
    signedIn: true,
    expiresAt: new Date((req.session.lastSeenAt ?? signedInAt) + SESSION_IDLE_MS).toISOString(),
    refreshBy: new Date(signedInAt + SESSION_ABSOLUTE_MS).toISOString(),
  };
}

export function authRoutes({ db, integrations, config, throttles }: FeatureDeps): Router {
  const router = Router();
  const deps: service.AuthDeps = { db, outgoing: integrations.outgoing, config, throttles, jobs: integrations.jobs };

  /** Sends a signed-in person where the service decided (spec 1 §4 Session outcomes 2–5). */
  function go(req: Request, res: Response, destination: service.Destination) {
    switch (destination.kind) {
      case 'path':
        return res.redirect(303, destination.path);
      case 'external':
        return res.redirect(303, destination.url);
      case 'practice-management-payment':
        return res.redirect(303, `/practice-management/upgrade/${destination.accountId}`);
      case 'practice-management-ready':
        return render(req, res, {
          title: 'Practice Management',
          layout: 'plain',
          page: <PracticeManagementReadyPage url={destination.url} continuePath={destination.continuePath} />,
        });
      case 'client-choice':
        return render(req, res, {
          title: 'Client Login?',
          layout: 'plain',
          page: <ClientLoginPage clientSiteUrl={config.clientSiteUrl} continuePath={destination.continuePath} />,
        });
    }
  }

  const loginPage = (req: Request, res: Response, props: Parameters<typeof LoginPage>[0], status = 200) =>
    render(req, res, { title: 'Log In', layout: 'plain', status, page: <LoginPage {...props} /> });

  router.get('/login', (req, res) => {
    const redirectUrl = text(req.query.reimbursify_redirect_url);
    // Where to go after signing in: the page that sent the visitor here (?next=), checked as a local path.
    const next = localPath(req.query.next) ?? undefined;
    if (res.locals.viewer) {
      return res.redirect(
        303,
        service.allowedRedirect(config, redirectUrl) ?? safeReturnPath(next ?? req.session.returnTo),
      );
    }
    loginPage(req, res, {
      values: { email: text(req.query.email) },
      errors: {},
      origin: req.query.origin === 'client' ? 'client' : undefined,
      reimbursifyRedirectUrl: service.allowedRedirect(config, redirectUrl) ?? undefined,
      next,
    });
  });

  router.post('/login', async (req, res) => {
    const intent: service.SignInIntent = {
      origin: req.body.origin === 'client' ? 'client' : undefined,
      reimbursifyRedirectUrl: service.allowedRedirect(config, text(req.body.reimbursify_redirect_url)) ?? undefined,
      // The form carries ?next=; a return path kept in the session (an invitation to accept) is the fallback.
      returnTo: localPath(req.body.next) ?? req.session.returnTo,
    };
    const form = {
      values: { email: text(req.body.email) },
      origin: intent.origin,
      reimbursifyRedirectUrl: intent.reimbursifyRedirectUrl,
      next: localPath(req.body.next) ?? undefined,
    };
    const checked = validate(loginSchema, req.body);
    if (checked.errors) return loginPage(req, res, { ...form, errors: checked.errors }, 422);

    const result = await service.signInWithPassword(
      deps,
      {
        email: checked.value.email,
        password: checked.value.password,
        rememberToken: readCookie(req, REMEMBER_DEVICE_COOKIE),
        ...intent,
      },
      requestMeta(req),
    );
    switch (result.outcome) {
      case 'invalid':
        return loginPage(req, res, { ...form, errors: {}, formError: 'invalid' }, 401);
      case 'throttled':
        return loginPage(req, res, { ...form, errors: {}, formError: 'throttled' }, 429);
      case 'client-only':
        return render(req, res, {
          title: 'Client Login?',
          layout: 'plain',
          page: <ClientLoginPage clientSiteUrl={config.clientSiteUrl} />,
        });
      case 'on-hold':
        return render(req, res, {
          title: 'Account On Hold',
          layout: 'plain',
          status: 403,
          page: <AccountOnHoldPage supportEmail={config.supportEmail} />,
        });
      case 'two-factor':
        // The password step is itself a privilege: start a fresh session for it.
        await regenerate(req);
        req.session.twoFactor = { userId: result.userId, startedAt: Date.now(), ...intent };
        return res.redirect(303, '/login/verify');
      case 'signed-in':
        await logIn(req, result.userId);
        return go(req, res, result.destination);
    }
  });

  /** The pending two-factor sign-in, or null when there is none (or it waited too long). */
  function pendingTwoFactor(req: Request) {
    const pending = req.session.twoFactor;
    if (!pending || Date.now() - pending.startedAt > PENDING_TWO_FACTOR_MS) return null;
    return pending;
  }

  async function codePage(
    req: Request,
    res: Response,
    userId: number,
    options: { error?: string; throttled?: boolean; remember?: boolean; status?: number } = {},
  ) {
    const phoneLastFour = await service.twoFactorPhoneLastFour(deps, userId);
    render(req, res, {
      title: 'Enter Your Code',
      layout: 'plain',
      status: options.status ?? 200,
      page: (
        <TwoFactorCodePage
          phoneLastFour={phoneLastFour}
          error={options.error}
          throttled={options.throttled}
          remember={options.remember ?? true}
          action="/login/verify"
          resendAction="/login/verify/new-code"
          cancelHref="/login"
        />
      ),
    });
  }

  router.get('/login/verify', async (req, res) => {
    const pending = pendingTwoFactor(req);
    if (!pending) return res.redirect(303, '/login');
    await codePage(req, res, pending.userId);
  });

  router.post('/login/verify', async (req, res) => {
    const pending = pendingTwoFactor(req);
    if (!pending) return res.redirect(303, '/login');
    const remember = req.body.remember === '1';
    const checked = validate(twoFactorCodeSchema, req.body);
    if (checked.errors)
      return codePage(req, res, pending.userId, { error: checked.errors.token, remember, status: 422 });
    const result = await service.verifySignInCode(
      deps,
      { ...pending, code: checked.value.token, remember },
      requestMeta(req),
    );
    if (result.outcome === 'wrong')
      return codePage(req, res, pending.userId, { error: TWO_FACTOR_WRONG_CODE, remember, status: 422 });
    if (result.outcome === 'throttled')
      return codePage(req, res, pending.userId, { throttled: true, remember, status: 429 });
    await logIn(req, pending.userId);
    if (result.rememberToken) {
      res.cookie(REMEMBER_DEVICE_COOKIE, result.rememberToken, {
        httpOnly: true,
        secure: req.secure,
        sameSite: 'strict',
        maxAge: service.TWO_FACTOR_REMEMBER_MS,
        path: '/',
      });
    }
    go(req, res, result.destination);
  });

  router.post('/login/verify/new-code', async (req, res) => {
    const pending = pendingTwoFactor(req);
    if (!pending) return res.redirect(303, '/login');
    const result = await service.resendSignInCode(deps, pending.userId, requestMeta(req));
    if (result === 'gone') return res.redirect(303, '/login');
    if (result === 'throttled') flash(req, 'error', TOO_MANY_ATTEMPTS);
    else flash(req, 'success', 'New code sent!');
    res.redirect(303, '/login/verify');
  });

  // The session loop of the shared script (spec 1 §4): a check, and a refresh that extends the idle timeout.
  router.get('/auth/session', (req, res) => {
    if (!res.locals.viewer) return res.status(401).json({ message: 'missing-authentication' });
    res.json(sessionState(req));
  });

  router.post('/auth/session/refresh', (req, res) => {
    if (!res.locals.viewer) return res.status(401).json({ message: 'missing-authentication' });
    recordActivity(req.session);
    res.json(sessionState(req));
  });

  router.get('/logout', (req, res) => {
    if (!res.locals.viewer) return res.redirect(303, '/login');
    render(req, res, { title: 'Log Out', layout: 'plain', page: <LogoutPage /> });
  });

  router.post('/logout', (req, res, next) => {
    const userId = res.locals.viewer?.user.id ?? null;
    // passport's logout regenerates the session: the selected profile and everything else are forgotten.
    req.logout(async (error) => {
      if (error) return next(error);
      try {
        if (userId) await service.recordSignOut(deps, userId, requestMeta(req));
      } catch (auditError) {
        return next(auditError);
      }
      flash(req, 'success', 'you have been logged out');
      res.redirect(303, '/login');
    });
  });

  // ---- getting back in

  router.get('/login/help', (req, res) => {
    render(req, res, {
      title: 'Login Help',
      layout: 'plain',
      page: <LoginHelpPage clientSiteUrl={config.clientSiteUrl} />,
    });
  });

  const requestPage = (req: Request, res: Response, props: Parameters<typeof PasswordRequestPage>[0], status = 200) =>
    render(req, res, { title: 'Reset Password', layout: 'plain', status, page: <PasswordRequestPage {...props} /> });

  router.get('/password/request', (req, res) => {
    const sent = req.query.sent === '1' ? req.session.resetRequests : undefined;
    requestPage(req, res, {
      values: { email: text(req.query.email) },
      errors: {},
      sent: sent?.email ? { email: sent.email, attempts: sent.count } : undefined,
    });
  });

  router.post('/password/request', async (req, res) => {
    const checked = validate(resetRequestSchema, req.body);
    if (checked.errors)
      return requestPage(req, res, { values: { email: text(req.body.email) }, errors: checked.errors }, 422);
    await service.requestPasswordReset(deps, checked.value.email, requestMeta(req));
    req.session.resetRequests = { email: checked.value.email, count: (req.session.resetRequests?.count ?? 0) + 1 };
    res.redirect(303, '/password/request?sent=1');
  });

  const expired = (req: Request, res: Response) =>
    render(req, res, { title: 'Reset Password', layout: 'plain', status: 410, page: <ResetLinkExpiredPage /> });

  router.get('/password/reset/:resetToken', async (req, res) => {
    const token = req.params.resetToken;
    if (!looksLikeLinkToken(token) || !(await service.resetTokenIsLive(deps, token))) return expired(req, res);
    render(req, res, {
      title: 'Reset Password',
      layout: 'plain',
      page: <PasswordResetPage token={token} errors={{}} />,
    });
  });

  // Spec 1 §8: an unexpected failure keeps the reset form (passwords are never echoed back).
  const reshowReset = (req: Request, res: Response, errors: Record<string, string>, status: number) =>
    render(req, res, {
      title: 'Reset Password',
      layout: 'plain',
      status,
      page: <PasswordResetPage token={String(req.params.resetToken)} errors={errors} />,
    });

  router.post(
    '/password/reset/:resetToken',
    formPost(SAVE_FAILED, reshowReset, async (req, res) => {
      const token = req.params.resetToken;
      if (!looksLikeLinkToken(token) || !(await service.resetTokenIsLive(deps, token))) return expired(req, res);
      const checked = validate(resetPasswordSchema, req.body);
      if (checked.errors) {
        return render(req, res, {
          title: 'Reset Password',
          layout: 'plain',
          status: 422,
          page: <PasswordResetPage token={token} errors={checked.errors} />,
        });
      }
      const result = await service.resetPassword(deps, { token, password: checked.value.password }, requestMeta(req));
      if (result === 'expired') return expired(req, res);
      // Any session in this browser belonged to the old password.
      if (res.locals.viewer) await new Promise<void>((resolve) => req.logout(() => resolve()));
      flash(req, 'success', 'Your password has been successfully reset.');
      res.redirect(303, '/login');
    }),
  );

  const recoverPage = (
    req: Request,
    res: Response,
    props: Omit<Parameters<typeof RecoverAccountPage>[0], 'supportEmail'>,
    status = 200,
  ) =>
    render(req, res, {
      title: 'Recover Account',
      layout: 'plain',
      status,
      page: <RecoverAccountPage {...props} supportEmail={config.supportEmail} />,
    });

  router.get('/account/recover', (req, res) => {
    recoverPage(req, res, { values: { first_name: '', last_name: '', phone_number: '' }, errors: {} });
  });

  router.post('/account/recover', async (req, res) => {
    const values = {
      first_name: text(req.body.first_name),
      last_name: text(req.body.last_name),
      phone_number: text(req.body.phone_number),
    };
    const checked = validate(recoverSchema, req.body);
    if (checked.errors) return recoverPage(req, res, { values, errors: checked.errors }, 422);
    const result = await service.recoverAccount(deps, checked.value, requestMeta(req));
    if (result === 'no-match') return recoverPage(req, res, { values, errors: {}, formError: 'no-match' }, 422);
    if (result === 'throttled') return recoverPage(req, res, { values, errors: {}, formError: 'throttled' }, 429);
    req.session.accountRecovered = true;
    res.redirect(303, '/account/recovered');
  });

  // Only right after a recovery that matched: opened directly, there is nothing to announce.
  router.get('/account/recovered', (req, res) => {
    if (!req.session?.accountRecovered) return res.redirect(303, '/account/recover');
    delete req.session.accountRecovered;
    render(req, res, { title: 'Recover Account', layout: 'plain', page: <AccountRecoveredPage /> });
  });

  router.get('/account/confirm/:token', async (req, res) => {
    const token = req.params.token;
    // Confirm failure redirects to / (spec 1 §8).
    if (!looksLikeLinkToken(token) || !(await service.confirmEmail(deps, token, requestMeta(req))))
      return res.redirect(303, '/');
    flash(req, 'success', 'Thank you! Your email address is confirmed.');
    res.redirect(303, '/');
  });

  return router;
}
