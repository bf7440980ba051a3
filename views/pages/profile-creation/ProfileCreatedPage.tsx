// After creation on an account with a paid plan (spec 1 §2): the success page, with the way to the
// new profile (switch to it) and, for an invited clinician, what happens next.
import { PostForm } from '../../components/PostForm';
import { Button, ButtonLink } from '../../components/ui/Button';

export interface ProfileCreatedPageProps {
  name: string;
  /** "you", "your practice" or "your provider" (spec 1 §6). */
  possessive: string;
  providerId: number;
  canSwitch: boolean;
}

export function ProfileCreatedPage({ name, possessive, providerId, canSwitch }: ProfileCreatedPageProps) {
  return (
    <div className="card">
      <p>
        <strong>{name}</strong> is ready to be completed. Your plan already covers {possessive} profile, so there is
        nothing to pay.
      </p>
      {canSwitch ? (
        <>
          <p>Switch to the new profile to add locations, professions and a photo, then make it live.</p>
          <div className="actions">
            <PostForm action={`/profiles/${providerId}/selection`}>
              <input type="hidden" name="next" value="/" />
              <Button>Switch to {name}</Button>
            </PostForm>
            <ButtonLink href="/profiles">Choose a Profile</ButtonLink>
          </div>
        </>
      ) : (
        <>
          <p>Your provider completes the profile after accepting the invitation.</p>
          <div className="actions">
            <ButtonLink variant="primary" href="/">
              Go home
            </ButtonLink>
          </div>
        </>
      )}
    </div>
  );
}
