// The dashboard's upcoming appointments are those of one provider, not canceled, ending after now. The
// (provider_id, start_time) index can only bound start_time from above, so it read every past
// appointment of the provider; this one starts at the first appointment still to end. Not partial on
// canceled: the dashboard's prepared statement passes canceled as a parameter, and a generic plan
// cannot prove a partial index's predicate.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX appointments_upcoming_index ON appointments (provider_id, end_time)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX appointments_upcoming_index');
}
