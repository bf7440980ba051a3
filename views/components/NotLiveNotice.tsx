// The "profile not live" empty state of spec 2 §4 "Inactive profiles" and §8: a profile that is not
// active cannot use what only live profiles get (therapy groups now, referral lists later). It says
// why and links to the next step for the profile's status.
import type { ReactNode } from 'react';

const NEXT_STEP: Record<string, { text: string; href: string; label: string }> = {
  inactive: { text: 'Your membership is inactive.', href: '/plan-management', label: 'Reactivate your membership' },
  locked: { text: 'Your membership needs our attention.', href: '/contact', label: 'Contact us' },
  pending: {
    text: 'We are reviewing your profile; it will go live within 24 business hours.',
    href: '/contact',
    label: 'Questions? Contact us',
  },
  reviewing: { text: 'Your profile is ready to go live.', href: '/', label: 'Go to your dashboard' },
  incomplete: { text: 'Your profile is not finished yet.', href: '/', label: 'Finish your profile' },
};

export function NotLiveNotice({
  status,
  children,
}: {
  /** The provider's status (anything but active). */
  status: string;
  /** What the provider cannot do until the profile is live. */
  children: ReactNode;
}) {
  const next = NEXT_STEP[status] ?? NEXT_STEP.inactive!;
  return (
    <div className="not-live-notice" role="status">
      <p className="not-live-notice__title">
        <strong>Your profile is not live.</strong> {next.text}
      </p>
      <p>{children}</p>
      <p>
        <a href={next.href}>{next.label}</a>
      </p>
    </div>
  );
}
