// /password/request: ask for a reset link (spec 1 §4 Password reset and recovery, §5 Reset request).
// The answer is the same whether or not the address has an account.
import { PostForm } from '../../components/PostForm';
import { FormField } from '../../components/form/FormField';
import { Button } from '../../components/ui/Button';

export interface PasswordRequestPageProps {
  values: { email: string };
  errors: Record<string, string>;
  /** Set once a request was sent: the address, and how many requests this visitor made. */
  sent?: { email: string; attempts: number };
}

export const RESET_HINT_AFTER = 3; // spec 1 §9

export function PasswordRequestPage({ values, errors, sent }: PasswordRequestPageProps) {
  if (sent) {
    return (
      <>
        <div className="card" role="status">
          <p>
            If an account exists for <strong>{sent.email}</strong>, we have sent it an e-mail with a link to reset your
            password. The link works for one hour.
          </p>
          <p className="hint">It can take a few minutes to arrive. Please check your spam folder too.</p>
        </div>
        <PostForm action="/password/request">
          <input type="hidden" name="email" value={sent.email} />
          <p>
            No e-mail? <Button variant="link">Send it again</Button>
          </p>
        </PostForm>
        {sent.attempts >= RESET_HINT_AFTER && (
          <div className="flash flash--info">
            <span>
              Still nothing? You may have signed up with another address.{' '}
              <a href="/account/recover">Recover your account</a> with your name and phone number.
            </span>
          </div>
        )}
        <p>
          <a href="/password/request">Use a different e-mail address</a> · <a href="/login">Back to log in</a>
        </p>
      </>
    );
  }
  return (
    <>
      <p>Enter the e-mail address you log in with and we will send you a link to choose a new password.</p>
      <PostForm action="/password/request" noValidate>
        <FormField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          defaultValue={values.email}
          error={errors.email}
        />
        <div className="actions">
          <Button>Send reset link</Button>
          <a href="/login">Back to log in</a>
        </div>
      </PostForm>
    </>
  );
}
