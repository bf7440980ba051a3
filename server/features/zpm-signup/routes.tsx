// /zpm-signup: standalone practice management bought without sign-in (spec 3 §2, §7 "/zpm-signup/*", §9).
// The EHR's sign-up form (framed) reports its clinic; "Your details" makes the standalone account; the
// payment step previews and pays; the success card links to the EHR. The sign-up lives in the visitor's
// session (no id in any URL), so only the browser that started it continues it. Also the iframe test
// variant, the local stand-in of the EHR's form (/dev/...) and /practice-management-post-message-test.
import crypto from 'node:crypto';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { NotFoundError } from '../../lib/errors';
import { text } from '../../lib/form';
import { validate } from '../../lib/validation';
import { cardFieldFor } from '../../http/card-field';
import { flash } from '../../http/flash';
import { formPost } from '../../http/form-post';
import { requireSignIn, safeReturnPath } from '../../http/guards';
import { render } from '../../http/render';
import { allowFramesFrom } from '../../http/security';
import { countDecline, createPaymentThrottles } from '../../http/payment-throttles';
import { captchaWidgetFor } from '../../http/bot-check';
import { EmailInUseError } from '../../domain/accounts';
import {
  PAYMENT_FIELDS,
  PAYMENT_MESSAGES,
  paymentValuesFrom,
  payStepProfileOf,
  validatePayment,
  type SalesTaxPlan,
} from '../../domain/billing';
import { listStates } from '../../domain/locations';
import { HONEYPOT_FIELD } from '../../integrations/captcha';
import { OUTSIDE_SERVICE_FAILED, OutsideServiceError } from '../../integrations/outside-api';
import { PaymentError } from '../../integrations/payments';
import { TaxError } from '../../integrations/tax';
import { savedCardLabel } from '../../../views/components/format';
import { ZpmDetailsPage, ZpmStartPage } from '../../../views/pages/zpm-signup/ZpmSignupPage';
import { ZpmPaymentPage, ZpmSuccessPage } from '../../../views/pages/zpm-signup/ZpmPaymentPage';
import { PostMessageTestPage, ZpmStandInFormPage } from '../../../views/pages/zpm-signup/ZpmDevPages';
import { allowedOrigin, clinicFrom, signupFormUrl, STAND_IN_PATH, type ClinicMessage } from './clinic';
import { zpmSignupRecords } from '../../domain/accounts';
import * as service from './service';
import { detailsSchema, planSchema, TIERS, ZPM_MESSAGES, type PlanInput } from './validation';
import type { FeatureDeps } from '../deps';

declare module 'express-session' {
  interface SessionData {
    /** The visitor's /zpm-signup in progress (zpm_signups.id). */
    zpmSignup?: string;
  }
}

const PAY_PATH = '/zpm-signup/pay';
const DONE_PATH = '/zpm-signup/done';
const CARD_ADDED = 'Your payment method has been added.';
const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * These pages may be framed by the portal's own pages (the iframe test variant runs inside
 * /practice-management-post-message-test; the stand-in runs inside /zpm-signup), by nothing else.
 */
const frameableBySelf: RequestHandler = (_req, res, next) => {
  const policy = res.getHeader('Content-Security-Policy');
  if (typeof policy === 'string')
    res.setHeader('Content-Security-Policy', policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
  res.setHeader('X-Frame-Options', 'SAMEORIGIN');
  next();
};

const tierLabel = (tier: keyof typeof TIERS, amount: number) =>
  `${TIERS[tier].label}: $${(amount / 100).toFixed(2)} a month per clinician`;

export function zpmSignupRoutes({ db, config, integrations }: FeatureDeps): Router {
  const router = Router();
  const payments = integrations.payments.gateway;
  const deps: service.ZpmDeps = {
    db,
    config,
    payments,
    ehr: integrations.ehr,
    outgoing: integrations.outgoing,
    jobs: integrations.jobs,
    tax: integrations.tax,
  };
  const localOnly: RequestHandler = (_req, _res, next) =>
    next(config.env === 'production' ? new NotFoundError() : undefined);
  const botCheck = (req: Request) =>
    integrations.captcha.verify({
      honeypot: text(req.body?.[HONEYPOT_FIELD]),
      token: text(req.body?.captcha_token) || undefined,
      ip: req.ip,
    });
  const throttles = createPaymentThrottles(db);
  const layoutOf = (variant: zpmSignupRecords.Variant) =>
    variant === 'iframe' ? ('plain' as const) : ('onboarding' as const);

  router.use(['/zpm-signup', STAND_IN_PATH], frameableBySelf);

  // --- The start: the EHR's form, or (back from its message) "Your details"

  function showStart(req: Request, res: Response, variant: zpmSignupRecords.Variant, error?: string) {
    const formUrl = signupFormUrl(config);
    if (formUrl) allowFramesFrom([formUrl])(req, res, () => undefined);
    render(req, res, {
      title: 'Practice Management Sign-Up',
      layout: layoutOf(variant),
      status: error ? 422 : 200,
      page: (
        <ZpmStartPage
          formUrl={formUrl}
          allowedOrigin={allowedOrigin(config)}
          path={variant === 'iframe' ? '/zpm-signup/iframe-test' : '/zpm-signup'}
          error={error}
        />
      ),
    });
  }

  function showDetails(
    req: Request,
    res: Response,
    clinic: ClinicMessage,
    variant: zpmSignupRecords.Variant,
    values: Record<string, string> = {},
    errors: Record<string, string> = {},
    status = 200,
  ) {
    render(req, res, {
      title: 'Your details',
      layout: layoutOf(variant),
      status,
      page: (
        <ZpmDetailsPage
          action="/zpm-signup/create-standalone-account"
          clinic={clinic}
          variant={variant}
          values={values}
          errors={errors}
          honeypotField={HONEYPOT_FIELD}
          captcha={captchaWidgetFor(res, integrations.captcha)}
        />
      ),
    });
  }

  for (const [path, variant] of [
    ['/zpm-signup', 'page'],
    ['/zpm-signup/iframe-test', 'iframe'],
  ] as const) {
    router.get(path, (req, res) => {
      if (req.query.clinic_id === undefined && req.query.url === undefined) return showStart(req, res, variant);
      // The message's contents, checked again here: the address bar is not the EHR.
      const clinic = clinicFrom(config, req.query.clinic_id, req.query.url);
      if (!clinic) return showStart(req, res, variant, ZPM_MESSAGES.clinicMissing);
      showDetails(req, res, clinic, variant);
    });
  }

  const detailValues = (req: Request) => ({
    first_name: text(req.body?.first_name).slice(0, 200),
    last_name: text(req.body?.last_name).slice(0, 200),
    email: text(req.body?.email).slice(0, 300),
  });
  const variantOf = (req: Request): zpmSignupRecords.Variant => (req.body?.variant === 'iframe' ? 'iframe' : 'page');

  router.post(
    '/zpm-signup/create-standalone-account',
    formPost(
      ZPM_MESSAGES.createFailed,
      (req, res, errors, status) => {
        const clinic = clinicFrom(config, req.body?.clinic_id, req.body?.url);
        return clinic
          ? showDetails(req, res, clinic, variantOf(req), detailValues(req), errors, status)
          : showStart(req, res, variantOf(req), ZPM_MESSAGES.clinicMissing);
      },
      async (req, res) => {
        const variant = variantOf(req);
        const clinic = clinicFrom(config, req.body?.clinic_id, req.body?.url);
        if (!clinic) return showStart(req, res, variant, ZPM_MESSAGES.clinicMissing);
        const values = detailValues(req);
        if (!(await botCheck(req)))
          return showDetails(req, res, clinic, variant, values, { form: ZPM_MESSAGES.botCheck }, 422);
        const checked = validate(detailsSchema, values);
        if (checked.errors) return showDetails(req, res, clinic, variant, values, checked.errors, 422);
        await throttles.take(req, res, 'accounts');
        let signupId: string;
        try {
          signupId = await service.createSignup(db, clinic, variant, checked.value);
        } catch (error) {
          if (error instanceof EmailInUseError || (error as { code?: string }).code === '23505')
            return showDetails(req, res, clinic, variant, values, { email: ZPM_MESSAGES.emailTaken }, 422);
          throw error;
        }
        req.session.zpmSignup = signupId;
        res.redirect(303, PAY_PATH);
      },
    ),
  );

  // --- Payment: "pay-preview" (GET with the plan) and "pay" (POST)

  /** The visitor's sign-up, or null after sending them back to the start (none, or another browser's). */
  async function currentSignup(req: Request, res: Response): Promise<zpmSignupRecords.SignupRow | null> {
    const signup = await zpmSignupRecords.findSignup(db, req.session.zpmSignup);
    if (signup?.accountId && signup.userId) return signup;
    flash(req, 'error', ZPM_MESSAGES.expired);
    res.redirect(303, '/zpm-signup');
    return null;
  }

  const planFrom = (source: Record<string, unknown>) => ({
    zpm_tier: text(source.zpm_tier) || 'pro',
    quantity: text(source.quantity) || '1',
    coupon: text(source.coupon).slice(0, 100),
  });

  interface PayState {
    values?: Record<string, string>;
    errors?: Record<string, string>;
    planErrors?: Record<string, string>;
    failure?: string;
  }

  async function showPayment(
    req: Request,
    res: Response,
    signup: zpmSignupRecords.SignupRow,
    planRaw: ReturnType<typeof planFrom>,
    state: PayState = {},
    status = 200,
  ) {
    const owner = (await zpmSignupRecords.ownerOf(db, signup.userId!))!;
    const customerId = await service.customerOf(deps, signup, req.log);
    const onFile = await payStepProfileOf(db, customerId);
    const planErrors: Record<string, string> = { ...(state.planErrors ?? {}) };
    let preview: { subtotal: number; discount: number; tax: number; total: number } | null = null;
    let previewError: string | null = null;
    let couponApplied: string | null = null;
    let taxShown = '';
    const checked = validate(planSchema, planRaw);
    if (checked.errors) Object.assign(planErrors, checked.errors);
    else {
      const coupon = await service.checkCoupon(payments, checked.value);
      if (coupon && !coupon.ok) planErrors.coupon = coupon.message;
      if (coupon?.ok) couponApplied = coupon.label;
      try {
        // The sales tax of the address typed (after an error) or on file, as the post will charge it.
        const tax = await service.salesTaxFor(deps, checked.value, signup, {
          postalCode: state.values?.address_postal_code ?? onFile.address.postalCode,
          state: state.values?.address_state ?? onFile.address.state,
        });
        taxShown = String(tax.percentage);
        const answer = await service.previewPlan(
          deps,
          customerId,
          checked.value,
          coupon?.ok ? coupon.couponId : null,
          signup,
          tax,
        );
        preview = { subtotal: answer.subtotal, discount: answer.discount, tax: answer.tax, total: answer.total };
      } catch (error) {
        req.log?.warn({ err: error, requestId: req.id }, 'zpm-signup: invoice preview failed');
        previewError =
          error instanceof PaymentError || error instanceof TaxError ? error.message : ZPM_MESSAGES.previewFailed;
      }
      if (coupon && !coupon.ok) preview = null;
    }
    const returnTo = `${PAY_PATH}?${new URLSearchParams(planRaw).toString()}`;
    const cardField = {
      ...(await cardFieldFor(req, res, integrations.payments, returnTo)),
      intentUrl: `${PAY_PATH}/card-intent`,
      confirmUrl: `${PAY_PATH}/card`,
    };
    const tiers = (Object.keys(TIERS) as (keyof typeof TIERS)[]).map((tier) => ({
      value: tier,
      label: tierLabel(tier, service.planLine(tier, 1).unitAmount),
    }));
    render(req, res, {
      title: 'Payment',
      layout: layoutOf(signup.variant),
      status,
      page: (
        <ZpmPaymentPage
          path={PAY_PATH}
          email={owner.email}
          tiers={tiers}
          plan={planRaw}
          planErrors={planErrors}
          preview={preview}
          taxShown={taxShown}
          previewError={previewError}
          couponApplied={couponApplied}
          cards={onFile.cards.map((card) => ({ id: card.id, label: savedCardLabel(card) }))}
          values={state.values ?? { ...paymentValuesFrom(onFile.address, onFile.defaultCardId ?? '') }}
          errors={state.errors ?? {}}
          failure={state.failure}
          states={await listStates(db)}
          cardField={cardField}
          honeypotField={HONEYPOT_FIELD}
          captcha={captchaWidgetFor(res, integrations.captcha)}
        />
      ),
    });
  }

  router.get(PAY_PATH, async (req, res) => {
    const signup = await currentSignup(req, res);
    if (!signup) return;
    // Paid: nothing is left to pay (the success page says whether the account is ready yet).
    if (signup.paidAt) return res.redirect(303, DONE_PATH);
    if (typeof req.query.card_session === 'string')
      await service.cardFromHostedPage(deps, signup, req.query.card_session, req.log);
    await showPayment(req, res, signup, planFrom(req.query));
  });

  router.post(PAY_PATH, async (req, res) => {
    await throttles.takePayment(req, res);
    const signup = await currentSignup(req, res);
    if (!signup) return;
    // A second press after the first finished goes where the first went; after a payment whose finishing
    // was cut short (a crash, the EHR down), the press finishes what is left.
    if (signup.completedAt) return res.redirect(303, DONE_PATH);
    if (signup.paidAt) {
      await service.finishNow(deps, signup.id, { requestId: req.id ? String(req.id) : null, log: req.log });
      return res.redirect(303, DONE_PATH);
    }
    const planRaw = planFrom(req.body ?? {});
    const values = Object.fromEntries(PAYMENT_FIELDS.map((name) => [name, text(req.body?.[name]).slice(0, 300)]));
    if (!(await botCheck(req)))
      return showPayment(req, res, signup, planRaw, { values, failure: ZPM_MESSAGES.botCheck }, 422);
    const plan = validate(planSchema, planRaw);
    const payment = validatePayment(values, { sourceRequired: true });
    if (plan.errors || payment.errors)
      return showPayment(
        req,
        res,
        signup,
        planRaw,
        { values, errors: payment.errors ?? {}, planErrors: plan.errors ?? {} },
        422,
      );
    // The coupon is checked again here: what the form carried is never trusted.
    const coupon = await service.checkCoupon(payments, plan.value);
    if (coupon && !coupon.ok)
      return showPayment(req, res, signup, planRaw, { values, planErrors: { coupon: coupon.message } }, 422);
    // Nothing is charged before its total was shown: an address taxed otherwise than the total on the page
    // (typed on this post) shows the page again with the new total.
    let tax: SalesTaxPlan;
    try {
      tax = await service.salesTaxFor(deps, plan.value as PlanInput, signup, {
        postalCode: payment.value!.address_postal_code,
        state: payment.value!.address_state,
      });
    } catch (error) {
      if (error instanceof TaxError)
        return showPayment(req, res, signup, planRaw, { values, failure: error.message }, 422);
      throw error;
    }
    if (payment.value!.source !== 'new' && Number(text(req.body?.tax_shown) || 0) !== tax.percentage)
      return showPayment(req, res, signup, planRaw, { values, failure: ZPM_MESSAGES.taxChanged }, 422);
    const back = (extra: Record<string, string>) =>
      new URL(`${PAY_PATH}?${new URLSearchParams({ ...planRaw, ...extra }).toString()}`, config.portalUrl).toString();
    try {
      const outcome = await service.pay(
        deps,
        signup.id,
        plan.value as PlanInput,
        payment.value!,
        coupon?.ok ? coupon.couponId : null,
        tax,
        { back },
        { requestId: req.id ? String(req.id) : null, log: req.log },
      );
      res.redirect(303, outcome.kind === 'hosted' ? outcome.url : DONE_PATH);
    } catch (error) {
      if (error instanceof NotFoundError)
        return showPayment(
          req,
          res,
          signup,
          planRaw,
          { values, errors: { source: PAYMENT_MESSAGES.sourceRequired } },
          422,
        );
      if (error instanceof PaymentError) {
        // A refusal made nothing (error_if_incomplete): the next try is a new attempt. A card processor
        // that did not answer may have made it: the retry keeps the key, so it is replayed, not repeated.
        if (error.kind === 'card') countDecline(res);
        if (error.kind !== 'unavailable') await zpmSignupRecords.renewAttempt(db, signup.id);
        req.log?.warn({ err: error, requestId: req.id }, 'zpm-signup: payment refused');
        return showPayment(req, res, signup, planRaw, { values, failure: error.message }, 422);
      }
      if (error instanceof OutsideServiceError) {
        req.log?.error(
          { err: error, requestId: req.id },
          'zpm-signup: the EHR did not add the practice management account',
        );
        return showPayment(req, res, signup, planRaw, { values, failure: OUTSIDE_SERVICE_FAILED }, 502);
      }
      throw error;
    }
  });

  // The card field (JavaScript): a setup intent of this sign-up's customer, then the saved card.
  router.post(`${PAY_PATH}/card-intent`, async (req, res) => {
    const signup = await zpmSignupRecords.findSignup(db, req.session.zpmSignup);
    if (!signup?.accountId || signup.completedAt) return res.status(404).json({ message: ZPM_MESSAGES.expired });
    await throttles.take(req, res, 'setupIntents');
    try {
      const customerId = await service.customerOf(deps, signup, req.log);
      res.json(await payments.createSetupIntent(customerId, `setup-intent-${req.id ?? crypto.randomUUID()}`));
    } catch (error) {
      req.log?.error({ err: error, requestId: req.id }, 'zpm-signup: setup intent failed');
      res
        .status(502)
        .json({ message: 'The card form is not available right now. Please choose "A new card" instead.' });
    }
  });

  router.post(`${PAY_PATH}/card`, async (req, res) => {
    const signup = await currentSignup(req, res);
    if (!signup) return;
    await throttles.take(req, res, 'setupIntents');
    const problem = await service.confirmCard(deps, signup, text(req.body?.setup_intent), req.log);
    flash(req, problem ? 'error' : 'success', problem ?? CARD_ADDED);
    const back = safeReturnPath(req.body?.return_to, PAY_PATH);
    res.redirect(303, back.startsWith(`${PAY_PATH}?`) ? back : PAY_PATH);
  });

  // --- The success card

  router.get(DONE_PATH, async (req, res) => {
    const signup = await currentSignup(req, res);
    if (!signup) return;
    if (!signup.paidAt) return res.redirect(303, PAY_PATH);
    const owner = (await zpmSignupRecords.ownerOf(db, signup.userId!))!;
    render(req, res, {
      title: 'Practice Management Sign-Up',
      layout: layoutOf(signup.variant),
      page: (
        <ZpmSuccessPage
          signInUrl={integrations.ehr.signInUrl(signup.subdomain)}
          email={owner.email}
          finishing={!signup.completedAt}
        />
      ),
    });
  });

  // --- Developer pages

  router.get('/practice-management-post-message-test', requireSignIn, (req, res) => {
    const formUrl = signupFormUrl(config);
    if (formUrl) allowFramesFrom([formUrl])(req, res, () => undefined);
    render(req, res, {
      title: 'Practice Management postMessage Test',
      page: <PostMessageTestPage formUrl={formUrl} allowedOrigin={allowedOrigin(config)} />,
    });
  });

  router.get(STAND_IN_PATH, localOnly, (req, res) => {
    render(req, res, {
      title: 'Practice Management Sign-Up (local stand-in)',
      layout: 'plain',
      page: <ZpmStandInFormPage action={STAND_IN_PATH} value="" />,
    });
  });

  router.post(STAND_IN_PATH, localOnly, (req, res) => {
    const subdomain = text(req.body?.subdomain).trim().toLowerCase();
    if (!SUBDOMAIN.test(subdomain)) {
      return render(req, res, {
        title: 'Practice Management Sign-Up (local stand-in)',
        layout: 'plain',
        status: 422,
        page: (
          <ZpmStandInFormPage
            action={STAND_IN_PATH}
            value={subdomain.slice(0, 100)}
            error="Please use letters, digits and dashes only."
          />
        ),
      });
    }
    const clinicId = `clinic-${crypto.randomBytes(6).toString('hex')}`;
    const url = config.practiceManagementUrl.replace('{subdomain}', subdomain);
    const continueHref = `/zpm-signup?${new URLSearchParams({ clinic_id: clinicId, url }).toString()}`;
    render(req, res, {
      title: 'Practice Management Sign-Up (local stand-in)',
      layout: 'plain',
      page: (
        <ZpmStandInFormPage
          action={STAND_IN_PATH}
          value={subdomain}
          made={{ clinicId, url, targetOrigin: new URL(config.portalUrl).origin, continueHref }}
        />
      ),
    });
  });

  return router;
}
