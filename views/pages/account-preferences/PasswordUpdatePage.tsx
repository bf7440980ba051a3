// /password/update: the password change form on a page of its own.
import { PasswordChangeForm, type FormState } from './PasswordChangeForm';

export function PasswordUpdatePage({ state }: { state?: FormState }) {
  return (
    <div className="card">
      <PasswordChangeForm state={state} from="password-update" />
      <p>
        <a href="/account-preferences">Back to Account Settings</a>
      </p>
    </div>
  );
}
