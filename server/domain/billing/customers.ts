// An account's Stripe customer: the primary one, made once (an idempotency key per account) when the
// account first needs one, and mirrored at once.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { PaymentsGateway } from '../../integrations/payments';
import { NotFoundError } from '../../lib/errors';
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

/** The customer of this account that holds the card, or 404 (another account's card is not found). */
export async function customerOfCard(db: Knex, accountId: number, paymentMethodId: string): Promise<string> {
  const row = await db('billing_payment_methods as m').join('billing_customers as c', 'c.id', 'm.customer_id')
    .where({ 'm.id': paymentMethodId, 'c.account_id': accountId }).first('c.id');
  if (!row) throw new NotFoundError();
  return row.id;
}
