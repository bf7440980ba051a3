// The consultations the calendar's week shows beside the availability (spec 3 §2: "Phone Consult").
import type { Knex } from 'knex';

export interface WeekAppointment {
  id: number;
  start: Date;
  end: Date;
}

/** The provider's consultations overlapping [from, to) that are not canceled, by start. */
export async function appointmentsBetween(
  db: Knex,
  providerId: number,
  from: Date,
  to: Date,
): Promise<WeekAppointment[]> {
  const rows: { id: string; start_time: Date; end_time: Date }[] = await db('appointments')
    .where({ provider_id: providerId, canceled: false })
    .where('start_time', '<', to)
    .where('end_time', '>', from)
    .orderBy('start_time')
    .select('id', 'start_time', 'end_time');
  return rows.map((row) => ({ id: Number(row.id), start: row.start_time, end: row.end_time }));
}
