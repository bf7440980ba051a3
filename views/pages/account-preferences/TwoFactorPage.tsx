// /account-preferences/two-factor: set up two-factor authentication, or change its phone (spec 1 §4 Two-factor
// setup: enter phone, enter code, confirmed), for everyone who signs in (issue [25] lifts spec 1 §6's membership
// condition; docs/decisions.md); turning it off is a page of its own, reached from here.
import { FormField } from '../../components/form/FormField';
import { Label } from '../../components/ui/Label';
import { SETTING_PATHS, type AccountSettingsView } from './AccountPreferencesPage';
import type { FormState } from './PasswordChangeForm';
import { CurrentPasswordField, SettingsForm } from './SettingsForm';

export function TwoFactorPage({ settings, state = {} }: { settings: AccountSettingsView; state?: FormState }) {
  const { enrolled, phoneLastFour } = settings.twoFactor;
  return (
    <section className="card">
      {enrolled ? (
        <p>
          <Label state="success">On</Label> When you log in on a new device we text a code to the phone number ending in{' '}
          <strong>{phoneLastFour}</strong>. <a href={SETTING_PATHS.twoFactorOff}>Turn off two-factor authentication</a>
        </p>
      ) : (
        <p>
          <Label>Off</Label> With two-factor authentication on, logging in on a new device also needs a code we text to
          your phone.
        </p>
      )}
      <ol className="steps" aria-label="Two-factor setup steps">
        <li aria-current="step">Enter phone</li>
        <li>Enter code</li>
        <li>Confirmed</li>
      </ol>
      <SettingsForm action="/account-preferences/two-factor" submitLabel="Send code">
        <FormField
          name="phone_number"
          className="input--15ch"
          label={enrolled ? 'New phone number for codes' : 'Phone number for codes'}
          type="tel"
          autoComplete="tel"
          defaultValue={state.values?.phone_number ?? ''}
          error={state.errors?.phone_number}
        />
        <CurrentPasswordField error={state.errors?.password} />
      </SettingsForm>
      <p className="hint">
        You can also use an authenticator app: <a href="/account-preferences/authenticator">Authenticator app</a>
      </p>
    </section>
  );
}
