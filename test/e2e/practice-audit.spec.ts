// Who read what in a browser (issue [22] item 4), with JavaScript off, at 375 px, every page checked by axe:
// an owner opens a client's conversation, then finds that read on /practice/audit, filters by client name
// and by person with the GET form, and pages through ten at a time.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, signInAs, submit, useBrowser } from '../support/browser';

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function expectPhonePage(page: Page) {
  assert.ok(await noSidewaysScroll(page), `no sideways scroll at 375 px on ${page.url()}`);
  await expectAccessible(page);
}

describe('browser: who read what (/practice/audit)', function () {
  this.timeout(300_000);
  const session = useBrowser();

  it('without JavaScript on a phone: a thread opened shows in the log, filtered and paged', async () => {
    const { db } = ctx();
    const owner = await createProviderUser(db, {
      paid: true,
      roles: ['owner'],
      providers: [{ type: 'practice', companyName: 'Harbor Light Practice' }],
    });
    const [client] = await db('users')
      .insert({ email: 'casey.quinn@example.test', first_name: 'Casey', last_name: 'Quinn', scopes: ['client'] })
      .returning('id');
    const [conversation] = await db('conversations')
      .insert({ provider_id: owner.providerIds[0], client_user_id: client.id, last_message_at: new Date() })
      .returning('id');
    await db('messages').insert({
      conversation_id: conversation.id,
      provider_id: owner.providerIds[0],
      client_user_id: client.id,
      sender: 'client',
      type: 'message',
      message_content: 'Hello there',
      send_date: new Date(),
    });
    // Older reads of the account's lists, so the log has two pages.
    for (let i = 0; i < 11; i++)
      await db('read_records').insert({
        account_id: owner.accountId,
        user_id: owner.userId,
        action: 'client_list',
        detail: JSON.stringify({ list: 'profile', page: i + 1 }),
        created_at: new Date(Date.UTC(2026, 9, 1 + i, 15)),
      });

    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, owner.userId);

    const thread = await page.goto(`/messages/${client.id}`);
    assert.equal(thread?.status(), 200);

    await page.goto('/practice/audit');
    await page.getByRole('heading', { name: 'Records' }).waitFor();
    const table = page.locator('#audit-records table');
    const firstRow = table.locator('tbody tr').first();
    assert.match(await firstRow.innerText(), /Opened a conversation[\s\S]*Casey Quinn/);
    assert.equal(await table.locator('tbody tr').count(), 10);
    await expectPhonePage(page);

    await page.getByRole('link', { name: 'Next page' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    assert.equal(await table.locator('tbody tr').count(), 2);
    await expectPhonePage(page);

    await page.getByLabel('Client name').fill('quinn');
    await submit(page, page.getByRole('button', { name: 'Filter' }));
    await page.getByText('1 record.').waitFor();
    assert.equal(await page.getByLabel('Client name').inputValue(), 'quinn');
    assert.match(await table.innerText(), /Casey Quinn/);
    await expectPhonePage(page);

    await page.getByLabel('Client name').fill('');
    await page.getByLabel('Person').selectOption({ index: 1 });
    await submit(page, page.getByRole('button', { name: 'Filter' }));
    await page.getByText('12 records.').waitFor();
    await expectPhonePage(page);
  });
});
