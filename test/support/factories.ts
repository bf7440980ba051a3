// Test data built through the same tables the portal reads. Each returns the ids it made.
import type { Knex } from 'knex';
import { hashPassword } from '../../server/domain/accounts';
import { recomputeAccount } from '../../server/domain/billing';

export const TEST_PASSWORD = 'Test-password-1!';
let passwordHash: Promise<string> | undefined;

export interface ProviderSpec {
  type?: 'individual' | 'practice';
  status?: 'incomplete' | 'reviewing' | 'pending' | 'active' | 'inactive' | 'locked';
  firstName?: string;
  lastName?: string;
  companyName?: string;
}

export interface MadeUser { userId: number; accountId: number; providerIds: number[]; email: string }

export async function createProviderUser(
  db: Knex,
  options: { email?: string; paid?: boolean; roles?: string[]; providers?: ProviderSpec[]; scopes?: string[] } = {},
): Promise<MadeUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const email = options.email ?? `user${Math.random().toString(36).slice(2, 10)}@example.test`;
  const specs = options.providers ?? [{}];
  const first = specs[0] ?? {};
  const [user] = await db('users')
    .insert({ email, password_hash: await passwordHash, first_name: first.firstName ?? 'Taylor', last_name: first.lastName ?? 'Test', scopes: options.scopes ?? ['provider'] })
    .returning('id');
  const userId = Number(user.id);
  const [account] = await db('accounts').insert({ name: `${email} account` }).returning('id');
  const accountId = Number(account.id);
  for (const role of options.roles ?? ['owner']) await db('account_roles').insert({ user_id: userId, account_id: accountId, role });
  const providerIds: number[] = [];
  for (const [index, spec] of specs.entries()) {
    const [provider] = await db('providers')
      .insert({
        account_id: accountId,
        type: spec.type ?? 'individual',
        status: spec.status ?? 'active',
        first_name: spec.firstName ?? 'Taylor',
        last_name: spec.lastName ?? `Test${index || ''}`,
        company_name: spec.companyName ?? null,
        slug: `${email.split('@')[0]}-${index}`,
      })
      .returning('id');
    providerIds.push(Number(provider.id));
    await db('provider_clinicians').insert({ user_id: userId, provider_id: Number(provider.id) });
  }
  if (options.paid) await mirrorPaidMembership(db, accountId, providerIds);
  return { userId, accountId, providerIds, email };
}

/**
 * A paid membership as the billing mirror holds it after Stripe's webhooks (an active subscription for
 * every provider of the account), with the account's fields derived the way the portal derives them.
 */
export async function mirrorPaidMembership(db: Knex, accountId: number, providerIds: number[], status = 'active'): Promise<string> {
  const customerId = `cus_test${accountId}`;
  const subscriptionId = `sub_test${accountId}_${status}`;
  await db('billing_customers').insert({ id: customerId, account_id: accountId }).onConflict('id').ignore();
  await db('billing_subscriptions').insert({
    id: subscriptionId, customer_id: customerId, account_id: accountId, status, created_at: new Date(), current_period_end: new Date(Date.now() + 30 * 86_400_000),
    interval: 'month', seat_based: providerIds.length > 1, provider_ids: providerIds, metadata: JSON.stringify({ provider_ids: providerIds.join(',') }),
  });
  await db('billing_subscription_items').insert({ id: `si_${subscriptionId}`, subscription_id: subscriptionId, price_id: 'price_test', lookup_key: 'membership_monthly_v3', quantity: providerIds.length || 1, unit_amount: 5900, seat_kind: 'non_ny' });
  await recomputeAccount(db, accountId);
  return subscriptionId;
}
