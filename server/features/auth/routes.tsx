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
import { SecondFactorPage } from '../../../views/pages/login/SecondFactorPage';
import { LogoutPage } from '../../../views/pages/logout/LogoutPage';
import { PasswordRequestPage } from '../../../views/pages/password/PasswordRequestPage';
import { PasswordResetPage, ResetLinkExpiredPage } from '../../../views/pages/password/PasswordResetPage';
import * as service from './service';
import {
  looksLikeLinkToken,
  loginSchema,
  normalizeRecoveryCode,
  passkeySignInOptions,
  type SecondFactorMethod,
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
import { keepPasskeyChallenge, takePasskeyChallenge } from '../../http/passkey-challenge';

export const REMEMBER_DEVICE_COOKIE = 'portal.2fa';
/** Our words (issue [25]); the SMS message is spec 1 §8's. */
const RECOVERY_CODE_WRONG = 'The recovery code you entered is not correct, or it was used already.';
const AUTHENTICATOR_CODE_WRONG = 'The code you entered is not correct. Please enter the code your app shows now.';
const wrongCodeFor = (method: SecondFactorMethod) =>
  method === 'authenticator' ? AUTHENTICATOR_CODE_WRONG : TWO_FACTOR_WRONG_CODE;
const recoveryCodesLeftMessage = (left: number) =>
  `You signed in with a recovery code. You have ${left} recovery code${left === 1 ? '' : 's'} left` +
  (left <= 3 ? ': make new ones in Account Settings, Two-factor authentication.' : '.');
/** How long a half-finished two-factor sign-in waits for its code. */
const PENDING_TWO_FACTOR_MS = 15 * 60 * 1000;

declare module 'express-session' {
  interface SessionData {
    /** Password checked, code not yet: who, since when, and where they were going. */
    twoFactor?: { userId: number; startedAt: number; method?: SecondFactorMethod } & service.SignInIntent;
    /** Reset requests made in this browser (the recover-account hint shows after 3). */
    resetRequests?: { email: string; count: number };
    /** Set by a recovery that matched an account, read once by /account/recovered. */
    accountRecovered?: boolean;
  }
}

/** The browser's answer as posted in a form field (JSON text); null when it is not JSON. */
function parseJson(value: string): unknown {
  try {
    return value ? JSON.parse(value) : null;
  } catch {
    return null;
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

  /** The page of a person proven but turned away (a password or a passkey alike): a client's account, or one on hold. */
  function turnAway(req: Request, res: Response, outcome: 'client-only' | 'on-hold') {
    return outcome === 'client-only'
      ? render(req, res, {
          title: 'Client Login?',
          layout: 'plain',
          page: <ClientLoginPage clientSiteUrl={config.clientSiteUrl} />,
        })
      : render(req, res, {
          title: 'Account On Hold',
          layout: 'plain',
          status: 403,
          page: <AccountOnHoldPage supportEmail={config.supportEmail} />,
        });
  }

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
      case 'on-hold':
        return turnAway(req, res, result.outcome);
      case 'two-factor':
        // The password step is itself a privilege: start a fresh session for it.
        await regenerate(req);
        req.session.twoFactor = { userId: result.userId, startedAt: Date.now(), method: result.method, ...intent };
        return res.redirect(303, '/login/verify');
      case 'signed-in':
        await logIn(req, result.userId);
        return go(req, res, result.destination);
    }
  });

  // ---- passkeys (issue [25] item 2): the button on /login asks for a challenge, the browser signs it, and the
  // island posts the answer as a plain form, so a good one ends like a password sign-in (session, redirect).

  router.post('/login/passkey/options', async (req, res) => {
    // Anonymous and it writes the session: refused while this address is over the sign-in limit.
    if (await throttles.signInByIp.exceeded(requestMeta(req).ip ?? 'unknown'))
      return res.status(429).json({ message: TOO_MANY_ATTEMPTS });
    const options = await passkeySignInOptions(config);
    keepPasskeyChallenge(req, 'sign-in', options.challenge);
    res.json(options);
  });

  router.post('/login/passkey', async (req, res) => {
    const intent: service.SignInIntent = {
      origin: req.body.origin === 'client' ? 'client' : undefined,
      reimbursifyRedirectUrl: service.allowedRedirect(config, text(req.body.reimbursify_redirect_url)) ?? undefined,
      returnTo: localPath(req.body.next) ?? req.session.returnTo,
    };
    const form = {
      values: { email: '' },
      errors: {},
      origin: intent.origin,
      reimbursifyRedirectUrl: intent.reimbursifyRedirectUrl,
      next: localPath(req.body.next) ?? undefined,
    };
    const result = await service.signInWithPasskey(
      deps,
      { response: parseJson(text(req.body.response)), challenge: takePasskeyChallenge(req, 'sign-in'), ...intent },
      requestMeta(req),
    );
    switch (result.outcome) {
      case 'refused':
        return loginPage(req, res, { ...form, formError: 'passkey' }, 422);
      case 'throttled':
        return loginPage(req, res, { ...form, formError: 'throttled' }, 429);
      case 'client-only':
      case 'on-hold':
        return turnAway(req, res, result.outcome);
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

  /** The method shown: the one asked for (when the user has it), else the one the sign-in started with. */
  async function methodFor(req: Request, userId: number, asked: unknown) {
    const available = await service.secondFactorsAtSignIn(deps, userId);
    const has = (method: unknown): method is SecondFactorMethod =>
      (method === 'authenticator' && available.authenticator) ||
      (method === 'sms' && Boolean(available.sms)) ||
      (method === 'recovery' && available.recoveryCodesLeft > 0);
    const pending = req.session.twoFactor?.method;
    // Text messages are chosen only by sending one (a POST), so the page never claims a code was sent.
    const chosen = has(asked) && (asked !== 'sms' || pending === 'sms') ? asked : null;
    const method: SecondFactorMethod =
      chosen ?? (has(pending) ? pending : available.authenticator ? 'authenticator' : 'sms');
    return { method, available };
  }

  async function codePage(
    req: Request,
    res: Response,
    userId: number,
    options: { method?: unknown; error?: string; throttled?: boolean; remember?: boolean; status?: number } = {},
  ) {
    const { method, available } = await methodFor(req, userId, options.method);
    render(req, res, {
      title: method === 'recovery' ? 'Enter a Recovery Code' : 'Enter Your Code',
      layout: 'plain',
      status: options.status ?? 200,
      page: (
        <SecondFactorPage
          method={method}
          available={available}
          error={options.error}
          throttled={options.throttled}
          remember={options.remember ?? true}
          supportEmail={config.supportEmail}
        />
      ),
    });
  }

  router.get('/login/verify', async (req, res) => {
    const pending = pendingTwoFactor(req);
    if (!pending) return res.redirect(303, '/login');
    await codePage(req, res, pending.userId, { method: req.query.method });
  });

  router.post('/login/verify', async (req, res) => {
    const pending = pendingTwoFactor(req);
    if (!pending) return res.redirect(303, '/login');
    const remember = req.body.remember === '1';
    const { method } = await methodFor(req, pending.userId, req.body.method);
    const again = (options: { error?: string; throttled?: boolean; status: number }) =>
      codePage(req, res, pending.userId, { method, remember, ...options });
    let code: string;
    if (method === 'recovery') {
      const typed = text(req.body.token);
      if (!normalizeRecoveryCode(typed)) return again({ error: RECOVERY_CODE_WRONG, status: 422 });
      code = typed;
    } else {
      const checked = validate(twoFactorCodeSchema, req.body);
      if (checked.errors) return again({ error: wrongCodeFor(method), status: 422 });
      code = checked.value.token;
    }
    const result = await service.verifySignInCode(deps, { ...pending, code, remember, method }, requestMeta(req));
    if (result.outcome === 'wrong')
      return again({ error: method === 'recovery' ? RECOVERY_CODE_WRONG : wrongCodeFor(method), status: 422 });
    if (result.outcome === 'throttled') return again({ throttled: true, status: 429 });
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
    if (result.recoveryCodesLeft !== null) flash(req, 'warning', recoveryCodesLeftMessage(result.recoveryCodesLeft));
    go(req, res, result.destination);
  });

  router.post('/login/verify/new-code', async (req, res) => {
    const pending = pendingTwoFactor(req);
    if (!pending) return res.redirect(303, '/login');
    const result = await service.resendSignInCode(deps, pending.userId, requestMeta(req));
    if (result === 'gone') return res.redirect(303, '/login');
    pending.method = 'sms';
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
