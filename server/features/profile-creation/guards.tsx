// Route guards built on the policy (server/features/profiles/policy.ts), for any router: ids in the URL
// that the user may not reach are 404; pages that need a role answer 403 with the spec's text.
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { render } from '../../http/render';
import { ResourceDeniedPage } from '../../../views/pages/profile-creation/AccessDeniedPage';
import * as policy from '../../domain/accounts';
import { reachableProvider } from './service';

/**
 * Plan and profile-creation pages (spec 1 §6): users without an account (no role on any account) see
 * "You do not have access to this part of the Members Portal".
 */
export const requireAccount: RequestHandler = (_req, res, next) => {
  if (!policy.hasAccount(res.locals.viewer!)) throw new ForbiddenError(policy.ACCESS_DENIED);
  next();
};

/** Creating profiles is account-level: owners only; others get the same spec message. */
export const requireProfileCreation: RequestHandler = (_req, res, next) => {
  if (!policy.canCreateProfiles(res.locals.viewer!)) throw new ForbiddenError(policy.ACCESS_DENIED);
  next();
};

/** A page for one role (Referral Data, Practice Inbox): "Oops! You are unable to access this resource..." */
export function requireRolePage(allowed: (actor: policy.PolicyActor) => boolean, title: string): RequestHandler {
  return (req, res, next) => {
    if (allowed(res.locals.viewer!)) return next();
    render(req, res, { title, status: 403, page: <ResourceDeniedPage message={policy.RESOURCE_DENIED} /> });
  };
}

/**
 * Ids in the path: a providerId must be a profile the user can reach (clinician access or a role on
 * its account) and an accountId one of the user's accounts; anything else is simply not found.
 */
export function requireReachableIds(db: Knex): RequestHandler {
  return async (req, res, next) => {
    const viewer = res.locals.viewer!;
    const { providerId, accountId } = req.params as Record<string, string | undefined>;
    if (accountId !== undefined && !policy.canSeeAccount(viewer, toId(accountId))) throw new NotFoundError();
    if (providerId !== undefined) await reachableProvider(db, viewer, toId(providerId));
    next();
  };
}

/** A path id as a number; anything that is not a positive integer becomes 0 (never found). */
export function toId(value: unknown): number {
  const text = String(value ?? '');
  return /^\d{1,15}$/.test(text) ? Number(text) : 0;
}
