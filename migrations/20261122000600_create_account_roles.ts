// What a user may do on an account (spec 1 §6): one row per (user, account, role).
import type { Knex } from 'knex';

const ACCOUNT_ROLES = [
  'owner',
  'intake-coordinator',
  'intake-exporter',
  'reimbursify-lead-practitioner',
  'reimbursify-practitioner',
  'reimbursify-administrator',
  'billing-manager',
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('account_roles', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.bigInteger('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.text('role')
      .notNullable()
      .checkIn([...ACCOUNT_ROLES], 'account_roles_role_check');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());

    t.unique(['user_id', 'account_id', 'role']);
    t.index(['account_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('account_roles');
}
