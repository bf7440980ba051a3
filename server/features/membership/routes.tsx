// /profiles/pay-for/{providerId} (spec 3 §2 "Membership payment form"): "Your plan", then "Payment",
// then the subscription on the card on file or through the card processor's hosted page. Thin: check
// who may, call the payments gateway, mirror the customer, then go where spec 1 §4 says.
import crypto from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { ForbiddenError } from '../../lib/errors';
import { flash } from '../../http/flash';
import { requireSignIn } from '../../http/guards';
import { render } from '../../http/render';
import { cardFieldFor } from '../../http/card-field';
import { allowFramesFrom } from '../../http/security';
import { toId } from '../../http/access';
import { text } from '../../lib/form';
import { validate } from '../../lib/validation';
import * as policy from '../../domain/accounts';
import { listStates } from '../../domain/locations';
import { customerOwning, ensureCustomer, priceIdsByLookupKey, syncCustomer } from '../../domain/billing';
import { PaymentError } from '../../integrations/payments';
import { PaymentFormPage, type PaymentFormProps } from '../../../views/pages/membership/PaymentFormPage';
import { PhotographerQuestionPage } from '../../../views/pages/membership/PhotographerQuestionPage';
import { formatCardBrand } from '../../../views/components/format';
import * as service from './service';
import { PAYMENT_MESSAGES, paymentSchema } from './validation';
import type { FeatureDeps } from '../deps';

export function membershipRoutes({ db, config, integrations }: FeatureDeps): Router {
  const router = Router();
  const payments = integrations.payments.gateway;
  const absolute = (path: string) => new URL(path, config.portalUrl).toString();

  /** The provider, when the viewer may pay for it; a profile already paid for skips the form (spec 1 §4). */
  async function payable(req: Request, res: Response) {
    const viewer = res.locals.viewer!;
    const step = await service.paymentStepFor(db, viewer, toId(req.params.providerId));
    if (!step.allowed) throw new ForbiddenError(policy.ACCESS_DENIED);
    return { viewer, step };
  }

  type Payable = Awaited<ReturnType<typeof payable>>;

  /** The form, for a provider `payable` has already checked: the plan step, or the pay step when `pay` is given. */
  async function show(req: Request, res: Response, { viewer, step }: Payable, pay: Partial<NonNullable<PaymentFormProps['pay']>> | null, status = 200) {
    const plans = await service.plansFor(db, step.provider.id);
    const tier = service.parseTier(req.body?.tier ?? req.query.tier);
    const returnToPlanManagement = (req.body?.return_to_plan_management ?? req.query.return_to_plan_management) === '1';
    let payStep: PaymentFormProps['pay'];
    if (pay) {
      const customerId = await ensureCustomer(db, payments, { id: step.provider.accountId, email: viewer.user.email, name: viewer.user.displayName });
      const customer = await db('billing_customers').where({ id: customerId }).first();
      const cards = await db('billing_payment_methods').where({ customer_id: customerId }).orderBy('created_at');
      const prices = await priceIdsByLookupKey(db);
      const plan = plans.find((p) => p.tier === tier)!;
      const typed = text(req.body?.coupon ?? req.query.coupon);
      const automatic = typed ? null : await service.automaticCoupon(db, step.provider.id);
      const couponCode = typed || automatic?.code || '';
      const coupon = await service.checkCoupon(payments, couponCode, plan);
      // The customize → pay transition loads an invoice preview (spec 3 §4); a failure is an alert (§8).
      const preview = await payments.previewNewSubscription(customerId, plan.lines.map((line) => prices.get(line.lookupKey)!), coupon?.ok ? coupon.couponId : null)
        .catch((error: unknown) => { req.log?.warn({ err: error }, 'invoice preview failed'); return null; });
      payStep = {
        preview, previewError: PAYMENT_MESSAGES.previewFailed,
        cards: cards.map((c) => ({ id: c.id, label: `${formatCardBrand(c.brand)} ending ${c.last4}${c.id === customer?.default_payment_method ? ' (default)' : ''}` })),
        values: pay.values ?? {
          source: customer?.default_payment_method ?? (cards.length ? '' : 'new'), address_line1: customer?.address_line1 ?? '', address_line2: customer?.address_line2 ?? '',
          address_city: customer?.address_city ?? '', address_state: customer?.address_state ?? '', address_postal_code: customer?.address_postal_code ?? '', terms: '',
        },
        errors: { ...(coupon && !coupon.ok ? { coupon: coupon.message } : {}), ...(pay.errors ?? {}) }, failure: pay.failure, attempt: pay.attempt ?? crypto.randomUUID(),
        coupon: { code: couponCode, applied: coupon?.ok ? coupon.label : null, banner: automatic?.banner ?? null },
        states: await listStates(db),
      };
    }
    // With JavaScript a card is added in place (the card field); paying with a new card without it posts
    // here and is redirected to the hosted checkout page. Both need this page's CSP opened to the processor.
    const typedCoupon = text(req.body?.coupon ?? req.query.coupon);
    const returnTo = `/profiles/pay-for/${step.provider.id}?${new URLSearchParams({
      step: 'pay', tier, ...(returnToPlanManagement ? { return_to_plan_management: '1' } : {}), ...(typedCoupon ? { coupon: typedCoupon } : {}),
    }).toString()}`;
    const cardField = await cardFieldFor(req, res, integrations.payments, returnTo);
    render(req, res, {
      title: payStep ? 'Payment' : 'Your plan', layout: 'onboarding', status,
      page: <PaymentFormPage providerId={step.provider.id} name={step.provider.name} possessive={policy.possessive(step.wording)} step={payStep ? 'pay' : 'customize'}
        plans={plans} tier={tier} returnToPlanManagement={returnToPlanManagement} priorExpired={req.query.prior_subscription_was_incomplete_expired === '1'} pay={payStep} cardField={cardField} />,
    });
  }

  router.get('/profiles/pay-for/:providerId', requireSignIn, async (req, res) => {
    const { viewer, step } = await payable(req, res);
    // Start Membership (spec 3 §4): an account with a basic tier and practice management is alerted and sent home.
    if (policy.hasInconsistentPlan(await policy.planAccountsOf(db, viewer.user.id))) {
      flash(req, 'error', policy.INCONSISTENT_PLAN);
      return res.redirect(303, '/');
    }
    // The plan already covers the profile: nothing to pay. A profile just created goes on to its success
    // page; one already under way is not "new", so it hears that its membership is active.
    if (step.provider.hasPaidPlan) {
      if (step.provider.status === 'incomplete') return res.redirect(303, `/profiles/created/${step.provider.id}`);
      flash(req, 'info', `The membership of ${step.provider.name}'s profile is already active: there is nothing to pay.`);
      return res.redirect(303, '/');
    }
    if (req.query.step === 'pay' && !(await service.photographerAnswer(db, step.provider.id))) return askPhotographer(req, res, step.provider.id);
    await show(req, res, { viewer, step }, req.query.step === 'pay' ? {} : null);
  });

  /** Before the pay step, once (spec 3 §2): is one of our photographers near the provider? */
  function askPhotographer(req: Request, res: Response, providerId: number, error?: string) {
    const hidden: Record<string, string> = { tier: service.parseTier(req.body?.tier ?? req.query.tier) };
    for (const name of ['coupon', 'return_to_plan_management']) { const value = text(req.body?.[name] ?? req.query[name]); if (value) hidden[name] = value; }
    allowFramesFrom([config.embeds.photographerCities])(req, res, () => undefined);
    render(req, res, {
      title: 'Payment', layout: 'onboarding', status: error ? 422 : 200,
      page: <PhotographerQuestionPage action={`/profiles/pay-for/${providerId}/photographer`} citiesUrl={config.embeds.photographerCities} error={error} hidden={hidden} />,
    });
  }

  router.post('/profiles/pay-for/:providerId/photographer', requireSignIn, async (req, res) => {
    const { step } = await payable(req, res);
    const answer = text(req.body?.photographer_availability);
    if (!service.isPhotographerAnswer(answer)) return askPhotographer(req, res, step.provider.id, 'Please choose an answer.');
    await db('providers').where({ id: step.provider.id }).update({ photographer_availability: answer });
    const params = new URLSearchParams({ step: 'pay', tier: service.parseTier(req.body?.tier) });
    for (const name of ['coupon', 'return_to_plan_management']) { const value = text(req.body?.[name]); if (value) params.set(name, value); }
    res.redirect(303, `/profiles/pay-for/${step.provider.id}?${params.toString()}`);
  });

  router.post('/profiles/pay-for/:providerId', requireSignIn, async (req, res) => {
    const { viewer, step } = await payable(req, res);
    const values = Object.fromEntries(['source', 'address_line1', 'address_line2', 'address_city', 'address_state', 'address_postal_code', 'terms'].map((k) => [k, text(req.body?.[k])]));
    const attempt = /^[0-9a-f-]{36}$/.test(text(req.body?.attempt)) ? text(req.body?.attempt) : crypto.randomUUID();
    if (step.provider.hasPaidPlan) return res.redirect(303, '/');
    const checked = validate(paymentSchema, values);
    if (checked.errors) return show(req, res, { viewer, step }, { values, errors: checked.errors, attempt }, 422);
    const input = checked.value;
    const accountId = step.provider.accountId;
    const returnToPlanManagement = text(req.body?.return_to_plan_management) === '1';
    try {
      const customerId = await ensureCustomer(db, payments, { id: accountId, email: viewer.user.email, name: viewer.user.displayName });
      await payments.updateAddress(customerId, { line1: input.address_line1, line2: input.address_line2 || null, city: input.address_city, state: input.address_state, postal_code: input.address_postal_code }, `pay-address-${attempt}`);
      const plan = (await service.plansFor(db, step.provider.id)).find((p) => p.tier === service.parseTier(req.body?.tier))!;
      const prices = await priceIdsByLookupKey(db);
      const priceIds = plan.lines.map((line) => prices.get(line.lookupKey)!);
      const metadata = { provider_id: String(step.provider.id), form_title: step.provider.name };
      // The coupon is checked again here: what the form carried is never trusted.
      const coupon = await service.checkCoupon(payments, text(req.body?.coupon), plan);
      if (coupon && !coupon.ok) return show(req, res, { viewer, step }, { values, errors: { coupon: coupon.message }, attempt }, 422);
      const couponId = coupon?.ok ? coupon.couponId : null;
      if (input.source === 'new') {
        const back = `/profiles/pay-for/${step.provider.id}/done?session_id={CHECKOUT_SESSION_ID}${returnToPlanManagement ? '&return_to_plan_management=1' : ''}`;
        const session = await payments.createCheckoutSession({ mode: 'subscription', priceIds, customerId, couponId, successUrl: absolute('/') + back.slice(1), cancelUrl: absolute(`/profiles/pay-for/${step.provider.id}?step=pay&tier=${plan.tier}`), metadata }, `pay-checkout-${attempt}`);
        return res.redirect(303, session.url);
      }
      await customerOwning(db, accountId, 'card', input.source);
      // One attempt, one subscription: a double submit or a retry replays Stripe's first answer.
      await payments.createSubscription({
        customer: customerId, items: priceIds.map((price) => ({ price })), default_payment_method: input.source, metadata, payment_behavior: 'error_if_incomplete',
        ...(couponId ? { discounts: [{ coupon: couponId }] } : {}),
      }, `pay-subscribe-${attempt}`);
      await syncCustomer(db, payments, customerId, req.log);
    } catch (error) {
      if (error instanceof PaymentError) return show(req, res, { viewer, step }, { values, errors: {}, failure: error.message, attempt }, 422);
      throw error;
    }
    const next = service.afterPayment(viewer, step.provider.id, returnToPlanManagement);
    if (next.flash) flash(req, 'success', next.flash);
    res.redirect(303, next.path);
  });

  // Back from the hosted page: the session must be this provider's, complete and paid.
  router.get('/profiles/pay-for/:providerId/done', requireSignIn, async (req, res) => {
    const { viewer, step } = await payable(req, res);
    const session = /^cs_[A-Za-z0-9_]+$/.test(String(req.query.session_id ?? '')) ? await payments.retrieveCheckoutSession(String(req.query.session_id)) : null;
    const customerId = typeof session?.customer === 'string' ? session.customer : session?.customer?.id ?? null;
    if (!session || session.metadata?.provider_id !== String(step.provider.id) || session.status !== 'complete' || !customerId) {
      flash(req, 'error', 'The payment was not completed.');
      return res.redirect(303, `/profiles/pay-for/${step.provider.id}`);
    }
    await syncCustomer(db, payments, customerId, req.log);
    const next = service.afterPayment(viewer, step.provider.id, req.query.return_to_plan_management === '1');
    if (next.flash) flash(req, 'success', next.flash);
    res.redirect(303, next.path);
  });

  // "Do this later" (spec 1 §4 After payment).
  router.post('/profiles/pay-for/:providerId/later', requireSignIn, async (req, res) => {
    const { viewer, step } = await payable(req, res);
    res.redirect(303, service.afterPaymentLater(viewer, step.provider.id));
  });

  return router;
}
