// /account-preferences/password: the password change form of Account Settings (it posts to /password/update).
import { PasswordChangeForm, type FormState } from './PasswordChangeForm';

export function PasswordChangePage({ state }: { state?: FormState }) {
  return (
    <section className="card">
      <PasswordChangeForm state={state} from="account-preferences" />
    </section>
  );
}
