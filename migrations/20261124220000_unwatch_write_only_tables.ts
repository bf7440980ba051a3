// Tables that pages only write (the audit log at each sign-in attempt, sign-in and reset codes, analytics
// events, the log of sent messages) no longer notify changes: no cached read looks at them, and each of
// their notifications emptied every process's caches. Self-contained, like every migration.
import type { Knex } from 'knex';

const TABLES = ['audit_log', 'auth_tokens', 'events', 'sent_messages'];

export async function up(knex: Knex): Promise<void> {
  for (const table of TABLES) await knex.raw('drop trigger if exists ?? on ??', [`${table}_notify_change`, table]);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.raw(
      'create trigger ?? after insert or update or delete or truncate on ?? for each statement execute function portal_notify_change()',
      [`${table}_notify_change`, table],
    );
  }
}
