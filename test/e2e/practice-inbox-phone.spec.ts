// The practice inbox on a phone (issue [19] item 7), at 375 px with axe: the tabs on one line, the list and
// the thread as two screens, the provider and unread filters, the practice's avatar whichever profile is
// selected; a coordinator answers from the list screen to the thread screen, without JavaScript and with it.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { MESSAGE_TEXTS, receiveClientMessage } from '../../server/domain/messaging';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, expectFlash, signInAs, submit, useBrowser } from '../support/browser';

async function frontDesk() {
  const { db, integrations } = ctx();
  const user = await createProviderUser(db, {
    paid: true,
    roles: ['owner', 'intake-coordinator'],
    providers: [
      { type: 'practice', companyName: 'Harbor Light Practice' },
      { firstName: 'Lee', lastName: 'Chen' },
      { firstName: 'Sam', lastName: 'Inactive', status: 'inactive' },
    ],
  });
  const [practice, lee, sam] = user.providerIds as [number, number, number];
  // The selected profile is the inactive clinician's: the inbox still shows the practice.
  await db('users').where({ id: user.userId }).update({ selected_provider_id: sam });
  const write = (providerId: number, firstName: string, content: string) =>
    receiveClientMessage(db, integrations.jobs, {
      providerId,
      client: { email: `${firstName.toLowerCase()}-${Date.now()}@example.test`, firstName, lastName: 'Morgan' },
      content,
      type: 'message',
      now: new Date(),
    });
  await write(practice, 'Robin', 'Is the practice open on Saturdays?');
  await db('messages').update({ read_at: new Date() });
  await write(lee, 'Alex', 'Do you take Aetna?');
  return { user, lee };
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The list screen: tabs on one line, the practice's avatar, no empty thread pane below the list. */
async function expectListScreen(page: Page) {
  const tops = await page
    .getByRole('navigation', { name: 'Practice inbox' })
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
  assert.equal(new Set(tops).size, 1, `the tabs on one line (${tops.join(', ')})`);
  assert.ok(await noSidewaysScroll(page), 'no sideways scroll at 375 px');
  assert.equal(await page.locator('.menu__name').innerText(), 'Harbor Light Practice');
  assert.ok(await page.getByRole('heading', { name: 'Conversations' }).isVisible());
  assert.equal(await page.getByText(MESSAGE_TEXTS.selectConversation).isVisible(), false);
}

describe('browser: the practice inbox on a phone', function () {
  this.timeout(300_000);
  const session = useBrowser();

  it('without JavaScript: filter the list, open a conversation on its own screen, reply, and go back', async () => {
    const { user } = await frontDesk();
    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, user.userId);
    await page.goto('/practice-inbox');
    await expectListScreen(page);
    await expectAccessible(page);

    // Unread only (a GET form): Alex's conversation, with Lee Chen.
    await page.getByLabel('Unread only').check();
    await submit(page, page.getByRole('button', { name: 'Filter' }));
    const list = page.getByRole('list', { name: 'Conversations of the practice' });
    assert.deepEqual(await list.locator('.messages-list__client').allInnerTexts(), ['Alex Morgan']);
    await page.getByLabel('Provider').selectOption({ label: 'Harbor Light Practice' });
    await submit(page, page.getByRole('button', { name: 'Filter' }));
    await page.getByText('No conversations match these filters.').waitFor();
    await page.getByLabel('Provider').selectOption({ label: 'Lee Chen' });
    await submit(page, page.getByRole('button', { name: 'Filter' }));
    await expectListScreen(page);

    // The thread is a screen of its own: the list is gone, a link leads back.
    await submit(page, list.getByRole('link', { name: /Alex Morgan/ }));
    await page.getByText('Conversation with Lee Chen').waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Conversations' }).isVisible(), false);
    assert.ok(await page.locator('.thread__text', { hasText: 'Do you take Aetna?' }).isVisible());
    assert.ok(await noSidewaysScroll(page), 'no sideways scroll at 375 px');
    await expectAccessible(page);

    await page.getByLabel('Reply').fill('Yes, Lee is in network with Aetna.');
    await submit(page, page.getByRole('button', { name: 'Send' }));
    await expectFlash(page, MESSAGE_TEXTS.sent);
    await page.locator('.thread__text', { hasText: 'Yes, Lee is in network with Aetna.' }).waitFor();
    await expectAccessible(page);

    // Back to the list as it was filtered.
    await submit(page, page.getByRole('link', { name: 'All conversations' }));
    assert.equal(await page.getByLabel('Provider').inputValue(), String((await frontDeskIds(user.accountId)).lee));
    assert.ok(await page.getByLabel('Unread only').isChecked());
    await expectListScreen(page);
  });

  it('with JavaScript: the list screen, then the thread screen, and the reply sent in place', async () => {
    const { user, lee } = await frontDesk();
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, user.userId);
    await page.goto('/practice-inbox/messages');
    await expectListScreen(page);
    await expectAccessible(page);

    await submit(page, page.getByRole('link', { name: /Alex Morgan/ }));
    await page.locator('[data-island="MessageThread"][data-hydrated="true"]').waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Conversations' }).isVisible(), false);
    await page.getByLabel('Reply').fill('Yes, we are in network with Aetna.');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('.thread__text', { hasText: 'Yes, we are in network with Aetna.' }).waitFor();
    assert.ok(await noSidewaysScroll(page), 'no sideways scroll at 375 px');
    await expectAccessible(page);
    const reply = (await ctx().db('messages').where({ sender: 'provider' }).first('provider_id'))!;
    assert.equal(Number(reply.provider_id), lee);
  });
});

async function frontDeskIds(accountId: number) {
  const rows = await ctx().db('providers').where({ account_id: accountId }).orderBy('id').select('id');
  return { lee: Number(rows[1].id) };
}
