// Shared by the profile-editing pages (spec 2 §2): they work on the selected profile, which the viewer
// reaches only through clinician access (Viewer.provider comes from that list), and one section at a
// time is open for editing (?edit={section}).
import type { Request, RequestHandler, Response } from 'express';
import { requireSignIn } from './guards';
import type { ProviderSummary } from '../domain/accounts';

/** Signed in with a selected profile; without one, Choose a Profile (or Create) comes first. */
export const requireSelectedProfile: RequestHandler[] = [
  requireSignIn,
  (_req, res, next) => {
    if (res.locals.viewer?.provider) return next();
    res.redirect(303, res.locals.viewer?.providers.length ? '/profiles' : '/profiles/create');
  },
];

/** Only for the given provider type (e.g. /practice/providers for practices); others go to /. */
export const requireProviderType =
  (type: ProviderSummary['type']): RequestHandler =>
  (_req, res, next) => {
    if (res.locals.viewer?.provider?.type === type) return next();
    res.redirect(303, '/');
  };

export const selectedProfile = (res: Response): ProviderSummary => res.locals.viewer!.provider!;

/** The section whose form is open: ?edit= on a GET. */
export const editingSection = (req: Request): string | null =>
  typeof req.query.edit === 'string' ? req.query.edit : null;
