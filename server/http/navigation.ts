// The side menu and profile menu for a viewer: items shown per role and provider type (spec 1 §2, §6),
// with the lock on benefits and resources for a provider without a paid plan.
import type { NavItem, NavSection } from '../../views/page-context';
import * as policy from '../domain/accounts';
import type { Viewer } from '../domain/accounts';

/** Member pages that stay open without a paid membership (spec 1 §2). */
export const UNGATED_MEMBER_PAGES = new Set(['/benefits/photo-licensing', '/fee-calculator', '/contact', '/help-desk']);

export function publicProfileUrl(base: string, provider: { type: string; slug: string | null; id: number }): string {
  const segment = provider.type === 'practice' ? 'practices' : 'therapists';
  return `${base}/${segment}/${provider.slug ?? provider.id}`;
}

export function buildNavigation(viewer: Viewer | undefined, config: { publicProfileBaseUrl: string }): { sideMenu: NavSection[]; profileMenu: NavItem[] } {
  if (!viewer) return { sideMenu: [], profileMenu: [] };
  const provider = viewer.provider;
  const practice = provider?.type === 'practice';
  const locked = (href: string) => Boolean(provider && !provider.hasPaidPlan && !UNGATED_MEMBER_PAGES.has(href));
  const member = (label: string, href: string): NavItem => ({ label, href, locked: locked(href) });

  const sideMenu: NavSection[] = [
    { label: 'Dashboard', href: '/', items: [] },
    { label: 'Availability & Locations', href: '/profile/availability-locations', items: [] },
    {
      label: 'Client Referrals',
      items: [
        provider?.hasCalendar ? { label: 'Full Client List', href: '/client-list' } : { label: 'Full Client List', href: '/client-referrals' },
        ...(provider?.hasCalendar ? [{ label: 'Call Calendar', href: '/calendar' }] : []),
        { label: 'Messages', href: '/messages' },
      ],
    },
  ];
  if (provider && ['active', 'reviewing', 'pending'].includes(provider.status)) {
    sideMenu.push({ label: 'View Profile', href: publicProfileUrl(config.publicProfileBaseUrl, provider), external: true, items: [] });
  }
  sideMenu.push(
    {
      label: 'Edit Profile',
      items: [
        { label: 'General Information', href: '/profile/general-information' },
        { label: practice ? 'Practice Description' : 'Statement & Message', href: '/profile/message-statement' },
        { label: 'Specialties', href: '/profile/specialties' },
        { label: 'Clientele & Approach', href: '/profile/clientele-approach' },
        { label: 'Insurance & Fees', href: '/profile/insurance-fees' },
        ...(practice ? [] : [{ label: 'Education & Employment', href: '/profile/education-employment' }]),
        { label: 'Photos & Video', href: '/profile/photos-video' },
        { label: 'Therapy Groups', href: '/therapy-groups' },
        { label: 'Testimonials & Feedback', href: '/testimonials' },
        ...(practice ? [{ label: 'Practice Providers', href: '/practice/providers' }] : []),
        { label: 'Clinical Vetting', href: '/vetting/quiz' },
      ],
    },
    {
      label: 'Account Benefits',
      items: [
        member('Web Badge', '/benefits/web-badge'),
        member('Photo & Video Shoot', '/benefits/photo-videoshoot'),
        member('Blog Features', '/benefits/blog-features'),
        ...(provider?.hasVideos ? [member('Video Embedding', '/benefits/video-embedding')] : []),
        member('Provider Community', '/benefits/provider-community'),
        member('Photo Licensing', '/benefits/photo-licensing'),
        member('Partnerships', '/benefits/partnerships'),
        member('Client Matching', '/benefits/client-matching'),
        member('Refer & Earn', '/refer-and-earn'),
      ],
    },
    {
      label: 'Practice Resources',
      items: [
        member('Phone Consultation Tips', '/tips/phone-consultations'),
        member('Increasing Referrals', '/tips/increasing-referrals'),
        member('Membership Tips', '/tips/membership'),
        member('Listserv', '/listserv'),
        member('Fee Calculator', '/fee-calculator'),
      ],
    },
    { label: 'Support', items: [{ label: 'Help Desk', href: '/help-desk' }, { label: 'Contact Us', href: '/contact' }] },
  );

  const profileMenu: NavItem[] = [
    ...(policy.canSeePracticeManagement(viewer) ? [{ label: 'Practice Management', href: '/practice-management' }] : []),
    { label: 'Account Settings', href: '/account-preferences' },
    ...(policy.canCreateProfiles(viewer) ? [{ label: 'Create New Profile', href: '/profiles/create' }] : []),
    ...(policy.canManagePlans(viewer) ? [{ label: 'Plan Management', href: '/plan-management' }] : []),
    ...(viewer.providers.length > 1 ? [{ label: 'Switch Profile', href: '/profiles' }] : []),
    ...(policy.canExportReferrals(viewer) ? [{ label: 'Referral Data', href: '/referral-data' }] : []),
    ...(policy.canUsePracticeInbox(viewer) ? [{ label: 'Practice Inbox', href: '/practice-inbox' }] : []),
  ];
  return { sideMenu, profileMenu };
}
