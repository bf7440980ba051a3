// The practice inbox's search (issue [22] item 2) reads the client's name and e-mail and the words of the
// messages: trigram indexes (pg_trgm, one of PostgreSQL's contrib modules, which the embedded server's
// binaries ship too), so `ILIKE '%words%'` is an index scan however many rows there are. The messages' index
// holds the live ones only: deleted and redacted text is never searched. The expressions are the ones the
// searches write (server/domain/messaging/repo.ts searchSql, accounts' USER_*_SEARCH_SQL).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await knex.raw(
    'CREATE INDEX messages_content_search_index ON messages USING gin (message_content gin_trgm_ops) WHERE deleted_at IS NULL AND redacted_at IS NULL',
  );
  await knex.raw(
    `CREATE INDEX conversations_client_name_search_index ON conversations USING gin ((coalesce(client_first_name, '') || ' ' || coalesce(client_last_name, '')) gin_trgm_ops) WHERE client_first_name IS NOT NULL`,
  );
  await knex.raw(
    `CREATE INDEX users_name_search_index ON users USING gin ((coalesce(first_name, '') || ' ' || coalesce(last_name, '')) gin_trgm_ops)`,
  );
  await knex.raw('CREATE INDEX users_full_name_search_index ON users USING gin (full_name gin_trgm_ops)');
  await knex.raw('CREATE INDEX users_email_search_index ON users USING gin ((email::text) gin_trgm_ops)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS users_email_search_index');
  await knex.raw('DROP INDEX IF EXISTS users_full_name_search_index');
  await knex.raw('DROP INDEX IF EXISTS users_name_search_index');
  await knex.raw('DROP INDEX IF EXISTS conversations_client_name_search_index');
  await knex.raw('DROP INDEX IF EXISTS messages_content_search_index');
  // The extension stays: something else may come to use it, and idle it costs nothing.
}
