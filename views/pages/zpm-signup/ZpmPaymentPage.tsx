// /zpm-signup's payment (spec 3 §7 "pay-preview" and "pay", §5 "Payment form", §9 standalone Pro $49 /
// Premium $69 a clinician a month) and its success card. "Your plan" is a GET form that shows the
// total ("pay-preview"); the payment posts once. A card is saved with the card field (JavaScript) or on
// the card processor's own page.
import type { CardFieldProps } from '../../../islands/CardField';
import { BillingAddressFields } from '../../components/BillingAddressFields';
import { CaptchaWidget, type CaptchaWidgetProps } from '../../components/CaptchaWidget';
import { Island } from '../../components/Island';
import { PostForm } from '../../components/PostForm';
import { formatMoney } from '../../components/format';
import { Checkbox } from '../../components/form/Checkbox';
import { RadioGroup } from '../../components/form/ChoiceGroup';
import { FormError } from '../../components/form/FieldError';
import { FormField } from '../../components/form/FormField';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { DataTable } from '../../components/ui/DataTable';
import { Notice } from '../../components/ui/Notice';

export interface ZpmPreview {
  subtotal: number;
  discount: number;
  /** Sales tax at the billing address (0: none). */
  tax: number;
  total: number;
}

export interface ZpmPaymentProps {
  path: string;
  email: string;
  tiers: { value: string; label: string }[];
  plan: { zpm_tier: string; quantity: string; coupon: string };
  planErrors: Record<string, string>;
  preview: ZpmPreview | null;
  /** The sales tax percentage the total was worked out with, sent back so that a post taxed otherwise shows the new total first. */
  taxShown: string;
  previewError: string | null;
  couponApplied: string | null;
  cards: { id: string; label: string }[];
  values: Record<string, string>;
  errors: Record<string, string>;
  failure?: string;
  states: { code: string; name: string }[];
  cardField: CardFieldProps;
  honeypotField: string;
  /** The bot-check provider's widget (null: the local check, the honeypot alone). */
  captcha?: CaptchaWidgetProps | null;
}

export function ZpmPaymentPage(props: ZpmPaymentProps) {
  const v = (name: string) => props.values[name] ?? '';
  const { preview } = props;
  const rows = preview
    ? [
        { description: 'Subtotal', amount: preview.subtotal },
        ...(preview.discount ? [{ description: 'Discount', amount: -preview.discount }] : []),
        ...(preview.tax ? [{ description: 'Sales tax', amount: preview.tax }] : []),
        { description: 'Total due today', amount: preview.total },
      ]
    : [];
  return (
    <>
      <p>
        Your account: <strong>{props.email}</strong>
      </p>
      <Card id="plan" title="Your plan">
        <form method="get" action={props.path} noValidate>
          <RadioGroup
            stacked
            idPrefix="zpm_tier"
            name="zpm_tier"
            legend="Practice management plan"
            value={props.plan.zpm_tier}
            options={props.tiers}
            error={props.planErrors.zpm_tier}
          />
          <FormField
            name="quantity"
            label="Number of clinicians"
            inputMode="numeric"
            defaultValue={props.plan.quantity}
            error={props.planErrors.quantity}
          />
          <FormField
            name="coupon"
            id="coupon"
            label="Coupon (optional)"
            defaultValue={props.plan.coupon}
            error={props.planErrors.coupon}
            autoComplete="off"
          />
          <div className="actions">
            <Button variant="secondary">Show total</Button>
          </div>
        </form>
        {props.couponApplied && <Notice tone="success">{props.couponApplied}</Notice>}
        {preview ? (
          <DataTable
            caption="What you pay today"
            rows={rows}
            rowKey={(line) => line.description}
            columns={[
              { heading: 'Item', cell: (line) => line.description },
              { heading: 'Amount', cell: (line) => formatMoney(line.amount) },
            ]}
          />
        ) : (
          props.previewError && <Notice tone="error">{props.previewError}</Notice>
        )}
      </Card>
      <Card id="payment" title="Payment">
        <Island name="CardField" props={props.cardField} />
        <PostForm action={props.path} noValidate data-progress="Processing your payment…">
          <input type="hidden" name="zpm_tier" value={props.plan.zpm_tier} />
          <input type="hidden" name="quantity" value={props.plan.quantity} />
          <input type="hidden" name="coupon" value={props.plan.coupon} />
          <input type="hidden" name="tax_shown" value={props.taxShown} />
          <RadioGroup
            stacked
            idPrefix="source"
            name="source"
            legend="Payment method"
            value={v('source')}
            error={props.errors.source}
            options={[
              ...props.cards.map((card) => ({ value: card.id, label: card.label })),
              { value: 'new', label: 'A new card, entered on the card processor\u2019s secure page' },
            ]}
          />
          <BillingAddressFields values={props.values} errors={props.errors} states={props.states} />
          <div className="hp-field" aria-hidden="true">
            <label htmlFor={props.honeypotField}>Leave this field empty</label>
            <input
              id={props.honeypotField}
              name={props.honeypotField}
              type="text"
              tabIndex={-1}
              autoComplete="off"
              defaultValue=""
            />
          </div>
          {props.captcha && <CaptchaWidget {...props.captcha} />}
          <Checkbox
            id="terms"
            name="terms"
            label="I accept the terms of service."
            checked={v('terms') === '1'}
            error={props.errors.terms}
          />
          <div className="actions">
            <Button disabled={!preview}>{preview ? `Pay ${formatMoney(preview.total)}` : 'Pay'}</Button>
          </div>
          <FormError id="payment-failure" message={props.failure} />
        </PostForm>
      </Card>
    </>
  );
}

export function ZpmSuccessPage({
  signInUrl,
  email,
  finishing = false,
}: {
  signInUrl: string;
  email: string;
  finishing?: boolean;
}) {
  // Paid, but the practice management account is still being made (the EHR was slow or down): it
  // finishes on its own, and the e-mail says when.
  if (finishing) {
    return (
      <Card id="zpm-finishing" title="We are finishing your practice management account">
        <p>Thank you for your purchase. Your payment went through.</p>
        <p>
          Your practice management account is not ready yet. When it is, we will send an e-mail to{' '}
          <strong>{email}</strong> with a link to set your password. This usually takes a few minutes, and you can close
          this page.
        </p>
      </Card>
    );
  }
  return (
    <Card
      id="zpm-ready"
      title="Your practice management account is ready"
      footer={
        <a className="button" href={signInUrl} target="_top" rel="noopener">
          Log in to Practice Management
        </a>
      }
    >
      <p>Thank you for your purchase.</p>
      <p>
        We sent an e-mail to <strong>{email}</strong> with a link to set your password. Then sign in at{' '}
        <a href={signInUrl} target="_top" rel="noopener">
          {signInUrl}
        </a>
        .
      </p>
    </Card>
  );
}
