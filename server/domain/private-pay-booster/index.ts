// Private Pay Booster (the benefits tool) as the portal's pages see an account (spec 1 §6, spec 3 §4):
// the facts its sign-in button and upgrade rules read, and the check made before selling the upgrade.
// The rules themselves are the accounts policy's (canSeePrivatePayBoosterLogin,
// privatePayBoosterUpgradeEnabled); this module loads what they read.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { privatePayBoosterColumnsOf, privatePayBoosterUpgradeEnabled } from '../accounts';
import { providerIdsOfAccount } from '../providers';
import type { BenefitsTool } from '../../integrations/benefits-tool';
import { OUTSIDE_SERVICE_FAILED } from '../../integrations/outside-api';

/** An account as the Private Pay Booster rules read it (a PolicyAccount). */
export interface PrivatePayBoosterAccount {
  id: number;
  reimbursifyAccountCreated: boolean;
  legacyOrSeatSubscriptionIsGood: boolean;
  featureFlags: Record<string, unknown>;
}

/**
 * The account's Private Pay Booster facts, or null when there is no such account. "A good legacy or seat
 * subscription" (spec 1 §6), from the billing mirror's account fields: an active or trialing subscription,
 * on an account with a seat-based or a legacy one live. The add-on buttons (server/domain/practice-management)
 * read it here too, so the button and the sign-in never disagree.
 */
export async function privatePayBoosterAccountOf(
  db: Knex,
  accountId: number,
): Promise<PrivatePayBoosterAccount | null> {
  const account = await privatePayBoosterColumnsOf(db, accountId);
  if (!account) return null;
  return {
    id: account.id,
    reimbursifyAccountCreated: account.reimbursify_account_created,
    legacyOrSeatSubscriptionIsGood:
      account.active_or_trialing_subscription_count > 0 &&
      (account.seat_based || account.legacy_subscription_count > 0),
    featureFlags: (account.feature_flags ?? {}) as Record<string, unknown>,
  };
}

/** Shown instead of the pay step when a provider of the account already bought Private Pay Booster from the tool itself. */
export const STANDALONE_ACCOUNT_NOTICE =
  'You already have a Private Pay Booster account of your own, bought directly from Private Pay Booster, so there is nothing to buy here. To change that plan, or to move it to your membership, please contact support.';

/** Shown instead of the pay step to a current Private Pay Booster customer whose account the upgrade flow is not open to yet. */
export const UPGRADE_NOT_ENABLED_NOTICE =
  'Upgrading Private Pay Booster from the Members Portal is not available for your account yet. Please contact support to change your plan.';

/**
 * What stops the Private Pay Booster upgrade of an account before anyone pays (null: nothing): for a
 * current Private Pay Booster customer, the account flag account-enable-sso-upgrade-current-reimbursify
 * (spec 1 §6); then the tool's standalone-account check for each of the account's providers. A tool
 * that does not answer stops the sale too, with the support text (spec 3 §8), logged with the request id.
 */
export async function privatePayBoosterUpgradeBlock(
  db: Knex,
  tool: BenefitsTool,
  accountId: number,
  context: { requestId?: string | null; log?: Logger } = {},
): Promise<string | null> {
  const account = await privatePayBoosterAccountOf(db, accountId);
  if (!account) return null;
  if (account.reimbursifyAccountCreated && !privatePayBoosterUpgradeEnabled(account)) return UPGRADE_NOT_ENABLED_NOTICE;
  const providerIds = await providerIdsOfAccount(db, accountId);
  try {
    const standalone = await Promise.all(
      providerIds.map((id) => tool.hasStandaloneAccount(id, context.requestId ?? null)),
    );
    return standalone.some(Boolean) ? STANDALONE_ACCOUNT_NOTICE : null;
  } catch (error) {
    context.log?.error(
      { err: error, requestId: context.requestId ?? null, accountId },
      'Private Pay Booster standalone-account check failed',
    );
    return OUTSIDE_SERVICE_FAILED;
  }
}
