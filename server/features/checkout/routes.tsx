// /checkout (spec 3 §2 and §8): a catalog price bought on the card processor's hosted checkout page.
// /checkout/{priceId} for a signed-in member (the account's customer pays), /checkout/no-sign-in/{priceId}
// for anyone, and /checkout/success/{priceId} where the processor sends the buyer back. Prices are
// checked against the catalog the portal synced (billing_prices), so no page waits on Stripe for them.
// Checkout sells the one-time add-ons only (copywriting and photo shoots, spec 3 §4 "After a purchase of an
// add-on"): a membership is only ever bought through the payment form, so a recurring price is not found.
import { Router, type Request, type Response } from 'express';
import { flash } from '../../http/flash';
import { render } from '../../http/render';
import { createPaymentThrottles } from '../../http/payment-throttles';
import { ACCESS_DENIED, billingAccountOf, hasAccount } from '../../domain/accounts';
import { requireSignIn } from '../../http/guards';
import { requirePermission } from '../../http/access';
import {
  COUPON_MESSAGES,
  ensureCustomer,
  findCatalogPrice,
  isInternalCoupon,
  recordPurchase,
  syncCustomer,
  thankYouFor,
  hostedPageReturn,
} from '../../domain/billing';
import { PaymentError } from '../../integrations/payments';
import {
  CHECKOUT_MESSAGES,
  CheckoutProblemPage,
  CheckoutThanksPage,
} from '../../../views/pages/checkout/CheckoutPages';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import type { FeatureDeps } from '../deps';

const PRICE_ID = /^price_[A-Za-z0-9]+$/;
const SESSION_ID = /^cs_[A-Za-z0-9_]+$/;

export function checkoutRoutes({ db, config, integrations }: FeatureDeps): Router {
  const router = Router();
  const payments = integrations.payments.gateway;
  const throttles = createPaymentThrottles(db);
  const absolute = (path: string) => new URL(path, config.portalUrl).toString();

  function problem(req: Request, res: Response, message: string, detail: string | null, status: number) {
    const signedIn = Boolean(res.locals.viewer);
    render(req, res, {
      title: 'Checkout',
      layout: signedIn ? 'onboarding' : 'plain',
      status,
      page: <CheckoutProblemPage message={message} detail={detail} homeHref="/" />,
    });
  }

  async function startCheckout(req: Request, res: Response, signedIn: boolean) {
    const priceId = String(req.params.priceId ?? '');
    if (!PRICE_ID.test(priceId)) return problem(req, res, CHECKOUT_MESSAGES.invalidPrice, null, 400);
    const price = await findCatalogPrice(db, priceId);
    if (!price) return res.redirect(303, '/'); // a failed price lookup goes home (spec 3 §8)
    if (price.recurring) throw new NotFoundError();
    // Each visit makes a session at the card processor, signed in or not.
    await throttles.take(req, res, 'cardSessions');
    const coupon =
      typeof req.query.coupon === 'string' && req.query.coupon.trim() ? req.query.coupon.trim().slice(0, 100) : null;
    // The portal's own offers (referral, partner) come from their context only, never from a link's coupon.
    if (coupon && isInternalCoupon(coupon))
      return problem(req, res, CHECKOUT_MESSAGES.problem, COUPON_MESSAGES.invalid, 422);
    let customerId: string | null = null;
    const metadata: Record<string, string> = { price_lookup_key: price.lookupKey };
    if (signedIn) {
      const viewer = res.locals.viewer!;
      const accountId = billingAccountOf(viewer);
      if (accountId === null) throw new ForbiddenError(ACCESS_DENIED);
      customerId = await ensureCustomer(db, payments, {
        id: accountId,
        email: viewer.user.email,
        name: viewer.user.displayName,
      });
      metadata.account_id = String(accountId);
      if (viewer.provider?.accountId === accountId) metadata.provider_id = String(viewer.provider.id);
    }
    try {
      const session = await payments.createCheckoutSession(
        {
          mode: 'payment',
          priceId,
          customerId,
          couponId: coupon,
          successUrl: hostedPageReturn((session) =>
            absolute(`/checkout/success/${priceId}?${new URLSearchParams({ session_id: session }).toString()}`),
          ),
          cancelUrl: absolute('/'),
          metadata,
        },
        `checkout-${req.id}`,
      );
      res.redirect(303, session.url);
    } catch (error) {
      if (!(error instanceof PaymentError)) {
        req.log?.error({ err: error }, 'checkout session failed');
        return res.redirect(303, '/'); // a failed checkout call goes home, no message (spec 3 §8)
      }
      problem(req, res, CHECKOUT_MESSAGES.problem, error.message, 422);
    }
  }

  const invalidPrice = (req: Request, res: Response) => problem(req, res, CHECKOUT_MESSAGES.invalidPrice, null, 400);
  router.get('/checkout', invalidPrice);
  router.get('/checkout/no-sign-in', invalidPrice);
  router.get('/checkout/no-sign-in/:priceId', (req, res) => startCheckout(req, res, false));

  router.get('/checkout/success/:priceId', async (req, res) => {
    const priceId = String(req.params.priceId ?? '');
    const price = PRICE_ID.test(priceId) ? await findCatalogPrice(db, priceId) : null;
    if (price?.recurring) throw new NotFoundError();
    const sessionId = String(req.query.session_id ?? '');
    if (!price || !SESSION_ID.test(sessionId)) return res.redirect(303, '/');
    const session = await payments.retrieveCheckoutSession(sessionId);
    const line = session?.metadata?.price_lookup_key === price.lookupKey;
    if (!session || !line || session.status !== 'complete' || session.payment_status !== 'paid') {
      return problem(req, res, CHECKOUT_MESSAGES.problem, 'The payment was not completed.', 422);
    }
    const viewer = res.locals.viewer;
    const accountId = session.metadata?.account_id ? Number(session.metadata.account_id) : null;
    // A signed-in buyer only ever sees their own account's purchase.
    if (accountId !== null && viewer && !viewer.roles.some((r) => r.accountId === accountId))
      return res.redirect(303, '/');
    const customerId = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
    if (customerId) await syncCustomer(db, payments, customerId, req.log);
    await recordPurchase(db, integrations.outgoing, config.supportEmail, {
      sessionId,
      accountId,
      priceId,
      productName: price.productName,
      amount: session.amount_total ?? price.amount,
      email: session.customer_details?.email ?? session.customer_email ?? viewer?.user.email ?? null,
    });
    if (!viewer)
      return render(req, res, {
        title: 'Checkout',
        layout: 'plain',
        page: <CheckoutThanksPage message={thankYouFor(price.productName)} />,
      });
    flash(req, 'success', thankYouFor(price.productName));
    res.redirect(303, '/');
  });

  router.get('/checkout/:priceId', requireSignIn, requirePermission(hasAccount, ACCESS_DENIED), (req, res) =>
    startCheckout(req, res, true),
  );
  return router;
}
