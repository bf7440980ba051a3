// "The viewer may edit this profile" in one place: clinician access to it. Anything else is not found
// (404), so another account's profile is never told apart from one that does not exist.
import { NotFoundError } from '../../lib/errors';
import { hasClinicianAccess, type PolicyActor } from './policy';

/** The id, when the actor may edit that profile; else NotFoundError. */
export function editableProviderId(actor: PolicyActor, providerId: number): number {
  if (!hasClinicianAccess(actor, providerId)) throw new NotFoundError();
  return providerId;
}

/** The viewer's selected profile, when they may edit it (and, if asked, of that type); else NotFoundError. */
export function selectedEditableProvider<P extends { id: number; type: string }>(
  viewer: PolicyActor & { provider: P | null },
  type?: P['type'],
): P {
  const provider = viewer.provider;
  if (!provider || (type && provider.type !== type) || !hasClinicianAccess(viewer, provider.id))
    throw new NotFoundError();
  return provider;
}

const BILLING_ROLES = new Set(['owner', 'billing-manager']);

/**
 * The account whose billing the viewer manages (Plan Management, checkout): the selected profile's
 * account when the viewer is its owner or billing manager, else the first account they hold such a role
 * on; null when none.
 */
export function billingAccountOf(
  viewer: Pick<PolicyActor, 'roles'> & { provider: { accountId: number } | null },
): number | null {
  const managed = viewer.roles.filter((r) => BILLING_ROLES.has(r.role)).map((r) => r.accountId);
  if (viewer.provider && managed.includes(viewer.provider.accountId)) return viewer.provider.accountId;
  return managed.length ? Math.min(...managed) : null;
}
