// The Account Benefits pages (spec 1 §2, spec 2 §2 "Benefit and tips pages"), server-rendered with no
// islands: web badge (and the badge image itself), photo & video shoot with its five scheduling pages,
// blog features, video embedding, provider community, photo licensing, partnerships, client matching,
// listserv and refer & earn.
import { Router, type Request, type Response } from 'express';
import type { ReactNode } from 'react';
import { NotFoundError } from '../../lib/errors';
import { publicProfileUrl } from '../../http/navigation';
import { requireSignIn } from '../../http/guards';
import { selectedProfile } from '../../http/profile-editing';
import { render } from '../../http/render';
import { allowFramesFrom } from '../../http/security';
import { REFERRAL_OFFER } from '../../domain/accounts';
import { addOnButtonsFor } from '../../domain/practice-management';
import { BlogFeaturesPage } from '../../../views/pages/benefits/BlogFeaturesPage';
import { ClientMatchingPage } from '../../../views/pages/benefits/ClientMatchingPage';
import { ListservPage } from '../../../views/pages/benefits/ListservPage';
import { PartnershipsPage } from '../../../views/pages/benefits/PartnershipsPage';
import { PhotoLicensingPage } from '../../../views/pages/benefits/PhotoLicensingPage';
import { PhotoVideoshootPage } from '../../../views/pages/benefits/PhotoVideoshootPage';
import { PhotoVideoshootTypePage } from '../../../views/pages/benefits/PhotoVideoshootTypePage';
import { ProviderCommunityPage } from '../../../views/pages/benefits/ProviderCommunityPage';
import { ReferAndEarnPage } from '../../../views/pages/benefits/ReferAndEarnPage';
import { VideoEmbeddingPage } from '../../../views/pages/benefits/VideoEmbeddingPage';
import { BADGE_HEIGHT, BADGE_WIDTH, WebBadgePage } from '../../../views/pages/benefits/WebBadgePage';
import { membersOnly } from '../../http/members-only';
import { PHOTO_SHOOT_OPTIONS } from './photo-shoots';
import * as service from './service';
import { EMBED_HEIGHT, EMBED_WIDTH } from './video-embed';
import type { FeatureDeps } from '../deps';
import { priceByLookupKey, priceIdsByLookupKey, productOf } from '../../domain/billing';

const SHOOT_PRICES = ['in_person_shoot_v3', 'in_person_group_shoot_v3', 'remote_shoot_v3', 'remote_group_shoot_v3'];

/** Public: websites load the badge from here, so it needs no sign-in. */
export const BADGE_PATH = '/badges/member.svg';

const escapeXml = (value: string) => value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const escapeHtml = escapeXml;

/** The member badge, 250x86, with the product name. */
export function badgeSvg(brand: string): string {
  const name = escapeXml(brand.length > 28 ? `${brand.slice(0, 27)}…` : brand);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${BADGE_WIDTH}" height="${BADGE_HEIGHT}" viewBox="0 0 ${BADGE_WIDTH} ${BADGE_HEIGHT}" role="img" aria-label="Member of ${name}">` +
    '<rect x="1" y="1" width="248" height="84" rx="10" fill="#ffffff" stroke="#1d5c63" stroke-width="2"/>' +
    '<circle cx="43" cy="43" r="27" fill="#1d5c63"/>' +
    '<path d="M30 44 l9 9 l18 -20" fill="none" stroke="#ffffff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>' +
    '<text x="82" y="36" font-family="Helvetica, Arial, sans-serif" font-size="13" fill="#52606d">Member of</text>' +
    `<text x="82" y="58" font-family="Helvetica, Arial, sans-serif" font-size="16" font-weight="700" fill="#1f2933" textLength="${Math.min(158, name.length * 9)}" lengthAdjust="spacingAndGlyphs">${name}</text>` +
    '</svg>'
  );
}

export function benefitRoutes({ db, config, menu, integrations, reads }: FeatureDeps): Router {
  const router = Router();
  menu.add(
    { menu: 'benefits', order: 10, label: 'Web Badge', href: '/benefits/web-badge', membersOnly: true },
    {
      menu: 'benefits',
      order: 20,
      label: 'Photo & Video Shoot',
      href: '/benefits/photo-videoshoot',
      membersOnly: true,
    },
    { menu: 'benefits', order: 30, label: 'Blog Features', href: '/benefits/blog-features', membersOnly: true },
    {
      menu: 'benefits',
      order: 40,
      label: 'Video Embedding',
      href: '/benefits/video-embedding',
      membersOnly: true,
      shown: (viewer) => Boolean(viewer.provider?.hasVideos),
    },
    {
      menu: 'benefits',
      order: 50,
      label: 'Provider Community',
      href: '/benefits/provider-community',
      membersOnly: true,
    },
    { menu: 'benefits', order: 60, label: 'Photo Licensing', href: '/benefits/photo-licensing', membersOnly: true },
    { menu: 'benefits', order: 70, label: 'Partnerships', href: '/benefits/partnerships', membersOnly: true },
    { menu: 'benefits', order: 80, label: 'Client Matching', href: '/benefits/client-matching', membersOnly: true },
    { menu: 'benefits', order: 90, label: 'Refer & Earn', href: '/refer-and-earn', membersOnly: true },
    { menu: 'resources', order: 40, label: 'Listserv', href: '/listserv', membersOnly: true },
  );
  const brand = config.brandName;
  const page = (req: Request, res: Response, title: string, element: ReactNode) =>
    render(req, res, { title, page: element });

  router.get(BADGE_PATH, (_req, res) => {
    res.type('image/svg+xml').set('Cache-Control', 'public, max-age=86400').send(badgeSvg(brand));
  });

  router.get('/benefits/web-badge', ...membersOnly('Web Badge'), (req, res) => {
    const provider = selectedProfile(res);
    const profileUrl = publicProfileUrl(config.publicProfileBaseUrl, provider);
    const snippet =
      `<a href="${escapeHtml(profileUrl)}" target="_blank" rel="noopener" title="${escapeHtml(`${provider.displayName} on ${brand}`)}">` +
      `<img src="${escapeHtml(config.portalUrl + BADGE_PATH)}" width="${BADGE_WIDTH}" height="${BADGE_HEIGHT}" alt="${escapeHtml(`Member of ${brand}`)}"></a>`;
    page(
      req,
      res,
      'Web Badge',
      <WebBadgePage
        badgePath={BADGE_PATH}
        snippet={snippet}
        profileUrl={profileUrl}
        live={provider.status === 'active'}
        brand={brand}
      />,
    );
  });

  router.get('/benefits/photo-videoshoot', ...membersOnly('Photo & Video Shoot'), async (req, res) => {
    const options = PHOTO_SHOOT_OPTIONS.map((o) => ({ ...o, href: `/benefits/photo-videoshoot/${o.type}` }));
    // The shoots themselves are paid through checkout, at the catalog's prices (spec 3 §9).
    const priceIds = await priceIdsByLookupKey(db);
    const shoots = SHOOT_PRICES.flatMap((key) => {
      const price = priceByLookupKey(key);
      const id = priceIds.get(key);
      return price && id ? [{ label: productOf(price).name, amount: price.amount, href: `/checkout/${id}` }] : [];
    });
    page(req, res, 'Photo & Video Shoot', <PhotoVideoshootPage options={options} shoots={shoots} />);
  });

  // Each option frames its own scheduling page: the CSP allows exactly that origin on that page.
  for (const option of PHOTO_SHOOT_OPTIONS) {
    const url = config.embeds.photoShoot[option.type];
    router.get(
      `/benefits/photo-videoshoot/${option.type}`,
      ...membersOnly('Photo & Video Shoot'),
      allowFramesFrom([url]),
      (req, res) => {
        page(
          req,
          res,
          'Photo & Video Shoot',
          <PhotoVideoshootTypePage label={option.label} description={option.description} schedulingUrl={url} />,
        );
      },
    );
  }
  // Any other type is not one of the five options.
  router.get('/benefits/photo-videoshoot/:type', requireSignIn, () => {
    throw new NotFoundError();
  });

  router.get('/benefits/blog-features', ...membersOnly('Blog Features'), (req, res) =>
    page(req, res, 'Blog Features', <BlogFeaturesPage brand={brand} supportEmail={config.supportEmail} />),
  );

  router.get('/benefits/video-embedding', ...membersOnly('Video Embedding'), async (req, res) => {
    // Only for profiles with videos (spec 2 §2); the side menu hides it for the others.
    if (!selectedProfile(res).hasVideos) throw new NotFoundError();
    const videos = await service.videoEmbeds(db, res.locals.viewer!);
    page(
      req,
      res,
      'Video Embedding',
      <VideoEmbeddingPage
        width={EMBED_WIDTH}
        height={EMBED_HEIGHT}
        videos={videos.map((v) => ({
          title: v.title,
          url: v.url,
          host: v.embed?.host ?? null,
          snippet: v.embed?.snippet ?? null,
        }))}
      />,
    );
  });

  router.get('/benefits/provider-community', ...membersOnly('Provider Community'), async (req, res) => {
    const boxes = await service.communityBoxes(db, res.locals.viewer!, config.providerCommunityEmail);
    page(req, res, 'Provider Community', <ProviderCommunityPage boxes={boxes} />);
  });

  router.get('/benefits/photo-licensing', requireSignIn, (req, res) =>
    page(req, res, 'Photo Licensing', <PhotoLicensingPage brand={brand} />),
  );

  router.get('/benefits/partnerships', ...membersOnly('Partnerships'), async (req, res) => {
    // The add-ons' buttons (spec 1 §2): the same rule as the dashboard's and /practice-management's.
    const addOns = await addOnButtonsFor(
      db,
      integrations.ehr.signInUrl,
      res.locals.viewer!,
      selectedProfile(res),
      new Date(),
      { reads },
    );
    page(req, res, 'Partnerships', <PartnershipsPage brand={brand} addOns={addOns} />);
  });

  router.get('/benefits/client-matching', ...membersOnly('Client Matching'), (req, res) =>
    page(req, res, 'Client Matching', <ClientMatchingPage />),
  );

  router.get('/listserv', ...membersOnly('Listserv'), async (req, res) => {
    const boxes = await service.communityBoxes(db, res.locals.viewer!, config.providerCommunityEmail);
    page(req, res, 'Listserv', <ListservPage boxes={boxes} />);
  });

  router.get('/refer-and-earn', ...membersOnly('Refer & Earn'), async (req, res) => {
    const { code, joined } = await service.referral(db, res.locals.viewer!);
    const link = `${config.portalUrl}/signup?referral=${encodeURIComponent(code)}`;
    page(req, res, 'Refer & Earn', <ReferAndEarnPage link={link} offer={REFERRAL_OFFER} joined={joined} />);
  });

  return router;
}
