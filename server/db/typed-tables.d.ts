// The generated row types (server/db/tables.ts) registered with knex, so that a query of a registered table
// returns that table's rows: a misspelt or renamed column fails `npm run typecheck` where a row is read,
// inserted or updated. Only the tables named in TypedTable are registered yet (docs/decisions.md, "Typed rows"
// lists the others and why); a query of any other table is untyped, as before.
import type { Knex } from 'knex';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DB } from './tables';

/** A value written to a column: its own type, or SQL (`db.fn.now()`, `db.raw(...)`). */
type Writable<Row> = { [Column in keyof Row]: Row[Column] | Knex.Raw };

/**
 * Not-null columns without a default that a BEFORE INSERT trigger fills: optional on insert, though the schema
 * (and so the generated type) requires them. conversations.account_id is the provider's account.
 */
type FilledByTrigger = { conversations: 'account_id' };

/** The row an insert takes: generated, defaulted and trigger-filled columns optional. */
type InsertRow<Name extends keyof DB> = Name extends keyof FilledByTrigger
  ? Omit<Insertable<DB[Name]>, FilledByTrigger[Name]> & Partial<Pick<Insertable<DB[Name]>, FilledByTrigger[Name]>>
  : Insertable<DB[Name]>;

/** What a select returns, what an insert takes, what an update takes. */
type Typed<Name extends keyof DB> = Knex.CompositeTableType<
  Selectable<DB[Name]>,
  Writable<InsertRow<Name>>,
  Writable<Updateable<DB[Name]>>
>;

type TypedTable =
  | 'tags'
  | 'taggings'
  | 'us_states'
  | 'support_requests'
  | 'licenses'
  | 'locations'
  | 'vetting_questions'
  | 'vetting_attempts'
  | 'contact_requests'
  | 'feedback'
  | 'account_roles'
  | 'sign_in_places'
  | 'auth_tokens'
  | 'audit_log'
  | 'read_records'
  | 'profile_events'
  | 'conversation_notes'
  | 'saved_replies'
  | 'rate_limits'
  | 'events'
  | 'invite_tokens'
  | 'therapy_groups'
  | 'unregistered_practice_providers'
  | 'insurance_opt_outs'
  | 'images'
  | 'zpm_signups'
  | 'provider_clinicians'
  | 'billing_dunning_notices'
  | 'billing_subscription_items'
  | 'billing_webhook_events'
  | 'provider_paid_seats'
  | 'live_streams'
  | 'billing_prices'
  | 'billing_purchases'
  | 'api_tokens'
  | 'api_idempotency_keys'
  | 'google_account_links'
  | 'calendar_account_links'
  | 'google_watch_channels'
  | 'calendar_write_backs'
  | 'billing_attempts'
  | 'sent_messages'
  | 'billing_charges'
  | 'billing_payment_methods'
  | 'out_of_office_messages'
  | 'availability_events'
  | 'appointments'
  | 'booking_rules'
  | 'reminder_settings'
  | 'consultation_links'
  | 'consultation_digests'
  | 'conversations'
  | 'messages'
  | 'external_calendars'
  | 'billing_customers'
  | 'billing_invoices'
  | 'billing_subscriptions'
  | 'sessions'
  | 'accounts'
  | 'users'
  | 'providers';

declare module 'knex/types/tables' {
  interface Tables extends TypedTables {}
}

type TypedTables = { [Name in TypedTable]: Typed<Name> };
