// The reactivated state (spec 3 §4 "Reactivating shows a success state with next steps"): the flash says
// it worked; this page says what to do next.
import { ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';

export function ReactivatedPage({ providerId, name, live }: { providerId: number; name: string; live: boolean }) {
  return (
    <Card id="reactivated" title="Your membership is active again">
      <p>
        The membership of <strong>{name}</strong> runs again from today. Next steps:
      </p>
      <ol className="next-steps">
        <li>
          {live
            ? 'Your profile is listed in the directory again.'
            : 'Review your profile and go live, so clients can find it in the directory.'}
        </li>
        <li>Check your availability and phone-consultation calendar, so new clients can book.</li>
        <li>See the payment and your next billing date on Plan Management.</li>
      </ol>
      <div className="actions">
        <ButtonLink variant="primary" href={live ? '/' : `/profiles/about-you-for/${providerId}`}>
          {live ? 'Go to the dashboard' : 'Review the profile'}
        </ButtonLink>
        <ButtonLink href="/plan-management">Plan Management</ButtonLink>
      </div>
    </Card>
  );
}
