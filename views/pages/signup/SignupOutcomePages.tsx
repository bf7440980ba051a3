// What registration answers when the e-mail address is already on file, or an invitation does not
// work (spec 1 §2 Registration page, §8 Registration failures).
import { PostForm } from '../../components/PostForm';
import { Button, ButtonLink } from '../../components/ui/Button';
import { InvitedTo } from './SignupPage';

/** 403: the address belongs to an account that cannot be used. */
export function AccountBlockedPage({ supportEmail }: { supportEmail: string }) {
  return (
    <>
      <p>
        <strong>Uh oh! This account cannot be accessed…</strong>
      </p>
      <p>
        This e-mail address belongs to an account we cannot open right now. Please write to{' '}
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a> and we will sort it out with you.
      </p>
    </>
  );
}

/** The address already signs in: log in instead. */
export function EmailTakenPage({ email }: { email: string }) {
  return (
    <>
      <p>
        An account with the e-mail address <strong>{email}</strong> already exists. Please log in instead.
      </p>
      <div className="actions">
        <ButtonLink variant="primary" href={`/login?email=${encodeURIComponent(email)}`}>
          Log in
        </ButtonLink>
        <a href="/password/request">Forgot your password?</a>
      </div>
    </>
  );
}

/** The address belongs to a standalone practice-management account. */
export function PracticeManagementAccountPage({
  email,
  practiceManagementUrl,
}: {
  email: string;
  practiceManagementUrl: string | null;
}) {
  return (
    <>
      <p>
        The e-mail address <strong>{email}</strong> already belongs to a practice-management account.
      </p>
      <p>Log in with it to add a directory profile to that account, or go to practice management.</p>
      <div className="actions">
        <ButtonLink variant="primary" href={`/login?email=${encodeURIComponent(email)}`}>
          Log in
        </ButtonLink>
        {practiceManagementUrl && <a href={practiceManagementUrl}>Log in to Practice Management</a>}
      </div>
    </>
  );
}

/** The address belongs to a client login: add a therapist profile to it, or go to the client login. */
export function ClientAccountPage({
  email,
  clientSiteUrl,
  addHref,
}: {
  email: string;
  clientSiteUrl: string;
  addHref: string;
}) {
  return (
    <>
      <p>
        The e-mail address <strong>{email}</strong> belongs to a client account.
      </p>
      <p>
        You can add a therapist profile to that login, or go to the client login if that is what you were looking for.
      </p>
      <div className="actions">
        <ButtonLink variant="primary" href={addHref}>
          Add a therapist profile
        </ButtonLink>
        <a href={clientSiteUrl}>Go to client login</a>
      </div>
    </>
  );
}

/** /signup/invite/{token} with an unknown, used or expired token. */
export function InviteInvalidPage() {
  return (
    <>
      <p>
        This invitation link is no longer valid: it has been used already, it has expired, or it was copied
        incompletely.
      </p>
      <p>
        If you already created your login with it, simply log in. Otherwise ask the person who invited you to send a new
        invitation.
      </p>
      <div className="actions">
        <ButtonLink variant="primary" href="/login">
          Log in
        </ButtonLink>
      </div>
    </>
  );
}

/** /signup-from-client when the login is already a provider login. */
export function AlreadyProviderPage({ email }: { email: string }) {
  return (
    <>
      <p>
        {email ? (
          <>
            The login <strong>{email}</strong>
          </>
        ) : (
          'This login'
        )}{' '}
        already has a provider account.
      </p>
      <div className="actions">
        <ButtonLink variant="primary" href={email ? `/login?email=${encodeURIComponent(email)}` : '/'}>
          {email ? 'Log in' : 'Go to your dashboard'}
        </ButtonLink>
      </div>
    </>
  );
}

/** A signed-in user opening an invitation: one button accepts it. */
export function InviteAcceptPage({
  action,
  invitedTo,
  roleLabel,
  invitedEmail,
  userEmail,
}: {
  action: string;
  invitedTo: string;
  roleLabel: string | null;
  invitedEmail: string;
  userEmail: string;
}) {
  if (invitedEmail && invitedEmail.toLowerCase() !== userEmail.toLowerCase())
    return <InviteOtherAddressPage invitedEmail={invitedEmail} userEmail={userEmail} />;
  return (
    <>
      <p>
        <InvitedTo name={invitedTo} roleLabel={roleLabel} />
      </p>
      <PostForm action={action}>
        <div className="actions">
          <Button>Accept invitation</Button>
          <a href="/">Not now</a>
        </div>
      </PostForm>
    </>
  );
}

/** The invitation was sent to another address than the one signed in. */
export function InviteOtherAddressPage({ invitedEmail, userEmail }: { invitedEmail: string; userEmail: string }) {
  return (
    <>
      <p>
        This invitation was sent to <strong>{invitedEmail}</strong>, but you are logged in as{' '}
        <strong>{userEmail}</strong>.
      </p>
      <p>Log out, then open the invitation link again to create a login for {invitedEmail} or to log in with it.</p>
      <div className="actions">
        <ButtonLink variant="primary" href="/logout">
          Log out
        </ButtonLink>
      </div>
    </>
  );
}

/**
 * 409: the profile took a name another profile reserved (spec 1 §3, §8). The registration is kept, but
 * its account is on hold until our team has checked it; nobody is signed in.
 */
export function ReservedNamePage({ name, supportEmail }: { name: string; supportEmail: string }) {
  return (
    <>
      <p>
        <strong>The name {name} is reserved for another profile in our directory.</strong>
      </p>
      <p>
        We have kept your registration, but it stays on hold until our team has checked it. Please write to{' '}
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a> and we will sort it out with you.
      </p>
    </>
  );
}
