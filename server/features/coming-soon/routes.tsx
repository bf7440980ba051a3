// Every route of the spec answers from day one. Routes whose feature is not built yet are listed here
// and show an honest "coming soon" page; each feature removes its lines when it lands.
import { Router, type RequestHandler } from 'express';
import { requireSignIn } from '../../http/guards';
import { render, type LayoutName } from '../../http/render';
import { ComingSoonPage } from '../../../views/pages/coming-soon/ComingSoonPage';

interface PlannedRoute { path: string; title: string; signedIn: boolean; layout?: LayoutName }

const publicRoute = (path: string, title: string): PlannedRoute => ({ path, title, signedIn: false, layout: 'plain' });
const memberRoute = (path: string, title: string, layout: LayoutName = 'dashboard'): PlannedRoute => ({ path, title, signedIn: true, layout });

export const PLANNED_ROUTES: PlannedRoute[] = [
  publicRoute('/signup', 'Sign Up'),
  publicRoute('/signup/invite/:inviteToken', 'Sign Up'),
  publicRoute('/signup-from-client', 'Sign Up'),
  publicRoute('/zpm-signup', 'Practice Management Sign Up'),
  publicRoute('/zpm-signup/iframe-test', 'Practice Management Sign Up'),
  publicRoute('/checkout/no-sign-in/:priceId', 'Checkout'),
  memberRoute('/profiles/create', 'Create a New Profile', 'onboarding'),
  memberRoute('/profiles/create/:providerId', 'Create a New Profile', 'onboarding'),
  memberRoute('/profiles/about-you-for/:providerId', 'About You', 'onboarding'),
  memberRoute('/profiles/your-practice-for/:providerId', 'Your Practice', 'onboarding'),
  memberRoute('/profiles/photos-for/:providerId', 'Photos', 'onboarding'),
  memberRoute('/profiles/go-live-for/:providerId', 'Go Live', 'onboarding'),
  memberRoute('/profiles/pay-for/:providerId', 'Payment', 'onboarding'),
  memberRoute('/profile/general-information', 'General Information'),
  memberRoute('/profile/availability-locations', 'Availability & Locations'),
  memberRoute('/profile/insurance-fees', 'Insurance & Fees'),
  memberRoute('/profile/specialties', 'Specialties'),
  memberRoute('/profile/clientele-approach', 'Clientele & Approach'),
  memberRoute('/profile/photos-video', 'Photos & Video'),
  memberRoute('/profile/message-statement', 'Statement & Message'),
  memberRoute('/profile/education-employment', 'Education & Employment'),
  memberRoute('/practice/providers', 'Practice Providers'),
  memberRoute('/therapy-groups', 'Therapy Groups'),
  memberRoute('/testimonials', 'Testimonials & Feedback'),
  memberRoute('/client-referrals', 'Full Client List'),
  memberRoute('/client-list', 'Full Client List'),
  memberRoute('/calendar', 'Call Calendar'),
  memberRoute('/messages', 'Messages'),
  memberRoute('/messages/:clientId', 'Messages'),
  memberRoute('/practice-inbox', 'Practice Inbox'),
  memberRoute('/practice-inbox/appointments', 'Practice Inbox'),
  memberRoute('/practice-inbox/messages', 'Practice Inbox'),
  memberRoute('/practice-inbox/messages/:clientId/:providerId', 'Practice Inbox'),
  memberRoute('/practice-inbox/client-list', 'Practice Inbox'),
  memberRoute('/referral-data', 'Referral Data'),
  memberRoute('/vetting/quiz', 'Clinical Vetting'),
  memberRoute('/benefits/web-badge', 'Web Badge'),
  memberRoute('/benefits/photo-videoshoot', 'Photo & Video Shoot'),
  memberRoute('/benefits/photo-videoshoot/:type', 'Photo & Video Shoot'),
  memberRoute('/benefits/blog-features', 'Blog Features'),
  memberRoute('/benefits/video-embedding', 'Video Embedding'),
  memberRoute('/benefits/provider-community', 'Provider Community'),
  memberRoute('/benefits/photo-licensing', 'Photo Licensing'),
  memberRoute('/benefits/partnerships', 'Partnerships'),
  memberRoute('/benefits/client-matching', 'Client Matching'),
  memberRoute('/tips/phone-consultations', 'Phone Consultation Tips'),
  memberRoute('/tips/increasing-referrals', 'Increasing Referrals'),
  memberRoute('/tips/membership', 'Membership Tips'),
  memberRoute('/listserv', 'Listserv'),
  memberRoute('/fee-calculator', 'Fee Calculator'),
  memberRoute('/refer-and-earn', 'Refer & Earn'),
  memberRoute('/contact', 'Contact Us'),
  memberRoute('/help-desk', 'Help Desk'),
  memberRoute('/plan-management', 'Plan Management', 'onboarding'),
  memberRoute('/checkout/success/:priceId', 'Checkout', 'onboarding'),
  memberRoute('/checkout/:priceId', 'Checkout', 'onboarding'),
  memberRoute('/membership/switch-to-monthly/:subscriptionId', 'Switch to Monthly', 'onboarding'),
  memberRoute('/practice-management', 'Practice Management'),
  memberRoute('/practice-management/upgrade/:accountId', 'Practice Management', 'onboarding'),
  memberRoute('/reimbursify/upgrade/:accountId', 'Private Pay Booster', 'onboarding'),
  memberRoute('/practice-management-post-message-test', 'Practice Management Test'),
];

export function comingSoonRoutes(): Router {
  const router = Router();
  for (const route of PLANNED_ROUTES) {
    const show: RequestHandler = (req, res) =>
      render(req, res, { title: route.title, layout: route.layout, page: <ComingSoonPage what={`The ${route.title} page`} /> });
    if (route.signedIn) router.get(route.path, requireSignIn, show);
    else router.get(route.path, show);
  }
  return router;
}
