// The seven modes of the payment form (spec 3 §4 "Payment flow"): for each, who may open it, what it
// offers on "Your plan", what it asks Stripe for, and where it leads after. The routes turn a request
// into one `PaymentForm`; everything after (preview, coupon, pay, idempotency) is the same for all.
import type { Knex } from 'knex';
import * as policy from '../../domain/accounts';
import {
  addSeatChanges,
  isCustomisedSeatMix,
  LIVE_STATUSES,
  monthlyChanges,
  monthlyCounterpart,
  newMembershipItems,
  practiceManagementChanges,
  reimbursifyChanges,
  accountReimbursifyTier,
  accountPlanFlags,
  lineOf,
  linesOfChange,
  liveSubscriptionsOf,
  monthlyOf,
  seatKindOf,
  seatOf,
  subscriptionOf,
  type MirroredSubscriptionView,
  type PlanLine,
  SETUP_OPTIONS,
  setupLookupKey,
  tierOf,
  type ItemChange,
  type Order,
  type SetupOption,
  type ReimbursifyTier,
  type SeatKind,
  type Tier,
} from '../../domain/billing';
import type { ReachableProvider } from '../../domain/providers';
import { afterPayment } from './service';

export type Mode =
  | 'subscribe'
  | 'add-seat'
  | 'reactivate'
  | 'upgrade-practice-management'
  | 'legacy-upgrade'
  | 'upgrade-reimbursify'
  | 'convert-to-monthly';

/** What the form buys: a new subscription's items, or changes to an existing one. */
export type Purchase =
  | {
      kind: 'new';
      items: { lookupKey: string; quantity: number }[];
      metadata: Record<string, string>;
      oneTime: string[];
    }
  | { kind: 'change'; changes: ItemChange[]; metadata?: Record<string, string> };

export interface Choice {
  value: string;
  label: string;
  lines: PlanLine[];
}
export interface SetupOffer {
  value: SetupOption;
  label: string;
  details: string;
}

const SETUP_DETAILS: Record<SetupOption, { name: string; details: string }> = {
  copywriting: {
    name: 'Professional copywriting',
    details:
      'A professional writer interviews you by phone for 30 minutes and writes your profile statement; you approve it before it goes live.',
  },
  'remote-shoot': {
    name: 'Remote photo shoot',
    details:
      'A photographer directs a video-call shoot with your own phone or camera, then retouches the best pictures for your profile.',
  },
  'in-person-shoot': {
    name: 'In-person photo shoot',
    details:
      'One of our photographers meets you at your office or nearby for an hour, in the cities they cover, and retouches the best pictures for your profile.',
  },
};

/** The setup help a provider may add to a new membership, priced for its kind (a practice's shoots are group shoots). */
function setupOffers(providerType: string): SetupOffer[] {
  return SETUP_OPTIONS.map((option) => {
    const line = lineOf(setupLookupKey(option, providerType));
    return {
      value: option,
      label: `${SETUP_DETAILS[option].name}: ${money(line.amount)} once`,
      details: SETUP_DETAILS[option].details,
    };
  });
}

export interface PaymentForm {
  mode: Mode;
  /** The form's own path: GET shows it, POST pays. */
  path: string;
  accountId: number;
  provider: ReachableProvider | null;
  title: string;
  intro: string;
  /** The options of "Your plan", with what each costs a month; one with no legend: the change is fixed. */
  choices: Choice[];
  /** The legend of the choice (null: nothing to choose). */
  choiceLegend: string | null;
  /** The subscription a change applies to (null: a new subscription). */
  target: MirroredSubscriptionView | null;
  /** A customised seat mix: the form becomes the submitRequest step (spec 3 §4). */
  customised: boolean;
  buy(choice: string, setup?: string): Purchase;
  /** Setup help offered with a new membership, paid once on its first invoice (none in other modes). */
  setupOptions: SetupOffer[];
  /** Where a successful payment leads, and its flash. */
  success: { path: string; flash: string | null };
  /** The alert shown instead of a form when the page's scenario should not be reachable (spec 3 §8). */
  unreachable?: string;
  /** Extra query values the form carries from step to step. */
  carried: Record<string, string>;
}

/** What the form buys for a choice, as the billing module's purchase path takes it. */
export function orderOf(form: PaymentForm, choice: string, setup?: string): Order {
  const purchase = form.buy(choice, setup);
  if (purchase.kind === 'new')
    return { kind: 'new', items: purchase.items, oneTime: purchase.oneTime, metadata: purchase.metadata };
  return {
    kind: 'change',
    subscriptionId: form.target!.id,
    currentItems: form.target!.items,
    changes: purchase.changes,
    metadata: purchase.metadata,
  };
}

export const UPGRADE_FLASHES = {
  plan: 'Successful payment! Thank you for upgrading your plan!',
  reimbursify: 'Successful payment! Thank you for upgrading Private Pay Booster!',
  monthly: 'Success! You have switched from annual to monthly payments!',
  reactivated: 'You have successfully reactivated your subscription!',
} as const;

export const UNREACHABLE =
  'This upgrade is not available for your plan, and this page should not have been reachable from Plan Management. Please contact support if you need a change.';
export const CHOOSE_PRACTICE_MANAGEMENT = 'Please select a practice management option to upgrade.';

const TIER_NAMES: Record<Tier, string> = { basic: 'Basic', professional: 'Professional', premium: 'Premium' };
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * /profiles/pay-for/{providerId}: a new seat-based membership; a seat on the account's live seat-based
 * subscription (add seat); or, with `?reactivate=sub_…`, a canceled membership of this provider again.
 */
export async function payForForm(
  db: Knex,
  viewer: policy.PolicyActor,
  provider: ReachableProvider,
  query: { reactivate?: string; returnToPlanManagement: boolean },
): Promise<PaymentForm> {
  const seat = await seatOf(db, provider.id);
  const live = await liveSubscriptionsOf(db, provider.accountId);
  const seatSubscription = live.find((s) => s.seatBased) ?? null;
  const carried: Record<string, string> = query.returnToPlanManagement ? { return_to_plan_management: '1' } : {};
  const path = `/profiles/pay-for/${provider.id}`;
  const success = afterPayment(viewer, provider.id, query.returnToPlanManagement);
  const metadataFor = (providerIds: number[]) => ({
    seat_based: 'yes',
    provider_ids: providerIds.join(','),
    form_title: provider.name,
  });
  const tierChoices = (extra: ReimbursifyTier | null): Choice[] =>
    ['basic', 'professional', 'premium'].map((tier) => {
      const lines = newMembershipItems(tier as Tier, seat, extra).map((item) => lineOf(item.lookupKey, item.quantity));
      return { value: tier, label: `${TIER_NAMES[tier as Tier]}: ${money(monthlyOf(lines))} a month`, lines };
    });

  const canceled = query.reactivate ? await subscriptionOf(db, provider.accountId, query.reactivate) : null;
  if (canceled && canceled.status === 'canceled' && canceled.providerIds.includes(provider.id) && !seatSubscription) {
    // The same plan again, on today's prices (a yearly plan comes back monthly: yearly is sold no more).
    const keys = canceled.items
      .map((item) => ({
        lookupKey: item.lookupKey && (monthlyCounterpart(item.lookupKey)?.lookupKey ?? item.lookupKey),
        quantity: item.quantity,
      }))
      .filter((item): item is { lookupKey: string; quantity: number } => Boolean(item.lookupKey));
    const lines = keys.map((item) => lineOf(item.lookupKey, item.quantity));
    const tier = tierOf(keys.map((k) => k.lookupKey));
    return {
      mode: 'reactivate',
      path,
      accountId: provider.accountId,
      provider,
      carried: { ...carried, reactivate: canceled.id },
      title: 'Your plan',
      intro: `Reactivate the ${TIER_NAMES[tier]} membership of ${provider.name}: ${money(monthlyOf(lines))} a month.`,
      choices: [{ value: '', label: 'Reactivate', lines }],
      choiceLegend: null,
      target: null,
      customised: false,
      buy: () => ({
        kind: 'new',
        items: keys,
        metadata: { ...canceled.metadata, form_title: provider.name, reactivated_from: canceled.id },
        oneTime: [],
      }),
      setupOptions: [],
      success: { path: `/profiles/pay-for/${provider.id}/reactivated`, flash: UPGRADE_FLASHES.reactivated },
    };
  }

  if (seatSubscription) {
    const changes = addSeatChanges(seatSubscription.items, seat);
    // What one seat adds a month: each changed item once.
    const lines = linesOfChange(changes, seatSubscription.items).map((line) => lineOf(line.lookupKey, 1));
    return {
      mode: 'add-seat',
      path,
      accountId: provider.accountId,
      provider,
      carried,
      title: 'Your plan',
      intro: `Add a seat for ${provider.name} to your practice's membership: ${money(monthlyOf(lines))} a month more, prorated for the rest of this billing period.`,
      choices: [{ value: '', label: 'Add a seat', lines }],
      choiceLegend: null,
      target: seatSubscription,
      customised: isCustomisedSeatMix(seatCounts(seatSubscription)),
      buy: () => ({
        kind: 'change',
        changes,
        metadata: { provider_ids: [...new Set([...seatSubscription.providerIds, provider.id])].join(',') },
      }),
      success,
      setupOptions: [],
    };
  }

  return {
    mode: 'subscribe',
    path,
    accountId: provider.accountId,
    provider,
    carried,
    title: 'Your plan',
    intro: `Start the membership for ${policy.possessive(policy.wordingFor(viewer, provider))} profile, ${provider.name}, to list it in the directory.`,
    choices: tierChoices(null),
    choiceLegend: 'Choose a plan',
    target: null,
    customised: false,
    buy: (choice, setup) => {
      const chosen = SETUP_OPTIONS.includes(setup as SetupOption) ? (setup as SetupOption) : null;
      return {
        // The setup help bought travels on the subscription (mirrored), so the profile pages can tell (premium setup).
        kind: 'new',
        items: newMembershipItems(choice as Tier, seat),
        metadata: { ...metadataFor([provider.id]), ...(chosen ? { setup_option: chosen } : {}) },
        oneTime: chosen ? [setupLookupKey(chosen, provider.type)] : [],
      };
    },
    success,
    setupOptions: setupOffers(provider.type),
  };
}

function seatCounts(subscription: MirroredSubscriptionView): Record<SeatKind, number> {
  const counts: Record<SeatKind, number> = { ny: 0, non_ny: 0, reimbursify: 0 };
  for (const item of subscription.items) {
    const kind = item.lookupKey ? seatKindOf(item.lookupKey) : null;
    if (kind) counts[kind] += item.quantity;
  }
  return counts;
}

/** The subscription an account-level upgrade changes: its live seat-based one, or its only legacy one. */
function upgradeTarget(live: MirroredSubscriptionView[]): MirroredSubscriptionView | null {
  return (
    live.find((s) => s.seatBased) ??
    (live.filter((s) => !s.seatBased).length === 1 ? live.find((s) => !s.seatBased)! : null)
  );
}

/**
 * /practice-management/upgrade/{accountId} (spec 3 §2): "Add Practice Management" without it, "Upgrade to
 * Practice Management Premium" on professional, otherwise an empty title and the unreachable alert. An
 * account with more than one legacy subscription and no practice management goes to /plan-management
 * (null); a yearly one is changed by our team (/contact).
 */
export async function practiceManagementForm(db: Knex, accountId: number): Promise<PaymentForm | { redirect: string }> {
  const live = await liveSubscriptionsOf(db, accountId);
  const { paidPracticeManagement } = await accountPlanFlags(db, accountId);
  const legacy = live.filter((s) => !s.seatBased);
  if (!paidPracticeManagement && !live.some((s) => s.seatBased) && legacy.length > 1)
    return { redirect: '/plan-management' };
  const target = upgradeTarget(live);
  if (target?.interval === 'year') return { redirect: '/contact' };
  const tier: Tier | null = target ? tierOf(target.items.map((i) => i.lookupKey ?? '')) : null;
  const offered: ('professional' | 'premium')[] = !target
    ? []
    : tier === 'basic'
      ? ['professional', 'premium']
      : tier === 'professional'
        ? ['premium']
        : [];
  const title =
    tier === 'basic'
      ? 'Add Practice Management'
      : tier === 'professional'
        ? 'Upgrade to Practice Management Premium'
        : '';
  const choices = offered.map((option) => {
    const lines = linesOfChange(practiceManagementChanges(target!.items, option), target!.items);
    return {
      value: option,
      label: `Practice management ${TIER_NAMES[option]}: ${money(monthlyOf(lines))} a month`,
      lines,
    };
  });
  return {
    mode: target && !target.seatBased ? 'legacy-upgrade' : 'upgrade-practice-management',
    path: `/practice-management/upgrade/${accountId}`,
    accountId,
    provider: null,
    carried: {},
    title,
    intro:
      'Practice management for every seat of your membership, charged from today, prorated for the rest of this billing period.',
    choices,
    choiceLegend: 'Choose a practice management option',
    target,
    customised: target ? isCustomisedSeatMix(seatCounts(target)) : false,
    buy: (choice) => ({
      kind: 'change',
      changes: practiceManagementChanges(target!.items, choice as 'professional' | 'premium'),
    }),
    success: { path: '/plan-management', flash: UPGRADE_FLASHES.plan },
    setupOptions: [],
    ...(choices.length ? {} : { unreachable: UNREACHABLE }),
  };
}

/** /reimbursify/upgrade/{accountId}: Private Pay Booster Pro or Premium for every seat (Premium only once Pro is there). */
export async function reimbursifyForm(db: Knex, accountId: number): Promise<PaymentForm | { redirect: string }> {
  const live = await liveSubscriptionsOf(db, accountId);
  const target = upgradeTarget(live);
  // As Plan Management (spec 3 §2): a legacy or annual membership's Private Pay Booster is changed by our team.
  if (target?.interval === 'year' || (live.length && !live.some((s) => s.seatBased))) return { redirect: '/contact' };
  const { reimbursifyAccountCreated } = await accountPlanFlags(db, accountId);
  const current = target ? accountReimbursifyTier(target.items, reimbursifyAccountCreated) : null;
  const offered: ReimbursifyTier[] = !target
    ? []
    : current === null
      ? ['pro', 'premium']
      : current === 'pro'
        ? ['premium']
        : [];
  const choices = offered.map((option) => {
    const lines = linesOfChange(reimbursifyChanges(target!.items, option), target!.items);
    return {
      value: option,
      label: `Private Pay Booster ${option === 'pro' ? 'Pro' : 'Premium'}: ${money(monthlyOf(lines))} a month`,
      lines,
    };
  });
  return {
    mode: 'upgrade-reimbursify',
    path: `/reimbursify/upgrade/${accountId}`,
    accountId,
    provider: null,
    carried: {},
    title: current === 'pro' ? 'Upgrade to Private Pay Booster Premium' : 'Add Private Pay Booster',
    intro:
      'Claims and benefits verification for every seat of your membership, charged from today, prorated for the rest of this billing period.',
    choices,
    choiceLegend: 'Choose a Private Pay Booster plan',
    target,
    customised: target ? isCustomisedSeatMix(seatCounts(target)) : false,
    buy: (choice) => ({ kind: 'change', changes: reimbursifyChanges(target!.items, choice as ReimbursifyTier) }),
    success: { path: '/plan-management', flash: UPGRADE_FLASHES.reimbursify },
    setupOptions: [],
    ...(choices.length ? {} : { unreachable: UNREACHABLE }),
  };
}

/** /membership/switch-to-monthly/{subscriptionId}: each yearly item becomes its monthly price. Null: not this account's live yearly subscription. */
export async function monthlyForm(db: Knex, accountId: number, subscriptionId: string): Promise<PaymentForm | null> {
  const target = await subscriptionOf(db, accountId, subscriptionId);
  if (!target || !(LIVE_STATUSES as readonly string[]).includes(target.status)) return null;
  const changes = monthlyChanges(target.items);
  const lines = linesOfChange(changes, target.items);
  return {
    mode: 'convert-to-monthly',
    path: `/membership/switch-to-monthly/${target.id}`,
    accountId,
    provider: null,
    carried: {},
    title: 'Switch to monthly payments',
    intro: `Pay ${money(monthlyOf(lines))} a month instead of once a year. Your annual commitment for the first year stays as it is.`,
    choices: changes.length ? [{ value: '', label: 'Monthly payments', lines }] : [],
    choiceLegend: null,
    target,
    customised: false,
    buy: () => ({ kind: 'change', changes }),
    success: { path: '/plan-management', flash: UPGRADE_FLASHES.monthly },
    setupOptions: [],
    ...(changes.length ? {} : { unreachable: 'This membership is already paid monthly.' }),
  };
}
