// /plan-management (spec 3 §2, §5, §8): the page, and one post (or link) per action. Thin: check who may,
// call the gateway, re-read the customer into the mirror, redirect with a flash. Another account's card,
// invoice or charge id is not found (404).
import { Router, type Request, type Response } from 'express';
import { requireSignIn } from '../../http/guards';
import { requirePermission } from '../../http/access';
import { flash } from '../../http/flash';
import { render } from '../../http/render';
import { cardFieldFor } from '../../http/card-field';
import { countDecline, createPaymentThrottles } from '../../http/payment-throttles';
import { safeReturnPath } from '../../http/guards';
import { cachedPage } from '../../http/page-cache';
import { validate } from '../../lib/validation';
import { NotFoundError } from '../../lib/errors';
import { text } from '../../lib/form';
import {
  ACCESS_DENIED,
  billingAccountOf,
  canManageBilling,
  canManagePlans,
  hasAccount,
  type Viewer,
} from '../../domain/accounts';
import {
  customerOwning,
  ensureCustomer,
  payOpenInvoices,
  payOwedInvoice,
  primaryCustomerOf,
  saveSetupCard,
  syncCustomer,
  retaxCustomer,
  defaultCardOf,
  hostedPageReturn,
  billingAddressOf,
  type BillingAddress,
} from '../../domain/billing';
import { listStates } from '../../domain/locations';
import { submitSupportRequest, supportDeps, SUPPORT_SUBMITTED } from '../../domain/support-requests';
import { PaymentError } from '../../integrations/payments';
import { TaxError } from '../../integrations/tax';
import {
  BILLING_ADDRESS_PATH,
  CANCEL_REQUEST_PATH,
  PAGE_PATH,
  PlanManagementPage,
  type AddOnLink,
  type AddressValues,
} from '../../../views/pages/plan-management/PlanManagementPage';
import { BillingAddressPage, CancelRequestPage } from '../../../views/pages/plan-management/PlanManagementForms';
import { UpcomingInvoicePage } from '../../../views/pages/plan-management/UpcomingInvoicePage';
import * as service from './service';
import { addressSchema, PLAN_MESSAGES } from './validation';
import type { FeatureDeps } from '../deps';

const STRIPE_ID = /^(pm|in|ch)_[A-Za-z0-9]+$/;
const SUBSCRIPTION_ID = /^sub_[A-Za-z0-9]+$/;

/**
 * Spec 3 §2: which add-on buttons an account sees; legacy and annual memberships are changed by our team
 * (Contact). While the account's EHR clinic is pending, no practice-management button shows.
 */
function addOnsOf(plan: service.PlanView): AddOnLink[] {
  const byContact = (!plan.seatBased && plan.legacySubscriptionCount > 0) || plan.anyYearly;
  const upgrade = (path: string) => (byContact ? '/contact' : `${path}/${plan.accountId}`);
  const links: AddOnLink[] = [];
  if (!plan.active.length) return links;
  // Practice management is added on the payment form to a seat-based membership or a sole monthly legacy one (legacy upgrade).
  const practiceManagement =
    plan.anyYearly || (!plan.seatBased && plan.legacySubscriptionCount > 1)
      ? '/contact'
      : `/practice-management/upgrade/${plan.accountId}`;
  const practiceManagementOpen = !plan.hasPendingClinic;
  if (practiceManagementOpen && !plan.hasPracticeManagement && (plan.tier === 'basic' || plan.tier === null))
    links.push({ label: 'Add Practice Management', href: practiceManagement });
  if (practiceManagementOpen && plan.tier === 'professional')
    links.push({ label: 'Upgrade to Practice Management Premium', href: upgrade('/practice-management/upgrade') });
  // Only what the account does not have: a tool account bought through the portal counts as Pro at least.
  if (plan.reimbursifyTier === null)
    links.push({ label: 'Add Private Pay Booster', href: upgrade('/reimbursify/upgrade') });
  else if (plan.reimbursifyTier === 'pro')
    links.push({ label: 'Upgrade to Private Pay Booster Premium', href: upgrade('/reimbursify/upgrade') });
  return links;
}

export function planManagementRoutes({ db, config, integrations, menu }: FeatureDeps): Router {
  const router = Router();
  menu.add({
    menu: 'profile',
    order: 40,
    label: 'Plan Management',
    href: PAGE_PATH,
    shown: (viewer) => canManagePlans(viewer),
    alsoIn: { menu: 'practice', order: 20 },
  });
  const payments = integrations.payments.gateway;
  const support = supportDeps(db, config, integrations);
  const throttles = createPaymentThrottles(db);
  const guards = [
    requireSignIn,
    requirePermission(hasAccount, ACCESS_DENIED),
    requirePermission((v) => billingAccountOf(v) !== null, ACCESS_DENIED),
  ];
  const accountOf = (res: Response) => service.requireBillingAccount(res.locals.viewer!);
  const customerFor = (res: Response, accountId: number) => {
    const { user } = res.locals.viewer!;
    return ensureCustomer(db, payments, { id: accountId, email: user.email, name: user.displayName });
  };

  async function show(req: Request, res: Response, status = 200) {
    const viewer = res.locals.viewer!;
    const plan = await service.loadPlan(db, accountOf(res), req.query.history_page);
    const states = await listStates(db);
    const cancelProvider = cancelTarget(viewer, plan.accountId);
    render(req, res, {
      title: 'Plan Management',
      status,
      page: (
        <PlanManagementPage
          cardField={await cardFieldFor(req, res, integrations.payments)}
          pending={plan.pending}
          active={plan.active}
          canceled={plan.canceled}
          cards={plan.cards}
          history={plan.history}
          states={states}
          addOns={addOnsOf(plan)}
          address={addressValuesOf(plan.address)}
          balance={plan.balance}
          cancel={
            cancelProvider && (plan.active.length || plan.pending.length)
              ? { providerName: cancelProvider.displayName }
              : null
          }
          messages={{
            incomplete: PLAN_MESSAGES.incomplete,
            expiredBeforeStart: PLAN_MESSAGES.expiredBeforeStart,
            invoicesDelay: PLAN_MESSAGES.invoicesDelay,
          }}
        />
      ),
    });
  }

  /** The billing address form, a page of its own: what is on file, or what was typed with its errors. */
  async function showAddress(
    req: Request,
    res: Response,
    typed?: { address: AddressValues; errors?: Record<string, string> },
    status = 200,
  ) {
    const address = typed?.address ?? addressValuesOf(await billingAddressOf(db, accountOf(res)));
    render(req, res, {
      title: 'Billing address',
      status,
      page: <BillingAddressPage address={address} errors={typed?.errors} states={await listStates(db)} />,
    });
  }

  /** The cancel request, a page of its own; with no membership to cancel, back to Plan Management. */
  async function showCancel(
    req: Request,
    res: Response,
    typed: { reason?: string; error?: string } = {},
    status = 200,
  ) {
    const viewer = res.locals.viewer!;
    const plan = await service.loadPlan(db, accountOf(res), undefined);
    const provider = cancelTarget(viewer, plan.accountId);
    if (!provider || !(plan.active.length || plan.pending.length)) return res.redirect(303, PAGE_PATH);
    render(req, res, {
      title: 'Cancel a membership',
      status,
      page: (
        <CancelRequestPage
          providerId={provider.id}
          providerName={provider.displayName}
          reason={typed.reason ?? ''}
          error={typed.error}
          terms={PLAN_MESSAGES.cancelTerms}
        />
      ),
    });
  }

  /** The profile a cancel request is about: the selected one when it is of this account, else the account's first the viewer sees. */
  function cancelTarget(viewer: Viewer, accountId: number) {
    const mine = viewer.providers.filter((p) => p.accountId === accountId);
    return (viewer.provider && viewer.provider.accountId === accountId ? viewer.provider : mine[0]) ?? null;
  }

  /**
   * A card given while a renewal's invoice is open (past due, unpaid) pays it at once and becomes the
   * default, so that the retries and the next renewals use it too; the outcome is a second flash.
   */
  async function settleWithCard(req: Request, customerId: string, paymentMethodId: string) {
    const outcome = await payOpenInvoices(db, payments, customerId, paymentMethodId, req.log);
    if (outcome.declined) {
      flash(req, 'error', `${PLAN_MESSAGES.openInvoiceDeclined} ${outcome.declined}`);
      return;
    }
    if (outcome.paid) {
      await payments.setDefaultCard(customerId, paymentMethodId, `default-${customerId}-${paymentMethodId}`);
      await syncCustomer(db, payments, customerId, req.log);
      flash(req, 'success', PLAN_MESSAGES.openInvoicePaid);
    }
  }
  router.get(PAGE_PATH, ...guards, cachedPage, async (req, res) => {
    // ?action=update_payment (spec 3 §2): straight to the payment methods, without JavaScript too.
    if (req.query.action === 'update_payment') return res.redirect(303, `${PAGE_PATH}#payment-methods`);
    await show(req, res);
  });

  router.get(BILLING_ADDRESS_PATH, ...guards, (req, res) => showAddress(req, res));
  router.get(CANCEL_REQUEST_PATH, ...guards, (req, res) => showCancel(req, res));

  router.post(`${PAGE_PATH}/address`, ...guards, async (req, res) => {
    const address: AddressValues = {
      line1: text(req.body?.line1),
      line2: text(req.body?.line2),
      city: text(req.body?.city),
      state: text(req.body?.state),
      postal_code: text(req.body?.postal_code),
    };
    const checked = validate(addressSchema, address);
    if (checked.errors) return showAddress(req, res, { address, errors: checked.errors }, 422);
    try {
      const customerId = await customerFor(res, accountOf(res));
      await payments.updateAddress(
        customerId,
        {
          line1: checked.value.line1,
          line2: checked.value.line2 ?? '',
          city: checked.value.city,
          state: checked.value.state,
          postalCode: checked.value.postal_code,
        },
        `address-${customerId}-${JSON.stringify(checked.value)}`,
      );
      await syncCustomer(db, payments, customerId, req.log);
      // Renewals are taxed by each item's rates: a new address re-taxes the live subscriptions (spec 3 §5).
      await retaxCustomer(
        { db, payments, tax: integrations.tax },
        {
          customerId,
          accountId: accountOf(res),
          postalCode: checked.value.postal_code,
          state: checked.value.state,
        },
      );
    } catch (error) {
      req.log?.error({ err: error }, 'billing address update failed');
      const explained = error instanceof PaymentError || error instanceof TaxError;
      flash(req, 'error', explained ? error.message : PLAN_MESSAGES.failure);
      return showAddress(req, res, { address }, explained ? 422 : 500);
    }
    flash(req, 'success', PLAN_MESSAGES.addressUpdated);
    res.redirect(303, `${PAGE_PATH}#billing-address`);
  });

  // A card is added on the card processor's hosted page (no card number ever reaches us), then we come back here.
  async function startCardSetup(req: Request, res: Response, replace: string | null, cancelTo = '#payment-methods') {
    const accountId = accountOf(res);
    await throttles.take(req, res, 'cardSessions');
    if (replace) await customerOwning(db, accountId, 'card', replace);
    const customerId = await customerFor(res, accountId);
    const back = new URL(`${PAGE_PATH}/payment-methods/added`, config.portalUrl);
    if (replace) back.searchParams.set('replace', replace);
    const session = await payments.createCheckoutSession(
      {
        mode: 'setup',
        customerId,
        successUrl: hostedPageReturn((session) => {
          back.searchParams.set('session_id', session);
          return back.toString();
        }),
        cancelUrl: new URL(`${PAGE_PATH}${cancelTo}`, config.portalUrl).toString(),
        metadata: { account_id: String(accountId) },
      },
      `card-setup-${customerId}-${Date.now()}`,
    );
    res.redirect(303, session.url);
  }

  router.post(`${PAGE_PATH}/payment-methods/new`, ...guards, (req, res) => startCardSetup(req, res, null));
  router.post(`${PAGE_PATH}/payment-methods/:paymentMethodId/replace`, ...guards, (req, res) =>
    startCardSetup(req, res, stripeId(req, 'paymentMethodId')),
  );

  // "Pay now" (issue [18] items 7, 8): a failed payment's open invoice, paid with a card on file, or with a
  // new card given on the card processor's hosted page (setup mode), which pays it on the way back.
  router.post(`${PAGE_PATH}/invoices/:invoiceId/pay`, ...guards, async (req, res) => {
    const invoiceId = stripeId(req, 'invoiceId');
    if (!invoiceId.startsWith('in_')) throw new NotFoundError();
    const accountId = accountOf(res);
    await customerOwning(db, accountId, 'invoice', invoiceId);
    const choice = text(req.body?.payment_method);
    if (choice === 'new') return startCardSetup(req, res, null, '#owed-payments');
    if (!STRIPE_ID.test(choice) || !choice.startsWith('pm_')) {
      flash(req, 'error', PLAN_MESSAGES.chooseCard);
      return res.redirect(303, `${PAGE_PATH}#owed-payments`);
    }
    await throttles.takePayment(req, res);
    const outcome = await payOwedInvoice(db, payments, accountId, invoiceId, choice, req.log);
    if (!outcome.paid) {
      countDecline(res);
      flash(req, 'error', `${PLAN_MESSAGES.openInvoiceDeclined} ${outcome.declined}`);
      return res.redirect(303, `${PAGE_PATH}#owed-payments`);
    }
    flash(req, 'success', PLAN_MESSAGES.openInvoicePaid);
    res.redirect(303, PAGE_PATH);
  });

  router.get(`${PAGE_PATH}/payment-methods/added`, ...guards, async (req, res) => {
    const accountId = accountOf(res);
    const customerId = await primaryCustomerOf(db, accountId);
    // Only an id the card processor could have sent back is looked up: anything else is no finished setup.
    const sessionId =
      typeof req.query.session_id === 'string' && /^cs_[A-Za-z0-9_]+$/.test(req.query.session_id)
        ? req.query.session_id
        : null;
    const session = customerId && sessionId ? await payments.retrieveCheckoutSession(sessionId) : null;
    // Only a finished setup of this account's own customer counts.
    const intent =
      session && session.customer === customerId && session.mode === 'setup' && session.status === 'complete'
        ? session.setup_intent
        : null;
    const method = intent && typeof intent === 'object' ? intent.payment_method : null;
    const newCard = typeof method === 'string' ? method : (method?.id ?? null);
    if (!customerId || !newCard) {
      flash(req, 'error', PLAN_MESSAGES.cardNotSaved);
      return res.redirect(303, `${PAGE_PATH}#payment-methods`);
    }
    const replace =
      typeof req.query.replace === 'string' && STRIPE_ID.test(req.query.replace) ? req.query.replace : null;
    if (replace) {
      await customerOwning(db, accountId, 'card', replace);
      await payments.replaceCard(customerId, replace, newCard, `replace-${replace}-${newCard}`);
    } else {
      if (!(await defaultCardOf(db, customerId)))
        await payments.setDefaultCard(customerId, newCard, `default-${customerId}-${newCard}`);
    }
    await syncCustomer(db, payments, customerId, req.log);
    flash(req, 'success', replace ? PLAN_MESSAGES.cardReplaced : PLAN_MESSAGES.cardAdded);
    await settleWithCard(req, customerId, newCard);
    res.redirect(303, `${PAGE_PATH}#payment-methods`);
  });

  // The card field: a setup intent on demand (the page itself never waits on Stripe), then the finished setup.
  router.post(`${PAGE_PATH}/payment-methods/setup-intent`, ...guards, async (req, res) => {
    await throttles.take(req, res, 'setupIntents');
    try {
      const customerId = await customerFor(res, accountOf(res));
      res.json(await payments.createSetupIntent(customerId, `setup-intent-${req.id}`));
    } catch (error) {
      req.log?.error({ err: error }, 'setup intent failed');
      res.status(502).json({ message: 'The card form is not available right now. Please use "Add a card" instead.' });
    }
  });

  router.post(`${PAGE_PATH}/payment-methods/confirm`, ...guards, async (req, res) => {
    await throttles.take(req, res, 'setupIntents');
    const accountId = accountOf(res);
    const customerId = await primaryCustomerOf(db, accountId);
    const problem = customerId
      ? await saveSetupCard(db, payments, customerId, text(req.body?.setup_intent), req.log)
      : '';
    if (problem !== null) {
      flash(req, 'error', problem || PLAN_MESSAGES.cardNotSaved);
      return res.redirect(303, `${PAGE_PATH}#payment-methods`);
    }
    flash(req, 'success', PLAN_MESSAGES.cardAdded);
    const saved = await payments.setupResult(text(req.body?.setup_intent), customerId!).catch(() => null);
    if (saved && 'card' in saved) await settleWithCard(req, customerId!, saved.card.id);
    // The payment form (any of its modes) shows the card field too: back there, with the saved card chosen.
    const back = safeReturnPath(req.body?.return_to, '');
    const paymentForm =
      /^\/(profiles\/pay-for|practice-management\/upgrade|reimbursify\/upgrade|membership\/switch-to-monthly)\//;
    if (!paymentForm.test(back) || !saved || !('card' in saved))
      return res.redirect(303, `${PAGE_PATH}#payment-methods`);
    const withCard = new URL(back, 'http://portal.invalid');
    withCard.searchParams.set('card', saved.card.id);
    res.redirect(303, `${withCard.pathname}${withCard.search}`);
  });

  router.post(`${PAGE_PATH}/payment-methods/:paymentMethodId/default`, ...guards, async (req, res) => {
    const id = stripeId(req, 'paymentMethodId');
    const customerId = await customerOwning(db, accountOf(res), 'card', id);
    try {
      await payments.setDefaultCard(customerId, id, `default-${customerId}-${id}`);
      await syncCustomer(db, payments, customerId, req.log);
      flash(req, 'success', PLAN_MESSAGES.defaultChanged);
      await settleWithCard(req, customerId, id);
    } catch (error) {
      req.log?.error({ err: error }, 'default card change failed');
      flash(req, 'error', error instanceof PaymentError ? error.message : PLAN_MESSAGES.failure);
    }
    res.redirect(303, `${PAGE_PATH}#payment-methods`);
  });

  // Hosted invoice and receipt links are asked of Stripe when opened (they expire), never stored for long.
  router.get(`${PAGE_PATH}/invoices/:invoiceId`, ...guards, async (req, res) => {
    const id = stripeId(req, 'invoiceId');
    await customerOwning(db, accountOf(res), 'invoice', id);
    const url = await payments
      .invoice(id)
      .then((invoice) => invoice.hosted_invoice_url ?? null)
      .catch((error: unknown) => {
        req.log?.warn({ err: error }, 'hosted invoice link failed');
        return null;
      });
    if (!url) {
      flash(req, 'error', PLAN_MESSAGES.linkUnavailable);
      return res.redirect(303, `${PAGE_PATH}#billing-history`);
    }
    res.redirect(303, url);
  });

  router.get(`${PAGE_PATH}/charges/:chargeId/receipt`, ...guards, async (req, res) => {
    const id = stripeId(req, 'chargeId');
    await customerOwning(db, accountOf(res), 'charge', id);
    const url = await payments
      .charge(id)
      .then((charge) => charge.receipt_url ?? null)
      .catch((error: unknown) => {
        req.log?.warn({ err: error }, 'receipt link failed');
        return null;
      });
    if (!url) {
      flash(req, 'error', PLAN_MESSAGES.linkUnavailable);
      return res.redirect(303, `${PAGE_PATH}#billing-history`);
    }
    res.redirect(303, url);
  });

  // The upcoming (or today's) invoice of a live membership (spec 3 §7 GET /portal/invoice/upcoming), asked of
  // Stripe when opened; a refusal goes back to the page with Stripe's message (spec 3 §8).
  router.get(`${PAGE_PATH}/upcoming-invoice/:subscriptionId`, ...guards, async (req, res) => {
    const id = String(req.params.subscriptionId ?? '');
    if (!SUBSCRIPTION_ID.test(id)) throw new NotFoundError();
    const subject = await service.upcomingInvoiceSubject(db, accountOf(res), id);
    let invoice: Awaited<ReturnType<typeof payments.upcomingInvoice>>;
    try {
      invoice = await payments.upcomingInvoice(subject.customerId, subject.subscriptionId);
    } catch (error) {
      if (!(error instanceof PaymentError)) throw error;
      req.log?.warn({ err: error }, 'upcoming invoice failed');
      flash(req, 'error', error.message);
      return res.redirect(303, PAGE_PATH);
    }
    const dueOn = invoice.periodEnd ? invoice.periodEnd.toISOString().slice(0, 10) : null;
    render(req, res, {
      title: dueOn && dueOn <= new Date().toISOString().slice(0, 10) ? "Today's invoice" : 'Upcoming invoice',
      page: (
        <UpcomingInvoicePage
          membership={{ seatBased: subject.seatBased, interval: subject.interval, providers: subject.providers }}
          dueOn={dueOn}
          lines={invoice.lines}
          subtotal={invoice.subtotal}
          discount={invoice.discount}
          tax={invoice.tax}
          startingBalance={invoice.startingBalance}
          amountDue={invoice.amountDue}
        />
      ),
    });
  });

  router.post(`${PAGE_PATH}/cancel-request`, ...guards, async (req, res) => {
    const viewer = res.locals.viewer!;
    const accountId = accountOf(res);
    const providerId = Number(req.body?.provider_id);
    const provider = viewer.providers.find((p) => p.id === providerId && p.accountId === accountId);
    const reason = text(req.body?.reason).slice(0, 2000);
    if (!provider || !canManageBilling(viewer, provider))
      return showCancel(req, res, { error: PLAN_MESSAGES.cancelFailed, reason }, 404);
    try {
      await submitSupportRequest(support, viewer, { providerId, template: 'membership-cancel', locals: { reason } });
    } catch (error) {
      req.log?.error({ err: error }, 'cancel request failed');
      return showCancel(req, res, { error: PLAN_MESSAGES.cancelFailed, reason }, 500);
    }
    flash(req, 'success', SUPPORT_SUBMITTED);
    res.redirect(303, PAGE_PATH);
  });

  return router;
}

/** The billing address as the forms name its fields. */
const addressValuesOf = (address: BillingAddress): AddressValues => ({
  line1: address.line1,
  line2: address.line2,
  city: address.city,
  state: address.state,
  postal_code: address.postalCode,
});

/** A Stripe id from the path (pm_…, in_…, ch_…); anything else is not found. */
function stripeId(req: Request, name: string): string {
  const id = String(req.params[name] ?? '');
  if (!STRIPE_ID.test(id)) throw new NotFoundError();
  return id;
}
