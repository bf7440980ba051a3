// The add-ons' call-to-action buttons (spec 1 §2): Try / Set Up / Log in to / Activate Practice
// Management and Log in to Private Pay Booster. Which ones show is decided on the server
// (server/domain/practice-management); this only draws them. Private Pay Booster's sign-in is a post
// (its token must never sit in a link), answered in a new window.
import { PostForm } from './PostForm';
import { Button, ButtonLink } from './ui/Button';

export interface AddOnButtonsView {
  practiceManagement: { kind: string; label: string; href: string; external: boolean } | null;
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

/** Both buttons in one action row, or nothing when neither applies. */
export function AddOnButtons({ buttons }: { buttons: AddOnButtonsView }) {
  if (!buttons.practiceManagement && !buttons.privatePayBooster) return null;
  return (
    <div className="actions add-on-buttons">
      {buttons.practiceManagement && <PracticeManagementButton cta={buttons.practiceManagement} />}
      {buttons.privatePayBooster && <PrivatePayBoosterButton providerId={buttons.privatePayBooster.providerId} />}
    </div>
  );
}
