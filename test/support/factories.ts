// Test data built through the same tables the portal reads. Each returns the ids it made.
import type { Knex } from 'knex';
import { hashPassword } from '../../server/domain/accounts';
import { billedAccount } from './billing';

export const TEST_PASSWORD = 'Test-password-1!';
let passwordHash: Promise<string> | undefined;

export interface ProviderSpec {
  type?: 'individual' | 'practice';
  status?: 'incomplete' | 'reviewing' | 'pending' | 'active' | 'inactive' | 'locked';
  firstName?: string;
  lastName?: string;
  companyName?: string;
}

export interface MadeUser {
  userId: number;
  accountId: number;
  providerIds: number[];
  email: string;
}

export async function createProviderUser(
  db: Knex,
  options: { email?: string; paid?: boolean; roles?: string[]; providers?: ProviderSpec[]; scopes?: string[] } = {},
): Promise<MadeUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const email = options.email ?? `user${Math.random().toString(36).slice(2, 10)}@example.test`;
  const specs = options.providers ?? [{}];
  const first = specs[0] ?? {};
  const [user] = await db('users')
    .insert({
      email,
      password_hash: await passwordHash,
      first_name: first.firstName ?? 'Taylor',
      last_name: first.lastName ?? 'Test',
      scopes: options.scopes ?? ['provider'],
    })
    .returning('id');
  const userId = Number(user.id);
  const [account] = await db('accounts')
    .insert({ name: `${email} account` })
    .returning('id');
  const accountId = Number(account.id);
  for (const role of options.roles ?? ['owner'])
    await db('account_roles').insert({ user_id: userId, account_id: accountId, role });
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
  // A paid membership made as in life: a card and an active subscription on the local card server, mirrored.
  if (options.paid) await billedAccount(accountId, providerIds);
  return { userId, accountId, providerIds, email };
}

/**
 * A paid provider with the phone-consultation calendar on and shown (New York time), and an office in
 * Manhattan that accepts new clients: what the calendar and booking tests start from.
 */
export async function createProviderWithCalendar(
  db: Knex,
  provider: ProviderSpec = {},
): Promise<{ user: MadeUser; id: number }> {
  const user = await createProviderUser(db, { paid: true, providers: [provider] });
  const id = user.providerIds[0]!;
  await db('providers').where({ id }).update({ has_calendar: true, calendar_open: true, timezone: 'America/New_York' });
  await db('locations').insert({
    provider_id: id,
    state: 'NY',
    remote_location: false,
    location_name: 'Midtown Office',
    address: '250 W 57th St',
    city: 'New York',
    zip: '10107',
    accepting_patients: 40,
  });
  return { user, id };
}
