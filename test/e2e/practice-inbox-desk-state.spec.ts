// The practice inbox's desk state in a browser (issue [22] item 2), at 375 px, every page checked by axe: a
// coordinator gives a conversation to a colleague, replies-status and snoozes it without JavaScript (a date in
// the past first: refused beside its field), finds it under Snoozed, and takes it back; with JavaScript the
// thread shows a colleague's change live.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { Temporal } from 'temporal-polyfill';
import { DESK_MESSAGES, receiveClientMessage, updateDesk } from '../../server/domain/messaging';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, expectFlash, signInAs, submit, useBrowser } from '../support/browser';

const ZONE = 'America/New_York';

async function practiceWithColleague() {
  const { db, integrations } = ctx();
  const cora = await createProviderUser(db, {
    paid: true,
    roles: ['intake-coordinator'],
    providers: [
      { type: 'practice', companyName: 'Harbor Light Practice' },
      { firstName: 'Lee', lastName: 'Chen' },
    ],
  });
  await db('providers').whereIn('id', cora.providerIds).update({ timezone: ZONE });
  const grace = await createProviderUser(db, { roles: [], providers: [] });
  await db('users').where({ id: grace.userId }).update({ first_name: 'Grace', last_name: 'Hopper' });
  await db('account_roles').insert({ user_id: grace.userId, account_id: cora.accountId, role: 'intake-coordinator' });
  const lee = cora.providerIds[1]!;
  const received = await receiveClientMessage(db, integrations.jobs, {
    providerId: lee,
    client: { email: `alex-${Date.now()}@example.test`, firstName: 'Alex', lastName: 'Morgan' },
    content: 'Do you take Aetna?',
    type: 'message',
    now: new Date(),
  });
  return { cora, grace, received, thread: `/practice-inbox/messages/${received.clientUserId}/${lee}` };
}

async function expectPhonePage(page: Page) {
  assert.ok(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    `no sideways scroll at 375 px on ${page.url()}`,
  );
  await expectAccessible(page);
}

const dayAhead = (days: number) => Temporal.Now.plainDateISO(ZONE).add({ days }).toString();

describe('browser: the practice inbox’s desk (assignee, status, snooze)', function () {
  this.timeout(300_000);
  const session = useBrowser();

  it('without JavaScript on a phone: a refused snooze, then assign, status and snooze saved; Snoozed lists it; Assign to me', async () => {
    const { cora, thread } = await practiceWithColleague();
    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, cora.userId);

    await page.goto(thread);
    // The thread page has the list's filters too (hidden on a phone's thread screen): the Desk's own fields.
    const desk = page.getByRole('region', { name: 'Desk' });
    await desk.waitFor();
    await expectPhonePage(page);
    await desk.getByLabel('Assignee').selectOption({ label: 'Grace Hopper' });
    await desk.getByLabel('Status').selectOption({ label: 'Replied' });
    await desk.getByLabel('Snooze until').fill(dayAhead(-1));
    await submit(page, page.getByRole('button', { name: 'Save desk' }));
    await page.locator('#desk-snooze-until-error', { hasText: DESK_MESSAGES.snoozePast }).waitFor();
    await page.locator('.error-summary a', { hasText: DESK_MESSAGES.snoozePast }).waitFor();
    assert.equal(await desk.getByLabel('Status').inputValue(), 'replied');
    await expectPhonePage(page);

    await desk.getByLabel('Snooze until').fill(dayAhead(2));
    await submit(page, page.getByRole('button', { name: 'Save desk' }));
    await expectFlash(page, 'The desk has been saved.');
    await page.locator('.thread__desk', { hasText: 'Assigned to Grace Hopper' }).waitFor();
    await expectPhonePage(page);

    // Out of the open list, under Snoozed.
    await page.goto('/practice-inbox/messages');
    assert.equal(await page.locator('.messages-list__client', { hasText: 'Alex Morgan' }).count(), 0);
    await page.getByLabel('Status').selectOption({ label: 'Snoozed' });
    await submit(page, page.getByRole('button', { name: 'Filter' }));
    await page.locator('.messages-list__desk', { hasText: 'Assigned to Grace Hopper' }).waitFor();
    await expectPhonePage(page);

    await submit(page, page.locator('.messages-list__link', { hasText: 'Alex Morgan' }));
    await submit(page, page.getByRole('button', { name: 'Assign to me' }));
    await expectFlash(page, 'This conversation is assigned to you.');
    await page.locator('.thread__desk', { hasText: /Assigned to Taylor/ }).waitFor();
    assert.match(page.url(), /status=snoozed/);
    await expectPhonePage(page);
  });

  it('with JavaScript: a colleague’s change shows in the open thread without a reload', async () => {
    const { cora, grace, received, thread } = await practiceWithColleague();
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, cora.userId);
    await page.goto(thread);
    await page.locator('.thread__desk', { hasText: 'Unassigned' }).waitFor();
    await page.locator('[data-island="MessageThread"][data-hydrated="true"]').waitFor();
    await updateDesk(
      ctx().db,
      { userId: grace.userId, accountId: cora.accountId, meta: {}, timeZone: ZONE },
      received.conversationId,
      { assignee: String(grace.userId), status: 'closed', snoozeUntil: '' },
    );
    await page.locator('.thread__desk', { hasText: 'Closed' }).waitFor({ timeout: 30_000 });
    await page.locator('.thread__desk', { hasText: 'Assigned to Grace Hopper' }).waitFor();
    await page.getByRole('link', { name: 'Changed just now: reload the Desk form' }).waitFor();
    await expectAccessible(page);
  });
});
