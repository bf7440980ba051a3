// The referral funnel's monthly counts (issue [22] item 3) read each profile's rows over a bounded range of
// months: conversations by when they began, consultations by when they were booked, and the client's intake
// and benefits-check messages by when they were sent (a partial index: those few messages only).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX conversations_provider_created_index ON conversations (provider_id, created_at)');
  await knex.raw('CREATE INDEX appointments_provider_created_index ON appointments (provider_id, created_at)');
  await knex.raw(`
    CREATE INDEX messages_funnel_index ON messages (provider_id, send_date)
     WHERE sender = 'client' AND deleted_at IS NULL
       AND (type IN ('messaging_tool_intake', 'booking_tool_intake') OR vob_data IS NOT NULL)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS messages_funnel_index');
  await knex.raw('DROP INDEX IF EXISTS appointments_provider_created_index');
  await knex.raw('DROP INDEX IF EXISTS conversations_provider_created_index');
}
