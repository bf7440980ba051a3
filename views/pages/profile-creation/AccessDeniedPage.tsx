import { ButtonLink } from '../../components/ui/Button';

// What a user without the role a page needs sees (spec 3 §2 Referral Data: "Oops! You are unable to
// access this resource..." with a contact-support link; the Practice Inbox uses the same page).
export function ResourceDeniedPage({ message }: { message: string }) {
  return (
    <div className="card">
      <p>{message}</p>
      <p>
        If you think you should have access, please <a href="/contact">contact support</a>.
      </p>
      <p className="actions">
        <ButtonLink variant="primary" href="/">
          Go home
        </ButtonLink>
      </p>
    </div>
  );
}
