// The benefits checks stored on messages (read and written by the messaging module, which owns them) and
// the fee they are priced with.
import type { Knex } from 'knex';
import { findBenefitsCheckMessage } from '../messaging';
import { readCustomContent } from '../profile-content';
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

/** The message carrying a check, within the scope (null: not found). */
export async function findVobMessage(
  db: Db,
  scope: BenefitsCheckScope,
  clientUserId: number,
  messageId: number,
): Promise<VobMessageRow | null> {
  const message = await findBenefitsCheckMessage(db, scope, clientUserId, messageId);
  if (!message) return null;
  return { ...message, vobData: message.vobData as VobData, vobInputInfo: message.vobInputInfo as VobInputInfo | null };
}

/** custom_content.session_fee_ongoing (whole dollars), null when unset or not a positive number. */
export async function ongoingSessionFee(db: Db, providerId: number): Promise<number | null> {
  const fee = Number((await readCustomContent(db, providerId))?.session_fee_ongoing);
  return Number.isFinite(fee) && fee > 0 ? fee : null;
}
