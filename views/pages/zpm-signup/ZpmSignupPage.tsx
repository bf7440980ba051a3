// /zpm-signup (spec 3 §2): standalone practice management bought without signing in. First the EHR's own
// sign-up form, framed; its message (url, clinic id) brings the visitor to "Your details", which makes
// the standalone account; the payment comes next (ZpmPaymentPage).
import { CaptchaWidget, type CaptchaWidgetProps } from '../../components/CaptchaWidget';
import { Island } from '../../components/Island';
import { PostForm } from '../../components/PostForm';
import { FormField } from '../../components/form/FormField';
import { Button } from '../../components/ui/Button';
import { EmbeddedFrame } from '../../components/ui/EmbeddedFrame';
import { Notice } from '../../components/ui/Notice';
import { FormError } from '../../components/form/FieldError';

export interface ZpmStartProps {
  /** The EHR's sign-up form (null: not set up here). */
  formUrl: string | null;
  allowedOrigin: string;
  /** This page's own path (/zpm-signup or the iframe test variant): the message brings the visitor back to it. */
  path: string;
  error?: string;
}

export const NO_SCRIPT_NOTE =
  'This page needs JavaScript to take you from the form above to payment. Please turn JavaScript on, or contact support.';

export function ZpmStartPage({ formUrl, allowedOrigin, path, error }: ZpmStartProps) {
  return (
    <>
      <p>Set up your practice management account below, then choose your plan and pay. No sign-in needed.</p>
      <p className="hint">
        Looking for a directory membership instead? <a href="/signup">Sign up here</a>.
      </p>
      {error && <Notice tone="error">{error}</Notice>}
      {formUrl ? (
        <>
          <EmbeddedFrame src={formUrl} title="Practice management sign-up" height={520} />
          <Island
            name="ZpmSignupMessages"
            props={{ mode: 'listen', allowedOrigin, next: path, noScript: NO_SCRIPT_NOTE }}
          />
        </>
      ) : (
        <Notice tone="warning">Practice management sign-up is not available right now. Please contact support.</Notice>
      )}
    </>
  );
}

export interface ZpmDetailsProps {
  action: string;
  clinic: { clinicId: string; url: string; subdomain: string };
  variant: 'page' | 'iframe';
  values: Record<string, string>;
  errors: Record<string, string>;
  honeypotField: string;
  /** The bot-check provider's widget (null: the local check, the honeypot alone). */
  captcha?: CaptchaWidgetProps | null;
}

export function ZpmDetailsPage({ action, clinic, variant, values, errors, honeypotField, captcha }: ZpmDetailsProps) {
  const v = (name: string) => values[name] ?? '';
  return (
    <>
      <Notice tone="success">
        Your practice management address <strong>{clinic.url}</strong> is reserved. Tell us who you are, then choose
        your plan.
      </Notice>
      <PostForm action={action} noValidate>
        <input type="hidden" name="clinic_id" value={clinic.clinicId} />
        <input type="hidden" name="url" value={clinic.url} />
        <input type="hidden" name="variant" value={variant} />
        <FormField
          name="first_name"
          label="First name"
          autoComplete="given-name"
          defaultValue={v('first_name')}
          error={errors.first_name}
        />
        <FormField
          name="last_name"
          label="Last name"
          autoComplete="family-name"
          defaultValue={v('last_name')}
          error={errors.last_name}
        />
        <FormField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          defaultValue={v('email')}
          error={errors.email}
          hint="We send the link to set your password here."
        />
        <div className="hp-field" aria-hidden="true">
          <label htmlFor={honeypotField}>Leave this field empty</label>
          <input id={honeypotField} name={honeypotField} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        {captcha && <CaptchaWidget {...captcha} />}
        <FormError id="details-failure" message={errors.form} />
        <div className="actions">
          <Button>Next: Payment</Button>
        </div>
      </PostForm>
    </>
  );
}
