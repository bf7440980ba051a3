// Security-relevant actions (sign-in, password and e-mail changes, 2FA ...). No foreign key on
// user_id on purpose: the trail must survive the deletion of the user it describes.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_log', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').nullable();
    t.text('action').notNullable();
    t.text('ip').nullable();
    t.text('user_agent').nullable();
    t.jsonb('details').nullable().defaultTo(knex.raw(`'{}'::jsonb`));
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());

    t.index(['user_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('audit_log');
}
