// A one-time add-on bought through Checkout (copywriting, a photo shoot): recorded once per session,
// with the buyer's "next steps" e-mail and support's notice queued in the same transaction, so opening
// the success page twice sends nothing twice.
import type { Knex } from 'knex';
import type { Outgoing } from '../../jobs/outgoing';
import { PRICES } from './catalog';

export interface Purchase {
  sessionId: string;
  accountId: number | null;
  priceId: string;
  productName: string;
  amount: number | null;
  email: string | null;
}

export const thankYouFor = (productName: string) =>
  `Thank you for purchase of ${productName}! Please check your email for next steps.`;

export async function recordPurchase(
  db: Knex,
  outgoing: Outgoing,
  supportEmail: string,
  purchase: Purchase,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const inserted = await trx('billing_purchases')
      .insert({
        checkout_session_id: purchase.sessionId,
        account_id: purchase.accountId,
        price_id: purchase.priceId,
        product_name: purchase.productName,
        amount: purchase.amount,
        email: purchase.email,
      })
      .onConflict('checkout_session_id')
      .ignore()
      .returning('checkout_session_id');
    if (!inserted.length) return false;
    const paid = purchase.amount === null ? '' : ` ($${(purchase.amount / 100).toFixed(2)})`;
    if (purchase.email) {
      await outgoing.mail(trx, {
        to: purchase.email,
        subject: `Your ${purchase.productName}: next steps`,
        text: [
          `Thank you for purchasing ${purchase.productName}${paid}.`,
          'Our team will write to you within two business days to schedule it and to ask for anything we need from you.',
          'Your receipt is in Billing history on the Plan Management page.',
        ].join('\n\n'),
      });
    }
    await outgoing.mail(trx, {
      to: supportEmail,
      subject: `New purchase: ${purchase.productName}`,
      text: `Checkout session ${purchase.sessionId}\nAccount: ${purchase.accountId ?? 'none (bought without signing in)'}\nE-mail: ${purchase.email ?? 'unknown'}\nAmount: ${paid.trim() || 'unknown'}`,
    });
    return true;
  });
}

/** The one-time copywriting prices (every version): buying one is the premium setup. */
const COPYWRITING_LOOKUP_KEYS = PRICES.filter((price) => price.product === 'copywriting').map(
  (price) => price.lookupKey,
);

/**
 * A column for a select of profiles aliased `p` (`premium_setup`): the premium setup (docs/decisions.md) is
 * the profile's own flag (providers.has_premium_setup, set by our team), professional copywriting bought by
 * its account (billing_purchases through Checkout), or chosen as the setup help of the profile's membership
 * (its subscription's metadata setup_option, once paid). Billing's tables stay in billing's SQL.
 */
export const premiumSetupColumn = (db: Knex | Knex.Transaction) =>
  db.raw(
    `p.has_premium_setup or exists (
     select 1 from billing_purchases bp join billing_prices pr on pr.id = bp.price_id
     where bp.account_id = p.account_id and pr.lookup_key = any(?::text[])
   ) or exists (
     select 1 from billing_subscriptions s
     where s.account_id = p.account_id and p.id = any(s.provider_ids) and s.metadata->>'setup_option' = 'copywriting'
       and s.status not in ('incomplete', 'incomplete_expired')
   ) as premium_setup`,
    [COPYWRITING_LOOKUP_KEYS],
  );
