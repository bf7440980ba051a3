// A long thread on a phone (issue [19] item 1 and 8): at 375 px the thread shows its newest 50 messages;
// with JavaScript off "Show earlier messages" is a link to the page before, and with JavaScript on it
// puts the earlier page above in place, keeping the message that was first where it was. The thread is
// one scroll with the page on a phone, and its region can be reached by keyboard. axe on every page.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { receiveClientMessage } from '../../server/domain/messaging';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, signInAs, submit, useBrowser } from '../support/browser';

/** A provider with one conversation of `count` messages a minute apart ("Message 1" … "Message {count}"). */
async function providerWithLongThread(count: number) {
  const db = ctx().db;
  const user = await createProviderUser(db, { paid: true, providers: [{ firstName: 'Dana', lastName: 'Rivera' }] });
  const providerId = user.providerIds[0]!;
  const start = new Date(Date.now() - (count + 10) * 60_000);
  const first = await receiveClientMessage(db, ctx().integrations.jobs, {
    providerId,
    client: {
      email: `long-${randomUUID().slice(0, 8)}@example.test`,
      firstName: 'Lena',
      lastName: 'Long',
      phone: null,
    },
    content: 'Message 1',
    type: 'message',
    now: start,
  });
  await db.raw(
    `insert into messages (conversation_id, provider_id, client_user_id, sender, type, message_content, send_date, read_at)
     select ?, ?, ?, case when k % 2 = 1 then 'client' else 'provider' end, 'message', 'Message ' || k,
            ?::timestamptz + (k - 1) * interval '1 minute', now()
       from generate_series(2, ?) k`,
    [first.conversationId, providerId, first.clientUserId, start, count],
  );
  return { user, clientUserId: first.clientUserId };
}

/** The thread's text of one message (the list beside it shows the newest one's first line too). */
const messageText = (page: import('playwright-core').Page, n: number) =>
  page.locator('.thread__text', { hasText: new RegExp(`^Message ${n}$`) });

const noSidewaysScroll = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('browser: a long thread at 375 px', function () {
  this.timeout(300_000);
  const session = useBrowser();

  it('with JavaScript off, "Show earlier messages" is a link to the page before, then back to the latest', async () => {
    const { user, clientUserId } = await providerWithLongThread(120);
    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, user.userId);
    await page.goto(`/messages/${clientUserId}`);
    const thread = page.locator('.thread__message');
    await messageText(page, 120).waitFor();
    assert.equal(await thread.count(), 50);
    assert.equal(await thread.first().locator('.thread__text').textContent(), 'Message 71');
    assert.ok(await noSidewaysScroll(page), 'no sideways scroll at 375 px');
    await expectAccessible(page);

    await submit(page, page.getByRole('link', { name: 'Show earlier messages' }));
    await messageText(page, 21).waitFor();
    assert.match(page.url(), /\?before=\d+$/);
    assert.equal(await thread.count(), 50);
    assert.equal(await messageText(page, 71).count(), 0);
    await expectAccessible(page);
    await submit(page, page.getByRole('link', { name: 'Show earlier messages' }));
    await messageText(page, 1).waitFor();
    assert.equal(await thread.count(), 20);
    assert.equal(await page.getByRole('link', { name: 'Show earlier messages' }).count(), 0);
    await submit(page, page.getByRole('link', { name: 'Show latest messages' }));
    await messageText(page, 120).waitFor();
  });

  it('with JavaScript on, the earlier page goes above in place, the first message stays put; one scroll on a phone', async () => {
    const { user, clientUserId } = await providerWithLongThread(120);
    const page = await session.newPage();
    page.setDefaultTimeout(30_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, user.userId);
    await page.goto(`/messages/${clientUserId}`);
    await page.locator('[data-island="MessageThread"][data-hydrated="true"]').waitFor();
    const thread = page.locator('.thread__message');
    assert.equal(await thread.count(), 50);

    // On a phone the thread is not a box inside the page: the page itself scrolls.
    const region = page.getByRole('region', { name: 'Conversation with Lena Long' });
    const box = await region.evaluate((el) => ({
      scrolls: el.scrollHeight > el.clientHeight + 1,
      tabIndex: el.tabIndex,
    }));
    assert.equal(box.scrolls, false, 'the thread is one scroll with the page at 375 px');
    assert.equal(box.tabIndex, 0);

    const message71 = page.locator('.thread__message', { hasText: /^You|Lena Long/ }).filter({ hasText: 'Message 71' });
    await message71.scrollIntoViewIfNeeded();
    const before = (await message71.boundingBox())!.y;
    const url = page.url();
    await page.getByRole('link', { name: 'Show earlier messages' }).click();
    await messageText(page, 21).waitFor({ state: 'attached' });
    assert.equal(page.url(), url, 'no page load');
    assert.equal(await thread.count(), 100);
    const after = (await message71.boundingBox())!.y;
    assert.ok(Math.abs(after - before) <= 2, `the first message stayed in place (${before} → ${after})`);
    assert.ok(await noSidewaysScroll(page), 'no sideways scroll at 375 px');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Show earlier messages' }).click();
    await messageText(page, 1).waitFor({ state: 'attached' });
    assert.equal(await thread.count(), 120);
    assert.equal(await page.getByRole('link', { name: 'Show earlier messages' }).count(), 0);

    // Wide: beside the list, the thread scrolls in its own box, reachable by keyboard.
    await page.setViewportSize({ width: 1280, height: 800 });
    assert.equal(await region.evaluate((el) => el.scrollHeight > el.clientHeight), true);
    await region.evaluate((el) => {
      el.scrollTop = 0;
    });
    await region.focus();
    await page.keyboard.press('PageDown');
    await page.waitForFunction(() => (document.querySelector('.thread-scroll')?.scrollTop ?? 0) > 0);
    await expectAccessible(page);
  });
});
