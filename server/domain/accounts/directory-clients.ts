// A directory client as a user. The directory cannot prove who owns an e-mail address, so what it sends
// never changes a user: a new address makes a user with scope client; a known one (a client, or a
// provider's own sign-in) is only linked, never renamed and never given the client scope.
import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface DirectoryClient {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
}

/** The user of this e-mail address: found, or made with scope client. Never updated. */
export async function clientUserFor(trx: Knex.Transaction, client: DirectoryClient): Promise<number> {
  const fullName = `${client.firstName} ${client.lastName}`;
  const { rows } = await trx.raw<{ rows: { id: number }[] }>(
    `INSERT INTO users (email, first_name, last_name, full_name, phone_number, scopes)
     VALUES (?, ?, ?, ?, ?, '{client}'::text[])
     ON CONFLICT (email) DO NOTHING
     RETURNING id`,
    [client.email, client.firstName, client.lastName, fullName, client.phoneNumber],
  );
  if (rows[0]) return rows[0].id;
  const existing = await trx('users').where({ email: client.email }).first('id');
  return existing!.id;
}

/** A column of the user whose id `userId` selects (a scalar subquery), as a column `alias` of the caller's select. */
export function userColumn(
  db: Db,
  column: 'email' | 'phone_number',
  userId: Knex.QueryBuilder,
  alias: string,
): Knex.Raw {
  return db.raw('(select u.?? from users u where u.id = (?)) as ??', [column, userId, alias]);
}

/**
 * For a query written as text: the user whose id `userIdColumn` holds, as a row source `alias` (none when
 * there is no such user) with the columns a client is shown by: id, email, first_name, last_name,
 * full_name, phone_number.
 */
export function clientUserRowSql(alias: string, userIdColumn: string): string {
  return `(SELECT id, email, first_name, last_name, full_name, phone_number FROM users WHERE id = ${userIdColumn}) ${alias}`;
}

/**
 * SQL text of a subquery of the ids of users whose name holds a LIKE pattern (two `?`: the pattern twice),
 * for a caller's `IN`: first and last name together, or the full name, any case. Trigram-indexed
 * (users_name_search_index, users_full_name_search_index), so it reads only the users it finds.
 */
export const USER_NAME_SEARCH_SQL = `(SELECT id FROM users WHERE (coalesce(first_name, '') || ' ' || coalesce(last_name, '')) ILIKE ? OR full_name ILIKE ?)`;

/** SQL text of a subquery of the ids of users whose e-mail holds a LIKE pattern (one `?`); trigram-indexed. */
export const USER_EMAIL_SEARCH_SQL = `(SELECT id FROM users WHERE email::text ILIKE ?)`;

/** A query of the user with this e-mail address (none or one), for a caller's `whereIn`. */
export function userIdsWithEmail(db: Db, email: string): Knex.QueryBuilder {
  return db('users').where({ email }).select('id');
}

export interface NotificationContact {
  email: string;
  phoneNumber: string | null;
  /** users.settings.email_messages (default on): new messages by e-mail. */
  emailMessages: boolean;
  /** users.settings.sms_messages (default off): new messages by SMS. */
  smsMessages: boolean;
  /** users.settings.sms_notifications (default off): bookings and cancels by SMS. */
  smsNotifications: boolean;
}

/** How to reach these users (by id, in id order) and what they asked to hear of, with the settings' defaults. */
export async function notificationContacts(db: Db, userIds: Knex.QueryBuilder): Promise<NotificationContact[]> {
  const rows = await db('users').whereIn('id', userIds).orderBy('id').select<
    {
      email: string;
      phone_number: string | null;
      email_messages: boolean;
      sms_messages: boolean;
      sms_notifications: boolean;
    }[]
  >(
    'email',
    'phone_number',
    db.raw(`coalesce((settings->>'email_messages')::boolean, true) as email_messages`),
    db.raw(`coalesce((settings->>'sms_messages')::boolean, false) as sms_messages`),
    db.raw(`coalesce((settings->>'sms_notifications')::boolean, false) as sms_notifications`),
  );
  return rows.map((r) => ({
    email: r.email,
    phoneNumber: r.phone_number,
    emailMessages: r.email_messages,
    smsMessages: r.sms_messages,
    smsNotifications: r.sms_notifications,
  }));
}
