// What subscriptions mean for an account (spec 3 §3 Account, §4 statuses): one row per situation.
import assert from 'node:assert/strict';
import {
  deriveAccountBilling,
  providerIdsOf,
  statusDisplay,
  type MirroredSubscription,
} from '../../../../server/domain/billing';

const sub = (
  status: string,
  keys: [string, number][],
  extra: Partial<MirroredSubscription> = {},
): MirroredSubscription => ({
  id: `sub_${status}_${keys.map(([k]) => k).join('_')}`,
  status,
  createdAt: new Date('2026-01-01'),
  seatBased: false,
  providerIds: [1],
  items: keys.map(([lookupKey, quantity]) => ({ lookupKey, quantity })),
  ...extra,
});

const M = 'membership_monthly_v3';
const MNY = 'membership_monthly_ny_ca_v4';
const PRO = 'practice_management_professional_monthly_v3';
const PREMIUM = 'practice_management_premium_monthly_v3';
const PPB = 'private_pay_booster_pro_monthly_v3';
const STANDALONE = 'standalone_practice_management_pro_monthly_v3';

describe('billing: the account fields derived from its subscriptions', () => {
  const table: {
    name: string;
    subscriptions: MirroredSubscription[];
    expect: Partial<ReturnType<typeof deriveAccountBilling>>;
  }[] = [
    {
      name: 'no subscription',
      subscriptions: [],
      expect: {
        tier: null,
        hasPaidPlan: false,
        hasPracticeManagement: false,
        seatBased: false,
        paidProviderIds: [],
        activeOrTrialingSubscriptionCount: 0,
      },
    },
    {
      name: 'an active basic membership',
      subscriptions: [sub('active', [[M, 1]])],
      expect: {
        tier: 'basic',
        hasPaidPlan: true,
        paidProviderIds: [1],
        legacySubscriptionCount: 1,
        activeOrTrialingSubscriptionCount: 1,
      },
    },
    {
      name: 'trialing counts as paid',
      subscriptions: [sub('trialing', [[M, 1]])],
      expect: { hasPaidPlan: true, activeOrTrialingSubscriptionCount: 1 },
    },
    {
      name: 'past_due keeps the plan while Stripe retries',
      subscriptions: [sub('past_due', [[M, 1]])],
      expect: { hasPaidPlan: true, activeOrTrialingSubscriptionCount: 0, tier: 'basic' },
    },
    {
      name: 'incomplete is live but not paid',
      subscriptions: [sub('incomplete', [[M, 1]])],
      expect: { hasPaidPlan: false, tier: 'basic', legacySubscriptionCount: 1, paidProviderIds: [] },
    },
    { name: 'unpaid is not paid', subscriptions: [sub('unpaid', [[M, 1]])], expect: { hasPaidPlan: false } },
    {
      name: 'canceled and expired are ended',
      subscriptions: [sub('canceled', [[M, 1]]), sub('incomplete_expired', [[M, 1]])],
      expect: { tier: null, hasPaidPlan: false, legacySubscriptionCount: 0 },
    },
    {
      name: 'professional: membership with practice management Pro',
      subscriptions: [
        sub('active', [
          [M, 1],
          [PRO, 1],
        ]),
      ],
      expect: { tier: 'professional', hasPracticeManagement: true },
    },
    {
      name: 'premium: membership with practice management Premium',
      subscriptions: [
        sub('active', [
          [MNY, 1],
          [PREMIUM, 1],
        ]),
      ],
      expect: { tier: 'premium', hasPracticeManagement: true },
    },
    {
      name: 'standalone practice management has no tier',
      subscriptions: [sub('active', [[STANDALONE, 1]])],
      expect: { tier: null, hasPracticeManagement: true },
    },
    {
      name: 'basic membership beside standalone practice management (the inconsistent pair)',
      subscriptions: [sub('active', [[M, 1]]), sub('active', [[STANDALONE, 1]])],
      expect: { tier: 'basic', hasPracticeManagement: true },
    },
    {
      name: 'seat-based: seats counted by kind from the newest live seat-based subscription',
      subscriptions: [
        sub(
          'active',
          [
            [MNY, 2],
            [M, 3],
            [PPB, 1],
          ],
          { seatBased: true, providerIds: [1, 2, 3, 4, 5], createdAt: new Date('2026-03-01') },
        ),
        sub('canceled', [[M, 9]], { seatBased: true, createdAt: new Date('2026-01-01') }),
      ],
      expect: {
        seatBased: true,
        seatCounts: { ny: 2, non_ny: 3, reimbursify: 1 },
        hasPaidReimbursifyPlan: true,
        legacySubscriptionCount: 0,
        paidProviderIds: [1, 2, 3, 4, 5],
      },
    },
    {
      name: 'Private Pay Booster on an incomplete subscription is not paid',
      subscriptions: [
        sub('incomplete', [
          [M, 1],
          [PPB, 1],
        ]),
      ],
      expect: { hasPaidReimbursifyPlan: false },
    },
    {
      name: 'two legacy subscriptions',
      subscriptions: [
        sub('active', [[M, 1]], { id: 'a', providerIds: [1] }),
        sub('active', [[M, 1]], { id: 'b', providerIds: [2] }),
      ],
      expect: { legacySubscriptionCount: 2, paidProviderIds: [1, 2] },
    },
  ];
  for (const row of table) {
    it(row.name, () => {
      const derived = deriveAccountBilling(row.subscriptions);
      for (const [field, value] of Object.entries(row.expect))
        assert.deepEqual(derived[field as keyof typeof derived], value, field);
    });
  }
});

describe('billing: provider ids from subscription metadata', () => {
  it('reads provider_ids lists and a single provider_id, ignoring junk', () => {
    assert.deepEqual(providerIdsOf({ provider_ids: '12, 13,x,-4', provider_id: '12' }), [12, 13]);
    assert.deepEqual(providerIdsOf({ provider_id: '7' }), [7]);
    assert.deepEqual(providerIdsOf({}), []);
  });
});

describe('billing: how a status is shown (spec 3 §4)', () => {
  it('trialing shows as Active, incomplete_expired as Expired, a failed payment as a danger, an unfinished one as needing attention', () => {
    assert.deepEqual(statusDisplay('trialing'), { label: 'Active', tone: 'success' });
    assert.deepEqual(statusDisplay('incomplete_expired'), { label: 'Expired', tone: 'neutral' });
    for (const status of ['past_due', 'unpaid']) assert.equal(statusDisplay(status).tone, 'danger', status);
    assert.equal(statusDisplay('incomplete').tone, 'attention');
    assert.equal(statusDisplay('canceled').label, 'Canceled');
  });
});
