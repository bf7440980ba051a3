// Which failed page is "a profile that could not be loaded" (spec 1 §8 "There was an error loading your
// profile."): a GET of a profile page (editing, onboarding wizard, Choose a Profile, the dashboard), or any
// signed-in GET whose user and profiles (spec 1 §7 portal/me) could not be read. Other pages keep the
// general error page.
import type { Request, Response } from 'express';
import { safeReturnPath } from './guards';

/** Spec 1 §2 profile routes and the spec 2 §2 profile pages. */
const PROFILE_PAGE =
  /^\/(?:$|profile\/|profiles(?:\/|$)|therapy-groups(?:\/|$)|testimonials(?:\/|$)|practice\/providers(?:\/|$))/;

export function isProfileLoad(req: Request, res: Response): boolean {
  if (req.method !== 'GET' || !req.user) return false;
  return !res.locals.viewer || PROFILE_PAGE.test(req.path);
}

/** The same address, to try again (a same-site path only). */
export const retryHref = (req: Request): string => safeReturnPath(req.originalUrl, '/');
