// /account-preferences/authenticator: two-factor with an authenticator app (issue [25]): set one up (the
// current password first), or, when one is, how many recovery codes are left, new recovery codes, and
// turning the app off (the current password or a code from the app).
import { FormField } from '../../components/form/FormField';
import { Label } from '../../components/ui/Label';
import { BackToSettings, CurrentPasswordField, SettingsForm } from '../account-preferences/SettingsForm';
import { SECURITY_PATHS } from './paths';

export interface SecurityStatusView {
  sms: string | null;
  authenticator: boolean;
  recoveryCodesLeft: number;
}

export interface SecurityFormState {
  form: 'setup' | 'codes' | 'off';
  errors: Record<string, string>;
}

/** The current password, or a code from the app when there is one. */
function ProofFields({ app, errors, prefix }: { app: boolean; errors: Record<string, string>; prefix: string }) {
  if (!app) return <CurrentPasswordField error={errors.password} />;
  return (
    <fieldset className="fieldset">
      <legend>Confirm it is you</legend>
      <p className="hint">Enter your current password, or a code from your authenticator app.</p>
      <FormField
        id={`${prefix}-password`}
        name="password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
      />
      <FormField
        id={`${prefix}-code`}
        name="code"
        label="Or a code from your app"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={7}
        className="input--10ch"
        error={errors.code}
      />
    </fieldset>
  );
}

export function AuthenticatorPage({ status, state }: { status: SecurityStatusView; state?: SecurityFormState }) {
  const errorsOf = (form: SecurityFormState['form']) => (state?.form === form ? state.errors : {});
  if (!status.authenticator) {
    return (
      <section className="card">
        <p>
          <Label>Off</Label> An authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password)
          shows a new 6-digit code every 30 seconds. With it on, logging in on a new device also asks for that code. It
          works without a membership, and without mobile signal.
        </p>
        {status.sms && (
          <p className="hint">
            Codes by text message to the phone number ending in {status.sms} stay a choice when you log in.
          </p>
        )}
        <ol className="steps" aria-label="Authenticator setup steps">
          <li aria-current="step">Confirm it is you</li>
          <li>Scan the code</li>
          <li>Save recovery codes</li>
        </ol>
        <SettingsForm action={SECURITY_PATHS.setup} submitLabel="Set up an authenticator app">
          <CurrentPasswordField error={errorsOf('setup').password} />
        </SettingsForm>
        {status.sms && <RecoveryCodesSection status={status} errors={errorsOf('codes')} />}
      </section>
    );
  }
  return (
    <section className="card">
      <p>
        <Label state="success">On</Label> When you log in on a new device we ask for a code from your authenticator app.
        {status.sms && ` You can also have a code texted to the phone number ending in ${status.sms}.`}
      </p>
      <RecoveryCodesSection status={status} errors={errorsOf('codes')} />
      <h2>Turn off the authenticator app</h2>
      <p>Lost the phone with the app? Log in with a recovery code, then turn the app off here and set it up again.</p>
      <SettingsForm
        action={SECURITY_PATHS.removal}
        submitLabel="Turn off authenticator app"
        submitVariant="danger"
        data-confirm="Turn off your authenticator app?"
      >
        <ProofFields app errors={errorsOf('off')} prefix="off" />
      </SettingsForm>
    </section>
  );
}

function RecoveryCodesSection({ status, errors }: { status: SecurityStatusView; errors: Record<string, string> }) {
  return (
    <>
      <h2>Recovery codes</h2>
      <p>
        Each recovery code signs you in once when you cannot use your phone.{' '}
        <strong>
          {status.recoveryCodesLeft === 0
            ? 'You have no recovery codes left.'
            : `You have ${status.recoveryCodesLeft} recovery code${status.recoveryCodesLeft === 1 ? '' : 's'} left.`}
        </strong>
      </p>
      <SettingsForm action={SECURITY_PATHS.recoveryCodes} submitLabel="Make new recovery codes">
        <ProofFields app={status.authenticator} errors={errors} prefix="codes" />
      </SettingsForm>
    </>
  );
}

export { BackToSettings };
