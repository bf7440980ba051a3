// The Practice Resources pages (spec 1 §2): phone consultation, referral and membership tips (members
// only) and the embedded fee calculator (open to every signed-in provider).
import { Router } from 'express';
import { requireSignIn } from '../../http/guards';
import { render } from '../../http/render';
import { allowFramesFrom } from '../../http/security';
import { FeeCalculatorPage } from '../../../views/pages/tips/FeeCalculatorPage';
import { IncreasingReferralsPage } from '../../../views/pages/tips/IncreasingReferralsPage';
import { MembershipTipsPage } from '../../../views/pages/tips/MembershipTipsPage';
import { PhoneConsultationsPage } from '../../../views/pages/tips/PhoneConsultationsPage';
import { membersOnly } from '../../http/members-only';
import type { FeatureDeps } from '../deps';

export function tipsRoutes({ config, menu }: FeatureDeps): Router {
  const router = Router();
  menu.add(
    {
      menu: 'resources',
      order: 10,
      label: 'Phone Consultation Tips',
      href: '/tips/phone-consultations',
      membersOnly: true,
    },
    {
      menu: 'resources',
      order: 20,
      label: 'Increasing Referrals',
      href: '/tips/increasing-referrals',
      membersOnly: true,
    },
    { menu: 'resources', order: 30, label: 'Membership Tips', href: '/tips/membership', membersOnly: true },
    { menu: 'resources', order: 50, label: 'Fee Calculator', href: '/fee-calculator', membersOnly: true },
  );

  router.get('/tips/phone-consultations', ...membersOnly('Phone Consultation Tips'), (req, res) =>
    render(req, res, { title: 'Phone Consultation Tips', page: <PhoneConsultationsPage /> }),
  );

  router.get('/tips/increasing-referrals', ...membersOnly('Increasing Referrals'), (req, res) =>
    render(req, res, { title: 'Increasing Referrals', page: <IncreasingReferralsPage /> }),
  );

  router.get('/tips/membership', ...membersOnly('Membership Tips'), (req, res) =>
    render(req, res, { title: 'Membership Tips', page: <MembershipTipsPage brand={config.brandName} /> }),
  );

  router.get('/fee-calculator', requireSignIn, allowFramesFrom([config.embeds.feeCalculator]), (req, res) =>
    render(req, res, { title: 'Fee Calculator', page: <FeeCalculatorPage src={config.embeds.feeCalculator} /> }),
  );

  return router;
}
