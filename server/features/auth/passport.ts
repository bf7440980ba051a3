// passport keeps only the user id in the session. Passwords are checked by the auth service (with the
// throttles and two-factor around it); routes then call req.login, which issues a new session id.
import passport from 'passport';

export interface SessionUser {
  id: number;
}

declare global {
  namespace Express {
    interface User {
      id: number;
    }
  }
}

export function configurePassport(): passport.PassportStatic {
  const instance = new passport.Passport();
  instance.serializeUser((user, done) => done(null, user.id));
  instance.deserializeUser((id: number, done) => done(null, { id }));
  return instance as unknown as passport.PassportStatic;
}
