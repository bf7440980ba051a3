// /password/reset/{reset_token}: choose a new password, or learn that the link expired.
import { PostForm } from '../../components/PostForm';
import { FormField } from '../../components/form/FormField';
import { STRONG_PASSWORD_HINT } from './hints';
import { Button } from '../../components/ui/Button';

export function PasswordResetPage({ token, errors }: { token: string; errors: Record<string, string> }) {
  return (
    <PostForm action={`/password/reset/${token}`} noValidate>
      <FormField
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={STRONG_PASSWORD_HINT}
        error={errors.password}
      />
      <FormField
        name="password_confirmation"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.password_confirmation}
      />
      <div className="actions">
        <Button>Reset password</Button>
      </div>
    </PostForm>
  );
}

export function ResetLinkExpiredPage() {
  return (
    <>
      <div className="flash flash--error" role="alert">
        <span>Reset password link has expired</span>
      </div>
      <p>
        Reset links work once and for one hour. <a href="/password/request">Request a new link</a>.
      </p>
    </>
  );
}
