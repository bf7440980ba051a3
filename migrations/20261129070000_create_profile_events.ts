// The directory's profile events (issue [22] item 3): a profile view or a contact click, sent through the
// API (POST /api/v1/providers/:id/events). The directory's own event id is kept once per provider, so a
// batch sent again counts nothing twice.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('profile_events', (t) => {
    t.bigIncrements('id');
    t.bigInteger('provider_id').notNullable().references('providers.id').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.timestamp('occurred_at', { useTz: true }).notNullable();
    t.text('event_id').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['provider_id', 'event_id']);
  });
  await knex.raw(`
    ALTER TABLE profile_events ADD CONSTRAINT profile_events_kind_check
      CHECK (kind IN ('profile_view', 'contact_click'))`);
  // The funnel's monthly counts: one provider's events of a kind over a range of months.
  await knex.raw('CREATE INDEX profile_events_monthly_index ON profile_events (provider_id, kind, occurred_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('profile_events');
}
