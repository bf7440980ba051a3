// Which profiles show the status banner of spec 1 §4, and where its buttons lead. Active profiles show none.
import type { BannerStatus, StatusBannerView } from '../../views/page-context';

/** The banner for a profile, or null (active, or an unknown status). */
export function statusBannerFor(
  provider: { id: number; status: string },
  links: { continueHref?: string; previewHref?: string },
): StatusBannerView | null {
  const status = provider.status as BannerStatus;
  if (!['locked', 'inactive', 'incomplete', 'reviewing', 'pending'].includes(status)) return null;
  return {
    status,
    providerId: provider.id,
    ...(status === 'incomplete' ? { continueHref: links.continueHref ?? '/' } : {}),
    ...(status === 'reviewing' && links.previewHref ? { previewHref: links.previewHref } : {}),
  };
}
