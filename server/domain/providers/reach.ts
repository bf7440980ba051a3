// "The viewer may reach this provider": clinician access, or a role on its account. Anything else is
// not found, so another account's ids are never told apart from ids that do not exist.
import type { Knex } from 'knex';
import { canSeeAccount, canSeeProvider, type PolicyActor, providerDisplayName } from '../accounts';
import { NotFoundError } from '../../lib/errors';
import * as repo from './reach-repo';

export interface ReachableProvider extends repo.ProviderFacts {
  name: string;
}

/** A provider the user may reach at all (clinician access or a role on its account); else 404. */
export async function reachableProvider(db: Knex, actor: PolicyActor, providerId: number): Promise<ReachableProvider> {
  const provider = await repo.findProvider(db, providerId);
  if (!provider || !canSeeProvider(actor, provider)) throw new NotFoundError();
  const name = providerDisplayName({
    type: provider.type,
    first_name: provider.firstName,
    last_name: provider.lastName,
    company_name: provider.companyName,
  });
  return { ...provider, name };
}

/** The reach rules of path ids (server/http/access.ts): accounts the viewer holds a role on, providers as above. */
export const viewerReach = (db: Knex) => ({
  account: (actor: PolicyActor, accountId: number) => canSeeAccount(actor, accountId),
  provider: (actor: PolicyActor, providerId: number) => reachableProvider(db, actor, providerId),
});
