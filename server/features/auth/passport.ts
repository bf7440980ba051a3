// passport-local with e-mail and password; the session keeps only the user id.
import type { Knex } from 'knex';
import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { verifyPassword } from './passwords';
import { findUserByEmail } from './repo';

export interface SessionUser { id: number }

declare global {
  namespace Express {
    interface User { id: number }
  }
}

export function configurePassport(db: Knex): passport.PassportStatic {
  const instance = new passport.Passport();
  instance.use(
    new LocalStrategy({ usernameField: 'email', passwordField: 'password', session: true }, async (email, password, done) => {
      try {
        const user = await findUserByEmail(db, email.trim().toLowerCase());
        const ok = await verifyPassword(user?.password_hash, password);
        done(null, ok && user ? { id: user.id } : false);
      } catch (error) {
        done(error);
      }
    }),
  );
  instance.serializeUser((user, done) => done(null, user.id));
  instance.deserializeUser((id: number, done) => done(null, { id }));
  return instance as unknown as passport.PassportStatic;
}
