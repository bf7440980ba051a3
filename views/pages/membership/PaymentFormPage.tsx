// /profiles/pay-for/{id} (spec 3 §2 "Membership payment form", §4 "Payment flow", §5): two steps with
// a top navigation, "Your plan" (customize) and "Payment" (pay). Both are plain forms: the plan step is
// a GET to the pay step, and the pay step posts once. A new card is entered on the card processor's
// hosted page, so the whole flow works without JavaScript.
import { PostForm } from '../../components/PostForm';
import { BillingAddressFields } from '../../components/BillingAddressFields';
import { Island } from '../../components/Island';
import type { CardFieldProps } from '../../../islands/CardField';
import { formatMoney } from '../../components/format';
import { Checkbox } from '../../components/form/Checkbox';
import { RadioGroup } from '../../components/form/ChoiceGroup';
import { FormError } from '../../components/form/FieldError';
import { FormField } from '../../components/form/FormField';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { DataTable } from '../../components/ui/DataTable';
import { Notice } from '../../components/ui/Notice';
import { OrderSummary } from '../../components/ui/OrderSummary';

export interface ChoiceView {
  value: string;
  label: string;
  lines: { name: string; quantity: number; amount: number }[];
}

export interface PaymentFormProps {
  /** The form's own path (pay-for, an upgrade page, switch to monthly): GET shows a step, POST pays. */
  path: string;
  title: string;
  intro: string;
  /** customize ("Your plan"), pay ("Payment"), submitRequest (a customised seat mix), or the unreachable alert. */
  step: 'customize' | 'pay' | 'submitRequest' | 'unreachable';
  choices: ChoiceView[];
  /** Null: nothing to choose; the plan's lines are shown as they are. */
  choiceLegend: string | null;
  choice: string;
  choiceError?: string;
  /** Setup help offered with a new membership, paid once (spec 3 §2's setup options), and the one chosen. */
  setupOptions: { value: string; label: string; details: string }[];
  setup: string;
  /** Query values carried from step to step (return_to_plan_management, reactivate). */
  carried: Record<string, string>;
  priorExpired: boolean;
  /** The congratulations for a profile whose content is complete (spec 3 §2), over "Your plan". */
  congratulations?: boolean;
  /** The photographer question is a step of this flow: still to come (Your plan), or just answered (Payment). */
  photographerStep?: boolean;
  /** "Do this later" (spec 1 §4), on a new membership only. */
  laterAction?: string;
  unreachable?: string;
  /** The card field island (a card added in place, with JavaScript). */
  cardField: CardFieldProps;
  /** The pay step: the invoice preview (null when it failed), cards on file, the form's values and errors. */
  pay?: {
    preview: {
      lines: { description: string; amount: number }[];
      discount: number;
      tax: number | null;
      total: number;
    } | null;
    previewError?: string;
    /** A change to a running membership: prorated, and the card on file may be kept. */
    change: boolean;
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

/**
 * The steps across the top: "Your plan", then "Photographers" when the question of spec 3 §2 is asked in
 * this flow (a named step, not a second page titled Payment), then "Payment". Steps behind are links.
 */
export function StepNavigation({
  step,
  photographer,
  customizeHref,
  payHref,
}: {
  step: PaymentFormProps['step'] | 'photographer';
  photographer: boolean;
  customizeHref: string;
  payHref: string;
}) {
  const onPlan = step !== 'pay' && step !== 'photographer';
  return (
    <nav className="steps-nav" aria-label="Payment steps">
      <ol className="steps">
        <li aria-current={onPlan ? 'step' : undefined}>
          {onPlan ? 'Your plan' : <a href={customizeHref}>Your plan</a>}
        </li>
        {photographer && <li aria-current={step === 'photographer' ? 'step' : undefined}>Photographers</li>}
        <li aria-current={step === 'pay' ? 'step' : undefined}>
          {step === 'customize' && !photographer ? <a href={payHref}>Payment</a> : 'Payment'}
        </li>
      </ol>
    </nav>
  );
}

/** What "Your plan" chose (the plan, the setup help), as the query values the later steps carry. */
const selectionOf = (props: PaymentFormProps): Record<string, string> => ({
  ...(props.choiceLegend ? { tier: props.choice } : {}),
  ...(props.setup ? { setup: props.setup } : {}),
});

/** Hidden inputs for the values a step carries on. */
const Carried = ({ values }: { values: Record<string, string> }) => (
  <>
    {Object.entries(values).map(([name, value]) => (
      <input key={name} type="hidden" name={name} value={value} />
    ))}
  </>
);

export function PaymentFormPage(props: PaymentFormProps) {
  const query = (extra: Record<string, string>) =>
    `${props.path}?${new URLSearchParams({ ...extra, ...props.carried }).toString()}`;
  const chosen = props.choices.find((c) => c.value === props.choice) ?? props.choices[0];
  const selection = selectionOf(props);
  return (
    <div className="payment-form">
      {/* An upgrade with nothing further (spec 3 §2: an empty title) has no steps to show, only its alert. */}
      {props.step !== 'unreachable' && (
        <StepNavigation
          step={props.step}
          photographer={Boolean(props.photographerStep)}
          customizeHref={query(selection)}
          payHref={query({ step: 'pay', ...selection })}
        />
      )}
      {props.congratulations && (
        // Open from the start and closed by its own form (method="dialog"), so it needs no script.
        <dialog open className="card dialog congratulations" aria-labelledby="congratulations-title">
          <h2 id="congratulations-title">Congratulations!</h2>
          <p>
            Your profile content is complete. Start your membership below, then go live so clients can find you in the
            directory.
          </p>
          <form method="dialog">
            <Button>Continue</Button>
          </form>
        </dialog>
      )}
      {props.priorExpired && (
        <Notice tone="warning">
          Your earlier membership expired before it started because its first payment did not go through. Start it again
          below.
        </Notice>
      )}
      {props.step === 'unreachable' &&
        (props.title ? (
          <Card id="your-plan" title={props.title}>
            <Notice tone="error">{props.unreachable}</Notice>
            <ButtonLink href="/plan-management">Back to Plan Management</ButtonLink>
          </Card>
        ) : (
          <>
            <Notice tone="error">{props.unreachable}</Notice>
            <div className="actions">
              <ButtonLink href="/plan-management">Back to Plan Management</ButtonLink>
            </div>
          </>
        ))}
      {props.step === 'submitRequest' && (
        <Card id="your-plan" title={props.title || 'Your plan'}>
          <p>{props.intro}</p>
          <Notice tone="info">
            Your membership has a customised mix of seats, so our team makes this change for you. Send the request and
            we will contact you shortly.
          </Notice>
          <PostForm action={`${props.path}/request`}>
            <Carried values={{ ...selection, ...props.carried }} />
            <div className="actions">
              <Button>Send the request</Button>
              <a href="/plan-management">Cancel</a>
            </div>
          </PostForm>
        </Card>
      )}
      {props.step === 'customize' && (
        <Card id="your-plan" title={props.title || 'Your plan'}>
          <p>{props.intro}</p>
          <form method="get" action={props.path}>
            <input type="hidden" name="step" value="pay" />
            <Carried values={props.carried} />
            {props.choiceLegend ? (
              <RadioGroup
                stacked
                idPrefix="tier"
                name="tier"
                legend={props.choiceLegend}
                value={props.choice}
                error={props.choiceError}
                options={props.choices.map((choice) => ({
                  value: choice.value,
                  label: choice.label,
                  hint: choice.lines.map((l) => (l.quantity > 1 ? `${l.quantity} × ${l.name}` : l.name)).join(' + '),
                }))}
              />
            ) : (
              chosen && <PlanLines lines={chosen.lines} />
            )}
            {props.setupOptions.length > 0 && <SetupOptions options={props.setupOptions} value={props.setup} />}
            <p className="hint">Memberships carry an annual commitment for the first year, paid monthly.</p>
            <div className="actions">
              <Button>Next: Payment</Button>
            </div>
          </form>
          {props.laterAction && (
            <PostForm action={props.laterAction}>
              <div className="actions">
                <Button variant="link">Do this later</Button>
              </div>
            </PostForm>
          )}
        </Card>
      )}
      {props.step === 'pay' && chosen && <PayStep props={props} choice={chosen} backHref={query(selection)} />}
    </div>
  );
}

/**
 * Setup help, paid once with the first invoice. Each option's details (spec 3 §2's setup option detail
 * modal) are a disclosure under the choices, which opens without JavaScript.
 */
function SetupOptions({ options, value }: { options: PaymentFormProps['setupOptions']; value: string }) {
  return (
    <>
      <RadioGroup
        stacked
        idPrefix="setup"
        name="setup"
        legend="Setup help (optional, paid once)"
        value={value}
        options={[
          { value: '', label: 'No setup help' },
          ...options.map((option) => ({ value: option.value, label: option.label })),
        ]}
      />
      <div className="setup-details">
        {options.map((option) => (
          <details key={option.value}>
            <summary>What is included: {option.label.split(':')[0]}</summary>
            <p>{option.details}</p>
          </details>
        ))}
      </div>
    </>
  );
}

function PlanLines({ lines }: { lines: ChoiceView['lines'] }) {
  return (
    <DataTable
      caption="What you add, a month"
      rows={lines}
      rowKey={(line) => line.name}
      columns={[
        { heading: 'Item', cell: (line) => (line.quantity > 1 ? `${line.quantity} × ${line.name}` : line.name) },
        { heading: 'A month', cell: (line) => formatMoney(line.amount) },
      ]}
    />
  );
}

/** The pay step's form, whose values the card field keeps while it saves a card (islands/CardField.tsx). */
const PAY_FORM_ID = 'payment-form';

function PayStep({ props, choice, backHref }: { props: PaymentFormProps; choice: ChoiceView; backHref: string }) {
  const pay = props.pay!;
  const v = (name: string) => pay.values[name] ?? '';
  const selection = selectionOf(props);
  const preview = pay.preview;
  const payLabel = !preview
    ? 'Pay'
    : preview.total < 0
      ? `Confirm: ${formatMoney(-preview.total)} credited to your balance`
      : `Pay ${formatMoney(preview.total)}`;
  return (
    <Card id="payment" title="Payment">
      {pay.coupon.banner && <Notice tone="info">{pay.coupon.banner}</Notice>}
      {preview ? (
        <OrderSummary
          caption={`${props.choiceLegend ? `${choice.label.split(':')[0]}: ` : ''}what you pay today`}
          lines={[
            ...preview.lines,
            ...(preview.discount ? [{ description: 'Discount', amount: -preview.discount }] : []),
            ...(preview.tax ? [{ description: 'Sales tax', amount: preview.tax }] : []),
          ]}
          // A change that credits more than it charges totals less than 0: nothing is due, and the card
          // processor keeps the difference as a credit that its next invoices use first.
          total={{ description: 'Total due today', amount: Math.max(0, preview.total) }}
          after={
            preview.total < 0
              ? [{ description: 'Credited to your balance, used on your next invoices', amount: -preview.total }]
              : []
          }
        />
      ) : (
        <Notice tone="error">{pay.previewError}</Notice>
      )}
      {pay.change && (
        <p className="hint">
          Charged now for the rest of this billing period; from the next one, the new monthly price.
        </p>
      )}
      <Island name="CardField" props={{ ...props.cardField, keepForm: PAY_FORM_ID }} />
      {/* One form for the whole step: applying a coupon posts it too, so the address, the card chosen and
          the terms typed come back as they were (issue [18] item 10). */}
      <PostForm action={props.path} noValidate data-progress="Processing your payment…" id={PAY_FORM_ID}>
        <Carried
          values={{
            ...selection,
            ...props.carried,
            attempt: pay.attempt,
            // The coupon the total above was worked out with: another one typed is applied first, never paid unseen.
            coupon_applied: pay.coupon.applied ? pay.coupon.code : '',
          }}
        />
        {/* Behind a link: most payers have none. Open when one was typed or refused. */}
        <details className="coupon-form" open={Boolean(pay.coupon.code || pay.errors.coupon)}>
          <summary>Have a coupon?</summary>
          <FormField
            name="coupon"
            id="coupon"
            label="Coupon (optional)"
            defaultValue={pay.coupon.code}
            error={pay.errors.coupon}
            autoComplete="off"
          />
          <div className="actions">
            <Button variant="secondary" name="apply_coupon" value="1" data-no-progress="">
              Apply coupon
            </Button>
          </div>
          {pay.coupon.applied && <Notice tone="success">{pay.coupon.applied}</Notice>}
        </details>
        <RadioGroup
          stacked
          idPrefix="source"
          name="source"
          legend={
            pay.change
              ? 'Payment method (optional: the card of this membership is used unless you choose one)'
              : 'Payment method'
          }
          value={v('source')}
          error={pay.errors.source}
          options={[
            ...pay.cards.map((card) => ({ value: card.id, label: card.label })),
            { value: 'new', label: 'A new card, entered on the card processor\u2019s secure page' },
          ]}
        />
        <BillingAddressFields values={pay.values} errors={pay.errors} states={pay.states} />
        <Checkbox
          id="terms"
          name="terms"
          label="I accept the terms of service, including the first year's annual commitment."
          checked={v('terms') === '1'}
          error={pay.errors.terms}
        />
        <div className="actions">
          <Button disabled={!preview}>{payLabel}</Button>
          {/* Back is a link, not a second button beside Pay. */}
          <a href={backHref}>Back</a>
        </div>
        <FormError id="payment-failure" message={pay.failure} />
      </PostForm>
    </Card>
  );
}
