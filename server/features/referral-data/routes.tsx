// /referral-data (spec 3 §2 Referral Data, §6, §7 "export-intakes"): the page with the monthly chart and
// the CSV download of every referral of the account, for intake exporters only; anyone else sees
// 'Oops! You are unable to access this resource...' with the contact-support link.
import { Router, type Response } from 'express';
import { requireSignIn } from '../../http/guards';
import { requireRolePage } from '../../http/access';
import { render } from '../../http/render';
import * as policy from '../../domain/accounts';
import type { Viewer } from '../../domain/accounts';
import * as referrals from '../../domain/referrals';
import {
  REFERRAL_DATA_PATH,
  REFERRAL_DOWNLOAD_PATH,
  ReferralDataPage,
} from '../../../views/pages/referral-data/ReferralDataPage';
import { recordRead } from '../../domain/read-audit';
import type { FeatureDeps } from '../deps';

const TITLE = 'Referral Data';

/**
 * How long the monthly counts are kept in memory, at most: a change to their tables empties the cache at
 * once, so the bound only limits memory. Counting every referral of a large practice (about 18,000 at 100×
 * the demo data) takes a few milliseconds a view; an intake exporter opens the page again and again.
 */
const COUNTS_CACHE_MS = 5 * 60_000;

/**
 * The account exported: the selected profile's when the viewer is its intake exporter (spec 3 §6 "on
 * the current provider's account"), else the first account they export for.
 */
export function exportAccountOf(viewer: Viewer): number {
  const current = viewer.provider?.accountId;
  if (current !== undefined && policy.canExportReferrals(viewer, current)) return current;
  return Math.min(...viewer.roles.filter((r) => r.role === 'intake-exporter').map((r) => r.accountId));
}

export function referralDataRoutes({ db, menu, reads }: FeatureDeps): Router {
  const router = Router();
  menu.add({
    menu: 'profile',
    order: 60,
    label: 'Referral Data',
    href: REFERRAL_DATA_PATH,
    shown: (viewer) => policy.canExportReferrals(viewer),
    alsoIn: { menu: 'referrals', order: 50 },
  });
  const guard = [requireSignIn, requireRolePage(policy.canExportReferrals, TITLE, policy.RESOURCE_DENIED)];
  const accountOf = (res: Response) => ({ accountId: exportAccountOf(res.locals.viewer!) });

  router.get(REFERRAL_DATA_PATH, ...guard, async (req, res) => {
    const owner = accountOf(res);
    const years = await reads.read(`referral-months:${owner.accountId}`, COUNTS_CACHE_MS, () =>
      referrals.referralCountsByMonth(db, owner),
    );
    const now = new Date();
    const thisMonth = { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
    render(req, res, { title: TITLE, page: <ReferralDataPage years={years} thisMonth={thisMonth} /> });
  });

  router.get(REFERRAL_DOWNLOAD_PATH, ...guard, async (req, res) => {
    // Recorded before the first byte: an export that cannot be recorded is not sent.
    await recordRead(db, {
      ...accountOf(res),
      userId: res.locals.viewer!.user.id,
      action: 'referral_export',
      detail: { file: referrals.REFERRAL_EXPORT_FILE },
    });
    res.set('Cache-Control', 'private, no-store');
    res.attachment(referrals.REFERRAL_EXPORT_FILE);
    res.type('text/csv; charset=utf-8');
    try {
      await referrals.writeReferralCsv(db, accountOf(res), res);
    } catch (error) {
      // A reader that went away mid-file is not a failure of ours.
      if ((error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
      if (!res.headersSent && !res.destroyed) throw error;
      // After the first bytes the status line is sent: the file can only end early.
      req.log?.error({ err: error }, 'referral export failed');
      res.destroy();
    }
  });

  return router;
}
