// The pay step of a payment form, once for every form: what it shows from the billing customer (the
// address and the cards on file), and its post: the billing address saved, the order paid with a card
// on file or sent to the card processor's hosted page, all under the attempt the step showed
// (attempts.ts), so a double submit or a retry pays once.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { PostalAddress } from '../../integrations/payments';
import { settleAttempt, type AttemptOutcome, type AttemptOwner } from './attempts';
import { customerOwning, postalAddressOf } from './customers';
import { syncCustomer } from './mirror';
import { creditReferrer } from './offers';
import { payOrder, payOrderOnHostedPage, saveCardOnHostedPage, type Order, type PurchaseDeps } from './purchase';
import type { SalesTaxPlan } from './sales-tax';

export type BillingAddress = PostalAddress;
export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  isDefault: boolean;
}

/** What the pay step starts from: the customer's billing address and cards on file (oldest first), and its default card. */
export async function payStepProfileOf(
  db: Knex,
  customerId: string,
): Promise<{ address: BillingAddress; cards: SavedCard[]; defaultCardId: string | null }> {
  const customer = await db('billing_customers').where({ id: customerId }).first();
  const cards = await db('billing_payment_methods').where({ customer_id: customerId }).orderBy('created_at');
  const defaultCardId: string | null = customer?.default_payment_method ?? null;
  return {
    address: postalAddressOf(customer),
    cards: cards.map((card) => ({
      id: card.id,
      brand: card.brand,
      last4: card.last4,
      isDefault: card.id === defaultCardId,
    })),
    defaultCardId,
  };
}

/** The placeholder the card processor fills in with its session id on the way back from its hosted page. */
const SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/** A pay step's post, in the form's terms. */
export interface PayStepPost {
  owner: AttemptOwner;
  /** The attempt the step showed. */
  attemptId: string;
  /** The billing customer paying (made when the account has none yet). */
  customerId: () => Promise<string>;
  order: Order;
  address: BillingAddress;
  /** A card on file (its id), 'new' (the hosted page), or '' (a change keeps the subscription's card). */
  card: string;
  couponIds: string[];
  tax: SalesTaxPlan;
  /** A new membership's provider, whose referrer is credited once it has paid (null: none). */
  referredProviderId: number | null;
  /** Where the hosted page sends the buyer back: a paid new subscription, a saved card (each given the session id), or a cancel. */
  returns: { paid: (sessionId: string) => string; cardSaved: (sessionId: string) => string; cancel: string };
  success: { path: string; flash: string | null };
}

/**
 * Pays a pay step's post once per attempt: 'expired' when the attempt is not this form's; else where the
 * post leads (the success page, or the hosted page for a new card). A declined card throws the card
 * processor's PaymentError and leaves nothing (`error_if_incomplete`): the next post is a new attempt.
 */
export function payPayStep(
  deps: PurchaseDeps,
  post: PayStepPost,
  log?: Logger,
): Promise<Omit<AttemptOutcome, 'done'> | 'expired'> {
  return settleAttempt(deps.db, post.owner, post.attemptId, async (attempt) => {
    const key = `pay-${attempt.id}`;
    const customerId = await post.customerId();
    await deps.payments.updateAddress(customerId, post.address, `pay-address-${attempt.id}`);
    if (post.card && post.card !== 'new') await customerOwning(deps.db, post.owner.accountId, 'card', post.card);
    const payment = { customerId, couponIds: post.couponIds, tax: post.tax };
    if (post.card === 'new') {
      // A new card without JavaScript: a new subscription is paid on the hosted page (subscription mode);
      // a change saves the card there (setup mode) and comes back to the pay step with it.
      const url =
        post.order.kind === 'new'
          ? await payOrderOnHostedPage(
              deps,
              post.order,
              { ...payment, successUrl: hostedPageReturn(post.returns.paid), cancelUrl: post.returns.cancel },
              key,
            )
          : await saveCardOnHostedPage(
              deps,
              { customerId, successUrl: hostedPageReturn(post.returns.cardSaved), cancelUrl: post.returns.cancel },
              `pay-setup-${attempt.id}`,
            );
      return { redirect: url, done: false };
    }
    await payOrder(
      deps,
      post.order,
      { ...payment, prorationDate: attempt.prorationDate, cardId: post.card || null },
      key,
    );
    if (post.referredProviderId !== null)
      await creditReferrer(deps.db, deps.payments, post.referredProviderId, post.couponIds[0] ?? null);
    await syncCustomer(deps.db, deps.payments, customerId, log);
    return { redirect: post.success.path, flash: post.success.flash, done: true };
  });
}

/**
 * A return address from the card processor's hosted page, with its session-id placeholder left as it is
 * (a query string would encode its braces), for the processor to fill in.
 */
export const hostedPageReturn = (url: (sessionId: string) => string) =>
  url(SESSION_PLACEHOLDER).replaceAll(encodeURIComponent(SESSION_PLACEHOLDER), SESSION_PLACEHOLDER);
