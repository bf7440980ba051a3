// The membership payment form in all its modes (spec 3 §2, §4 "Payment flow", §5): /profiles/pay-for/{id}
// (new membership, add seat, reactivate), /practice-management/upgrade/{accountId},
// /reimbursify/upgrade/{accountId} and /membership/switch-to-monthly/{subscriptionId}. Each route turns
// the request into a PaymentForm (modes.ts); showing its steps and paying are the same for all.
import { Router, type Request, type Response } from 'express';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { flash } from '../../http/flash';
import { requireSignIn } from '../../http/guards';
import { render } from '../../http/render';
import { cardFieldFor } from '../../http/card-field';
import { countDecline, createPaymentThrottles } from '../../http/payment-throttles';
import { allowFramesFrom } from '../../http/security';
import { requirePermission, toId } from '../../http/access';
import { text } from '../../lib/form';
import * as policy from '../../domain/accounts';
import { listStates } from '../../domain/locations';
import { loadForViewer, readyToGoLive } from '../../domain/providers';
import {
  PAY_OPEN_INVOICE,
  accountOfSubscription,
  checkCoupons,
  creditReferrer,
  ensureCustomer,
  findAttempt,
  firstPaymentPending,
  firstProviderOfAccount,
  hasLiveSeat,
  hostedPageDone,
  isAttemptSettled,
  noteAttemptTax,
  openAttempt,
  paidOnHostedPage,
  PAYMENT_FIELDS,
  paymentValuesFrom,
  payPayStep,
  payStepProfileOf,
  photographerAnswerOf,
  previewOrder,
  salesTaxOf,
  savePhotographerAnswer,
  seatAwaitsPayment,
  validatePayment,
  type AttemptOwner,
  type CouponContext,
  type PurchaseDeps,
  type SalesTaxPlan,
} from '../../domain/billing';
import { privatePayBoosterUpgradeBlock } from '../../domain/private-pay-booster';
import { submitSupportRequest, supportDeps, SUPPORT_SUBMITTED } from '../../domain/support-requests';
import { PaymentError } from '../../integrations/payments';
import { TaxError } from '../../integrations/tax';
import { PaymentFormPage, type PaymentFormProps } from '../../../views/pages/membership/PaymentFormPage';
import { PhotographerQuestionPage } from '../../../views/pages/membership/PhotographerQuestionPage';
import { ReactivatedPage } from '../../../views/pages/membership/ReactivatedPage';
import { savedCardLabel } from '../../../views/components/format';
import * as service from './service';
import {
  CHOOSE_PRACTICE_MANAGEMENT,
  monthlyForm,
  payForForm,
  practiceManagementForm,
  reimbursifyForm,
  orderOf,
  type PaymentForm,
} from './modes';
import { MEMBERSHIP_PAYMENT_MESSAGES } from './validation';
import type { FeatureDeps } from '../deps';

const SUBSCRIPTION_ID = /^sub_[A-Za-z0-9]+$/;

export function membershipRoutes({ db, config, integrations }: FeatureDeps): Router {
  const router = Router();
  const payments = integrations.payments.gateway;
  const purchases: PurchaseDeps = { db, payments, tax: integrations.tax };
  const throttles = createPaymentThrottles(db);
  const support = supportDeps(db, config, integrations);
  const absolute = (path: string) => new URL(path, config.portalUrl).toString();
  const carriedFrom = (req: Request) => (req.method === 'POST' ? (req.body ?? {}) : req.query);
  const choiceOf = (req: Request, form: PaymentForm) => {
    const asked = text(carriedFrom(req).tier);
    return form.choices.some((c) => c.value === asked)
      ? asked
      : form.choiceLegend
        ? ''
        : (form.choices[0]?.value ?? '');
  };
  /** The setup help chosen with a new membership (one of the form's offers, or none). */
  const setupOf = (req: Request, form: PaymentForm) => {
    const asked = text(carriedFrom(req).setup);
    return form.setupOptions.some((option) => option.value === asked) ? asked : '';
  };
  /** What "Your plan" chose, as the query values each later step carries. */
  const selectionOf = (req: Request, form: PaymentForm): Record<string, string> => {
    const setup = setupOf(req, form);
    return { ...(form.choiceLegend ? { tier: choiceOf(req, form) } : {}), ...(setup ? { setup } : {}) };
  };
  const customerFor = (res: Response, accountId: number) => {
    const { user } = res.locals.viewer!;
    return ensureCustomer(db, payments, { id: accountId, email: user.email, name: user.displayName });
  };

  /** Who a purchase's coupons are checked for: a new membership's provider (its offer), or the subscription changed. */
  const couponContext = (form: PaymentForm): CouponContext => ({
    newMembership: form.mode === 'subscribe',
    providerId: form.provider?.id ?? null,
    subscriptionId: form.target?.id ?? null,
  });
  /** Whose payment attempt the form's pay step stores. */
  const attemptOwner = (form: PaymentForm): AttemptOwner => ({
    accountId: form.accountId,
    mode: form.mode,
    providerId: form.provider?.id ?? null,
    subscriptionId: form.target?.id ?? null,
  });

  /** Renders a step of the form: customize, pay (with its preview and a stored attempt), submitRequest or the unreachable alert. */
  async function show(
    req: Request,
    res: Response,
    form: PaymentForm,
    pay: {
      values?: Record<string, string>;
      errors?: Record<string, string>;
      failure?: string;
      attempt?: string;
      /** A card just added, to be the one chosen (when it is the customer's). */
      card?: string;
    } | null,
    status = 200,
    choiceError?: string,
  ) {
    const choice = choiceOf(req, form);
    const chosen = form.choices.find((c) => c.value === choice);
    const wantsPay = Boolean(pay) && Boolean(chosen);
    const step: PaymentFormProps['step'] = form.unreachable
      ? 'unreachable'
      : form.customised
        ? 'submitRequest'
        : wantsPay
          ? 'pay'
          : 'customize';
    let payStep: PaymentFormProps['pay'];
    if (step === 'pay' && chosen && pay) {
      const customerId = form.target?.customerId ?? (await customerFor(res, form.accountId));
      const onFile = await payStepProfileOf(db, customerId);
      const couponCode = text(carriedFrom(req).coupon).trim().slice(0, 100);
      const coupons = await checkCoupons(db, payments, couponContext(form), couponCode, chosen.lines);
      const attempt = await openAttempt(db, attemptOwner(form), pay.attempt);
      // The customize → pay transition loads an invoice preview (spec 3 §4), with the sales tax of the
      // billing address (fetched on this step only); a failure of either is an alert (§8) and disables Pay.
      let previewError: string = MEMBERSHIP_PAYMENT_MESSAGES.previewFailed;
      const setup = setupOf(req, form);
      const preview = await (async () => {
        const order = orderOf(form, choice, setup);
        const address = {
          postalCode: pay.values?.address_postal_code ?? onFile.address.postalCode,
          state: pay.values?.address_state ?? onFile.address.state,
        };
        const tax = await salesTaxOf(purchases, order, address, form.accountId);
        await noteAttemptTax(db, attempt.id, tax.percentage);
        return previewOrder(purchases, order, {
          customerId,
          couponIds: coupons.couponId ? [coupons.couponId] : [],
          tax,
          prorationDate: attempt.prorationDate,
        });
      })().catch((error: unknown) => {
        if (error instanceof TaxError) previewError = error.message;
        req.log?.warn({ err: error }, 'invoice preview failed');
        return null;
      });
      payStep = {
        preview,
        previewError,
        change: Boolean(form.target),
        cards: onFile.cards.map((card) => ({ id: card.id, label: savedCardLabel(card) })),
        values: {
          ...(pay.values ??
            paymentValuesFrom(
              onFile.address,
              form.target ? '' : (onFile.defaultCardId ?? (onFile.cards.length ? '' : 'new')),
            )),
          // A card just added (the card field, the hosted card page, or after a decline) is the one chosen.
          ...(pay.card && onFile.cards.some((c) => c.id === pay.card) ? { source: pay.card } : {}),
        },
        errors: {
          ...(coupons.typed && !coupons.typed.ok ? { coupon: coupons.typed.message } : {}),
          ...(pay.errors ?? {}),
        },
        failure: pay.failure,
        attempt: attempt.id,
        coupon: {
          code: couponCode,
          applied: coupons.typed?.ok ? coupons.typed.label : null,
          banner: coupons.offer?.banner ?? null,
        },
        states: await listStates(db),
      };
    }
    // With JavaScript a card is added in place (the card field), coming back to this step.
    const typedCoupon = text(carriedFrom(req).coupon);
    const returnTo = `${form.path}?${new URLSearchParams({ step: 'pay', ...selectionOf(req, form), ...form.carried, ...(typedCoupon ? { coupon: typedCoupon } : {}) }).toString()}`;
    const cardField = await cardFieldFor(req, res, integrations.payments, returnTo);
    render(req, res, {
      // Each mode names its customize step (spec 3 §2: "Your plan" for a membership); the practice-management
      // upgrade of an account that can go no further has the spec's empty title.
      title: step === 'pay' ? 'Payment' : form.title,
      layout: form.provider ? 'onboarding' : undefined,
      status,
      page: (
        <PaymentFormPage
          path={form.path}
          title={form.title}
          intro={form.intro}
          step={step}
          choices={form.choices}
          choiceLegend={form.choiceLegend}
          choice={choice}
          choiceError={choiceError}
          setupOptions={form.setupOptions}
          setup={setupOf(req, form)}
          carried={form.carried}
          priorExpired={req.query.prior_subscription_was_incomplete_expired === '1'}
          unreachable={form.unreachable}
          pay={payStep}
          cardField={cardField}
          laterAction={form.mode === 'subscribe' && form.provider ? `${form.path}/later` : undefined}
          photographerStep={
            step === 'customize'
              ? Boolean(form.provider && !(await photographerAnswerOf(db, form.provider.id)))
              : step === 'pay' && text(carriedFrom(req).asked) === 'photographer'
          }
          congratulations={
            step === 'customize' && form.mode === 'subscribe' && (await profileContentComplete(res, form))
          }
        />
      ),
    });
  }

  /** The congratulations of spec 3 §2: a new membership's profile whose content is all there (the wizard's steps before Go Live). */
  async function profileContentComplete(res: Response, form: PaymentForm): Promise<boolean> {
    try {
      return readyToGoLive(await loadForViewer(db, res.locals.viewer!, form.provider!.id));
    } catch (error) {
      // Someone paying for a profile they cannot edit is not congratulated on its content.
      if (error instanceof NotFoundError) return false;
      throw error;
    }
  }

  /** GET of any mode: the customize step, or the pay step with ?step=pay (a choice is needed where there is one). */
  async function showStep(req: Request, res: Response, form: PaymentForm) {
    const wantsPay = req.query.step === 'pay';
    if (wantsPay && form.choiceLegend && !choiceOf(req, form)) {
      return show(
        req,
        res,
        form,
        null,
        422,
        form.mode === 'upgrade-practice-management' || form.mode === 'legacy-upgrade'
          ? CHOOSE_PRACTICE_MANAGEMENT
          : 'Please choose an option.',
      );
    }
    if (
      wantsPay &&
      form.provider &&
      !form.unreachable &&
      !form.customised &&
      !(await photographerAnswerOf(db, form.provider.id))
    )
      return askPhotographer(req, res, form);
    const hosted = wantsPay && typeof req.query.card_session === 'string' ? await cardFromHostedPage(req, form) : null;
    // A card just added (the hosted card page, or the card field: `card`) is the one chosen; the terms
    // accepted before leaving for it stay accepted.
    const card = hosted ?? (typeof req.query.card === 'string' ? req.query.card : undefined);
    const values = card || req.query.terms === '1' ? await payValuesOf(res, form, req.query.terms === '1') : undefined;
    await show(req, res, form, wantsPay ? { ...(values ? { values } : {}), ...(card ? { card } : {}) } : null);
  }

  /** The pay step's values from what is on file: the billing address, and the terms when they were accepted. */
  async function payValuesOf(res: Response, form: PaymentForm, terms: boolean): Promise<Record<string, string>> {
    const customerId = form.target?.customerId ?? (await customerFor(res, form.accountId));
    const { address } = await payStepProfileOf(db, customerId);
    return { ...paymentValuesFrom(address, '', terms ? '1' : '') };
  }

  /** Back from the hosted page with a new card (setup mode): mirrored so the pay step offers it; answers its id. */
  async function cardFromHostedPage(req: Request, form: PaymentForm): Promise<string | null> {
    return hostedPageDone(purchases, form.accountId, String(req.query.card_session), req.log);
  }

  /** POST of any mode: validate, then pay once per attempt, then where the mode leads. */
  async function pay(req: Request, res: Response, form: PaymentForm) {
    const values = Object.fromEntries(PAYMENT_FIELDS.map((k) => [k, text(req.body?.[k])]));
    const attemptId = text(req.body?.attempt);
    const choice = choiceOf(req, form);
    if (form.unreachable || form.customised || !form.choices.some((c) => c.value === choice))
      return show(req, res, form, null, 422);
    // "Apply coupon" posts the whole step, so what was typed and chosen comes back as it was (issue [18]
    // item 10); so does a coupon typed but not applied, whose total was never shown: nothing is paid.
    if (text(req.body?.apply_coupon) || text(req.body?.coupon).trim() !== text(req.body?.coupon_applied).trim())
      return show(req, res, form, { values, attempt: attemptId });
    await throttles.takePayment(req, res);
    const checked = validatePayment(values, { sourceRequired: !form.target });
    if (checked.errors) return show(req, res, form, { values, errors: checked.errors, attempt: attemptId }, 422);
    const input = checked.value;
    const chosen = form.choices.find((c) => c.value === choice)!;
    // The coupon is checked again here: what the form carried is never trusted. The portal's own offer
    // comes from the provider's context, never from the form.
    const coupons = await checkCoupons(db, payments, couponContext(form), text(req.body?.coupon), chosen.lines);
    if (coupons.typed && !coupons.typed.ok)
      return show(req, res, form, { values, errors: { coupon: coupons.typed.message }, attempt: attemptId }, 422);
    const couponId = coupons.couponId;
    const couponIds = couponId ? [couponId] : [];
    const order = orderOf(form, choice, setupOf(req, form));
    // Nothing is charged before its total was shown: an address taxed otherwise than the preview showed
    // (typed on this post) shows the pay step again with the new total.
    let tax: SalesTaxPlan;
    try {
      tax = await salesTaxOf(
        purchases,
        order,
        { postalCode: input.address_postal_code, state: input.address_state },
        form.accountId,
      );
    } catch (error) {
      if (error instanceof TaxError)
        return show(req, res, form, { values, errors: {}, failure: error.message, attempt: attemptId }, 422);
      throw error;
    }
    const shown = await findAttempt(db, attemptOwner(form), attemptId);
    if (shown && shown.taxPercentage !== tax.percentage)
      return show(
        req,
        res,
        form,
        { values, errors: {}, failure: MEMBERSHIP_PAYMENT_MESSAGES.taxChanged, attempt: attemptId },
        422,
      );
    const returnTo = (extra: Record<string, string>) =>
      `${form.path}?${new URLSearchParams({ step: 'pay', ...selectionOf(req, form), ...form.carried, ...extra }).toString()}`;
    try {
      // Stripe fills in the hosted page's session id on the way back. A new card saved there comes back to
      // this step chosen, with the coupon and the terms as they were.
      const kept = { ...(couponId && text(req.body?.coupon) ? { coupon: text(req.body?.coupon) } : {}), terms: '1' };
      const outcome = await payPayStep(
        purchases,
        {
          owner: attemptOwner(form),
          attemptId,
          customerId: async () => form.target?.customerId ?? (await customerFor(res, form.accountId)),
          order,
          address: {
            line1: input.address_line1,
            line2: input.address_line2,
            city: input.address_city,
            state: input.address_state,
            postalCode: input.address_postal_code,
          },
          card: input.source,
          couponIds,
          tax,
          referredProviderId: form.mode === 'subscribe' ? form.provider!.id : null,
          returns: {
            paid: (session) =>
              absolute(
                `${form.path}/done?${new URLSearchParams({ session_id: session, ...(form.carried.return_to_plan_management ? { return_to_plan_management: '1' } : {}) }).toString()}`,
              ),
            cardSaved: (session) => absolute(returnTo({ ...kept, card_session: session })),
            cancel: absolute(returnTo({})),
          },
          success: form.success,
        },
        req.log,
      );
      if (outcome === 'expired')
        return show(req, res, form, { values, errors: {}, failure: MEMBERSHIP_PAYMENT_MESSAGES.attemptExpired }, 422);
      if (outcome.flash) flash(req, 'success', outcome.flash);
      res.redirect(303, outcome.redirect);
    } catch (error) {
      // A refusal made nothing (error_if_incomplete): the next try is a new attempt, as Stripe replays a
      // key's first answer and refuses a key reused with other parameters (another card, say).
      if (error instanceof PaymentError) {
        if (error.kind === 'card') countDecline(res);
        return show(req, res, form, { values, errors: {}, failure: error.message }, 422);
      }
      throw error;
    }
  }

  /** The submitRequest step (spec 3 §4): a customised seat mix is changed by our team; then /plan-management with a flash. */
  async function requestChange(req: Request, res: Response, form: PaymentForm) {
    if (!form.customised) throw new NotFoundError();
    const providerId =
      form.provider?.id ?? form.target?.providerIds[0] ?? (await firstProviderOfAccount(db, form.accountId));
    if (providerId === null) throw new NotFoundError();
    const choice = choiceOf(req, form);
    const change = `${form.title || 'Change'}${choice ? ` (${choice})` : ''}${form.provider ? ` for ${form.provider.name}` : ''}; subscription ${form.target?.id ?? 'none'}`;
    await submitSupportRequest(support, res.locals.viewer!, {
      providerId,
      template: 'membership-change',
      locals: { change },
    });
    flash(req, 'success', SUPPORT_SUBMITTED);
    res.redirect(303, '/plan-management');
  }

  /** Before the pay step, once (spec 3 §2): is one of our photographers near the provider? */
  function askPhotographer(req: Request, res: Response, form: PaymentForm, error?: string) {
    const source = carriedFrom(req);
    const hidden: Record<string, string> = { ...form.carried };
    for (const name of ['tier', 'setup', 'coupon']) {
      const value = text(source[name]);
      if (value) hidden[name] = value;
    }
    allowFramesFrom([config.embeds.photographerCities])(req, res, () => undefined);
    const plan = new URLSearchParams({ ...form.carried });
    for (const name of ['tier', 'setup']) if (hidden[name]) plan.set(name, hidden[name]);
    render(req, res, {
      title: 'Photographers near you',
      layout: 'onboarding',
      status: error ? 422 : 200,
      page: (
        <PhotographerQuestionPage
          customizeHref={`${form.path}?${plan.toString()}`}
          action={`${form.path}/photographer`}
          citiesUrl={config.embeds.photographerCities}
          error={error}
          hidden={hidden}
        />
      ),
    });
  }

  // --- /profiles/pay-for/{providerId}: new membership, add seat, reactivate

  /** The form for a provider the viewer may pay for (billing permission, else 403; another account's: 404). */
  async function payForOf(req: Request, res: Response): Promise<PaymentForm> {
    const viewer = res.locals.viewer!;
    const step = await service.paymentStepFor(db, viewer, toId(req.params.providerId));
    if (!step.allowed) throw new ForbiddenError(policy.ACCESS_DENIED);
    const source = carriedFrom(req);
    const reactivate = text(source.reactivate);
    return payForForm(db, viewer, step.provider, {
      reactivate: SUBSCRIPTION_ID.test(reactivate) ? reactivate : undefined,
      returnToPlanManagement: text(source.return_to_plan_management) === '1',
    });
  }

  router.get('/profiles/pay-for/:providerId', requireSignIn, async (req, res) => {
    const viewer = res.locals.viewer!;
    const form = await payForOf(req, res);
    // Start Membership (spec 3 §4): an account with a basic tier and practice management is alerted and sent home.
    if (policy.hasInconsistentPlan(await policy.planAccountsOf(db, viewer.user.id))) {
      flash(req, 'error', policy.INCONSISTENT_PLAN);
      return res.redirect(303, '/');
    }
    // The plan already covers the profile (or a payment for it is under way): nothing to pay. A profile
    // just created goes on to its success page; one already under way hears that its membership is active.
    const provider = form.provider!;
    if (provider.hasPaidPlan || (await hasLiveSeat(db, provider.id))) {
      if (provider.hasPaidPlan && provider.status === 'incomplete')
        return res.redirect(303, `/profiles/created/${provider.id}`);
      // A declined renewal (past due, or unpaid after the retries) or a first payment that did not go
      // through (incomplete): its open invoice is paid on Plan Management ("Pay now"), never by a second membership.
      const awaiting = await seatAwaitsPayment(db, provider.id);
      if (awaiting) {
        flash(req, 'warning', awaiting === 'incomplete' ? firstPaymentPending(provider.name) : PAY_OPEN_INVOICE);
        return res.redirect(303, '/plan-management#owed-payments');
      }
      flash(req, 'info', `The membership of ${provider.name}'s profile is already active: there is nothing to pay.`);
      return res.redirect(303, provider.hasPaidPlan ? '/' : '/plan-management');
    }
    await showStep(req, res, form);
  });

  router.post('/profiles/pay-for/:providerId', requireSignIn, async (req, res) => {
    const form = await payForOf(req, res);
    // A replayed submit of a finished attempt goes where the first one went (inside settle); anything else
    // for a provider already covered pays nothing.
    if (form.provider!.hasPaidPlan && !(await isAttemptSettled(db, text(req.body?.attempt))))
      return res.redirect(303, '/');
    await pay(req, res, form);
  });

  router.post('/profiles/pay-for/:providerId/photographer', requireSignIn, async (req, res) => {
    const form = await payForOf(req, res);
    const answer = text(req.body?.photographer_availability);
    if (!service.isPhotographerAnswer(answer)) return askPhotographer(req, res, form, 'Please choose an answer.');
    await savePhotographerAnswer(db, form.provider!.id, answer);
    // `asked`: the pay step shows the question as the step just done.
    const params = new URLSearchParams({ step: 'pay', ...form.carried, asked: 'photographer' });
    for (const name of ['tier', 'setup', 'coupon']) {
      const value = text(req.body?.[name]);
      if (value) params.set(name, value);
    }
    res.redirect(303, `${form.path}?${params.toString()}`);
  });

  router.post('/profiles/pay-for/:providerId/request', requireSignIn, async (req, res) =>
    requestChange(req, res, await payForOf(req, res)),
  );

  // Back from the hosted page: the session must be this provider's, complete and paid.
  router.get('/profiles/pay-for/:providerId/done', requireSignIn, async (req, res) => {
    const viewer = res.locals.viewer!;
    const form = await payForOf(req, res);
    const provider = form.provider!;
    const paid = await paidOnHostedPage(purchases, form.accountId, String(req.query.session_id ?? ''), req.log);
    const providerIds = String(paid?.metadata.provider_ids ?? paid?.metadata.provider_id ?? '').split(',');
    if (!paid || !providerIds.includes(String(provider.id))) {
      flash(req, 'error', 'The payment was not completed.');
      return res.redirect(303, form.path);
    }
    await creditReferrer(db, payments, provider.id, paid.couponIds[0] ?? null);
    const next = service.afterPayment(viewer, provider.id, req.query.return_to_plan_management === '1');
    if (next.flash) flash(req, 'success', next.flash);
    res.redirect(303, next.path);
  });

  // "Do this later" (spec 1 §4 After payment).
  router.post('/profiles/pay-for/:providerId/later', requireSignIn, async (req, res) => {
    const form = await payForOf(req, res);
    res.redirect(303, service.afterPaymentLater(res.locals.viewer!, form.provider!.id));
  });

  // The reactivated state (spec 3 §4): what comes next, once the membership runs again.
  router.get('/profiles/pay-for/:providerId/reactivated', requireSignIn, async (req, res) => {
    const form = await payForOf(req, res);
    const provider = form.provider!;
    render(req, res, {
      title: 'Membership reactivated',
      page: <ReactivatedPage providerId={provider.id} name={provider.name} live={provider.status === 'active'} />,
    });
  });

  // --- Account-level upgrades and the switch to monthly: billing permission on the account.

  function billingAccount(req: Request, res: Response): number {
    const viewer = res.locals.viewer!;
    const accountId = toId(req.params.accountId);
    if (!policy.canSeeAccount(viewer, accountId)) throw new NotFoundError();
    if (!policy.canManageAccountBilling(viewer, accountId)) throw new ForbiddenError(policy.ACCESS_DENIED);
    return accountId;
  }

  // Plan pages (spec 1 §6): someone without an account hears so before any id is looked at.
  const planPage = [requireSignIn, requirePermission(policy.hasAccount, policy.ACCESS_DENIED)];

  for (const [path, formOf] of [
    ['/practice-management/upgrade/:accountId', practiceManagementForm],
    ['/reimbursify/upgrade/:accountId', reimbursifyForm],
  ] as const) {
    const load = async (req: Request, res: Response) => {
      const form = await formOf(db, billingAccount(req, res));
      if ('redirect' in form || form.mode !== 'upgrade-reimbursify' || form.unreachable) return form;
      // Before anyone pays (spec 3 §7): the flag gate and the tool's standalone-account check; either one shows its notice instead of the pay step.
      const notice = await privatePayBoosterUpgradeBlock(db, integrations.benefitsTool, form.accountId, {
        requestId: req.id,
        log: req.log,
      });
      return notice ? { ...form, unreachable: notice } : form;
    };
    router.get(path, ...planPage, async (req, res) => {
      const form = await load(req, res);
      if ('redirect' in form) return res.redirect(303, form.redirect);
      await showStep(req, res, form);
    });
    router.post(path, ...planPage, async (req, res) => {
      const form = await load(req, res);
      if ('redirect' in form) return res.redirect(303, form.redirect);
      if (form.choiceLegend && !choiceOf(req, form)) return show(req, res, form, null, 422, CHOOSE_PRACTICE_MANAGEMENT);
      await pay(req, res, form);
    });
    router.post(`${path}/request`, ...planPage, async (req, res) => {
      const form = await load(req, res);
      if ('redirect' in form) return res.redirect(303, form.redirect);
      await requestChange(req, res, form);
    });
  }

  /** Switch to monthly (spec 3 §2): an id without sub_ goes to /plan-management; another account's is not found. */
  async function monthlyOf(req: Request, res: Response): Promise<PaymentForm | null> {
    const id = String(req.params.subscriptionId);
    if (!id.startsWith('sub_')) return null;
    // The subscription's own account, when the viewer manages its billing; any other id is not found.
    const accountId = SUBSCRIPTION_ID.test(id) ? await accountOfSubscription(db, id) : null;
    const form =
      accountId !== null && policy.canManageAccountBilling(res.locals.viewer!, accountId)
        ? await monthlyForm(db, accountId, id)
        : null;
    if (!form) throw new NotFoundError();
    return form;
  }

  router.get('/membership/switch-to-monthly/:subscriptionId', ...planPage, async (req, res) => {
    const form = await monthlyOf(req, res);
    if (!form) return res.redirect(303, '/plan-management');
    await showStep(req, res, form);
  });

  router.post('/membership/switch-to-monthly/:subscriptionId', ...planPage, async (req, res) => {
    const form = await monthlyOf(req, res);
    if (!form) return res.redirect(303, '/plan-management');
    await pay(req, res, form);
  });

  return router;
}
