// The consultations a week or a day ahead shows (spec 3 §2 "Phone Consult"; the dashboard's upcoming list),
// not canceled, with the client's name as given in their conversation.
import type { Knex } from 'knex';
import { selectPrepared } from '../../db/prepared';
import { clientAsGivenJoin } from '../messaging';

export interface WeekAppointment {
  id: number;
  start: Date;
  end: Date;
  clientName: string;
}

/** The provider's consultations overlapping [from, to) that are not canceled, by start. */
export async function appointmentsBetween(
  db: Knex,
  providerId: number,
  from: Date,
  to: Date,
): Promise<WeekAppointment[]> {
  const rows: { id: number; start_time: Date; end_time: Date; first_name: string | null; last_name: string | null }[] =
    await db('appointments as a')
      .joinRaw(clientAsGivenJoin('u', 'a.provider_id', 'a.client_user_id'))
      .where({ 'a.provider_id': providerId, 'a.canceled': false })
      .where('a.start_time', '<', to)
      .where('a.end_time', '>', from)
      .orderBy('a.start_time')
      .select('a.id', 'a.start_time', 'a.end_time', 'u.first_name', 'u.last_name');
  return rows.map((row) => ({
    id: row.id,
    start: row.start_time,
    end: row.end_time,
    clientName: [row.first_name, row.last_name].filter(Boolean).join(' ') || 'Client',
  }));
}

/** A consultation the dashboard lists as coming up. */
export interface UpcomingAppointment {
  id: number;
  startTime: Date;
  endTime: Date;
  clientName: string;
  /** A request still waiting for the provider's answer (approve-before-confirm). */
  requested: boolean;
}

const clientName = (row: { first_name: string | null; last_name: string | null }) =>
  [row.first_name, row.last_name].filter(Boolean).join(' ') || 'Client';

/** Appointments not canceled, still ending after `from`, starting before `until`. */
export async function upcomingAppointments(
  db: Knex,
  providerId: number,
  from: Date,
  until: Date,
): Promise<UpcomingAppointment[]> {
  const rows = await selectPrepared<{
    id: number;
    start_time: Date;
    end_time: Date;
    first_name: string | null;
    last_name: string | null;
    request_status: string | null;
  }>(
    db,
    'dashboard-upcoming',
    db('appointments as a')
      .joinRaw(clientAsGivenJoin('u', 'a.provider_id', 'a.client_user_id'))
      .where({ 'a.provider_id': providerId, 'a.canceled': false })
      .where('a.end_time', '>', from)
      .where('a.start_time', '<', until)
      .orderBy('a.start_time')
      .select('a.id', 'a.start_time', 'a.end_time', 'u.first_name', 'u.last_name', 'a.request_status'),
  );
  return rows.map((r) => ({
    id: r.id,
    startTime: new Date(r.start_time),
    endTime: new Date(r.end_time),
    clientName: clientName(r),
    requested: r.request_status === 'pending',
  }));
}
