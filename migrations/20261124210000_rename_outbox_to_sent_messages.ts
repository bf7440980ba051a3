// The table named outbox was never an outbox (the job queue is): it is the log of every e-mail and SMS
// sent, which local mode shows at /dev/outbox. Its change trigger follows the new name when it has one.
import type { Knex } from 'knex';

async function rename(knex: Knex, from: string, to: string): Promise<void> {
  await knex.raw('alter table ?? rename to ??', [from, to]);
  await knex.raw(`alter table ?? rename constraint ?? to ??`, [to, `${from}_channel_check`, `${to}_channel_check`]);
  await knex.raw('alter index ?? rename to ??', [`${from}_pkey`, `${to}_pkey`]);
  await knex.raw('alter index ?? rename to ??', [`${from}_created_at_index`, `${to}_created_at_index`]);
  await knex.raw('alter index ?? rename to ??', [
    `${from}_recipient_created_at_index`,
    `${to}_recipient_created_at_index`,
  ]);
  await knex.raw('alter sequence ?? rename to ??', [`${from}_id_seq`, `${to}_id_seq`]);
  const trigger = await knex.raw(`select 1 from pg_trigger where tgname = ? and not tgisinternal`, [
    `${from}_notify_change`,
  ]);
  if (trigger.rows.length)
    await knex.raw('alter trigger ?? on ?? rename to ??', [`${from}_notify_change`, to, `${to}_notify_change`]);
}

export async function up(knex: Knex): Promise<void> {
  await rename(knex, 'outbox', 'sent_messages');
}

export async function down(knex: Knex): Promise<void> {
  await rename(knex, 'sent_messages', 'outbox');
}
