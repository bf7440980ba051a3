import { ButtonLink } from '../../components/ui/Button';

// /login/help: I forgot my password / I forgot my email address (spec 1 §2).
export function LoginHelpPage({ clientSiteUrl }: { clientSiteUrl: string }) {
  return (
    <>
      <div className="card">
        <h2>I forgot my password</h2>
        <p>We will e-mail you a link to choose a new one.</p>
        <p>
          <ButtonLink variant="primary" href="/password/request">
            Reset password
          </ButtonLink>
        </p>
      </div>
      <div className="card">
        <h2>I forgot my email address</h2>
        <p>Tell us your name and phone number and we will help you find the address you signed up with.</p>
        <p>
          <ButtonLink href="/account/recover">Recover my account</ButtonLink>
        </p>
      </div>
      <p>
        New provider? <a href="/signup">Create an account</a>
      </p>
      <p>
        Looking for your client account? <a href={clientSiteUrl}>Client login</a>
      </p>
      <p>
        <a href="/login">Back to log in</a>
      </p>
    </>
  );
}
