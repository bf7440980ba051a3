// /account-preferences/email: the e-mail change form (spec 1 §5 Account settings), asking for the current password.
import { FormField } from '../../components/form/FormField';
import type { AccountSettingsView } from './AccountPreferencesPage';
import type { FormState } from './PasswordChangeForm';
import { CurrentPasswordField, SettingsForm } from './SettingsForm';

export function EmailChangePage({ settings, state = {} }: { settings: AccountSettingsView; state?: FormState }) {
  return (
    <section className="card">
      <p>
        You log in with <strong>{settings.email}</strong>
        {settings.emailConfirmed ? '' : ' (not confirmed yet)'}. We send a confirmation link to the new address.
      </p>
      <SettingsForm action="/account-preferences/email" submitLabel="Change email">
        <FormField
          name="newEmail"
          label="New email"
          type="email"
          autoComplete="email"
          defaultValue={state.values?.newEmail ?? ''}
          error={state.errors?.newEmail}
        />
        <CurrentPasswordField error={state.errors?.password} />
      </SettingsForm>
    </section>
  );
}
