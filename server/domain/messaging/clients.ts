// A directory client as a user: found by e-mail or made, the one way both bookings and messages do it.
import type { Knex } from 'knex';

export interface MessagingClient { email: string; firstName: string; lastName: string; phoneNumber: string | null }

/**
 * The client's user, found by e-mail or made with scope client. A directory client who has only ever
 * contacted providers (scope client alone) keeps the name and phone of the latest contact; anyone
 * else's details are only filled where empty, so a client can never rename a provider's user.
 */
export async function clientUserFor(trx: Knex.Transaction, client: MessagingClient): Promise<number> {
  const fullName = `${client.firstName} ${client.lastName}`;
  const keepUnlessClientOnly = (column: string) =>
    `${column} = CASE WHEN users.scopes = '{client}'::text[] THEN coalesce(excluded.${column}, users.${column}) ELSE coalesce(users.${column}, excluded.${column}) END`;
  const { rows } = await trx.raw(
    `INSERT INTO users (email, first_name, last_name, full_name, phone_number, scopes)
     VALUES (?, ?, ?, ?, ?, '{client}'::text[])
     ON CONFLICT (email) DO UPDATE SET
       scopes = CASE WHEN 'client' = ANY(users.scopes) THEN users.scopes ELSE users.scopes || '{client}'::text[] END,
       ${['first_name', 'last_name', 'full_name', 'phone_number'].map(keepUnlessClientOnly).join(',\n       ')}
     RETURNING id`,
    [client.email, client.firstName, client.lastName, fullName, client.phoneNumber],
  );
  return Number(rows[0].id);
}
