// /account-preferences/authenticator/setup: step 2 of setting up an authenticator app (issue [25]): the QR
// code (an image) and the same key as text, then the first code the app shows.
import { FormField } from '../../components/form/FormField';
import { Button } from '../../components/ui/Button';
import { SettingsForm } from '../account-preferences/SettingsForm';
import { SECURITY_PATHS } from './paths';

export function AuthenticatorSetupPage({
  qrCode,
  manualKey,
  error,
}: {
  qrCode: string;
  manualKey: string;
  error?: string | undefined;
}) {
  return (
    <section className="card authenticator-setup">
      <ol className="steps" aria-label="Authenticator setup steps">
        <li>Confirm it is you</li>
        <li aria-current="step">Scan the code</li>
        <li>Save recovery codes</li>
      </ol>
      <p>Open your authenticator app, add an account, and scan this QR code.</p>
      <img
        className="qr-code"
        src={qrCode}
        width={200}
        height={200}
        alt="QR code to scan with your authenticator app (the key below holds the same)"
      />
      <p>
        Cannot scan it? Choose to enter a key, and type this one (a time-based key):
        <br />
        <code className="manual-key" id="manual-key">
          {manualKey}
        </code>{' '}
        <Button variant="link" type="button" data-copy="manual-key" hidden>
          Copy key
        </Button>
      </p>
      <SettingsForm action={SECURITY_PATHS.confirmation} submitLabel="Turn on">
        <FormField
          name="code"
          label="Code from your app"
          hint="The 6-digit code the app shows now."
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={7}
          className="input--10ch"
          error={error}
        />
      </SettingsForm>
    </section>
  );
}
