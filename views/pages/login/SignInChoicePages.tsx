import { ButtonLink } from '../../components/ui/Button';

// Sign-in outcomes that need a choice (spec 1 §4 Session, outcomes 2 and 4): a client account asked
// whether the client login was meant, and a standalone practice-management account shown its link.

export function ClientLoginPage({ clientSiteUrl, continuePath }: { clientSiteUrl: string; continuePath?: string }) {
  return (
    <>
      <p>This e-mail address belongs to a client account. Did you mean to log in as a client?</p>
      <div className="actions">
        <ButtonLink variant="primary" href={clientSiteUrl}>
          Go to client login
        </ButtonLink>
        {continuePath ? (
          <a href={continuePath}>Continue to the Members Portal</a>
        ) : (
          <a href="/signup-from-client">Add a therapist profile instead</a>
        )}
      </div>
    </>
  );
}

/** Every account of the user is on hold (e.g. a reserved name at sign-up): nobody is signed in. */
export function AccountOnHoldPage({ supportEmail }: { supportEmail: string }) {
  return (
    <>
      <p>
        <strong>Your account is on hold until our team has checked it.</strong>
      </p>
      <p>
        Please write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a> and we will sort it out with you.
      </p>
    </>
  );
}

export function PracticeManagementReadyPage({ url, continuePath }: { url: string; continuePath: string }) {
  return (
    <>
      <p>Your practice-management account is ready.</p>
      <div className="actions">
        <ButtonLink variant="primary" href={url}>
          Log in to Practice Management
        </ButtonLink>
        <a href={continuePath}>Continue to the Members Portal</a>
      </div>
    </>
  );
}
