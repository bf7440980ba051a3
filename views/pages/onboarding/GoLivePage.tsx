// Wizard step: Go Live (spec 1 §4 Go Live button). Without JavaScript the spec's modals are pages:
// the ready checkbox, the result, the subscription prompt and the not-permitted message.
import { PostForm } from '../../components/PostForm';
import { WizardFrame, type WizardProgress } from './WizardFrame';
import { Button, ButtonLink } from '../../components/ui/Button';
import { FieldError } from '../../components/form/FieldError';

export type GoLiveView =
  | { kind: 'form'; error?: string; missingSteps: { label: string; href: string }[] }
  | { kind: 'active' }
  | { kind: 'pending' }
  | { kind: 'subscribe' }
  | { kind: 'not-permitted' };

export const GO_LIVE_TEXT = {
  active: 'Congratulations! Your profile is live.',
  pending: 'Thank you! Your profile will be reviewed and go live within 24 business hours.',
  subscribe: 'Start your membership to go live',
  notPermitted:
    "You don't have permission to take this profile live. Please ask the account owner to go live, or contact us.",
} as const;

export function GoLivePage({
  providerId,
  progress,
  view,
}: {
  providerId: number;
  progress?: WizardProgress;
  view: GoLiveView;
}) {
  return (
    <WizardFrame step="go-live" providerId={providerId} progress={progress}>
      {view.kind === 'form' && (
        <>
          {view.missingSteps.length > 0 && (
            <div className="notice">
              <p>A few steps are still open; your profile reads best with all of them done:</p>
              <ul>
                {view.missingSteps.map((s) => (
                  <li key={s.href}>
                    <a href={s.href}>{s.label}</a>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <p>Your profile is ready. When you go live, clients can find you in the directory.</p>
          <PostForm action={`/profiles/go-live-for/${providerId}`}>
            <FieldError id="ready" error={view.error} />
            <div className={view.error ? 'field field--check field--error' : 'field field--check'}>
              <input
                type="checkbox"
                id="ready"
                name="ready"
                value="1"
                aria-invalid={view.error ? true : undefined}
                aria-describedby={view.error ? 'ready-error' : undefined}
              />
              <label htmlFor="ready">I'm ready to go live</label>
            </div>
            <div className="actions">
              <Button>Go live</Button>
            </div>
          </PostForm>
        </>
      )}
      {view.kind === 'active' && (
        <div className="card">
          <p>
            <strong>{GO_LIVE_TEXT.active}</strong>
          </p>
          <p>
            <ButtonLink variant="primary" href="/">
              Go to your dashboard
            </ButtonLink>
          </p>
        </div>
      )}
      {view.kind === 'pending' && (
        <div className="card">
          <p>
            <strong>{GO_LIVE_TEXT.pending}</strong>
          </p>
          <p>
            We check your licence for every state where you see clients before your profile appears in the directory.
          </p>
          <p>
            <ButtonLink variant="primary" href="/">
              Go to your dashboard
            </ButtonLink>
          </p>
        </div>
      )}
      {view.kind === 'subscribe' && (
        <div className="card">
          <h2>{GO_LIVE_TEXT.subscribe}</h2>
          <p>Your profile is ready. Choose a membership plan and it goes live right after payment.</p>
          <p>
            <ButtonLink variant="primary" href={`/profiles/pay-for/${providerId}`}>
              Start membership
            </ButtonLink>
          </p>
        </div>
      )}
      {view.kind === 'not-permitted' && (
        <div className="card" role="alert">
          <p>{GO_LIVE_TEXT.notPermitted}</p>
          <p>
            <a href="/">Go to your dashboard</a>
          </p>
        </div>
      )}
    </WizardFrame>
  );
}
