// The practice inbox's intake desk in a browser (issue [22] item 2), at 375 px, every page checked by axe: a
// coordinator adds a saved reply (a typo in a merge field first), uses it in a thread, sends it, and leaves an
// internal note, without JavaScript; with JavaScript the same picker fills the island's composer.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { MESSAGE_TEXTS, receiveClientMessage } from '../../server/domain/messaging';
import { NOTE_TEXTS } from '../../server/domain/conversation-notes';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, expectFlash, signInAs, submit, useBrowser } from '../support/browser';

async function frontDesk() {
  const { db, integrations } = ctx();
  const user = await createProviderUser(db, {
    paid: true,
    roles: ['intake-coordinator'],
    providers: [
      { type: 'practice', companyName: 'Harbor Light Practice' },
      { firstName: 'Lee', lastName: 'Chen' },
    ],
  });
  const lee = user.providerIds[1]!;
  const received = await receiveClientMessage(db, integrations.jobs, {
    providerId: lee,
    client: { email: `alex-${Date.now()}@example.test`, firstName: 'Alex', lastName: 'Morgan' },
    content: 'Do you take Aetna?',
    type: 'message',
    now: new Date(),
  });
  const thread = `/practice-inbox/messages/${received.clientUserId}/${lee}`;
  return { user, thread };
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function expectPhonePage(page: Page) {
  assert.ok(await noSidewaysScroll(page), `no sideways scroll at 375 px on ${page.url()}`);
  await expectAccessible(page);
}

describe('browser: the practice inbox’s saved replies and internal notes', function () {
  this.timeout(300_000);
  const session = useBrowser();

  it('without JavaScript on a phone: add a saved reply, use it in a thread, send it, add a note', async () => {
    const { user, thread } = await frontDesk();
    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, user.userId);

    // The thread offers to add the first saved reply.
    await page.goto(thread);
    await expectPhonePage(page);
    await submit(page, page.getByRole('link', { name: 'Add a saved reply' }));
    await submit(page, page.getByRole('link', { name: 'Add a saved reply' }));
    await page.getByRole('heading', { name: 'Merge fields' }).waitFor();
    await expectPhonePage(page);

    await page.getByLabel('Title').fill('Insurance');
    await page.getByLabel('Text').fill('Hi {{first_name}}, {{provider_name}} is in network with Aetna.');
    await submit(page, page.getByRole('button', { name: 'Save reply' }));
    await page.locator('#body-error', { hasText: '{{first_name}} is not a merge field.' }).waitFor();
    assert.equal(await page.getByLabel('Title').inputValue(), 'Insurance');
    await expectPhonePage(page);
    await page.getByLabel('Text').fill('Hi {{client_first_name}}, {{provider_name}} is in network with Aetna.');
    await submit(page, page.getByRole('button', { name: 'Save reply' }));
    await expectFlash(page, 'The saved reply “Insurance” has been added.');
    await expectPhonePage(page);

    // Use it in the thread: the composer holds it, merged, and the reply post sends it.
    await page.goto(thread);
    await page.getByLabel('Saved reply').selectOption({ label: 'Insurance' });
    await submit(page, page.getByRole('button', { name: 'Use reply' }));
    const merged = 'Hi Alex, Lee Chen is in network with Aetna.';
    assert.equal(await page.getByLabel('Reply', { exact: true }).inputValue(), merged);
    await expectPhonePage(page);
    await submit(page, page.getByRole('button', { name: 'Send', exact: true }));
    await expectFlash(page, MESSAGE_TEXTS.sent);
    await page.locator('.thread__text', { hasText: merged }).waitFor();

    // An internal note: blank first, then written.
    await submit(page, page.getByRole('button', { name: 'Add note' }));
    await page.locator('#note-error', { hasText: 'Enter the note.' }).waitFor();
    await expectPhonePage(page);
    await page.getByLabel('Add an internal note').fill('Alex asked about Aetna; Lee has openings on Tuesdays.');
    await submit(page, page.getByRole('button', { name: 'Add note' }));
    await expectFlash(page, NOTE_TEXTS.added);
    const note = page.locator('.note').first();
    assert.match(await note.innerText(), /Internal note — not sent to the client/);
    assert.match(await note.innerText(), /Alex asked about Aetna; Lee has openings on Tuesdays\./);
    await expectPhonePage(page);

    // Deleting the saved reply asks first.
    await page.goto('/practice-inbox/saved-replies');
    await page.locator('summary', { hasText: 'More' }).first().click();
    await submit(page, page.getByRole('button', { name: 'Delete Insurance' }));
    await page.getByRole('heading', { name: 'Delete this saved reply?' }).waitFor();
    await expectPhonePage(page);
    await submit(page, page.getByRole('button', { name: 'Delete saved reply' }));
    await expectFlash(page, 'The saved reply “Insurance” has been deleted.');
  });

  it('with JavaScript: Use reply fills the island’s composer, which sends it in place', async () => {
    const { user, thread } = await frontDesk();
    await ctx()
      .db('saved_replies')
      .insert({ account_id: user.accountId, title: 'Openings', body: 'Hi {{client_first_name}}, we have openings.' });
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, user.userId);
    await page.goto(thread);
    await page.locator('[data-island="MessageThread"][data-hydrated="true"]').waitFor();
    await page.getByLabel('Saved reply').selectOption({ label: 'Openings' });
    await submit(page, page.getByRole('button', { name: 'Use reply' }));
    await page.locator('[data-island="MessageThread"][data-hydrated="true"]').waitFor();
    assert.equal(await page.getByLabel('Reply', { exact: true }).inputValue(), 'Hi Alex, we have openings.');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('.thread__text', { hasText: 'Hi Alex, we have openings.' }).waitFor();
    await expectPhonePage(page);
  });
});
