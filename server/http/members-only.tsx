// The membership gate of the benefit and tips pages (spec 1 §2, spec 2 §2, §6): all but
// /benefits/photo-licensing, /fee-calculator, /contact and /help-desk need a paid plan; without one the
// page says "please activate your membership" and links to /plan-management. The side menu shows the
// same pages locked (navigation.ts UNGATED_MEMBER_PAGES).
import type { RequestHandler } from 'express';
import { requireSelectedProfile, selectedProfile } from './profile-editing';
import { render } from './render';
import { MembershipRequired } from '../../views/pages/benefits/MembershipRequired';

/** Guards of a members-only page titled `title`: signed in, a selected profile, and a paid plan. */
export function membersOnly(title: string): RequestHandler[] {
  return [
    ...requireSelectedProfile,
    (req, res, next) => {
      if (selectedProfile(res).hasPaidPlan) return next();
      // 403: the page exists but is not open to this profile yet.
      render(req, res, { title, status: 403, page: <MembershipRequired /> });
    },
  ];
}
