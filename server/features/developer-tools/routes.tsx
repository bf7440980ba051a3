// /developer-tools (spec 3 §2: any signed-in user; §3 "Developer tools hold"; §7 developer-only calls).
// It shows one of the user's own accounts (?account_id=, else the first): another account's id is not
// found (404). Everything on it is a read, except the Private Pay Booster upgrade's perform, which only
// the account's owner or billing manager may send, through the payments port with an idempotency key.
import crypto from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import * as policy from '../../domain/accounts';
import { LIVE_STATUSES, priceIdsByLookupKey, syncCustomer, toStripeChanges } from '../../domain/billing';
import { privatePayBoosterUpgradeBlock } from '../../domain/private-pay-booster';
import { toId } from '../../http/access';
import { flash } from '../../http/flash';
import { requireSignIn } from '../../http/guards';
import { render } from '../../http/render';
import { PaymentError } from '../../integrations/payments';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { text } from '../../lib/form';
import {
  DeveloperToolsPage,
  type DeveloperToolsAccountView,
} from '../../../views/pages/developer-tools/DeveloperToolsPage';
import type { FeatureDeps } from '../deps';
import * as service from './service';

/** Spec 3 §4: the flash after a Private Pay Booster upgrade. */
const UPGRADED = 'Successful payment! Thank you for upgrading Private Pay Booster!';
const READ_ONLY = "Read-only: only the account's owner or billing manager may perform the upgrade.";
const PREVIEW_FAILED = 'The preview failed. Please try again, or contact support if it keeps failing.';

interface Shown {
  values?: service.UpgradeInput;
  errors?: Record<string, string>;
  failure?: string | null;
  status?: number;
}

export function developerToolsRoutes({ db, config, integrations }: FeatureDeps): Router {
  const router = Router();
  const payments = integrations.payments.gateway;

  /** The user's accounts, and the one asked for (another account's id, or a malformed one: 404). */
  async function accountsOf(res: Response, asked: unknown) {
    const viewer = res.locals.viewer!;
    const ids = [...new Set(viewer.roles.map((r) => r.accountId))].sort((a, b) => a - b);
    const names = await policy.accountNames(db, ids);
    const accounts = ids.map((id) => {
      const name = names.get(id);
      return { id, label: name ? `Account ${id}: ${name}` : `Account ${id}` };
    });
    const wanted = asked === undefined || asked === '' ? (accounts[0]?.id ?? null) : toId(asked);
    if (wanted !== null && !policy.canSeeAccount(viewer, wanted)) throw new NotFoundError();
    return { accounts, accountId: wanted };
  }

  const valuesFrom = (source: Record<string, unknown>, now: Date): service.UpgradeInput => ({
    customer_id: text(source.customer_id).trim(),
    subscription_id: text(source.subscription_id).trim(),
    new_tier: text(source.new_tier),
    coupon: text(source.coupon).trim().slice(0, 100),
    proration_date: text(source.proration_date).trim() || service.today(now),
  });

  async function show(req: Request, res: Response, source: Record<string, unknown>, shown: Shown = {}) {
    const viewer = res.locals.viewer!;
    const now = new Date();
    const { accounts, accountId } = await accountsOf(res, source.account_id);
    let account: DeveloperToolsAccountView | null = null;
    if (accountId !== null) {
      const [ids, reads] = await Promise.all([
        service.accountIdsOf(db, integrations.benefitsTool, accountId, { requestId: req.id, log: req.log }),
        service.accountReadsOf(db, accountId, now),
      ]);
      const liveDefault = ids.subscriptions.find((s) => (LIVE_STATUSES as readonly string[]).includes(s.status));
      const values =
        shown.values ??
        valuesFrom(
          { customer_id: liveDefault?.customerId ?? ids.customers[0]?.id, subscription_id: liveDefault?.id, ...source },
          now,
        );
      let errors = shown.errors ?? {};
      let failure = shown.failure ?? null;
      let preview: DeveloperToolsAccountView['upgrade']['preview'] = null;
      if (source.preview === '1' && !shown.values) {
        try {
          const checked = await service.checkUpgrade(db, payments, accountId, values, now);
          const result = await payments.previewSubscriptionChange({
            customerId: checked.subscription.customerId,
            subscriptionId: checked.subscription.id,
            items: toStripeChanges(checked.changes, await priceIdsByLookupKey(db)),
            prorationDate: checked.prorationDate,
            couponId: checked.couponId,
          });
          preview = {
            ...result,
            prorationAt: checked.prorationDate,
            prorationLabel: new Date(checked.prorationDate * 1000).toISOString().replace('.000Z', 'Z'),
            attempt: crypto.randomUUID(),
          };
        } catch (error) {
          if (error instanceof ValidationError) errors = error.fields;
          else if (error instanceof PaymentError) failure = error.message;
          else {
            req.log.error({ err: error, requestId: req.id, accountId }, 'developer tools: the upgrade preview failed');
            failure = PREVIEW_FAILED;
          }
        }
      }
      account = {
        id: accountId,
        canPerform: policy.canManageAccountBilling(viewer, accountId),
        customers: ids.customers,
        subscriptions: ids.subscriptions.map(({ id, customerId, status, seatBased, reimbursifyTier }) => ({
          id,
          customerId,
          status,
          seatBased,
          reimbursifyTier,
        })),
        standaloneAccountId: ids.standaloneAccountId,
        standalonePrivatePayBooster: ids.standalonePrivatePayBooster,
        ...reads,
        upgrade: { values, errors, preview, failure },
      };
    }
    // Any signed-in user may open this page, so in production it names nothing about the runtime
    // (versions and set-up help an attacker, not a provider).
    const facts: [string, string][] =
      config.env === 'production'
        ? []
        : [
            ['Environment', config.env],
            ['Node.js', process.version],
            ['Database', config.databaseUrl ? 'PostgreSQL from DATABASE_URL' : 'embedded PostgreSQL'],
            ['Islands built', req.app.locals.assets.built ? 'yes' : 'no (run npm run build)'],
            ['Private Pay Booster tool', integrations.benefitsTool.provider],
          ];
    render(req, res, {
      title: 'Developer Tools',
      status: shown.status ?? 200,
      page: <DeveloperToolsPage view={{ facts, accounts, account }} />,
    });
  }

  router.get('/developer-tools', requireSignIn, async (req, res) => {
    await show(req, res, req.query as Record<string, unknown>);
  });

  // The perform of spec 3 §7 (customer id, subscription id, new_tier, coupon), at the previewed proration instant.
  router.post('/developer-tools/reimbursify-upgrade', requireSignIn, async (req, res) => {
    const viewer = res.locals.viewer!;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const { accountId } = await accountsOf(res, body.account_id ?? '0');
    if (accountId === null) throw new NotFoundError();
    if (!policy.canManageAccountBilling(viewer, accountId)) throw new ForbiddenError(READ_ONLY);
    const now = new Date();
    const values = valuesFrom(body, now);
    const attempt = text(body.attempt);
    // The previewed instant must still lie in the subscription's current period (checkUpgrade).
    const previewedAt = Number(text(body.proration_at));
    if (!service.isAttempt(attempt) || !Number.isSafeInteger(previewedAt)) {
      return show(req, res, body, { values, failure: service.UPGRADE_MESSAGES.expired, status: 422 });
    }
    let checked: service.CheckedUpgrade;
    try {
      checked = await service.checkUpgrade(db, payments, accountId, values, now, previewedAt);
    } catch (error) {
      if (error instanceof ValidationError) return show(req, res, body, { values, errors: error.fields, status: 422 });
      throw error;
    }
    // The same safeguards as the membership form: the flag gate and the standalone-account check.
    const blocked = await privatePayBoosterUpgradeBlock(db, integrations.benefitsTool, accountId, {
      requestId: req.id,
      log: req.log,
    });
    if (blocked) return show(req, res, body, { values, failure: blocked, status: 422 });
    try {
      await payments.changeSubscription(
        {
          subscriptionId: checked.subscription.id,
          items: toStripeChanges(checked.changes, await priceIdsByLookupKey(db)),
          prorationDate: checked.prorationDate,
          couponId: checked.couponId,
        },
        `developer-tools-reimbursify-${attempt}`,
      );
    } catch (error) {
      if (error instanceof PaymentError) return show(req, res, body, { values, failure: error.message, status: 422 });
      throw error;
    }
    await syncCustomer(db, payments, checked.subscription.customerId, req.log);
    flash(req, 'success', UPGRADED);
    res.redirect(303, `/developer-tools?account_id=${accountId}`);
  });

  return router;
}
