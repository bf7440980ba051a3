// /login/verify: the code sent by SMS (spec 1 §4 Session outcome 1), with "request new code".
import { PostForm } from '../../components/PostForm';
import { FormField } from '../../components/form/FormField';
import { Button } from '../../components/ui/Button';
import { FormError } from '../../components/form/FieldError';

export interface TwoFactorCodePageProps {
  phoneLastFour: string | null;
  error?: string;
  throttled?: boolean;
  remember: boolean;
  /** Where the code form posts (sign-in, or Account Settings enrolment). */
  action: string;
  resendAction: string;
  /** Enrolment shows no "remember this device" box. */
  offerRemember?: boolean;
  cancelHref: string;
}

export function TwoFactorCodePage({
  phoneLastFour,
  error,
  throttled,
  remember,
  action,
  resendAction,
  offerRemember = true,
  cancelHref,
}: TwoFactorCodePageProps) {
  return (
    <>
      <FormError
        id="code-throttled"
        message={throttled ? 'There have been too many attempts. Please try again later.' : null}
      />
      <p>
        We sent a 6-digit code by text message to{' '}
        {phoneLastFour ? (
          <>
            the phone number ending in <strong>{phoneLastFour}</strong>
          </>
        ) : (
          'your phone'
        )}
        . It works for 10 minutes.
      </p>
      <PostForm action={action} noValidate>
        <FormField
          name="token"
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={7}
          error={error}
        />
        {offerRemember && (
          <div className="field field--check">
            <input type="checkbox" id="remember" name="remember" value="1" defaultChecked={remember} />
            <label htmlFor="remember">Remember this device for 30 days</label>
          </div>
        )}
        <div className="actions">
          <Button>Verify</Button>
          <a href={cancelHref}>Cancel</a>
        </div>
      </PostForm>
      <PostForm action={resendAction} className="inline-form">
        <p>
          Didn&apos;t get it? <Button variant="link">Request new code</Button>
        </p>
      </PostForm>
    </>
  );
}
