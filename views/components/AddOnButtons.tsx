// The add-ons' call-to-action buttons (spec 1 §2): Try / Set Up / Log in to / Activate Practice
// Management and Log in to Private Pay Booster. Which ones show is decided on the server
// (server/domain/practice-management); this only draws them. Private Pay Booster's sign-in is a post
// (its token must never sit in a link), answered in a new window.
import { formatShortDayIn } from './format';
import { PostForm } from './PostForm';
import { Button, ButtonLink } from './ui/Button';
import { Label } from './ui/Label';

/** A running Practice Management trial: its end (ISO, read in `timeZone`) and where to buy, for whom may. */
export interface TrialView {
  endsAt: string;
  timeZone: string;
  buyHref: string | null;
}

export interface AddOnButtonsView {
  practiceManagement: { kind: string; label: string; href: string; external: boolean } | null;
  practiceManagementTrial?: TrialView | null;
  privatePayBooster: { providerId: number } | null;
}

export const PRIVATE_PAY_BOOSTER_SIGN_IN = '/private-pay-booster/sign-in';

export function PracticeManagementButton({
  cta,
  variant = 'secondary',
}: {
  cta: NonNullable<AddOnButtonsView['practiceManagement']>;
  variant?: 'primary' | 'secondary';
}) {
  return cta.external ? (
    <ButtonLink variant={variant} href={cta.href} target="_blank" rel="noopener noreferrer">
      {cta.label}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </ButtonLink>
  ) : (
    <ButtonLink variant={variant} href={cta.href}>
      {cta.label}
    </ButtonLink>
  );
}

export function PrivatePayBoosterButton({ providerId }: { providerId: number }) {
  return (
    <PostForm action={PRIVATE_PAY_BOOSTER_SIGN_IN} target="_blank" className="add-on-buttons__form">
      <input type="hidden" name="provider_id" value={String(providerId)} />
      <Button variant="secondary">
        Log in to Private Pay Booster<span className="visually-hidden"> (opens in a new tab)</span>
      </Button>
    </PostForm>
  );
}

/** A running trial: a warning with the day it ends and the buy action beside it, never a green "Active". */
export function TrialLabel({ trial }: { trial: TrialView }) {
  return (
    <span className="label-with-action">
      <Label state="attention">{`Trial · ends ${formatShortDayIn(trial.endsAt, trial.timeZone)}`}</Label>
      {/* Named after the page it opens: the upgrade flow's title. */}
      {trial.buyHref && <a href={trial.buyHref}>Add Practice Management</a>}
    </span>
  );
}

/** Both buttons in one action row (a running trial's label above them), or nothing when neither applies. */
export function AddOnButtons({ buttons }: { buttons: AddOnButtonsView }) {
  if (!buttons.practiceManagement && !buttons.privatePayBooster) return null;
  return (
    <>
      {buttons.practiceManagementTrial && (
        <p>
          Practice Management: <TrialLabel trial={buttons.practiceManagementTrial} />
        </p>
      )}
      <div className="actions add-on-buttons">
        {buttons.practiceManagement && <PracticeManagementButton cta={buttons.practiceManagement} />}
        {buttons.privatePayBooster && <PrivatePayBoosterButton providerId={buttons.privatePayBooster.providerId} />}
      </div>
    </>
  );
}
