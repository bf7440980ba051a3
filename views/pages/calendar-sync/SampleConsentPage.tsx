// The stand-in for Google's or Microsoft's consent screen while the service is not set up (outside
// production): Allow and Cancel go back to the OAuth callback as the service would, with a code or an error.
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Notice } from '../../components/ui/Notice';

export interface SampleConsentProps {
  /** Whose consent screen this stands in for (Google when absent). */
  service?: 'google' | 'microsoft';
  /** The consent asks to add events too (write-back). */
  write?: boolean;
  callbackPath: string;
  state: string;
  code: string;
  email: string;
  brand: string;
}

const SERVICES = {
  google: { service: 'Google Calendar', owner: 'Google', account: 'Google account', what: 'when you are busy on them' },
  microsoft: {
    service: 'Outlook',
    owner: 'Microsoft',
    account: 'Microsoft account',
    what: 'when you are busy on them, from the times and free/busy status of their events',
  },
} as const;

export function SampleConsentPage({
  service = 'google',
  write = false,
  callbackPath,
  state,
  code,
  email,
  brand,
}: SampleConsentProps) {
  const words = SERVICES[service];
  return (
    <div className="sample-consent">
      <Notice tone="info">
        {words.service} is not set up on this server. This page stands in for {words.owner}&apos;s consent screen, with
        a sample account.
      </Notice>
      <Card
        id="consent"
        title={`${brand} wants to access your ${words.account}`}
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
          <li>
            see {words.what} (not what the events are){write ? ';' : '.'}
          </li>
          {write && <li>add, change and delete the events it makes in your calendars (your phone consultations).</li>}
        </ul>
      </Card>
    </div>
  );
}
