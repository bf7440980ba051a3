// /login/verify: the second step of signing in (spec 1 §4 Session outcome 1, issue [25]): a code from the
// authenticator app, a code sent by SMS, or a recovery code, with links to the other methods the user has.
import { PostForm } from '../../components/PostForm';
import { FormField } from '../../components/form/FormField';
import { FormError } from '../../components/form/FieldError';
import { Button } from '../../components/ui/Button';

export type SecondFactorMethodView = 'authenticator' | 'sms' | 'recovery';

export interface SecondFactorPageProps {
  method: SecondFactorMethodView;
  /** The methods the user has: SMS with the phone's last four digits, the app, recovery codes left. */
  available: { sms: string | null; authenticator: boolean; recoveryCodesLeft: number };
  error?: string;
  throttled?: boolean;
  remember: boolean;
  /** Where a member who lost every way in writes (nobody can reach a signed-in page yet). */
  supportEmail: string;
}

const ACTION = '/login/verify';

function RememberBox({ remember }: { remember: boolean }) {
  return (
    <div className="field field--check">
      <input type="checkbox" id="remember" name="remember" value="1" defaultChecked={remember} />
      <label htmlFor="remember">Remember this device for 30 days</label>
    </div>
  );
}

function Intro({ method, sms }: { method: SecondFactorMethodView; sms: string | null }) {
  if (method === 'authenticator') return <p>Open your authenticator app and enter the 6-digit code it shows.</p>;
  if (method === 'recovery')
    return <p>Enter one of the recovery codes you saved when you set up two-factor authentication. Each works once.</p>;
  return (
    <p>
      We sent a 6-digit code by text message to{' '}
      {sms ? (
        <>
          the phone number ending in <strong>{sms}</strong>
        </>
      ) : (
        'your phone'
      )}
      . It works for 10 minutes.
    </p>
  );
}

export function SecondFactorPage({
  method,
  available,
  error,
  throttled,
  remember,
  supportEmail,
}: SecondFactorPageProps) {
  const label =
    method === 'recovery' ? 'Recovery code' : method === 'authenticator' ? 'Code from your app' : 'Verification code';
  return (
    <>
      <FormError
        id="code-throttled"
        message={throttled ? 'There have been too many attempts. Please try again later.' : null}
      />
      <Intro method={method} sms={available.sms} />
      <PostForm action={ACTION} noValidate>
        <input type="hidden" name="method" value={method} />
        {method === 'recovery' ? (
          <FormField
            name="token"
            label={label}
            hint="For example abcde-fghjk"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={20}
            error={error}
          />
        ) : (
          <FormField
            name="token"
            label={label}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={7}
            error={error}
          />
        )}
        <RememberBox remember={remember} />
        <div className="actions">
          <Button>Verify</Button>
          <a href="/login">Cancel</a>
        </div>
      </PostForm>
      {method === 'sms' && (
        <PostForm action={`${ACTION}/new-code`} className="inline-form">
          <p>
            Didn&apos;t get it? <Button variant="link">Request new code</Button>
          </p>
        </PostForm>
      )}
      <section aria-labelledby="other-ways">
        <h2 id="other-ways">Other ways to verify</h2>
        <ul className="line-list">
          {method !== 'authenticator' && available.authenticator && (
            <li>
              <a href={`${ACTION}?method=authenticator`}>Use your authenticator app</a>
            </li>
          )}
          {method !== 'sms' && available.sms && (
            <li>
              <PostForm action={`${ACTION}/new-code`} className="inline-form">
                <Button variant="link">Text a code to the phone number ending in {available.sms}</Button>
              </PostForm>
            </li>
          )}
          {method !== 'recovery' && available.recoveryCodesLeft > 0 && (
            <li>
              <a href={`${ACTION}?method=recovery`}>Use a recovery code</a>
            </li>
          )}
          {available.authenticator && available.recoveryCodesLeft === 0 && <li>You have no recovery codes left.</li>}
          <li>
            Lost your phone and your recovery codes? Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </li>
        </ul>
      </section>
    </>
  );
}
