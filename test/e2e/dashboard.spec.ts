// The dashboard in Chromium (spec 2 §2): an active provider's widgets and appointment panel, an
// incomplete provider's checklist and onboarding screen, and dismissing a card with JavaScript off.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, signInAs, useBrowser } from '../support/browser';
import { appointment, clientUser, completeProfile, conversation, minutes, noonZone } from '../http/dashboard-helpers';

const mainText = (page: Page) => page.locator('main').innerText();

describe('browser: the dashboard', function () {
  this.timeout(120_000);
  const session = useBrowser();

  it("an active provider sees the greeting, unread messages and today's and tomorrow's calls, and opens one", async () => {
    const now = new Date();
    const user = await createProviderUser(ctx().db, {
      paid: true,
      providers: [{ firstName: 'Dana', lastName: 'Rivera' }],
    });
    const providerId = user.providerIds[0]!;
    await completeProfile(ctx().db, providerId);
    await ctx()
      .db('providers')
      .where({ id: providerId })
      .update({ timezone: noonZone(now), calendar_open: false });
    const casey = await clientUser(ctx().db, 'Casey', 'Client');
    const drew = await clientUser(ctx().db, 'Drew', 'Doe');
    const id = await appointment(ctx().db, providerId, casey, new Date(now.getTime() + minutes(60)));
    await appointment(ctx().db, providerId, drew, new Date(now.getTime() + minutes(24 * 60)));
    await conversation(ctx().db, providerId, drew, 'Do you have evening times?');

    const page = await session.newPage();
    await signInAs(page, user.userId);
    await page.goto('/');
    assert.match(await mainText(page), /Good (morning|afternoon|evening), Dana!/);
    const upcoming = page.getByRole('region', { name: 'Upcoming phone consultations' });
    await upcoming.getByRole('heading', { name: /^Today/ }).waitFor();
    await upcoming.getByRole('heading', { name: /^Tomorrow/ }).waitFor();
    assert.equal(await upcoming.getByRole('link', { name: 'View all' }).getAttribute('href'), '/calendar');
    const unread = page.getByRole('region', { name: 'Unread messages' });
    assert.equal(await unread.getByRole('link', { name: 'Drew Doe' }).getAttribute('href'), `/messages/${drew}`);
    await page.getByRole('region', { name: 'From the blog' }).waitFor();
    assert.equal(await page.getByRole('region', { name: 'From the blog' }).getByRole('listitem').count(), 3);
    await expectAccessible(page);

    await Promise.all([
      page.waitForURL(`**/?id=${id}#appointment`),
      upcoming.getByRole('link', { name: /View details of the call with Casey Client/ }).click(),
    ]);
    const panel = page.getByRole('region', { name: 'Phone Consult with Casey Client' });
    await panel.waitFor();
    assert.match(await panel.innerText(), /Upcoming/);
    await expectAccessible(page);

    // Following a card records the event and leads to its page.
    await Promise.all([
      page.waitForURL('**/calendar'),
      page.getByRole('button', { name: 'Set up your calendar' }).click(),
    ]);
    const event = await ctx().db('events').first('data');
    assert.deepEqual(event!.data, {
      action: 'follow_cta_link',
      provider_id: providerId,
      card_name: 'phone_consultations',
    });
  });

  it('an incomplete provider sees the checklist; once only Start membership is left, the onboarding screen with the menu collapsed', async () => {
    const user = await createProviderUser(ctx().db, {
      paid: false,
      providers: [{ status: 'incomplete', firstName: 'Jamie', lastName: 'Chen' }],
    });
    const providerId = user.providerIds[0]!;
    const page = await session.newPage();
    await signInAs(page, user.userId);
    await page.goto('/');
    const checklist = page.getByRole('region', { name: 'Profile checklist' });
    await checklist.waitFor();
    assert.equal(
      await checklist.getByRole('link', { name: 'Licensure' }).getAttribute('href'),
      '/profile/general-information#licensure',
    );
    assert.equal(
      await checklist.getByRole('link', { name: 'Start membership' }).getAttribute('href'),
      `/profiles/pay-for/${providerId}`,
    );
    assert.equal(await page.locator('#side-menu').isVisible(), true);
    await expectAccessible(page);

    await completeProfile(ctx().db, providerId);
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome! You are almost live' }).waitFor();
    assert.equal(
      await page.getByRole('link', { name: 'Start membership' }).getAttribute('href'),
      `/profiles/pay-for/${providerId}`,
    );
    assert.equal(await page.locator('#side-menu').isVisible(), false, 'the side menu is collapsed');
    assert.equal(await page.getByRole('region', { name: 'Profile checklist' }).count(), 0);
    await expectAccessible(page);
  });

  it('with JavaScript off, dismissing a card posts the form, comes back to / and the card stays gone', async () => {
    const user = await createProviderUser(ctx().db, { paid: true, providers: [{ firstName: 'Noel' }] });
    const providerId = user.providerIds[0]!;
    await completeProfile(ctx().db, providerId);
    await ctx().db('providers').where({ id: providerId }).update({ calendar_open: false });
    const page = await session.newPage({ javaScript: false });
    await signInAs(page, user.userId);
    await page.goto('/');
    const card = page.locator('[data-card="phone_consultations"]');
    await card.getByRole('heading', { name: 'Offer free phone consultations' }).waitFor();
    await expectAccessible(page);
    const dismiss = card.getByRole('button', { name: /^Dismiss\s*: Offer free phone consultations$/ });
    await Promise.all([page.waitForNavigation(), dismiss.click()]);
    assert.equal(new URL(page.url()).pathname, '/');
    assert.equal(await page.locator('[data-card="phone_consultations"]').count(), 0);
    await expectAccessible(page);
    await page.reload();
    assert.equal(await page.locator('[data-card="phone_consultations"]').count(), 0, 'the dismissal is stored');
    const row = await ctx().db('events').first('type', 'provider_id', 'data');
    assert.deepEqual(row, {
      type: 'therapist_portal_cta_event',
      provider_id: providerId,
      data: { action: 'dismiss_cta', provider_id: providerId, card_name: 'phone_consultations' },
    });
  });

  it('on a phone, with JavaScript off: what needs attention is on the first screen, and the announcements open on a tap', async () => {
    const now = new Date();
    const user = await createProviderUser(ctx().db, {
      paid: true,
      providers: [{ firstName: 'Dana', lastName: 'Rivera' }],
    });
    const providerId = user.providerIds[0]!;
    await completeProfile(ctx().db, providerId);
    await ctx()
      .db('providers')
      .where({ id: providerId })
      .update({ timezone: noonZone(now) });
    const drew = await clientUser(ctx().db, 'Drew', 'Doe');
    await conversation(ctx().db, providerId, drew, 'Do you have evening times?');
    const page = await session.newPage({ javaScript: false });
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, user.userId);
    await page.goto('/');
    const unread = page.getByRole('link', { name: '1 unread conversation' });
    const box = await unread.boundingBox();
    assert.ok(box && box.y + box.height <= 800 && box.height >= 44, `the summary's link at ${JSON.stringify(box)}`);
    assert.match(await page.locator('.attention').innerText(), /Profile\s+Live\s+Membership\s+Active/);
    const news = page.locator('.announcements-group');
    assert.equal(await news.locator('.announcements').isVisible(), false, 'folded');
    await expectAccessible(page);
    await news.locator('summary').click();
    await news.locator('.announcements').waitFor({ state: 'visible' });
    await expectAccessible(page);
    await Promise.all([page.waitForURL('**/messages'), unread.click()]);
  });
});
