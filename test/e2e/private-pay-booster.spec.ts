// Private Pay Booster sign-in in Chromium (spec 3 §4, issue [13] "an individual opens Private Pay Booster
// through SSO into the local stand-in"): an individual provider presses Log in to Private Pay Booster on
// the dashboard, a new window opens, the hand-off page posts the token to the local tool's stand-in, which
// accepts it; pressed again from /private-pay-booster with JavaScript off, the hand-off page's own button
// does the same; /developer-tools previews and performs the Private Pay Booster upgrade. axe on every
// page, and no sideways scroll at 375 px.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { membershipOf } from '../support/billing';
import { expectAccessible, signInAs, useBrowser } from '../support/browser';

const BUTTON = 'Log in to Private Pay Booster';

/** An individual provider who owns an account with Private Pay Booster Pro (a local tool account). */
async function individualWithPrivatePayBooster() {
  const user = await createProviderUser(ctx().db, {
    paid: true,
    providers: [{ type: 'individual', firstName: 'Robin', lastName: 'Booster' }],
  });
  await ctx().db('accounts').where({ id: user.accountId }).update({ reimbursify_account_created: true });
  await ctx()
    .db('local_benefits_tool.accounts')
    .insert({ provider_id: user.providerIds[0], email: user.email, tier: 'pro' });
  return user;
}

const noSidewaysScroll = async (page: Page) =>
  assert.ok(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    `no sideways scroll at 375 px on ${page.url()}`,
  );

describe('browser: Private Pay Booster sign-in', function () {
  this.timeout(300_000);
  const session = useBrowser();

  it('an individual opens Private Pay Booster from the dashboard: a new window signs in to the local stand-in', async () => {
    const user = await individualWithPrivatePayBooster();
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, user.userId);
    await page.goto('/');
    const button = page.getByRole('button', { name: BUTTON });
    await button.waitFor();
    await expectAccessible(page);
    await noSidewaysScroll(page);

    const [tool] = await Promise.all([page.context().waitForEvent('page'), button.click()]);
    await tool.setViewportSize({ width: 375, height: 800 });
    // The hand-off page posts the token at once; the window ends on the tool's sign-in page.
    await tool.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/sso$/);
    await tool.getByText(`Signed in to Private Pay Booster as ${user.email}.`).waitFor();
    assert.match(await tool.locator('main').innerText(), /Private Pay Booster Pro/);
    assert.ok(!tool.url().includes('token'), 'the token is not in the address');
    await expectAccessible(tool);
    await noSidewaysScroll(tool);
    // The portal's own window stays where it was.
    assert.equal(new URL(page.url()).pathname, '/');

    // The token was used once, by the tool's sign-in page.
    const tokenUses = await ctx()
      .db('local_benefits_tool.sso_tokens')
      .whereNotNull('used_at')
      .count({ n: '*' })
      .first();
    assert.equal(Number(tokenUses?.n), 1);
  });

  it('without JavaScript, /private-pay-booster opens the hand-off page, whose button continues to the tool', async () => {
    const user = await individualWithPrivatePayBooster();
    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, user.userId);
    await page.goto('/private-pay-booster');
    await expectAccessible(page);
    await noSidewaysScroll(page);

    const [handOff] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: BUTTON }).click(),
    ]);
    await handOff.setViewportSize({ width: 375, height: 800 });
    const next = handOff.getByRole('button', { name: 'Continue to Private Pay Booster' });
    await next.waitFor();
    assert.equal(new URL(handOff.url()).pathname, '/private-pay-booster/sign-in');
    // axe needs scripts: the hand-off page's HTML (its scripts left out) is checked on a page with them.
    const checker = await session.newPage();
    await checker.goto('/healthz');
    await checker.setViewportSize({ width: 375, height: 800 });
    await checker.setContent((await handOff.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, ''), {
      waitUntil: 'load',
    });
    await expectAccessible(checker);
    await noSidewaysScroll(checker);

    await Promise.all([handOff.waitForURL(/\/sso$/), next.click()]);
    await handOff.getByText(`Signed in to Private Pay Booster as ${user.email}.`).waitFor();
  });

  it('/developer-tools shows the account ids, previews the Private Pay Booster upgrade and performs it', async () => {
    const { user, customerId, subscriptionId } = await membershipOf({ items: [['membership_monthly_v3', 1]] });
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, user.userId);
    await page.goto('/developer-tools');
    await page.getByText(customerId).first().waitFor();
    await page.getByText(subscriptionId).first().waitFor();
    await expectAccessible(page);
    await noSidewaysScroll(page);

    await page.getByLabel('New tier').selectOption('professional');
    await Promise.all([
      page.waitForURL(/preview=1/),
      page.getByRole('button', { name: 'Preview the upgrade' }).click(),
    ]);
    await page.getByRole('heading', { name: /Proration date preview/ }).waitFor();
    await expectAccessible(page);
    await noSidewaysScroll(page);

    await Promise.all([
      page.waitForURL(/\/developer-tools\?account_id=\d+$/),
      page.getByRole('button', { name: 'Perform the upgrade' }).click(),
    ]);
    await page
      .locator('.flash', { hasText: 'Successful payment! Thank you for upgrading Private Pay Booster!' })
      .first()
      .waitFor({ state: 'attached' });
    await page
      .getByText(/Private Pay Booster pro/)
      .first()
      .waitFor();
  });
});
