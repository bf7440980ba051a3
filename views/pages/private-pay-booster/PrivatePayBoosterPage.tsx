// /private-pay-booster: Private Pay Booster (claims and benefits verification) for the selected profile:
// the Log in to Private Pay Booster button when the rules of spec 1 §6 allow it, else why not, and the
// upgrade for someone who manages the account's billing.
import { PrivatePayBoosterButton } from '../../components/AddOnButtons';
import { ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Notice } from '../../components/ui/Notice';

export interface PrivatePayBoosterView {
  providerId: number;
  providerName: string;
  /** The Log in to Private Pay Booster button shows. */
  canSignIn: boolean;
  /** /reimbursify/upgrade/{accountId} for someone who manages the account's billing; null otherwise. */
  upgradeHref: string | null;
}

export function PrivatePayBoosterPage({ view }: { view: PrivatePayBoosterView | null }) {
  if (!view) return <Notice>Choose a profile first: Private Pay Booster belongs to a profile's account.</Notice>;
  return (
    <Card
      id="private-pay-booster"
      title={`Private Pay Booster for ${view.providerName}`}
      footer={
        (view.canSignIn || view.upgradeHref) && (
          <div className="actions">
            {view.canSignIn && <PrivatePayBoosterButton providerId={view.providerId} />}
            {view.upgradeHref && <ButtonLink href={view.upgradeHref}>Upgrade Private Pay Booster</ButtonLink>}
          </div>
        )
      }
    >
      <p>
        Private Pay Booster checks your clients' out-of-network benefits and files their claims, so more clients can
        afford to see you.
      </p>
      {view.canSignIn ? (
        <p>Log in to Private Pay Booster opens the tool in a new window, already signed in.</p>
      ) : (
        <p>
          Signing in to Private Pay Booster is open to the account owner and Private Pay Booster roles, on an account
          with Private Pay Booster or a membership in good standing.
        </p>
      )}
    </Card>
  );
}
