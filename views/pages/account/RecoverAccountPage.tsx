// /account/recover and /account/recovered: "I forgot my email address" (spec 1 §4, §5 Reset request and recovery).
import { PostForm } from '../../components/PostForm';
import { FormField } from '../../components/form/FormField';
import { Button, ButtonLink } from '../../components/ui/Button';
import { FormError } from '../../components/form/FieldError';

export interface RecoverAccountPageProps {
  values: { first_name: string; last_name: string; phone_number: string };
  errors: Record<string, string>;
  formError?: 'no-match' | 'throttled';
  supportEmail: string;
}

export function RecoverAccountPage({ values, errors, formError, supportEmail }: RecoverAccountPageProps) {
  return (
    <>
      <FormError
        id="recover-error"
        message={
          formError === 'no-match'
            ? `Sorry, the information you provided did not match our records. Please check it and try again, or write to ${supportEmail}.`
            : null
        }
      >
        Sorry, the information you provided did not match our records. Please check it and try again, or write to{' '}
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </FormError>
      <FormError
        id="recover-throttled"
        message={formError === 'throttled' ? 'There have been too many attempts. Please try again later.' : null}
      />
      <p>
        Enter the name and phone number on your account. If they match, we will send a reminder of your sign-in e-mail
        address to that address and to your phone.
      </p>
      <PostForm action="/account/recover" noValidate>
        <FormField
          name="first_name"
          label="First name"
          autoComplete="given-name"
          defaultValue={values.first_name}
          error={errors.first_name}
        />
        <FormField
          name="last_name"
          label="Last name"
          autoComplete="family-name"
          defaultValue={values.last_name}
          error={errors.last_name}
        />
        <FormField
          name="phone_number"
          className="input--15ch"
          label="Phone number"
          type="tel"
          autoComplete="tel"
          hint="US numbers only, for example (212) 555-0142."
          defaultValue={values.phone_number}
          error={errors.phone_number}
        />
        <div className="actions">
          <Button>Recover account</Button>
          <a href="/login/help">Back</a>
        </div>
      </PostForm>
    </>
  );
}

export function AccountRecoveredPage() {
  return (
    <>
      <div className="card" role="status">
        <p>
          We found your account. We have sent a reminder of your sign-in e-mail address to that address, and a hint to
          your phone.
        </p>
      </div>
      <div className="actions">
        <ButtonLink variant="primary" href="/login">
          Log in
        </ButtonLink>
        <a href="/password/request">Reset password</a>
      </div>
    </>
  );
}
