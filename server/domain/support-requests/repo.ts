// Support requests: one row per request (the record support works from; the e-mail is the nudge).
import type { Knex } from 'knex';

export async function insertSupportRequest(
  trx: Knex | Knex.Transaction,
  row: {
    providerId: number;
    accountId: number;
    userId: number;
    template: string;
    locals: Record<string, unknown>;
  },
): Promise<number> {
  const [made] = await trx('support_requests')
    .insert({
      provider_id: row.providerId,
      account_id: row.accountId,
      user_id: row.userId,
      template: row.template,
      locals: JSON.stringify(row.locals),
    })
    .returning('id');
  return made!.id;
}
