// Messages sent through the Contact Us form (spec 1 §7): kept here, and handed to the marketing form
// provider in the same transaction (a failed hand-over stores nothing, so the person can simply retry).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_requests', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.bigInteger('provider_id').nullable().references('id').inTable('providers').onDelete('SET NULL');
    t.bigInteger('account_id').nullable().references('id').inTable('accounts').onDelete('SET NULL');
    t.specificType('email', 'citext').notNullable();
    t.text('firstname').notNullable();
    t.text('lastname').notNullable();
    t.text('message').notNullable();
    // Which marketing-form implementation took it ("local" or "http").
    t.text('delivered_via').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());

    t.index(['user_id', 'created_at']);
    t.index(['provider_id']);
    t.index(['account_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('contact_requests');
}
