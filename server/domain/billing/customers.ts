// An account's Stripe customer: the primary one, made once (an idempotency key per account) when the
// account first needs one, and mirrored at once.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { PaymentsGateway, PostalAddress } from '../../integrations/payments';
import { NotFoundError } from '../../lib/errors';
import { syncCustomer } from './mirror';

/** A mirrored customer's billing address (a billing_customers row), as the portal's forms hold it: '' where none. */
export const postalAddressOf = (
  row:
    | {
        address_line1?: string | null;
        address_line2?: string | null;
        address_city?: string | null;
        address_state?: string | null;
        address_postal_code?: string | null;
      }
    | undefined,
): PostalAddress => ({
  line1: row?.address_line1 ?? '',
  line2: row?.address_line2 ?? '',
  city: row?.address_city ?? '',
  state: row?.address_state ?? '',
  postalCode: row?.address_postal_code ?? '',
});

/** The billing address on file: the primary mirrored customer's (empty fields when there is none). */
export async function billingAddressOf(db: Knex, accountId: number): Promise<PostalAddress> {
  return postalAddressOf(
    await db('billing_customers')
      .where({ account_id: accountId })
      .orderBy([{ column: 'is_primary', order: 'desc' }, 'id'])
      .first('address_line1', 'address_line2', 'address_city', 'address_state', 'address_postal_code'),
  );
}

export async function primaryCustomerOf(db: Knex, accountId: number): Promise<string | null> {
  return (
    (
      await db('billing_customers')
        .where({ account_id: accountId })
        .orderBy([{ column: 'is_primary', order: 'desc' }, 'id'])
        .first('id')
    )?.id ?? null
  );
}

export async function ensureCustomer(
  db: Knex,
  payments: PaymentsGateway,
  account: { id: number; email: string; name: string | null },
  logger?: Logger,
): Promise<string> {
  const existing = await primaryCustomerOf(db, account.id);
  if (existing) return existing;
  const row = await db('accounts').where({ id: account.id }).first('name');
  const customer = await payments.createCustomer(
    { accountId: account.id, email: account.email, name: row?.name ?? account.name },
    `account-${account.id}-customer`,
  );
  await syncCustomer(db, payments, customer.id, logger);
  return customer.id;
}

/** Mirror tables of records that belong to one customer, by the kind of id a route takes. */
const OWNED_RECORDS = {
  card: 'billing_payment_methods',
  invoice: 'billing_invoices',
  charge: 'billing_charges',
} as const;

/**
 * The customer of this account that holds the card, invoice or charge; 404 otherwise, so another
 * account's ids are not found.
 */
export async function customerOwning(
  db: Knex,
  accountId: number,
  kind: keyof typeof OWNED_RECORDS,
  id: string,
): Promise<string> {
  const row = await db(`${OWNED_RECORDS[kind]} as r`)
    .join('billing_customers as c', 'c.id', 'r.customer_id')
    .where({ 'r.id': id, 'c.account_id': accountId })
    .first('c.id');
  if (!row) throw new NotFoundError();
  return row.id;
}

/**
 * A card saved by the card field (a finished setup intent of this customer): it becomes the customer's
 * default when there is none yet, and the mirror is refreshed. Null when saved; else the card processor's
 * message, or '' when there is none (a malformed or foreign setup intent) and the page says its own.
 */
export async function saveSetupCard(
  db: Knex,
  payments: PaymentsGateway,
  customerId: string,
  setupIntent: string,
  logger?: Logger,
): Promise<string | null> {
  const result = /^seti_[A-Za-z0-9]+$/.test(setupIntent)
    ? await payments.setupResult(setupIntent, customerId).catch(() => null)
    : null;
  if (!result || 'error' in result) return result?.error ?? '';
  const current = await db('billing_customers').where({ id: customerId }).first('default_payment_method');
  if (!current?.default_payment_method)
    await payments.setDefaultCard(customerId, result.card.id, `default-${customerId}-${result.card.id}`);
  await syncCustomer(db, payments, customerId, logger);
  return null;
}
