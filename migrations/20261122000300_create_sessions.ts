// The connect-pg-simple session table, plus user_id so every session of a user can be ended
// (after a password change). A trigger fills user_id from passport's data in sess, so the
// column stays right even though connect-pg-simple itself never writes it.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sessions', (t) => {
    t.specificType('sid', 'varchar').notNullable().primary();
    t.json('sess').notNullable();
    t.timestamp('expire', { useTz: false, precision: 6 }).notNullable();
    t.bigInteger('user_id').nullable();
    t.index(['expire'], 'IDX_session_expire');
    t.index(['user_id'], 'sessions_user_id_index');
  });

  // passport stores the serialized user under sess.passport.user: either the id itself or an object with an id.
  await knex.raw(`
    CREATE OR REPLACE FUNCTION sessions_set_user_id() RETURNS trigger
    LANGUAGE plpgsql AS $$
    DECLARE
      serialized text := coalesce(NEW.sess -> 'passport' -> 'user' ->> 'id', NEW.sess -> 'passport' ->> 'user');
    BEGIN
      IF serialized ~ '^[0-9]{1,18}$' THEN
        NEW.user_id := serialized::bigint;
      END IF;
      RETURN NEW;
    END;
    $$`);
  await knex.raw(`
    CREATE TRIGGER sessions_set_user_id
    BEFORE INSERT OR UPDATE OF sess ON sessions
    FOR EACH ROW EXECUTE FUNCTION sessions_set_user_id()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sessions');
  await knex.raw('DROP FUNCTION IF EXISTS sessions_set_user_id()');
}
