// Dunning in Chromium without JavaScript, at 375 px (issue [18] "Done when"): a renewal declined on the local
// card server's clock → the notice on the dashboard and on Plan Management (what is owed, the next try) →
// "Pay now" with a new card on the card processor's hosted page (setup mode) → back, paid, active. axe runs
// on every page, the hosted page included, and no page scrolls sideways.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ctx } from '../support/context';
import { deliverEvents, gateway, localStripe, membershipOf } from '../support/billing';
import { expectAccessible, expectFlash, signInAs, submit, typeCard, useBrowser } from '../support/browser';
import { drainJobs } from '../support/jobs';
import { syncCustomer } from '../../server/domain/billing';

async function noSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  assert.ok(scrollWidth <= innerWidth, `${page.url()} scrolls sideways (${scrollWidth} > ${innerWidth})`);
}

describe('browser: dunning', function () {
  this.timeout(240_000);
  const session = useBrowser();
  let moved = 0;
  afterEach(async () => {
    if (moved) (await localStripe()).advanceClock(-moved);
    moved = 0;
  });

  it('declined renewal → notice → pay now with a new card on the hosted page → active, without JavaScript at 375 px', async () => {
    const local = await localStripe();
    local.configureRetries({ days: [3, 5, 7], after: 'unpaid' });
    const { user, customerId, subscriptionId } = await membershipOf({
      items: [['membership_monthly_v3', 1]],
      card: 'pm_card_visa',
    });
    const failing = await gateway().attachCard(customerId, 'pm_card_chargeCustomerFail', `e2e-failing-${customerId}`);
    await gateway().setDefaultCard(customerId, failing, `e2e-default-${customerId}`);
    await syncCustomer(ctx().db, gateway(), customerId);
    // The renewal, an hour past the period's end: declined.
    const client = await gateway().client();
    const periodEnd = (await client.subscriptions.retrieve(subscriptionId)).items.data[0]!.current_period_end;
    moved = periodEnd - Math.floor(Date.now() / 1000) + 3600;
    local.advanceClock(moved);
    await local.renew();
    await deliverEvents();
    await drainJobs();
    assert.equal((await client.subscriptions.retrieve(subscriptionId)).status, 'past_due');

    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, user.userId);

    // The dashboard says the payment failed, what is owed, and leads to Plan Management.
    await page.goto('/');
    await page.getByText(/Your membership payment failed: \$59\.00 is owed\. We will try your card again on/).waitFor();
    await expectAccessible(page);
    await noSidewaysScroll(page);
    await submit(page, page.getByRole('link', { name: 'Pay now on Plan Management' }));
    assert.equal(new URL(page.url()).pathname, '/plan-management');

    // Plan Management: the notice and "Pay now"; the declining default card is not the one offered.
    const due = page.locator('#owed-payments');
    await due.getByText(/\$59\.00 is owed/).waitFor();
    assert.equal(await due.getByLabel(/^Visa ending 0341/).isChecked(), false);
    assert.equal(await due.getByLabel(/^Visa ending 4242/).isChecked(), true);
    await expectAccessible(page);
    await noSidewaysScroll(page);
    await due.getByLabel(/^A new card/).check();
    await submit(page, due.getByRole('button', { name: 'Pay $59.00 now' }));

    // The card processor's hosted page, in setup mode.
    await page.getByRole('heading', { name: 'Save a card' }).waitFor();
    await expectAccessible(page);
    await noSidewaysScroll(page);
    await typeCard(page, '5555 5555 5555 4444');
    await submit(page, page.getByRole('button', { name: 'Save card' }));

    // Back on Plan Management: paid, active, nothing owed.
    assert.equal(new URL(page.url()).pathname, '/plan-management');
    await expectFlash(page, 'Your unpaid invoice has been paid. Thank you!');
    assert.equal(await page.locator('#owed-payments').count(), 0);
    await page
      .getByText(/Active/)
      .first()
      .waitFor();
    await expectAccessible(page);
    await noSidewaysScroll(page);
    assert.equal((await client.subscriptions.retrieve(subscriptionId)).status, 'active');
  });
});
