// The benefits check (VOB) in a message (spec 3 §4 "Practice management and benefits tool", §8 "VOB
// unknown"): every status, and the sample message's arithmetic. Pure, no database.
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { VobCard } from '../../../views/components/messaging/VobCard';
import { type PageContext, PageContextReact } from '../../../views/page-context';
import {
  benefitsCheckCard,
  type BenefitsCheckInput,
  outOfPocketRange,
  remainingDeductible,
  sampleMessage,
  sessionsToDeductible,
  vobKindOf,
} from '../../../server/presenters';
import { localVerification } from '../../../server/integrations/benefits-tool/local';
import { BenefitsToolError } from '../../../server/integrations/benefits-tool';

const UNKNOWN =
  "We're unable to check if Casey Client has out-of-network benefits for therapy. You can verify coverage with their insurance company.";

const card = (vobData: Record<string, unknown>, extra: Partial<BenefitsCheckInput> = {}) =>
  benefitsCheckCard({
    messageId: 7,
    vobData,
    vobInputInfo: { insurance_name: 'Aetna', member_id: 'W123' },
    clientName: 'Casey Client',
    sessionFeeOngoing: 150,
    rerunAction: '/messages/3/benefits-check/7/rerun',
    upgradeHref: '/reimbursify/upgrade/9',
    ...extra,
  });

const ran = (percent: number | null, individual: number | null = 600, family: number | null = 1200) => ({
  status: 'run',
  estimated_reimbursement_after_deductible_percent: percent,
  oon_individual_deductible_remaining_dollars: individual,
  oon_family_deductible_remaining_dollars: family,
});

describe('benefits check: the status decides the card', () => {
  it('pending_rerun offers the Run button posting to the rerun route', () => {
    const view = card({ status: 'pending_rerun', estimated_reimbursement_after_deductible_percent: null });
    assert.equal(view.kind, 'pending-rerun');
    assert.equal(view.rerunAction, '/messages/3/benefits-check/7/rerun');
    assert.equal(view.upgradeHref, null);
  });

  it('vob_limit_reached is the upgrade prompt to /reimbursify/upgrade/{accountId} (none when the viewer may not upgrade)', () => {
    const view = card({ status: 'vob_limit_reached' });
    assert.equal(view.kind, 'limit-reached');
    assert.equal(view.upgradeHref, '/reimbursify/upgrade/9');
    assert.match(view.headline, /Upgrade to check Casey Client's out-of-network benefits\./);
    assert.equal(card({ status: 'vob_limit_reached' }, { upgradeHref: null }).upgradeHref, null);
  });

  it("unknown_error, and a null percent, show 'We're unable to check if {client} has out-of-network benefits…'", () => {
    for (const vob of [{ status: 'unknown_error', estimated_reimbursement_after_deductible_percent: 70 }, ran(null)]) {
      const view = card(vob);
      assert.equal(view.kind, 'unknown');
      assert.equal(view.headline, UNKNOWN);
      assert.equal(view.sampleMessage, null);
      assert.deepEqual(view.facts, []);
    }
  });

  it('0 % means no out-of-network benefits', () => {
    const view = card(ran(0));
    assert.equal(view.kind, 'no-benefits');
    assert.equal(view.headline, 'Casey Client does not have out-of-network benefits for therapy.');
    assert.equal(view.sampleMessage, null);
  });

  it('otherwise the benefits: percent, deductible, sessions to reach it, out-of-pocket range, and a sample message', () => {
    const view = card(ran(70));
    assert.equal(view.kind, 'benefits');
    assert.equal(view.insuranceName, 'Aetna');
    assert.deepEqual(view.facts, [
      { label: 'Estimated reimbursement after the deductible', value: '70%' },
      { label: 'Out-of-network deductible remaining', value: '$600' },
      { label: 'Sessions to reach the deductible', value: '4 at $150' },
      { label: 'Estimated out-of-pocket cost', value: '$45–$150 per session' },
    ]);
    assert.equal(
      view.sampleMessage,
      'Hi Casey, I checked your out-of-network benefits for therapy with Aetna. Your plan is estimated to reimburse about 70% of each session once your out-of-network deductible is met. ' +
        'You have $600 of your deductible left, which is about 4 sessions at my fee of $150. Until then you would pay $150 per session; after that, about $45 per session after reimbursement. ' +
        'Let me know if you have any questions.',
    );
  });

  it('reads a stringly percent and unknown statuses as the tool stored them', () => {
    assert.equal(
      vobKindOf({ status: 'run', estimated_reimbursement_after_deductible_percent: '60' as unknown as number }),
      'benefits',
    );
    assert.equal(vobKindOf({ status: null, estimated_reimbursement_after_deductible_percent: 60 }), 'benefits');
  });
});

describe('benefits check: the arithmetic', () => {
  it('sessions to the deductible: remaining ÷ session_fee_ongoing, rounded up', () => {
    assert.equal(sessionsToDeductible(600, 150), 4);
    assert.equal(sessionsToDeductible(601, 150), 5);
    assert.equal(sessionsToDeductible(0, 150), 0);
    assert.equal(sessionsToDeductible(600, null), null);
    assert.equal(sessionsToDeductible(600, 0), null);
    assert.equal(sessionsToDeductible(null, 150), null);
  });

  it('the remaining deductible is the individual one, else the family one, never below 0', () => {
    assert.equal(
      remainingDeductible({
        oon_individual_deductible_remaining_dollars: 250,
        oon_family_deductible_remaining_dollars: 900,
      }),
      250,
    );
    assert.equal(
      remainingDeductible({
        oon_individual_deductible_remaining_dollars: null,
        oon_family_deductible_remaining_dollars: 900,
      }),
      900,
    );
    assert.equal(
      remainingDeductible({
        oon_individual_deductible_remaining_dollars: -5,
        oon_family_deductible_remaining_dollars: null,
      }),
      0,
    );
    assert.equal(
      remainingDeductible({
        oon_individual_deductible_remaining_dollars: null,
        oon_family_deductible_remaining_dollars: null,
      }),
      null,
    );
  });

  it('out of pocket: fee × (1 − percent) after the deductible, up to the whole fee while it remains', () => {
    assert.deepEqual(outOfPocketRange(150, 70, 600), { low: 45, high: 150 });
    assert.deepEqual(outOfPocketRange(175, 60, 0), { low: 70, high: 70 });
    assert.deepEqual(outOfPocketRange(125, 55, null), { low: 56, high: 125 });
    assert.equal(outOfPocketRange(null, 70, 600), null);
  });

  it('a met deductible and a missing fee change the sample message', () => {
    assert.match(
      sampleMessage({ firstName: 'Casey', insuranceName: null, percent: 60, remaining: 0, sessionFee: 175 }),
      /You have already met your deductible, so with my fee of \$175 you would pay about \$70 per session after reimbursement\./,
    );
    const noFee = card(ran(70), { sessionFeeOngoing: null });
    assert.doesNotMatch(noFee.sampleMessage!, /\$150|my fee/);
    assert.deepEqual(
      noFee.facts.map((f) => f.label),
      ['Estimated reimbursement after the deductible', 'Out-of-network deductible remaining'],
    );
  });
});

describe('benefits tool, local: answers from the stored member id, the same every time', () => {
  const request = (memberId: string | null) => ({
    vobId: 1,
    providerId: 1,
    clientUserId: 2,
    memberId,
    insuranceName: 'Aetna',
    dateOfBirth: '1990-01-01',
  });

  it('LIMIT, UNKNOWN (or none), NOOON and ERROR reach each outcome', () => {
    assert.equal(localVerification(request('W-LIMIT-1')).status, 'vob_limit_reached');
    assert.equal(localVerification(request('w-unknown')).status, 'unknown_error');
    assert.equal(localVerification(request(null)).status, 'unknown_error');
    assert.equal(localVerification(request('NOOON-5')).estimated_reimbursement_after_deductible_percent, 0);
    assert.throws(() => localVerification(request('ERROR-1')), BenefitsToolError);
  });

  it('any other member id: benefits, deterministic', () => {
    const first = localVerification(request('W123456789'));
    assert.equal(first.status, 'run');
    assert.ok([50, 60, 70, 80].includes(first.estimated_reimbursement_after_deductible_percent!));
    assert.deepEqual(localVerification(request('W123456789')), first);
  });
});

describe('benefits check: the card as the thread renders it', () => {
  const html = (vob: Record<string, unknown>) =>
    renderToStaticMarkup(
      createElement(
        PageContextReact.Provider,
        { value: { csrfToken: 'token' } as PageContext },
        createElement(VobCard, { card: card(vob), returnTo: '/messages/3' }),
      ),
    );

  it('pending_rerun posts Run benefits check to the rerun route, coming back to the thread', () => {
    const page = html({ status: 'pending_rerun' });
    assert.match(page, /<form action="\/messages\/3\/benefits-check\/7\/rerun" method="post">/);
    assert.match(page, /name="return_to" value="\/messages\/3"/);
    assert.match(page, />Run benefits check<\/button>/);
  });

  it('vob_limit_reached links to the upgrade; unknown shows the spec text; benefits the facts and the sample', () => {
    assert.match(
      html({ status: 'vob_limit_reached' }),
      /href="\/reimbursify\/upgrade\/9"[^>]*>Upgrade Private Pay Booster</,
    );
    assert.match(
      html({ status: 'unknown_error' }),
      /We&#x27;re unable to check if Casey Client has out-of-network benefits for therapy\./,
    );
    const benefits = html(ran(70));
    assert.match(benefits, /Benefits check: Aetna/);
    assert.match(benefits, /Sessions to reach the deductible/);
    assert.match(benefits, /Sample message you can send/);
    assert.doesNotMatch(benefits, /<form/);
  });
});
