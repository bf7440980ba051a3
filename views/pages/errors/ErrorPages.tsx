import { ButtonLink } from '../../components/ui/Button';

// The pages a user sees when something is missing, forbidden or broken: never a stack trace.
export function NotFoundPage() {
  return (
    <>
      <p>It appears you landed on a page that doesn't exist.</p>
      <p className="actions">
        <ButtonLink variant="primary" href="/">
          Go home
        </ButtonLink>
      </p>
    </>
  );
}

export function ForbiddenPage({ message, backHref }: { message: string; backHref: string }) {
  return (
    <>
      <p>{message}</p>
      <p className="actions">
        <ButtonLink variant="primary" href={backHref}>
          Go back
        </ButtonLink>
      </p>
    </>
  );
}

export function ServerErrorPage({ requestId }: { requestId: string }) {
  return (
    <>
      <p>Something went wrong on our side and the page could not be shown. Please try again in a moment.</p>
      <p className="hint">
        If it keeps happening, contact support and mention this reference: <code>{requestId}</code>
      </p>
      <p className="actions">
        <ButtonLink variant="primary" href="/">
          Go home
        </ButtonLink>
      </p>
    </>
  );
}

/** A profile page whose data could not be read (spec 1 §8): the spec's text and a way to try again. */
export function ProfileLoadErrorPage({
  message,
  retryHref,
  requestId,
}: {
  message: string;
  retryHref: string;
  requestId: string;
}) {
  return (
    <>
      <p role="alert">{message}</p>
      <p className="hint">
        If it keeps happening, contact support and mention this reference: <code>{requestId}</code>
      </p>
      <p className="actions">
        <ButtonLink variant="primary" href={retryHref}>
          Try again
        </ButtonLink>
      </p>
    </>
  );
}
