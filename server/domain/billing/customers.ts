// An account's Stripe customer: the primary one, made once (an idempotency key per account) when the
// account first needs one, and mirrored at once.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { PaymentsGateway } from '../../integrations/payments';
import { syncCustomer } from './mirror';

export async function primaryCustomerOf(db: Knex, accountId: number): Promise<string | null> {
  return (await db('billing_customers').where({ account_id: accountId }).orderBy([{ column: 'is_primary', order: 'desc' }, 'id']).first('id'))?.id ?? null;
}

export async function ensureCustomer(db: Knex, payments: PaymentsGateway, account: { id: number; email: string; name: string | null }, logger?: Logger): Promise<string> {
  const existing = await primaryCustomerOf(db, account.id);
  if (existing) return existing;
  const row = await db('accounts').where({ id: account.id }).first('name');
  const customer = await payments.createCustomer({ accountId: account.id, email: account.email, name: row?.name ?? account.name }, `account-${account.id}-customer`);
  await syncCustomer(db, payments, customer.id, logger);
  return customer.id;
}
