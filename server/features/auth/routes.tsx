// Sign-in and sign-out (spec 1 §2 /login, /logout; §4 Session).
import { Router, type Request } from 'express';
import type { Knex } from 'knex';
import type passport from 'passport';
import { flash } from '../../http/flash';
import { safeReturnPath } from '../../http/guards';
import { render } from '../../http/render';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../http/session';
import { LoginPage } from '../../../views/pages/login/LoginPage';
import { LogoutPage } from '../../../views/pages/logout/LogoutPage';
import { recordAudit } from './repo';
import { loginSchema, validate } from './validation';

function sessionState(req: Request) {
  const signedInAt = req.session.signedInAt ?? Date.now();
  return {
    signedIn: true,
    expiresAt: new Date(Date.now() + SESSION_IDLE_MS).toISOString(),
    refreshBy: new Date(signedInAt + SESSION_ABSOLUTE_MS).toISOString(),
  };
}

const auditContext = (req: Request) => ({ ip: req.ip, userAgent: req.get('user-agent') });

export function authRoutes(db: Knex, auth: passport.PassportStatic): Router {
  const router = Router();

  router.get('/login', (req, res) => {
    if (res.locals.viewer) return res.redirect(303, safeReturnPath(req.session.returnTo));
    const email = typeof req.query.email === 'string' ? req.query.email : '';
    render(req, res, { title: 'Log In', layout: 'plain', page: <LoginPage values={{ email }} errors={{}} /> });
  });

  router.post('/login', async (req, res, next) => {
    const email = String(req.body.email ?? '');
    const checked = validate(loginSchema, req.body);
    if (checked.errors) {
      return render(req, res, { title: 'Log In', layout: 'plain', status: 422, page: <LoginPage values={{ email }} errors={checked.errors} /> });
    }
    auth.authenticate('local', async (error: unknown, user: Express.User | false) => {
      if (error) return next(error);
      if (!user) {
        await recordAudit(db, { userId: null, action: 'sign_in_failed', ...auditContext(req), details: { email: checked.value.email } });
        return render(req, res, { title: 'Log In', layout: 'plain', status: 401, page: <LoginPage values={{ email }} errors={{}} formError="invalid" /> });
      }
      const returnTo = safeReturnPath(req.session.returnTo);
      // req.login issues a new session id (no fixation); the old session's data is dropped.
      req.login(user, async (loginError) => {
        if (loginError) return next(loginError);
        req.session.signedInAt = Date.now();
        await db('users').where({ id: user.id }).update({ last_sign_in_at: db.fn.now() });
        await recordAudit(db, { userId: user.id, action: 'sign_in', ...auditContext(req) });
        res.redirect(303, returnTo);
      });
    })(req, res, next);
  });

  // The session loop of the shared script (spec 1 §4): a check, and a refresh that extends the idle timeout.
  router.get('/auth/session', (req, res) => {
    if (!res.locals.viewer) return res.status(401).json({ message: 'missing-authentication' });
    res.json(sessionState(req));
  });

  router.post('/auth/session/refresh', (req, res) => {
    if (!res.locals.viewer) return res.status(401).json({ message: 'missing-authentication' });
    req.session.touch();
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
      if (userId) await recordAudit(db, { userId, action: 'sign_out', ...auditContext(req) });
      flash(req, 'success', 'you have been logged out');
      res.redirect(303, '/login');
    });
  });

  return router;
}
