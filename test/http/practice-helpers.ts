// Test people of a group practice (the Team, audit and inbox tests): a user holding the given roles on
// a practice account of their own, signed in.
import { ctx } from '../support/context';
import { createProviderUser, type MadeUser } from '../support/factories';
import { agent, signIn, type Agent } from '../support/http';

/** A user with `roles` on a new practice account (Harbor Light Counseling), signed in. */
export async function signedInAtPractice(roles: string[]): Promise<{ user: MadeUser; client: Agent }> {
  const user = await createProviderUser(ctx().db, {
    roles,
    providers: [{ type: 'practice', companyName: 'Harbor Light Counseling' }],
  });
  const client = agent();
  await signIn(client, user.email);
  return { user, client };
}
