// /profiles/pay-for/{id} (spec 3 §2 "Membership payment form", §4 "Payment flow", §5): two steps with
// a top navigation, "Your plan" (customize) and "Payment" (pay). Both are plain forms: the plan step is
// a GET to the pay step, and the pay step posts once. A new card is entered on the card processor's
// hosted page, so the whole flow works without JavaScript.
import { PostForm } from '../../components/PostForm';
import { Island } from '../../components/Island';
import type { CardFieldProps } from '../../../islands/CardField';
import { formatMoney } from '../../components/format';
import { Checkbox } from '../../components/form/Checkbox';
import { RadioGroup } from '../../components/form/ChoiceGroup';
import { FieldError } from '../../components/form/FieldError';
import { FormField } from '../../components/form/FormField';
import { SelectField } from '../../components/form/SelectField';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { DataTable } from '../../components/ui/DataTable';
import { Notice } from '../../components/ui/Notice';

export interface PlanView { tier: 'basic' | 'professional' | 'premium'; lines: { name: string; amount: number }[]; monthly: number }

export interface PaymentFormProps {
  providerId: number;
  name: string;
  possessive: string;
  step: 'customize' | 'pay';
  plans: PlanView[];
  tier: PlanView['tier'];
  returnToPlanManagement: boolean;
  priorExpired: boolean;
  /** The card field island (a card added in place, with JavaScript). */
  cardField: CardFieldProps;
  /** The pay step: the invoice preview (null when it failed), cards on file, the form's values and errors. */
  pay?: {
    preview: { lines: { description: string; amount: number }[]; discount: number; total: number } | null;
    previewError?: string;
    cards: { id: string; label: string }[];
    values: Record<string, string>;
    errors: Record<string, string>;
    failure?: string;
    attempt: string;
    states: { code: string; name: string }[];
    /** The coupon typed (kept on the form) and, when it applies, what it gives. */
    coupon: { code: string; applied: string | null; banner: string | null };
  };
}

const TIER_NAMES = { basic: 'Basic', professional: 'Professional', premium: 'Premium' } as const;

function StepNavigation({ step, customizeHref, payHref }: { step: PaymentFormProps['step']; customizeHref: string; payHref: string }) {
  return (
    <nav className="steps-nav" aria-label="Payment steps">
      <ol className="steps">
        <li aria-current={step === 'customize' ? 'step' : undefined}>{step === 'customize' ? 'Your plan' : <a href={customizeHref}>Your plan</a>}</li>
        <li aria-current={step === 'pay' ? 'step' : undefined}>{step === 'pay' ? 'Payment' : <a href={payHref}>Payment</a>}</li>
      </ol>
    </nav>
  );
}

export function PaymentFormPage(props: PaymentFormProps) {
  const base = `/profiles/pay-for/${props.providerId}`;
  const query = (extra: Record<string, string>) => {
    const params = new URLSearchParams(extra);
    if (props.returnToPlanManagement) params.set('return_to_plan_management', '1');
    return `${base}?${params.toString()}`;
  };
  const chosen = props.plans.find((p) => p.tier === props.tier) ?? props.plans[0]!;
  return (
    <div className="payment-form">
      <StepNavigation step={props.step} customizeHref={query({ tier: props.tier })} payHref={query({ step: 'pay', tier: props.tier })} />
      {props.priorExpired && <Notice tone="warning">Your earlier membership expired before it started because its first payment did not go through. Start it again below.</Notice>}
      {props.step === 'customize' ? (
        <Card id="your-plan" title="Your plan">
          <p>Start the membership for {props.possessive} profile, <strong>{props.name}</strong>, to list it in the directory.</p>
          <form method="get" action={base}>
            <input type="hidden" name="step" value="pay" />
            {props.returnToPlanManagement && <input type="hidden" name="return_to_plan_management" value="1" />}
            <RadioGroup stacked idPrefix="tier" name="tier" legend="Choose a plan" value={props.tier}
              options={props.plans.map((plan) => ({ value: plan.tier, label: `${TIER_NAMES[plan.tier]}: ${formatMoney(plan.monthly)} a month`, hint: plan.lines.map((l) => l.name).join(' + ') }))} />
            <p className="hint">Memberships carry an annual commitment for the first year, paid monthly.</p>
            <div className="actions"><Button>Next: Payment</Button></div>
          </form>
          <PostForm action={`${base}/later`}><div className="actions"><Button variant="link">Do this later</Button></div></PostForm>
        </Card>
      ) : (
        <PayStep props={props} plan={chosen} backHref={query({ tier: props.tier })} />
      )}
    </div>
  );
}

function PayStep({ props, plan, backHref }: { props: PaymentFormProps; plan: PlanView; backHref: string }) {
  const pay = props.pay!;
  const v = (name: string) => pay.values[name] ?? '';
  return (
    <Card id="payment" title="Payment">
      {pay.coupon.banner && <Notice tone="info">{pay.coupon.banner}</Notice>}
      {pay.preview ? (
        <DataTable caption={`${TIER_NAMES[plan.tier]} plan: what you pay today`} rows={[...pay.preview.lines, ...(pay.preview.discount ? [{ description: 'Discount', amount: -pay.preview.discount }] : []), { description: 'Total due today', amount: pay.preview.total }]}
          rowKey={(line) => line.description} columns={[
            { heading: 'Item', cell: (line) => line.description },
            { heading: 'Amount', cell: (line) => formatMoney(line.amount) },
          ]} />
      ) : <Notice tone="error">{pay.previewError}</Notice>}
      <form method="get" action={`/profiles/pay-for/${props.providerId}`} className="coupon-form">
        <input type="hidden" name="step" value="pay" />
        <input type="hidden" name="tier" value={plan.tier} />
        {props.returnToPlanManagement && <input type="hidden" name="return_to_plan_management" value="1" />}
        <FormField name="coupon" id="coupon" label="Coupon (optional)" defaultValue={pay.coupon.code} error={pay.errors.coupon} autoComplete="off" />
        <div className="actions"><Button variant="secondary">Apply coupon</Button></div>
        {pay.coupon.applied && <Notice tone="success">{pay.coupon.applied}</Notice>}
      </form>
      <Island name="CardField" props={props.cardField} />
      <PostForm action={`/profiles/pay-for/${props.providerId}`} noValidate>
        <input type="hidden" name="tier" value={plan.tier} />
        {pay.coupon.applied && <input type="hidden" name="coupon" value={pay.coupon.code} />}
        <input type="hidden" name="attempt" value={pay.attempt} />
        {props.returnToPlanManagement && <input type="hidden" name="return_to_plan_management" value="1" />}
        <RadioGroup stacked idPrefix="source" name="source" legend="Payment method" value={v('source')} error={pay.errors.source}
          options={[...pay.cards.map((card) => ({ value: card.id, label: card.label })), { value: 'new', label: 'A new card, entered on the card processor\u2019s secure page' }]} />
        <fieldset className="fieldset">
          <legend>Billing address</legend>
          <FormField name="address_line1" label="Address line 1" autoComplete="address-line1" defaultValue={v('address_line1')} error={pay.errors.address_line1} />
          <FormField name="address_line2" label="Address line 2 (optional)" autoComplete="address-line2" defaultValue={v('address_line2')} error={pay.errors.address_line2} />
          <FormField name="address_city" label="City" autoComplete="address-level2" defaultValue={v('address_city')} error={pay.errors.address_city} />
          <SelectField name="address_state" label="State" value={v('address_state')} placeholder="Choose a state" options={pay.states.map((s) => ({ value: s.code, label: s.name }))} error={pay.errors.address_state} />
          <FormField name="address_postal_code" label="Postal code" autoComplete="postal-code" inputMode="numeric" defaultValue={v('address_postal_code')} error={pay.errors.address_postal_code} />
        </fieldset>
        <div className={pay.errors.terms ? 'field field--error' : 'field'}>
          <Checkbox id="terms" name="terms" label="I accept the terms of service, including the first year's annual commitment." checked={v('terms') === '1'} />
          <FieldError id="terms" error={pay.errors.terms} />
        </div>
        <div className="actions">
          <Button disabled={!pay.preview}>{pay.preview ? `Pay ${formatMoney(pay.preview.total)}` : 'Pay'}</Button>
          <ButtonLink href={backHref}>Back</ButtonLink>
        </div>
        {pay.failure && <p className="field-error" role="alert" id="payment-failure">{pay.failure}</p>}
      </PostForm>
    </Card>
  );
}
