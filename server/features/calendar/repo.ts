// The consultations the calendar's week shows beside the availability (spec 3 §2: "Phone Consult"), with the
// client's name as given in their conversation.
import type { Knex } from 'knex';
import { clientAsGivenJoin } from '../../domain/messaging';

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
  const rows: { id: string; start_time: Date; end_time: Date; first_name: string | null; last_name: string | null }[] =
    await db('appointments as a')
      .joinRaw(clientAsGivenJoin('u', 'a.provider_id', 'a.client_user_id'))
      .where({ 'a.provider_id': providerId, 'a.canceled': false })
      .where('a.start_time', '<', to)
      .where('a.end_time', '>', from)
      .orderBy('a.start_time')
      .select('a.id', 'a.start_time', 'a.end_time', 'u.first_name', 'u.last_name');
  return rows.map((row) => ({
    id: Number(row.id),
    start: row.start_time,
    end: row.end_time,
    clientName: [row.first_name, row.last_name].filter(Boolean).join(' ') || 'Client',
  }));
}
