// Row actions ([21] item 12), as a provider uses them on a phone with JavaScript off: a client list row's
// name opens the conversation (no Message button on every row), and on Choose a Profile the whole card is
// the one target that switches. axe on each page.
import assert from 'node:assert/strict';
import { receiveClientMessage } from '../../server/domain/messaging';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, signInAs, submit, useBrowser } from '../support/browser';

describe('browser: one action per row', () => {
  const session = useBrowser();

  it('the client list: the name opens the conversation, with JavaScript off at 375 px', async () => {
    const user = await createProviderUser(ctx().db, { paid: true, providers: [{ firstName: 'Dana' }] });
    const received = await receiveClientMessage(ctx().db, ctx().integrations.jobs, {
      providerId: user.providerIds[0]!,
      client: { email: `jane-${Date.now()}@example.test`, firstName: 'Jane', lastName: 'Doe', phone: '' },
      content: 'Hello, are you taking new clients?',
      type: 'message',
      now: new Date(),
    });
    const page = await session.newPage({ javaScript: false });
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, user.userId);
    await page.goto('/client-referrals');
    assert.equal(await page.getByRole('link', { name: 'Message', exact: true }).count(), 0);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Jane Doe' }).click();
    await page.waitForURL(`**/messages/${received.clientUserId}`);
    await page.locator('.thread__text', { hasText: 'Hello, are you taking new clients?' }).waitFor();
  });

  it('Choose a Profile: the whole card switches, a target as wide as the list and at least 44 px tall', async () => {
    const user = await createProviderUser(ctx().db, {
      paid: true,
      providers: [
        { firstName: 'Dana', lastName: 'Rivera', status: 'active' },
        { firstName: 'Priya', lastName: 'Shah', status: 'active' },
      ],
    });
    const page = await session.newPage({ javaScript: false });
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, user.userId);
    await page.goto('/profiles');
    await expectAccessible(page);
    const card = page.getByRole('button', { name: /^Switch to Priya Shah/ });
    const box = await card.boundingBox();
    const list = await page.locator('.profile-cards').first().boundingBox();
    assert.ok(box && list && box.height >= 44 && Math.abs(box.width - list.width) < 1, JSON.stringify({ box, list }));
    await submit(page, card);
    await page.waitForURL('**/messages');
    assert.equal(
      (await ctx().db('users').where({ id: user.userId }).first())!.selected_provider_id,
      user.providerIds[1],
    );
  });
});
