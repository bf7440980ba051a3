// The provider status banner of spec 1 §4, on every dashboard page: locked, inactive, incomplete,
// reviewing and pending each say where the profile stands and what to do next; active shows nothing.
import { usePage } from '../page-context';
import { ButtonLink } from './ui/Button';

export const BANNER_TEXT = {
  locked: 'Your profile is not live. Please contact us to change your membership.',
  inactive:
    'Your profile is not live because your membership is inactive. Reactivate your membership to appear in the directory again.',
  incomplete: 'Your profile is not live yet. Finish it to preview your profile and go live.',
  reviewing: 'Your profile is ready to go live! Review it, then make it live.',
  pending: 'Your profile is being reviewed. It will go live within 24 business hours.',
} as const;

export function StatusBanner() {
  const banner = usePage().statusBanner;
  if (!banner) return null;
  return (
    <section className={`status-banner status-banner--${banner.status}`} aria-label="Profile status">
      <p>{BANNER_TEXT[banner.status]}</p>
      <div className="status-banner__actions">
        {banner.status === 'locked' && <a href="/contact">Contact us</a>}
        {banner.status === 'inactive' && (
          <ButtonLink variant="primary" href="/plan-management">
            Reactivate membership
          </ButtonLink>
        )}
        {banner.status === 'incomplete' && (
          <ButtonLink variant="primary" href={banner.continueHref}>
            Finish your profile
          </ButtonLink>
        )}
        {banner.status === 'reviewing' && (
          <>
            {banner.previewHref && (
              <a href={banner.previewHref} target="_blank" rel="noopener">
                Review your profile<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            )}
            <ButtonLink variant="primary" href={`/profiles/go-live-for/${banner.providerId}`}>
              Make profile live
            </ButtonLink>
          </>
        )}
      </div>
    </section>
  );
}
