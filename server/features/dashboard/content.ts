// Static dashboard content (spec 2 §2): announcements and the three blog-post cards. Edited here,
// in code review, like any other copy of the portal.

/**
 * The one-time copywriting product (spec 3 §9: copywriting 70), by its catalog lookup key: its Stripe
 * price id differs between accounts, so the card's link is resolved when it is followed.
 */
export const COPYWRITING_CHECKOUT = 'checkout:copywriting_v3';

export interface Announcement {
  date: string;
  title: string;
  text: string;
  href?: string;
  linkLabel?: string;
}

export const ANNOUNCEMENTS: readonly Announcement[] = [
  {
    date: '2026-11-02',
    title: 'Phone consultations now show on your dashboard',
    text: 'Your consultations for today and tomorrow are listed here, with a link to your full calendar.',
    href: '/tips/phone-consultations',
    linkLabel: 'Tips for phone consultations',
  },
  {
    date: '2026-10-15',
    title: 'Provider community for four states',
    text: 'Providers in Rhode Island, Massachusetts, New York and California can join their state community and listserv.',
    href: '/benefits/provider-community',
    linkLabel: 'Join the community',
  },
];

export interface BlogPost {
  title: string;
  summary: string;
  path: string;
}

/** Three posts on the directory's blog; paths are joined to the client site's address. */
export const BLOG_POSTS: readonly BlogPost[] = [
  {
    title: 'Writing a profile statement that clients connect with',
    summary: 'Speak to the client in front of you: what they feel, what changes, and how you work.',
    path: '/blog/writing-a-profile-statement',
  },
  {
    title: 'Five ways to make the most of phone consultations',
    summary: 'A short call helps clients decide. Here is how to make it count for both of you.',
    path: '/blog/phone-consultation-tips',
  },
  {
    title: 'Out-of-network benefits, explained for your clients',
    summary: 'Superbills, courtesy billing and direct billing: what to say when clients ask.',
    path: '/blog/out-of-network-benefits',
  },
];

/** A blog post's address on the client site (same origin as CLIENT_SITE_URL). */
export const blogPostUrl = (clientSiteUrl: string, post: BlogPost): string =>
  new URL(post.path, clientSiteUrl).toString();
