// What the demo directory knows without asking the API: the profiles it lists with a bookable
// calendar, and a client's bookings (the real directory keeps its own record of both).
import type { Knex } from 'knex';
import { providerDisplayName } from '../accounts';

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
}

/** Live profiles whose calendar is attached and open, by name. */
export async function providersWithOpenCalendars(db: Knex): Promise<ListedProvider[]> {
  const rows = await db('providers')
    .where({ status: 'active', has_calendar: true, calendar_open: true })
    .orderBy(['last_name', 'company_name', 'id'])
    .limit(200)
    .select('id', 'type', 'first_name', 'last_name', 'company_name');
  return rows.map((row) => ({ id: row.id, name: providerDisplayName(row) }));
}

/** The client's latest bookings, newest first. */
export async function bookingsOfClient(db: Knex, email: string): Promise<ClientBooking[]> {
  const rows = await db('appointments as a')
    .join('users as u', 'u.id', 'a.client_user_id')
    .join('providers as p', 'p.id', 'a.provider_id')
    .where('u.email', email)
    .orderBy('a.start_time', 'desc')
    .limit(20)
    .select(
      'a.id',
      'a.start_time',
      'a.end_time',
      'a.canceled',
      'a.legacy',
      'p.timezone',
      'p.type',
      'p.first_name',
      'p.last_name',
      'p.company_name',
    );
  return rows.map((row) => ({
    id: Number(row.id),
    providerName: providerDisplayName(row),
    timeZone: row.timezone,
    start: new Date(row.start_time),
    end: new Date(row.end_time),
    canceled: Boolean(row.canceled),
    legacy: Boolean(row.legacy),
  }));
}

export interface MessagingProvider extends ListedProvider {
  timeZone: string;
}

/** Live profiles (any calendar): every one a client can write to, by name. */
export async function liveProviders(db: Knex): Promise<MessagingProvider[]> {
  const rows = await db('providers')
    .where({ status: 'active' })
    .orderBy(['last_name', 'company_name', 'id'])
    .limit(200)
    .select('id', 'type', 'first_name', 'last_name', 'company_name', 'timezone');
  return rows.map((row) => ({
    id: row.id,
    name: providerDisplayName(row),
    timeZone: row.timezone ?? 'America/New_York',
  }));
}
