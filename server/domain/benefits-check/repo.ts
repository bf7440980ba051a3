// The benefits checks stored on messages and the fee they are priced with: the only SQL of the module.
// A message is found through its scope (the selected profile, or the accounts whose practice inbox the
// viewer works), so another provider's message id is simply not found.
import type { Knex } from 'knex';
import { contentOf } from '../profile-content';
import type { VobData, VobInputInfo } from './types';

export type Db = Knex | Knex.Transaction;

/** Whose messages a viewer may act on: the selected profile's, and those of the practice inboxes they work. */
export interface BenefitsCheckScope {
  providerId: number | null;
  accountIds: number[];
}

export interface VobMessageRow {
  id: number;
  providerId: number;
  clientUserId: number;
  vobData: VobData;
  vobInputInfo: VobInputInfo | null;
}

/** Locks the message (FOR UPDATE) so two reruns of one check never both call the tool. */
export async function lockVobMessage(
  trx: Knex.Transaction,
  scope: BenefitsCheckScope,
  clientUserId: number,
  messageId: number,
): Promise<VobMessageRow | null> {
  const { rows } = await trx.raw(
    `select m.id, m.provider_id, m.client_user_id, m.vob_data, m.vob_input_info
       from messages m join providers p on p.id = m.provider_id
      where m.id = ? and m.client_user_id = ? and m.vob_data is not null and m.deleted_at is null and m.redacted_at is null
        and (m.provider_id = ? or p.account_id = any(?::bigint[]))
      for update of m`,
    [messageId, clientUserId, scope.providerId ?? 0, scope.accountIds],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    providerId: Number(row.provider_id),
    clientUserId: Number(row.client_user_id),
    vobData: row.vob_data,
    vobInputInfo: row.vob_input_info,
  };
}

export async function updateVobData(trx: Knex.Transaction, messageId: number, vobData: VobData): Promise<void> {
  await trx('messages')
    .where({ id: messageId })
    .update({ vob_data: JSON.stringify(vobData) });
}

/** custom_content.session_fee_ongoing (whole dollars), null when unset or not a positive number. */
export async function ongoingSessionFee(db: Db, providerId: number): Promise<number | null> {
  const row = await db('providers').where({ id: providerId }).first('custom_content');
  const fee = Number(contentOf(row?.custom_content).session_fee_ongoing);
  return Number.isFinite(fee) && fee > 0 ? fee : null;
}
