// What the tests of the calendar's rules share (time-zone change, absences, reschedule warnings): a
// signed-in provider whose calendar takes bookings, the directory API's slots, and instants written as a
// day from today and a wall-clock time of a zone.
import supertest from 'supertest';
import { Temporal } from 'temporal-polyfill';
import { createToken } from '../../server/api';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, signIn, type Agent } from '../support/http';

export const NEW_YORK = 'America/New_York';

/** An instant `days` from today (in the zone) at a wall-clock time of that zone. */
export function at(days: number, time: string, zone = NEW_YORK): Date {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const day = Temporal.Now.plainDateISO(zone).add({ days });
  return new Date(day.toPlainDateTime({ hour, minute }).toZonedDateTime(zone).epochMilliseconds);
}

/** An instant on a date at a wall-clock time of a zone. */
export function on(date: string, time: string, zone: string): Date {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const day = Temporal.PlainDate.from(date);
  return new Date(day.toPlainDateTime({ hour, minute }).toZonedDateTime(zone).epochMilliseconds);
}

/** The date `days` from today in a zone (YYYY-MM-DD). */
export const dayFromToday = (days: number, zone = NEW_YORK) => Temporal.Now.plainDateISO(zone).add({ days }).toString();

export const iso = (instant: Date) => instant.toISOString().replace(/\.000Z$/, 'Z');

/** The wall-clock time ("09:00") of an instant in a zone. */
export const wallTime = (instant: Date | string, zone: string) =>
  Temporal.Instant.from(typeof instant === 'string' ? instant : instant.toISOString())
    .toZonedDateTimeISO(zone)
    .toPlainTime()
    .toString({ smallestUnit: 'minute' });

export interface Bookable {
  client: Agent;
  providerId: number;
  email: string;
}

/** A live provider, signed in, whose calendar takes bookings: attached, open, in `zone`, accepting new clients. */
export async function bookableProvider(zone = NEW_YORK): Promise<Bookable> {
  const db = ctx().db;
  const user = await createProviderUser(db, { providers: [{ firstName: 'Dana', lastName: 'Rivera' }] });
  const providerId = user.providerIds[0]!;
  await db('providers').where({ id: providerId }).update({ has_calendar: true, calendar_open: true, timezone: zone });
  await db('locations').insert({ provider_id: providerId, state: 'NY', remote_location: true, accepting_patients: 40 });
  const client = agent();
  await signIn(client, user.email);
  return { client, providerId, email: user.email };
}

/** The directory API's slots of a provider (start times, ISO), between two instants. */
export async function slotStarts(providerId: number, from?: Date, to?: Date): Promise<string[]> {
  const { token } = await createToken(ctx().db, 'Directory (test)');
  const query: Record<string, string> = {};
  if (from) query.from = iso(from);
  if (to) query.to = iso(to);
  const answer = await supertest(ctx().app)
    .get(`/api/v1/providers/${providerId}/slots`)
    .query(query)
    .set('Authorization', `Bearer ${token}`)
    .expect(200);
  return (answer.body.slots as { start_time: string }[]).map((slot) => slot.start_time);
}
