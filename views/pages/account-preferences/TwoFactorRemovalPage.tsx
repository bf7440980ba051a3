// /account-preferences/two-factor/removal: turning two-factor authentication off (spec 1 §4: disabled when on),
// with the current password. Possible even when the membership has lapsed.
import type { AccountSettingsView } from './AccountPreferencesPage';
import type { FormState } from './PasswordChangeForm';
import { CurrentPasswordField, SettingsForm } from './SettingsForm';

export function TwoFactorRemovalPage({ settings, state = {} }: { settings: AccountSettingsView; state?: FormState }) {
  return (
    <section className="card">
      <p>
        Codes now go to the phone number ending in <strong>{settings.twoFactor.phoneLastFour}</strong>. Once two-factor
        authentication is off, your password alone logs you in, and the devices you asked us to remember are forgotten.
      </p>
      <SettingsForm
        action="/account-preferences/two-factor/removal"
        submitLabel="Turn off two-factor authentication"
        submitVariant="danger"
      >
        <CurrentPasswordField error={state.errors?.password} />
      </SettingsForm>
    </section>
  );
}
