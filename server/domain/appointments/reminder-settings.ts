// Which reminders a provider sends (issue [23] item 1): the client's e-mails a day and two hours before a
// consultation, the client's texts with them, and the provider's own morning digest. All on until the
// provider turns one off; a provider without a reminder_settings row has the defaults. The jobs read the
// settings when they run, so a change applies to consultations already booked.
import type { Knex } from 'knex';
import { ValidationError } from '../../lib/errors';

type Db = Knex | Knex.Transaction;

export interface ReminderSettings {
  emailDayBefore: boolean;
  emailTwoHoursBefore: boolean;
  /** The client's texts beside the e-mails, when the client gave a phone number. */
  sms: boolean;
  morningDigest: boolean;
}

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  emailDayBefore: true,
  emailTwoHoursBefore: true,
  sms: true,
  morningDigest: true,
};

/** The form's fields, in the settings' order. */
export const REMINDER_SETTING_FIELDS = {
  emailDayBefore: 'email_day_before',
  emailTwoHoursBefore: 'email_two_hours_before',
  sms: 'sms',
  morningDigest: 'morning_digest',
} as const satisfies Record<keyof ReminderSettings, string>;

export const REMINDER_SETTING_MESSAGES = {
  notAChoice: 'Choose whether this reminder is on or off.',
  saved: 'Your reminder settings have been updated.',
} as const;

type SettingsRow = {
  email_day_before: boolean;
  email_two_hours_before: boolean;
  sms: boolean;
  morning_digest: boolean;
};

const fromRow = (row: SettingsRow | undefined): ReminderSettings =>
  row
    ? {
        emailDayBefore: row.email_day_before,
        emailTwoHoursBefore: row.email_two_hours_before,
        sms: row.sms,
        morningDigest: row.morning_digest,
      }
    : { ...DEFAULT_REMINDER_SETTINGS };

/** A provider's reminder settings (the defaults without a row). */
export async function reminderSettingsOf(db: Db, providerId: number): Promise<ReminderSettings> {
  const row = await db('reminder_settings')
    .where({ provider_id: providerId })
    .first('email_day_before', 'email_two_hours_before', 'sms', 'morning_digest');
  return fromRow(row);
}

/** The settings of many providers at once (the morning digest's run), by provider id. */
export async function reminderSettingsOfMany(db: Db, providerIds: number[]): Promise<Map<number, ReminderSettings>> {
  const rows = providerIds.length
    ? await db('reminder_settings')
        .whereIn('provider_id', providerIds)
        .select('provider_id', 'email_day_before', 'email_two_hours_before', 'sms', 'morning_digest')
    : [];
  const found = new Map(rows.map((row) => [Number(row.provider_id), fromRow(row)]));
  return new Map(providerIds.map((id) => [id, found.get(id) ?? { ...DEFAULT_REMINDER_SETTINGS }]));
}

/**
 * The form's posted checkboxes: a ticked box posts "1", an unticked one nothing. Anything else (a
 * repeated field, another value) is refused beside its field rather than read as on or off.
 */
export function parseReminderSettings(body: Record<string, unknown>): ReminderSettings {
  const errors: Record<string, string> = {};
  const settings = { ...DEFAULT_REMINDER_SETTINGS };
  for (const [key, field] of Object.entries(REMINDER_SETTING_FIELDS) as [keyof ReminderSettings, string][]) {
    const value = body[field];
    if (value === undefined || value === '') settings[key] = false;
    else if (value === '1' || value === 'on') settings[key] = true;
    else errors[field] = REMINDER_SETTING_MESSAGES.notAChoice;
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return settings;
}

/** Saves the provider's settings from the form, in one statement (its own transaction). */
export async function saveReminderSettings(
  db: Db,
  providerId: number,
  body: Record<string, unknown>,
): Promise<ReminderSettings> {
  const settings = parseReminderSettings(body);
  const row = {
    email_day_before: settings.emailDayBefore,
    email_two_hours_before: settings.emailTwoHoursBefore,
    sms: settings.sms,
    morning_digest: settings.morningDigest,
  };
  await db('reminder_settings')
    .insert({ provider_id: providerId, ...row })
    .onConflict('provider_id')
    .merge(row);
  return settings;
}
