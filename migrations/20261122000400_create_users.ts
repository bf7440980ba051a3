// People who sign in: providers (scope provider) and clients (scope client).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.bigIncrements('id');
    t.specificType('email', 'citext').notNullable().unique();
    t.text('password_hash').nullable();
    t.text('first_name').nullable();
    t.text('middle_name').nullable();
    t.text('last_name').nullable();
    t.text('company_name').nullable();
    t.text('full_name').nullable();
    t.specificType('username', 'citext').nullable().unique();
    t.string('phone_number', 12).nullable();
    t.specificType('scopes', 'text[]').notNullable().defaultTo(knex.raw(`'{provider}'::text[]`));
    t.jsonb('settings').notNullable().defaultTo(knex.raw(`'{}'::jsonb`));
    t.timestamp('email_confirmed_at', { useTz: true }).nullable();
    t.timestamp('two_factor_enrolled_at', { useTz: true }).nullable();
    t.string('two_factor_phone', 12).nullable();
    // The remembered profile; the foreign key is added once providers exists.
    t.bigInteger('selected_provider_id').nullable();
    t.timestamp('last_sign_in_at', { useTz: true }).nullable();
    t.timestamps(true, true);

    t.check(`cardinality(scopes) >= 1 AND scopes <@ ARRAY['provider', 'client']::text[]`, [], 'users_scopes_check');
    t.check(`jsonb_typeof(settings) = 'object'`, [], 'users_settings_check');
  });
  await knex.raw(
    'CREATE TRIGGER users_set_updated_at BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION set_updated_at()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('users');
}
