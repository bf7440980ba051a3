// The conversations a referral list counts (those a client opened with a message), and whether a client
// deleted their data in one, as SQL text for the referrals module's raw query: the conversations' and
// messages' SQL stays here while the list stays one query.
import type { SqlText } from '../../db/sql-text';

/**
 * The conversations of one profile or of every profile of an account whose first message is the client's
 * and of one of `openingTypes`, as a referral's first nine columns (see bookingReferralsSql); the
 * conversation's first message gives the date and the intake answers. How a conversation opened is kept
 * on its row (migration 20261203100000), so the branch is one index range, newest opening first, and
 * the intake answers are read only for the rows a query takes.
 */
export function openedConversationsSql(
  owner: { providerId: number } | { accountId: number },
  openingTypes: readonly string[],
): SqlText {
  const byProvider = 'providerId' in owner;
  return {
    sql: `SELECT c.opened_at, 'conversation', c.id, c.provider_id, c.client_user_id, NULL, NULL, NULL,
           (SELECT m.intake_form FROM messages m WHERE m.id = c.opening_message_id)
      FROM conversations c
     WHERE ${byProvider ? 'c.provider_id' : 'c.account_id'} = ?
       AND c.opening_sender = 'client' AND c.opening_type IN (${openingTypes.map(() => '?').join(', ')})`,
    bindings: [byProvider ? owner.providerId : owner.accountId, ...openingTypes],
  };
}

/** A boolean column `alias`: the client deleted their data in their conversation with the profile. */
export function clientRedactedColumnSql(providerIdColumn: string, clientUserIdColumn: string, alias: string): string {
  return `EXISTS (SELECT 1 FROM conversations rc
     WHERE rc.provider_id = ${providerIdColumn} AND rc.client_user_id = ${clientUserIdColumn}
       AND rc.client_redacted_at IS NOT NULL) AS ${alias}`;
}
