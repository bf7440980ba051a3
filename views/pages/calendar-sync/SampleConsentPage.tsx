// The stand-in for Google's consent screen while Google Calendar is not set up (outside production):
// Allow and Cancel go back to the OAuth callback as Google would, with a code or an error.
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Notice } from '../../components/ui/Notice';

export interface SampleConsentProps {
  callbackPath: string;
  state: string;
  code: string;
  email: string;
  brand: string;
}

export function SampleConsentPage({ callbackPath, state, code, email, brand }: SampleConsentProps) {
  return (
    <div className="sample-consent">
      <Notice tone="info">
        Google Calendar is not set up on this server. This page stands in for Google&apos;s consent screen, with a
        sample account.
      </Notice>
      <Card
        id="consent"
        title={`${brand} wants to access your Google account`}
        footer={
          <>
            <form method="get" action={callbackPath}>
              <input type="hidden" name="state" value={state} />
              <input type="hidden" name="code" value={code} />
              <Button>Allow</Button>
            </form>
            <form method="get" action={callbackPath}>
              <input type="hidden" name="state" value={state} />
              <input type="hidden" name="error" value="access_denied" />
              <Button variant="secondary">Cancel</Button>
            </form>
          </>
        }
      >
        <p>
          Signed in as <strong>{email}</strong>.
        </p>
        <p>It will be able to:</p>
        <ul>
          <li>see the list of your calendars;</li>
          <li>see when you are busy on them (not what the events are).</li>
        </ul>
      </Card>
    </div>
  );
}
