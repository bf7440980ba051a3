// The availability confirmation prompt (#confirmed): confirm it as it is, or open it to update.
import { PostForm } from '../../components/PostForm';
import { PAGE_PATH, type PageView } from './view';
import { Button, ButtonLink } from '../../components/ui/Button';

export function ConfirmationCard({ view }: { view: PageView }) {
  return (
    <section className="card" id="confirmed" aria-labelledby="confirmed-heading">
      <h2 id="confirmed-heading">Is your availability up to date?</h2>
      {view.confirmationNeeded ? (
        <>
          <p>
            {view.lastUpdatedText
              ? `You last updated your availability on ${view.lastUpdatedText}.`
              : 'You have not confirmed your availability yet.'}{' '}
            Clients rely on it when they reach out: please confirm it or update it below.
          </p>
          <PostForm action={`${PAGE_PATH}/confirmation`} className="actions">
            <Button>Yes, my availability is up to date</Button>
            <ButtonLink href={`${PAGE_PATH}?edit=availability#availability`}>Update my availability</ButtonLink>
          </PostForm>
        </>
      ) : (
        <p>Thank you! Your availability was last confirmed on {view.lastUpdatedText}.</p>
      )}
    </section>
  );
}
