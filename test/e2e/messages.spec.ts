// Messages in Chromium, as a provider would use them: reading and answering a thread with JavaScript off
// (and deleting after the confirmation page), and, with JavaScript on, a client's message arriving live
// while the thread is open, then a reply sent in place. axe on the pages visited.
import assert from 'node:assert/strict';
import { MESSAGE_TEXTS, receiveClientMessage } from '../../server/domain/messaging';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, expectFlash, signInAs, submit, useBrowser } from '../support/browser';

async function providerWithClientMessage(content: string) {
  const user = await createProviderUser(ctx().db, {
    paid: true,
    providers: [{ firstName: 'Dana', lastName: 'Rivera' }],
  });
  const providerId = user.providerIds[0]!;
  const client = {
    email: `client-${Date.now()}@example.test`,
    firstName: 'Alex',
    lastName: 'Morgan',
    phone: '+12125550142',
  };
  const received = await receiveClientMessage(ctx().db, ctx().integrations.jobs, {
    providerId,
    client,
    content,
    type: 'message',
    now: new Date(),
  });
  return { user, providerId, client, clientUserId: received.clientUserId };
}

describe('browser: messages', function () {
  this.timeout(300_000);
  const session = useBrowser();

  it('with JavaScript off, the provider reads and answers a thread, and deletes a reply after confirming', async () => {
    const { user, clientUserId } = await providerWithClientMessage('Do you have evening slots?');
    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.goto('/messages');
    await page.getByText(MESSAGE_TEXTS.selectConversation).waitFor();
    await expectAccessible(page);

    await submit(page, page.getByRole('link', { name: /Alex Morgan/ }));
    await page.locator('.thread__text', { hasText: 'Do you have evening slots?' }).waitFor();
    await page.setViewportSize({ width: 375, height: 800 });
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'no sideways scroll at 375 px',
    );
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await submit(page, page.getByRole('button', { name: 'Send' }));
    await page.getByText(MESSAGE_TEXTS.required).first().waitFor();
    await expectAccessible(page);

    await page.getByLabel('Reply').fill('Yes, Tuesdays until 8pm.');
    await submit(page, page.getByRole('button', { name: 'Send' }));
    await expectFlash(page, MESSAGE_TEXTS.sent);
    await page.locator('.thread__text', { hasText: 'Yes, Tuesdays until 8pm.' }).waitFor();
    assert.equal(await page.getByLabel('Reply').inputValue(), '');

    await submit(page, page.getByRole('button', { name: /^Delete/ }));
    await page.getByText(MESSAGE_TEXTS.deleteConfirm).waitFor();
    await expectAccessible(page);
    await submit(page, page.getByRole('button', { name: 'Delete message' }));
    await page.locator('.thread__gone', { hasText: MESSAGE_TEXTS.deleted }).waitFor();
    assert.equal(await page.getByText('Yes, Tuesdays until 8pm.').count(), 0);
    assert.equal(page.url(), `${session.baseUrl}/messages/${clientUserId}`);
  });

  it("a client's message arrives live while the thread is open; the reply is sent in place", async () => {
    await ctx().changes.whenLive();
    const { user, providerId, client, clientUserId } = await providerWithClientMessage('Hello there');
    const page = await session.newPage();
    page.setDefaultTimeout(30_000);
    await signInAs(page, user.userId);
    await page.goto(`/messages/${clientUserId}`);
    await page.locator('[data-island="MessageThread"][data-hydrated="true"]').waitFor();
    // The stream is open once the server holds it (the island opens it on hydration).
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));

    await receiveClientMessage(ctx().db, ctx().integrations.jobs, {
      providerId,
      client,
      content: 'Are you free on Friday?',
      type: 'message',
      now: new Date(),
    });
    // Sooner than the 10 s polling fallback would bring it: this is the live stream.
    await page.locator('.thread__text', { hasText: 'Are you free on Friday?' }).waitFor({ timeout: 8000 });

    await page.getByLabel('Reply').fill('Friday at 3pm works.');
    await page.getByLabel('Reply').press('Meta+Enter');
    await page.getByRole('button', { name: MESSAGE_TEXTS.sent }).waitFor();
    await page.locator('.thread__text', { hasText: 'Friday at 3pm works.' }).waitFor();
    assert.equal(await page.getByLabel('Reply').inputValue(), '');
    assert.equal(await page.getByText(MESSAGE_TEXTS.onBehalfReminder).count(), 0);
    await page.getByRole('button', { name: MESSAGE_TEXTS.send, exact: true }).waitFor({ timeout: 5000 });
    assert.deepEqual(loads, [], 'no reload');
    assert.equal(
      await page.locator('.thread__text', { hasText: 'Friday at 3pm works.' }).count(),
      1,
      'shown once (the reply and its event)',
    );
    await expectAccessible(page);
  });
});
