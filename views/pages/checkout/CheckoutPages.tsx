// The checkout pages of our own (spec 3 §2 /checkout routes, §8): the problem page, and the thank-you
// page of a purchase made without signing in. The payment itself happens on the card processor's page.
import { ButtonLink } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';

export const CHECKOUT_MESSAGES = {
  invalidPrice: 'Invalid price id',
  problem: 'Sorry, there appears to be a problem with your checkout link.',
} as const;

export function CheckoutProblemPage({
  message,
  detail,
  homeHref,
}: {
  message: string;
  detail?: string | null;
  homeHref: string;
}) {
  return (
    <section className="card dialog-card">
      <Notice tone="error">
        <p>{message}</p>
        {detail && <p>{detail}</p>}
      </Notice>
      <p className="actions">
        <ButtonLink href={homeHref}>Go back</ButtonLink>
      </p>
    </section>
  );
}

export function CheckoutThanksPage({ message }: { message: string }) {
  return (
    <section className="card dialog-card">
      <Notice tone="success">
        <p>{message}</p>
      </Notice>
      <p className="actions">
        <ButtonLink href="/login" variant="primary">
          Sign in to the Members Portal
        </ButtonLink>
      </p>
    </section>
  );
}
