// The benefits checks (VOB) stored on messages (vob_data, vob_input_info): the benefits-check module
// reruns them and knows what they mean; their rows are read and written here. A message is found through
// its scope (the selected profile, or the accounts whose practice inbox the viewer works), so another
// provider's message id is simply not found.
import type { Knex } from 'knex';
import { decryptJson } from '../data-protection';
import { providerIdsOfAccountsQuery } from '../providers';

type Db = Knex | Knex.Transaction;

/** A message that carries a check: its check and the client's insurance details, as stored (documents of unknown shape). */
export interface StoredBenefitsCheck {
  id: number;
  providerId: number;
  clientUserId: number;
  vobData: unknown;
  vobInputInfo: unknown;
}

/** The live message carrying a check, within the scope (null: not found). */
export async function findBenefitsCheckMessage(
  db: Db,
  scope: { providerId: number | null; accountIds: number[] },
  clientUserId: number,
  messageId: number,
): Promise<StoredBenefitsCheck | null> {
  const row = await db('messages')
    .where({ id: messageId, client_user_id: clientUserId })
    .whereNotNull('vob_data')
    .whereNull('deleted_at')
    .whereNull('redacted_at')
    .where((inScope) =>
      inScope
        .where('provider_id', scope.providerId ?? 0)
        .orWhereIn('provider_id', providerIdsOfAccountsQuery(db, scope.accountIds)),
    )
    .first('id', 'provider_id', 'client_user_id', 'vob_data', 'vob_input_info');
  if (!row) return null;
  return {
    id: row.id,
    providerId: row.provider_id,
    clientUserId: row.client_user_id,
    vobData: row.vob_data,
    vobInputInfo: await decryptJson(db, row.vob_input_info),
  };
}

/**
 * Claims a pending check for one rerun, in one statement: its data gets `rerun_started_at`, unless another
 * rerun claimed it less than `leaseSeconds` ago. True when this rerun may call the tool.
 */
export async function claimBenefitsCheckRerun(db: Db, messageId: number, leaseSeconds: number): Promise<boolean> {
  const claimed = await db('messages')
    .where({ id: messageId })
    .whereRaw("vob_data->>'status' = 'pending_rerun'")
    .whereRaw(
      "(vob_data->>'rerun_started_at' is null or (vob_data->>'rerun_started_at')::timestamptz < now() - make_interval(secs => ?))",
      [leaseSeconds],
    )
    .update({ vob_data: db.raw("vob_data || jsonb_build_object('rerun_started_at', now())") });
  return claimed > 0;
}

/** Lets a claimed check go again (the tool failed): still pending, free for the next click. */
export async function releaseBenefitsCheckRerun(db: Db, messageId: number): Promise<void> {
  await db('messages')
    .where({ id: messageId })
    .update({ vob_data: db.raw("vob_data - 'rerun_started_at'") });
}

/** Stores a check's new data (a rerun's answer) on its message. */
export async function storeBenefitsCheck(db: Db, messageId: number, vobData: object): Promise<void> {
  await db('messages')
    .where({ id: messageId })
    .update({ vob_data: JSON.stringify(vobData) });
}
