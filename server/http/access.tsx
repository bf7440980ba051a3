// Route guards for pages that need a permission or carry ids in the path. They hold no rule of their
// own: the domain's predicates are passed in, so the web layer depends on no domain module.
import type { RequestHandler } from 'express';
import type { Viewer } from '../domain/accounts';
import { ForbiddenError, NotFoundError } from '../lib/errors';
import { ResourceDeniedPage } from '../../views/pages/profile-creation/AccessDeniedPage';
import { render } from './render';

/** A page for people the predicate allows; anyone else gets 403 with the given message. */
export function requirePermission(allowed: (viewer: Viewer) => boolean, message: string): RequestHandler {
  return (_req, res, next) => {
    if (!allowed(res.locals.viewer!)) throw new ForbiddenError(message);
    next();
  };
}

/** A page for one role (Referral Data, Practice Inbox): others see the page titled `title` saying `message` (403). */
export function requireRolePage(allowed: (viewer: Viewer) => boolean, title: string, message: string): RequestHandler {
  return (req, res, next) => {
    if (allowed(res.locals.viewer!)) return next();
    render(req, res, { title, status: 403, page: <ResourceDeniedPage message={message} /> });
  };
}

/** How to tell whether a path's ids are the viewer's: an account they hold a role on, a provider they may reach (else it throws NotFoundError). */
export interface Reach {
  account(viewer: Viewer, accountId: number): boolean;
  provider(viewer: Viewer, providerId: number): Promise<unknown>;
}

/** `:providerId` and `:accountId` in the path must be reachable by the viewer; anything else is not found (404). */
export function requireReachableIds(reach: Reach): RequestHandler {
  return async (req, res, next) => {
    const viewer = res.locals.viewer!;
    const { providerId, accountId } = req.params as Record<string, string | undefined>;
    if (accountId !== undefined && !reach.account(viewer, toId(accountId))) throw new NotFoundError();
    if (providerId !== undefined) await reach.provider(viewer, toId(providerId));
    next();
  };
}

/** A path id as a number; anything that is not a positive integer becomes 0 (never found). */
export function toId(value: unknown): number {
  const text = String(value ?? '');
  return /^\d{1,15}$/.test(text) ? Number(text) : 0;
}
