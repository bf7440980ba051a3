// Roles and permissions (spec 1 §6) as one table: role × action → allowed. Account 1 holds provider 10
// (individual, unpaid) and provider 11 (practice, paid); account 2 is someone else's (provider 20).
import assert from 'node:assert/strict';
import * as policy from '../../../../server/domain/accounts';

type Actor = policy.PolicyActor;

const actor = (
  roles: string[],
  options: { clinicianOf?: number[]; scopes?: string[]; accountId?: number } = {},
): Actor => ({
  user: { scopes: options.scopes ?? ['provider'] },
  roles: roles.map((role) => ({ accountId: options.accountId ?? 1, role })),
  providers: (options.clinicianOf ?? []).map((id) => ({ id })),
});

const own = { id: 10, accountId: 1, type: 'individual' as const, hasPaidPlan: false };
const ownPractice = { id: 11, accountId: 1, type: 'practice' as const, hasPaidPlan: true };
const foreign = { id: 20, accountId: 2, type: 'individual' as const, hasPaidPlan: false };
const account = { id: 1, reimbursifyAccountCreated: true, featureFlags: {} };

const ACTORS: Record<string, Actor> = {
  owner: actor(['owner'], { clinicianOf: [10, 11] }),
  'owner without clinician access': actor(['owner']),
  'billing-manager': actor(['billing-manager']),
  'intake-coordinator': actor(['intake-coordinator']),
  'intake-exporter': actor(['intake-exporter']),
  'reimbursify-lead-practitioner': actor(['reimbursify-lead-practitioner']),
  'reimbursify-practitioner': actor(['reimbursify-practitioner']),
  'reimbursify-administrator': actor(['reimbursify-administrator']),
  'clinician only (no account role)': actor([], { clinicianOf: [10] }),
  'client scope': actor([], { scopes: ['client'] }),
  'owner of another account': actor(['owner'], { accountId: 2, clinicianOf: [20] }),
};

const ACTIONS: Record<string, (a: Actor) => boolean> = {
  'has an account (plan and profile-creation pages)': policy.hasAccount,
  'create profiles in account 1': (a) => policy.canCreateProfiles(a, 1),
  'manage plans': policy.canManagePlans,
  'see practice-management buttons of account 1': (a) => policy.canSeePracticeManagement(a, 1),
  'manage billing of provider 10': (a) => policy.canManageBilling(a, own),
  'go live with provider 10': (a) => policy.canGoLive(a, own),
  'edit provider 10': (a) => policy.canEditProfile(a, own),
  'see provider 10 at all': (a) => policy.canSeeProvider(a, own),
  'see provider 20 at all': (a) => policy.canSeeProvider(a, foreign),
  'see account 1 in a URL': (a) => policy.canSeeAccount(a, 1),
  'use the Practice Inbox': policy.canUsePracticeInbox,
  'export Referral Data': policy.canExportReferrals,
  'see the Private Pay Booster login of account 1': (a) => policy.canSeePrivatePayBoosterLogin(a, account),
  'see Start membership for unpaid provider 10': (a) => policy.canStartMembership(a, own),
  'see Start membership for paid provider 11': (a) => policy.canStartMembership(a, ownPractice),
  'is a client-only login': policy.isClientOnly,
};

// One row per actor; columns in the order of ACTIONS. 1 = allowed.
const TABLE: Record<string, string> = {
  //                                   acct crt plan pm  bill live edit see10 see20 acc1 inbox exp ppb start10 start11 client
  owner: '1    1   1    1   1    1    1    1     0     1    0     0   1   1       0       0',
  'owner without clinician access': '1    1   1    1   1    1    0    1     0     1    0     0   1   1       0       0',
  'billing-manager': '1    0   1    0   1    0    0    1     0     1    0     0   0   1       0       0',
  'intake-coordinator': '1    0   0    0   0    0    0    1     0     1    1     0   0   0       0       0',
  'intake-exporter': '1    0   0    0   0    0    0    1     0     1    0     1   0   0       0       0',
  'reimbursify-lead-practitioner': '1    0   0    0   0    0    0    1     0     1    0     0   1   0       0       0',
  'reimbursify-practitioner': '1    0   0    0   0    0    0    1     0     1    0     0   1   0       0       0',
  'reimbursify-administrator': '1    0   0    0   0    0    0    1     0     1    0     0   1   0       0       0',
  'clinician only (no account role)':
    '0    0   0    0   0    0    1    1     0     0    0     0   0   0       0       0',
  'client scope': '0    0   0    0   0    0    0    0     0     0    0     0   0   0       0       1',
  'owner of another account': '1    0   1    0   0    0    0    0     1     0    0     0   0   0       0       0',
};

describe('roles and permissions (spec 1 §6): the policy table', () => {
  const actions = Object.entries(ACTIONS);
  for (const [name, row] of Object.entries(TABLE)) {
    const expected = row
      .trim()
      .split(/\s+/)
      .map((cell) => cell === '1');
    it(`${name}`, () => {
      assert.equal(expected.length, actions.length, 'one cell per action');
      const a = ACTORS[name]!;
      const wrong = actions
        .map(([action, allowed], index) => ({ action, got: allowed(a), want: expected[index] }))
        .filter((cell) => cell.got !== cell.want)
        .map((cell) => `${cell.action}: expected ${cell.want ? 'allowed' : 'denied'}`);
      assert.deepEqual(wrong, [], name);
    });
  }
});

describe('the Private Pay Booster login rule', () => {
  const owner = ACTORS.owner!;
  it('needs a Private Pay Booster account or a good legacy or seat subscription', () => {
    assert.equal(policy.canSeePrivatePayBoosterLogin(owner, { id: 1 }), false);
    assert.equal(policy.canSeePrivatePayBoosterLogin(owner, { id: 1, legacyOrSeatSubscriptionIsGood: true }), true);
  });
  it('is hidden by the account flag hide-reimbursify-sso-upgrade', () => {
    assert.equal(
      policy.canSeePrivatePayBoosterLogin(owner, {
        ...account,
        featureFlags: { 'hide-reimbursify-sso-upgrade': true },
      }),
      false,
    );
  });
  it('the upgrade flow is gated by account-enable-sso-upgrade-current-reimbursify', () => {
    assert.equal(policy.privatePayBoosterUpgradeEnabled(account), false);
    assert.equal(
      policy.privatePayBoosterUpgradeEnabled({
        id: 1,
        featureFlags: { 'account-enable-sso-upgrade-current-reimbursify': true },
      }),
      true,
    );
  });
});

describe('the Start membership button rule', () => {
  const owner = ACTORS.owner!;
  it('is hidden when any account has a basic tier with practice management', () => {
    assert.equal(
      policy.canStartMembership(owner, own, [{ id: 1, tier: 'professional', hasPracticeManagement: true }]),
      true,
    );
    assert.equal(policy.canStartMembership(owner, own, [{ id: 1, tier: 'basic', hasPracticeManagement: false }]), true);
    assert.equal(policy.canStartMembership(owner, own, [{ id: 3, tier: 'basic', hasPracticeManagement: true }]), false);
  });
  it('is never shown for another account’s provider', () => {
    assert.equal(policy.canStartMembership(owner, foreign), false);
  });
});

describe('wording (you, your practice, your provider)', () => {
  it('follows the clinician role scoped to the provider', () => {
    assert.equal(policy.wordingFor(ACTORS.owner!, own), 'you');
    assert.equal(policy.wordingFor(ACTORS.owner!, ownPractice), 'your practice');
    assert.equal(policy.wordingFor(ACTORS['owner without clinician access']!, own), 'your provider');
    assert.equal(policy.possessive('you'), 'your');
    assert.equal(policy.possessive('your provider'), "your provider's");
  });
  it('on the create page, follows the chosen type', () => {
    assert.equal(policy.creationWording('individual'), 'you');
    assert.equal(policy.creationWording('practice'), 'your practice');
    assert.equal(policy.creationWording('new-user'), 'your provider');
  });
});

describe('saved replies of the practice inbox (issue [22] item 2)', () => {
  it("an account's owners and intake coordinators manage them; no other role, and not another account's", () => {
    const allowed = Object.entries(ACTORS)
      .filter(([, a]) => policy.canManageSavedReplies(a, 1))
      .map(([name]) => name);
    assert.deepEqual(allowed, ['owner', 'owner without clinician access', 'intake-coordinator']);
    assert.equal(policy.canManageSavedReplies(ACTORS['owner of another account']!), true, 'on their own account');
    assert.equal(policy.canManageSavedReplies(ACTORS['intake-exporter']!), false);
  });
});
