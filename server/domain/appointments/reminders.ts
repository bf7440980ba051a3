// The client's reminders of a consultation (issue [23] item 1): an e-mail, and a text when the client gave
// a phone number and the provider allows texts, 24 hours and 2 hours before the start, with one-tap links
// to cancel or to ask for another time. The job was scheduled at booking (reminder-schedule.ts); when it
// runs it checks everything again: the consultation still exists, is live and confirmed, still starts when
// the job was made for, has not started, and the provider still sends this reminder. The content holds
// the time, the provider's name and the links: never the intake answers, never a message's text.
import type { Knex } from 'knex';
import { createOutgoing, type JobDefinition, type Outgoing } from '../../jobs';
import {
  consultationLinkUrl,
  issueConsultationLinks,
  type LinkAction,
  pruneConsultationLinks,
} from './consultation-links';
import { pruneDigestRecords } from './digest';
import { reminderSettingsOf } from './reminder-settings';
import { CLIENT_REMINDER_JOB, REMINDER_LEAD_MS, type ReminderJobData, type ReminderKind } from './reminder-schedule';
import * as repo from './repo';
import { formTimeIn, longDateIn, timeRangeIn } from './time';

export const PRUNE_REMINDER_RECORDS_JOB = 'appointments.prune-reminder-records';

export interface ReminderMessage {
  subject: string;
  text: string;
  sms: string;
}

/** The reminder's e-mail and text: when, with whom, and the two links. */
export function reminderText(
  kind: ReminderKind,
  consultation: { start: Date; end: Date; providerName: string; timeZone: string; clientFirstName: string | null },
  links: Record<LinkAction, string>,
  brandName: string,
): ReminderMessage {
  const { start, end, providerName, timeZone } = consultation;
  const date = longDateIn(start, timeZone);
  const when = `${date}, ${timeRangeIn(start, end, timeZone)}`;
  const subject =
    kind === 'day_before'
      ? `Reminder: your phone consultation with ${providerName} on ${date}`
      : `Reminder: your phone consultation with ${providerName} starts at ${formTimeIn(start, timeZone)}`;
  const text = [
    consultation.clientFirstName ? `Hello ${consultation.clientFirstName},` : 'Hello,',
    '',
    `This is a reminder of your phone consultation with ${providerName} on ${when}.`,
    '',
    'Cannot make it?',
    `Cancel it: ${links.cancel}`,
    `Ask for another time: ${links.reschedule_request}`,
    '',
    'Each link works once, until the consultation starts.',
    '',
    brandName,
  ].join('\n');
  const sms = `${brandName}: Reminder of your phone consultation with ${providerName} on ${when}. Cancel: ${links.cancel} Another time: ${links.reschedule_request}`;
  return { subject, text, sms };
}

interface ReminderDeps {
  db: Knex;
  outgoing: Outgoing;
  portalUrl: string;
  brandName: string;
}

export type ReminderOutcome =
  | 'sent'
  | 'gone'
  | 'not_live'
  | 'moved'
  | 'started'
  | 'superseded'
  | 'turned_off'
  | 'no_address';

/**
 * Sends one reminder if it still applies: in one transaction the consultation is locked and checked, the
 * links are made and the e-mail (and text) queued, so a failure leaves no link without its message.
 */
export async function sendReminder(deps: ReminderDeps, data: ReminderJobData, now: Date): Promise<ReminderOutcome> {
  return deps.db.transaction(async (trx) => {
    const owner = await trx('appointments').where({ id: data.appointmentId }).first('provider_id');
    if (!owner) return 'gone';
    const a = await repo.findAppointment(trx, { providerId: owner.provider_id }, data.appointmentId, {
      forUpdate: true,
    });
    if (!a) return 'gone';
    // A request is reminded of once accepted; declined and expired ones are canceled rows.
    if (a.canceled || a.legacy || (a.request && a.request.status !== 'accepted')) return 'not_live';
    if (a.start.getTime() !== new Date(data.start).getTime()) return 'moved';
    if (a.start <= now) return 'started';
    // A day-before reminder run late (the queue was down) gives way to the two-hours one, which is due too.
    if (data.kind === 'day_before' && a.start.getTime() - now.getTime() <= REMINDER_LEAD_MS.two_hours_before)
      return 'superseded';
    const settings = await reminderSettingsOf(trx, a.providerId);
    if (!(data.kind === 'day_before' ? settings.emailDayBefore : settings.emailTwoHoursBefore)) return 'turned_off';
    if (!a.client.email) return 'no_address'; // the client deleted their account
    const tokens = await issueConsultationLinks(trx, a.id, a.start);
    const links = {
      cancel: consultationLinkUrl(deps.portalUrl, tokens.cancel, 'cancel'),
      reschedule_request: consultationLinkUrl(deps.portalUrl, tokens.reschedule_request, 'reschedule_request'),
    };
    const message = reminderText(
      data.kind,
      {
        start: a.start,
        end: a.end,
        providerName: a.providerName,
        timeZone: a.timeZone,
        clientFirstName: a.client.firstName,
      },
      links,
      deps.brandName,
    );
    await deps.outgoing.mail(trx, { to: a.client.email, subject: message.subject, text: message.text });
    // The phone number the client gave with this provider (their conversation's), if any.
    if (settings.sms && a.client.phoneNumber) await deps.outgoing.sms(trx, a.client.phoneNumber, message.sms);
    return 'sent';
  });
}

export const reminderJobs: JobDefinition<never>[] = [
  {
    name: CLIENT_REMINDER_JOB,
    retryLimit: 4,
    handle: async (data: ReminderJobData, { db, integrations, config, logger }) => {
      const outcome = await sendReminder(
        { db, outgoing: createOutgoing(integrations.jobs), portalUrl: config.portalUrl, brandName: config.brandName },
        data,
        new Date(),
      );
      logger.info({ appointmentId: data.appointmentId, kind: data.kind, outcome }, 'consultation reminder');
    },
  },
  {
    name: PRUNE_REMINDER_RECORDS_JOB,
    // Daily, 04:10 UTC: links long expired are of no use even to say "already used"; old digest guards none.
    cron: '10 4 * * *',
    retryLimit: 2,
    handle: async (_data, { db, logger }) => {
      const now = new Date();
      const links = await pruneConsultationLinks(db, now);
      const digests = await pruneDigestRecords(db, now);
      if (links || digests) logger.info({ links, digests }, 'old consultation links and digest records deleted');
    },
  },
] as JobDefinition<never>[];
