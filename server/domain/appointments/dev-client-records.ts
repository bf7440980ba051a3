// What the demo directory knows without asking the API: the profiles it lists with a bookable
// calendar, and a client's bookings (the real directory keeps its own record of both).
import type { Knex } from 'knex';
import type { Row } from '../../db/rows';
import { providerDisplayName, userIdsWithEmail } from '../accounts';
import { joinProviderColumns, listLiveProviders } from '../providers';

export interface ListedProvider {
  id: number;
  name: string;
}

export interface ClientBooking {
  id: number;
  providerName: string;
  timeZone: string;
  start: Date;
  end: Date;
  canceled: boolean;
  legacy: boolean;
  /** Approve-before-confirm: pending, accepted, declined or expired; null for a booking confirmed at once. */
  requestStatus: string | null;
}

/** Live profiles whose calendar is attached and open, by name. */
export async function providersWithOpenCalendars(db: Knex): Promise<ListedProvider[]> {
  return (await listLiveProviders(db, { openCalendar: true })).map(({ id, name }) => ({ id, name }));
}

/** The client's latest bookings, newest first. */
export async function bookingsOfClient(db: Knex, email: string): Promise<ClientBooking[]> {
  const rows: (Pick<Row<'appointments'>, 'id' | 'start_time' | 'end_time' | 'canceled' | 'legacy' | 'request_status'> &
    Pick<Row<'providers'>, 'timezone' | 'type' | 'first_name' | 'last_name' | 'company_name'>)[] =
    await joinProviderColumns(
      db('appointments as a'),
      'a.provider_id',
      ['timezone', 'type', 'first_name', 'last_name', 'company_name'],
      '',
    )
      .whereIn('a.client_user_id', userIdsWithEmail(db, email))
      .orderBy('a.start_time', 'desc')
      .limit(20)
      .select('a.id', 'a.start_time', 'a.end_time', 'a.canceled', 'a.legacy', 'a.request_status');
  return rows.map((row) => ({
    id: row.id,
    providerName: providerDisplayName(row),
    timeZone: row.timezone,
    start: row.start_time,
    end: row.end_time,
    canceled: row.canceled,
    legacy: row.legacy,
    requestStatus: row.request_status,
  }));
}

export interface MessagingProvider extends ListedProvider {
  timeZone: string;
}

/** Live profiles (any calendar): every one a client can write to, by name. */
export const liveProviders = (db: Knex): Promise<MessagingProvider[]> => listLiveProviders(db);
