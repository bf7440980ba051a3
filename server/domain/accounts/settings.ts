// A user's Account Settings as the page shows them, and the merge of one notification setting into
// users.settings (the booking and message notification jobs read the same keys with the same defaults).
import type { Knex } from 'knex';

export interface SettingsRow {
  id: number;
  email: string;
  email_confirmed_at: Date | null;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  company_name: string | null;
  phone_number: string | null;
  two_factor_enrolled_at: Date | null;
  two_factor_phone: string | null;
  sms_notifications: boolean;
  email_messages: boolean;
  sms_messages: boolean;
  /** The last password change or reset the audit trail records. */
  password_changed_at: Date | null;
}

/** The keys of users.settings this page writes (read with the same defaults by the notification jobs). */
export type NotificationSetting = 'sms_notifications' | 'email_messages' | 'sms_messages';

export function findSettings(db: Knex, userId: number): Promise<SettingsRow | undefined> {
  return (
    db('users')
      .select(
        'id',
        'email',
        'email_confirmed_at',
        'first_name',
        'middle_name',
        'last_name',
        'company_name',
        'phone_number',
        'two_factor_enrolled_at',
        'two_factor_phone',
      )
      // Read as the booking notification job reads it, so the page shows what the job will do.
      .select(db.raw(`coalesce((settings->>'sms_notifications')::boolean, false) as sms_notifications`))
      .select(db.raw(`coalesce((settings->>'email_messages')::boolean, true) as email_messages`))
      .select(db.raw(`coalesce((settings->>'sms_messages')::boolean, false) as sms_messages`))
      .select(
        db('audit_log')
          .max('created_at')
          .where('audit_log.user_id', db.ref('users.id'))
          .whereIn('action', ['password_changed', 'password_reset'])
          .as('password_changed_at'),
      )
      .where({ id: userId })
      .first<SettingsRow | undefined>()
  );
}

/** Sets one key of users.settings; the other keys (written by other features) are kept. */
export async function mergeUserSetting(
  db: Knex,
  userId: number,
  key: NotificationSetting,
  value: boolean,
): Promise<void> {
  await db('users')
    .where({ id: userId })
    .update({ settings: db.raw(`settings || jsonb_build_object(?::text, ?::jsonb)`, [key, JSON.stringify(value)]) });
}
