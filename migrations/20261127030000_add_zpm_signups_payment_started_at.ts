// /zpm-signup payments go in three steps (record the attempt, charge outside any transaction, record it
// paid and queue the finishing job). `payment_started_at` is the first step's record: a sign-up whose
// charge began but was never recorded (the process died) is found by the sweeper, which asks the card
// processor whether the charge went through.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('zpm_signups', (t) => {
    t.timestamp('payment_started_at', { useTz: true }).nullable();
  });
  await knex.raw('create index zpm_signups_unfinished on zpm_signups (created_at) where completed_at is null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists zpm_signups_unfinished');
  await knex.schema.alterTable('zpm_signups', (t) => {
    t.dropColumn('payment_started_at');
  });
}
