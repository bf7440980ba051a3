// Who read what (issue [22] item 4): a row each time someone opens a thread, a client list page or an
// export. Kept as written: a trigger refuses UPDATE, and DELETE and TRUNCATE unless the transaction says
// up to when rows may go (`read_records.delete_before`, set only by the retention job), and then only
// rows older than that. No foreign keys, as audit_log: the trail outlives the people and accounts in it.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('read_records', (t) => {
    t.bigIncrements('id');
    t.bigInteger('account_id').notNullable();
    t.bigInteger('user_id').notNullable();
    t.text('action').notNullable();
    t.bigInteger('client_user_id').nullable();
    t.jsonb('detail').notNullable().defaultTo(knex.raw(`'{}'::jsonb`));
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`
    ALTER TABLE read_records ADD CONSTRAINT read_records_action_check
      CHECK (action IN ('thread', 'client_list', 'referral_export', 'appointment_file'))`);
  // The audit page: an account's records newest first, by person or by client.
  await knex.raw('CREATE INDEX read_records_account_index ON read_records (account_id, created_at DESC, id DESC)');
  await knex.raw('CREATE INDEX read_records_person_index ON read_records (account_id, user_id, created_at DESC)');
  await knex.raw(
    'CREATE INDEX read_records_client_index ON read_records (account_id, client_user_id, created_at DESC) WHERE client_user_id IS NOT NULL',
  );
  // The retention job's cut: rows arrive in time order, so a BRIN index is small and enough.
  await knex.raw('CREATE INDEX read_records_created_at_index ON read_records USING brin (created_at)');

  await knex.raw(`
    CREATE FUNCTION read_records_kept() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      delete_before timestamptz := nullif(current_setting('read_records.delete_before', true), '')::timestamptz;
    BEGIN
      IF TG_OP = 'DELETE' AND delete_before IS NOT NULL AND OLD.created_at < delete_before THEN
        RETURN OLD;
      END IF;
      IF TG_OP = 'TRUNCATE' AND delete_before = 'infinity' THEN
        RETURN NULL;
      END IF;
      RAISE EXCEPTION 'read_records are kept as written: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
    END $$`);
  await knex.raw(`
    CREATE TRIGGER read_records_kept BEFORE UPDATE OR DELETE ON read_records
      FOR EACH ROW EXECUTE FUNCTION read_records_kept()`);
  await knex.raw(`
    CREATE TRIGGER read_records_not_truncated BEFORE TRUNCATE ON read_records
      FOR EACH STATEMENT EXECUTE FUNCTION read_records_kept()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('read_records');
  await knex.raw('DROP FUNCTION read_records_kept()');
}
