// A one-time add-on bought through Checkout (copywriting, a photo shoot): recorded once per session,
// with the buyer's "next steps" e-mail and support's notice queued in the same transaction, so opening
// the success page twice sends nothing twice.
import type { Knex } from 'knex';
import type { Outgoing } from '../../jobs/outgoing';

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
