// The password change form, on Account Settings' password page and on /password/update. With JavaScript the button
// waits until all three fields are filled and the new ones match (islands/portal.ts); the server checks
// regardless and puts its message on the named field.
import { PostForm } from '../../components/PostForm';
import { FormField } from '../../components/form/FormField';
import { STRONG_PASSWORD_HINT } from '../password/hints';
import { Button } from '../../components/ui/Button';

export interface FormState {
  values?: Record<string, string>;
  errors?: Record<string, string>;
}

export function PasswordChangeForm({
  state = {},
  from,
}: {
  state?: FormState;
  from: 'account-preferences' | 'password-update';
}) {
  const errors = state.errors ?? {};
  return (
    <PostForm action="/password/update" noValidate data-password-change="">
      <input type="hidden" name="from" value={from} />
      <FormField
        name="old_password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.old_password}
      />
      <FormField
        name="new_password"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={STRONG_PASSWORD_HINT}
        error={errors.new_password}
      />
      <FormField
        name="new_password_confirmation"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.new_password_confirmation}
      />
      <div className="actions">
        <Button>Change password</Button>
        {from === 'account-preferences' && <a href="/account-preferences">Cancel</a>}
      </div>
    </PostForm>
  );
}
