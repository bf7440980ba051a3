// /login: e-mail and password (spec 1 §5 Login). Errors appear beside their field; the outcome of a
// refused sign-in (wrong credentials, too many attempts) above the form.
import { PostForm } from '../../components/PostForm';
import { FormField } from '../../components/form/FormField';
import { Button } from '../../components/ui/Button';
import { FormError, ScriptError } from '../../components/form/FieldError';

export interface LoginPageProps {
  values: { email: string };
  errors: Record<string, string>;
  formError?: 'invalid' | 'throttled' | 'passkey';
  /** Carried through the form: origin=client and an allow-listed reimbursify_redirect_url. */
  origin?: string;
  reimbursifyRedirectUrl?: string;
  /** The local path to return to after signing in (checked by the route). */
  next?: string;
}

/** A passkey answer the server refused (issue [25]): forged, expired, or a passkey it does not know. */
export const PASSKEY_REFUSED =
  'That passkey could not sign you in. Please try again, or log in with your e-mail and password.';

export const TOO_MANY_ATTEMPTS = 'There have been too many attempts. Please try again later.';

export function LoginPage({ values, errors, formError, origin, reimbursifyRedirectUrl, next }: LoginPageProps) {
  return (
    <>
      <FormError
        id="login-error"
        target="email"
        message={
          formError === 'invalid' ? 'Incorrect email or password. Please try again, or reset your password.' : null
        }
      >
        Incorrect email or password. Please try again, or <a href="/password/request">reset your password</a>.
      </FormError>
      <FormError id="login-throttled" message={formError === 'throttled' ? TOO_MANY_ATTEMPTS : null} />
      <FormError id="login-passkey" message={formError === 'passkey' ? PASSKEY_REFUSED : null} />
      <PostForm action="/login" noValidate>
        {origin && <input type="hidden" name="origin" value={origin} />}
        {reimbursifyRedirectUrl && (
          <input type="hidden" name="reimbursify_redirect_url" value={reimbursifyRedirectUrl} />
        )}
        {next && <input type="hidden" name="next" value={next} />}
        <FormField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          defaultValue={values.email}
          error={errors.email}
        />
        <FormField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password}
        />
        <div className="actions">
          <Button>Log in</Button>
          <a href="/login/help">Need help logging in?</a>
        </div>
      </PostForm>
      {/* Only with JavaScript (WebAuthn has no form without it): hidden until the shared script finds the browser
          can use passkeys; the WebAuthn part of it loads on the click, so the page carries no island. */}
      <form
        method="post"
        action="/login/passkey"
        className="passkey-sign-in"
        data-passkey-sign-in="/login/passkey/options"
        hidden
      >
        <input type="hidden" name="_csrf" defaultValue="" />
        <input type="hidden" name="response" defaultValue="" />
        {Object.entries({
          ...(origin ? { origin } : {}),
          ...(reimbursifyRedirectUrl ? { reimbursify_redirect_url: reimbursifyRedirectUrl } : {}),
          ...(next ? { next } : {}),
        }).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <ScriptError dataName="data-passkey-problem" />
        <Button type="button" variant="secondary" data-passkey-button>
          Sign in with a passkey
        </Button>
      </form>
      <p>
        New provider? <a href="/signup">Create an account</a>
      </p>
    </>
  );
}
