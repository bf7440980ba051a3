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

/** How long a rerun's claim holds a check: beyond the benefits tool's time limit, so only a rerun that died loses it. */
export const RERUN_LEASE_SECONDS = 120;

/** The message carrying a check, within the scope (null: not found). */
export async function findVobMessage(
  db: Db,
  scope: BenefitsCheckScope,
  clientUserId: number,
  messageId: number,
): Promise<VobMessageRow | null> {
  const { rows } = await db.raw(
    `select m.id, m.provider_id, m.client_user_id, m.vob_data, m.vob_input_info
       from messages m join providers p on p.id = m.provider_id
      where m.id = ? and m.client_user_id = ? and m.vob_data is not null and m.deleted_at is null and m.redacted_at is null
        and (m.provider_id = ? or p.account_id = any(?::bigint[]))`,
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

/**
 * Claims a pending check for one rerun, in one statement: its data gets `rerun_started_at`, unless another
 * rerun holds it within the lease. True when this rerun may call the tool.
 */
export async function claimRerun(db: Db, messageId: number): Promise<boolean> {
  const claimed = await db('messages')
    .where({ id: messageId })
    .whereRaw("vob_data->>'status' = 'pending_rerun'")
    .whereRaw(
      "(vob_data->>'rerun_started_at' is null or (vob_data->>'rerun_started_at')::timestamptz < now() - make_interval(secs => ?))",
      [RERUN_LEASE_SECONDS],
    )
    .update({ vob_data: db.raw("vob_data || jsonb_build_object('rerun_started_at', now())") });
  return claimed > 0;
}

/** Lets a claimed check go again (the tool failed): still pending, free for the next click. */
export async function releaseRerun(db: Db, messageId: number): Promise<void> {
  await db('messages')
    .where({ id: messageId })
    .update({ vob_data: db.raw("vob_data - 'rerun_started_at'") });
}

export async function updateVobData(db: Db, messageId: number, vobData: VobData): Promise<void> {
  await db('messages')
    .where({ id: messageId })
    .update({ vob_data: JSON.stringify(vobData) });
}

/** custom_content.session_fee_ongoing (whole dollars), null when unset or not a positive number. */
export async function ongoingSessionFee(db: Db, providerId: number): Promise<number | null> {
  const row = await db('providers').where({ id: providerId }).first('custom_content');
  const fee = Number(contentOf(row?.custom_content).session_fee_ongoing);
  return Number.isFinite(fee) && fee > 0 ? fee : null;
}
