// The provider's morning digest (issue [23] item 1): once a day, soon after 07:00 in the provider's
// calendar zone, an e-mail listing the day's confirmed consultations (times, the client's initials and a
// link to each in the portal; never names, intake answers or messages). A job runs every 15 minutes and
// sends each provider whose morning it is; a row in consultation_digests per provider and local day, taken
// in the same transaction as the e-mails are queued, makes a second run (or a second worker) send nothing.
// A day without consultations gets no digest.
import type { Knex } from 'knex';
import { createOutgoing, type JobDefinition, type Outgoing } from '../../jobs';
import { providerDisplayName } from '../accounts';
import { dateKeyOf, minutesIntoDay } from '../calendar';
import { clientAsGivenJoin } from '../messaging';
import { joinProviderColumns } from '../providers';
import { notificationRecipients } from './booking';
import { reminderSettingsOfMany } from './reminder-settings';
import { longDateIn, timeRangeIn } from './time';

export const MORNING_DIGEST_JOB = 'appointments.morning-digest';

/** The digest goes out from 07:00 local time; a run that finds the morning over (noon) sends none late. */
export const DIGEST_WINDOW = { fromMinutes: 7 * 60, untilMinutes: 12 * 60 } as const;
/** Rows of consultation_digests are kept this long (the guard needs only today's). */
export const DIGEST_KEEP_DAYS = 30;

const HOUR_MS = 3_600_000;

export interface DigestConsultation {
  id: number;
  start: Date;
  end: Date;
  /** "C.C.": the client's initials as the provider knows them. */
  initials: string;
}

export interface DigestMessage {
  subject: string;
  text: string;
}

/** "C.C." from a first and last name; "Client" without either. */
export function initialsOf(firstName: string | null, lastName: string | null): string {
  const letters = [firstName, lastName]
    .map((name) => name?.trim().charAt(0).toUpperCase() ?? '')
    .filter(Boolean)
    .map((letter) => `${letter}.`)
    .join('');
  return letters || 'Client';
}

/** The digest's e-mail: the day, each consultation's time, initials and link, and the calendar's link. */
export function digestText(
  day: { date: Date; timeZone: string; providerName: string },
  consultations: DigestConsultation[],
  site: { portalUrl: string; brandName: string },
): DigestMessage {
  const date = longDateIn(day.date, day.timeZone);
  const count = consultations.length === 1 ? '1 phone consultation' : `${consultations.length} phone consultations`;
  return {
    subject: `Your phone consultations today, ${date}`,
    text: [
      'Good morning,',
      '',
      `${day.providerName} has ${count} today, ${date}:`,
      '',
      ...consultations.map(
        (c) =>
          `- ${timeRangeIn(c.start, c.end, day.timeZone)}, ${c.initials}: ${site.portalUrl}/calendar/appointments/${c.id}`,
      ),
      '',
      `Your calendar: ${site.portalUrl}/calendar`,
      '',
      site.brandName,
    ].join('\n'),
  };
}

interface DigestRow {
  id: number;
  provider_id: number;
  start_time: Date;
  end_time: Date;
  first_name: string | null;
  last_name: string | null;
  provider_type: string;
  provider_first_name: string | null;
  provider_last_name: string | null;
  provider_company_name: string | null;
  provider_timezone: string | null;
  provider_contact_email: string | null;
}

/**
 * Sends the digests due at `now`: for each provider with confirmed consultations on their local today,
 * whose local time is in the morning window and who did not turn the digest off. Answers how many went.
 */
export async function sendMorningDigests(
  deps: { db: Knex; outgoing: Outgoing; portalUrl: string; brandName: string },
  now: Date,
): Promise<number> {
  // Every zone's today lies within these bounds (UTC-12 to UTC+14).
  const rows: DigestRow[] = await joinProviderColumns(
    deps.db('appointments as a').joinRaw(clientAsGivenJoin('u', 'a.provider_id', 'a.client_user_id')),
    'a.provider_id',
    ['type', 'first_name', 'last_name', 'company_name', 'timezone', 'contact_email'],
  )
    .where('a.canceled', false)
    .where('a.legacy', false)
    .where((q) => q.whereNull('a.request_status').orWhere('a.request_status', 'accepted'))
    .where('a.start_time', '>=', new Date(now.getTime() - 14 * HOUR_MS))
    .where('a.start_time', '<', new Date(now.getTime() + 38 * HOUR_MS))
    .orderBy(['a.provider_id', 'a.start_time', 'a.id'])
    .select('a.id', 'a.provider_id', 'a.start_time', 'a.end_time', 'u.first_name', 'u.last_name');

  const byProvider = new Map<number, DigestRow[]>();
  for (const row of rows) {
    const zone = row.provider_timezone || 'America/New_York';
    const minutes = minutesIntoDay(now, zone);
    if (minutes < DIGEST_WINDOW.fromMinutes || minutes >= DIGEST_WINDOW.untilMinutes) continue;
    if (dateKeyOf(new Date(row.start_time), zone) !== dateKeyOf(now, zone)) continue;
    const list = byProvider.get(row.provider_id) ?? [];
    list.push(row);
    byProvider.set(row.provider_id, list);
  }
  const settings = await reminderSettingsOfMany(deps.db, [...byProvider.keys()]);
  let sent = 0;
  for (const [providerId, list] of byProvider) {
    if (!settings.get(providerId)?.morningDigest) continue;
    const first = list[0]!;
    const zone = first.provider_timezone || 'America/New_York';
    const day = dateKeyOf(now, zone);
    const message = digestText(
      {
        date: now,
        timeZone: zone,
        providerName: providerDisplayName({
          type: first.provider_type,
          first_name: first.provider_first_name,
          last_name: first.provider_last_name,
          company_name: first.provider_company_name,
        }),
      },
      list.map((row) => ({
        id: row.id,
        start: new Date(row.start_time),
        end: new Date(row.end_time),
        initials: initialsOf(row.first_name, row.last_name),
      })),
      deps,
    );
    const went = await deps.db.transaction(async (trx) => {
      const claimed = await trx('consultation_digests')
        .insert({ provider_id: providerId, day, consultations: list.length })
        .onConflict(['provider_id', 'day'])
        .ignore()
        .returning('provider_id');
      if (!claimed.length) return false;
      const { emails } = await notificationRecipients(trx, providerId, first.provider_contact_email);
      for (const to of emails) await deps.outgoing.mail(trx, { to, subject: message.subject, text: message.text });
      return emails.length > 0;
    });
    if (went) sent++;
  }
  return sent;
}

/** Deletes the digest guards older than DIGEST_KEEP_DAYS; answers how many. */
export async function pruneDigestRecords(db: Knex, now: Date): Promise<number> {
  const before = new Date(now.getTime() - DIGEST_KEEP_DAYS * 24 * HOUR_MS).toISOString().slice(0, 10);
  return db('consultation_digests').where('day', '<', before).delete();
}

export const digestJobs: JobDefinition<never>[] = [
  {
    name: MORNING_DIGEST_JOB,
    // Every 15 minutes: a provider's digest goes at most 15 minutes after 07:00 in their zone (zones
    // with a half- or quarter-hour offset included).
    cron: '*/15 * * * *',
    retryLimit: 2,
    handle: async (_data, { db, integrations, config, logger }) => {
      const sent = await sendMorningDigests(
        { db, outgoing: createOutgoing(integrations.jobs), portalUrl: config.portalUrl, brandName: config.brandName },
        new Date(),
      );
      if (sent) logger.info({ sent }, 'morning digests sent');
    },
  },
] as JobDefinition<never>[];
