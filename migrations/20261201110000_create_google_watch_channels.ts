// Google Calendar push: one row per notification channel the portal asked Google for (events.watch) on a
// linked Google calendar. The channel's id is ours (a UUID, the primary key), Google names the watched
// resource (`resource_id`, known once Google answers), and each notification carries back a secret token
// of which only the sha256 is kept. Channels end at `expires_at`; a job renews them before.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('google_watch_channels', (t) => {
    t.text('id').primary();
    t.bigInteger('external_calendar_id').notNullable().references('external_calendars.id').onDelete('CASCADE');
    t.text('resource_id').nullable();
    t.text('token_hash').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['external_calendar_id']);
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('google_watch_channels');
}
