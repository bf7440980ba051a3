// The practice desk walked end to end (issue [22], Done when), without JavaScript, at 375 px, every page
// checked by axe: an owner invites an intake coordinator from the Team page; the coordinator accepts,
// finds the unassigned conversation, assigns it to themselves, answers with a saved reply whose merge
// fields are filled in, and closes it; the closed conversation leaves the open list and stays findable,
// and the owner's Who Read What names the coordinator and the client.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { MESSAGE_TEXTS, receiveClientMessage } from '../../server/domain/messaging';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, expectFlash, signInAs, submit, useBrowser } from '../support/browser';

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function expectPhonePage(page: Page) {
  assert.ok(await noSidewaysScroll(page), `no sideways scroll at 375 px on ${page.url()}`);
  await expectAccessible(page);
}

async function phone(session: ReturnType<typeof useBrowser>): Promise<Page> {
  const page = await session.newPage({ javaScript: false });
  page.setDefaultTimeout(60_000);
  await page.setViewportSize({ width: 375, height: 800 });
  return page;
}

describe('browser: the practice desk, from an invitation to a closed conversation', function () {
  this.timeout(300_000);
  const session = useBrowser();

  it('without JavaScript on a phone: invite, accept, assign, answer with a saved reply, close', async () => {
    const { db, integrations } = ctx();
    const owner = await createProviderUser(db, {
      paid: true,
      roles: ['owner'],
      providers: [
        { type: 'practice', companyName: 'Bayside Counseling' },
        { firstName: 'Lee', lastName: 'Chen' },
      ],
    });
    const lee = owner.providerIds[1]!;
    const email = `jordan-${Date.now()}@example.test`;
    await receiveClientMessage(db, integrations.jobs, {
      providerId: lee,
      client: { email, firstName: 'Jordan', lastName: 'Rivera' },
      content: 'Hello, do you have evening openings?',
      type: 'message',
      now: new Date(),
    });

    // The owner invites Sam as intake coordinator.
    const ownerPage = await phone(session);
    await signInAs(ownerPage, owner.userId);
    await ownerPage.goto('/practice/team');
    await ownerPage.getByLabel('Email address').fill('sam.intake@example.test');
    await ownerPage.getByLabel('Role').selectOption({ label: 'Intake coordinator' });
    await submit(ownerPage, ownerPage.getByRole('button', { name: 'Send invitation' }));
    await expectFlash(ownerPage, 'An invitation has been sent to sam.intake@example.test.');
    await expectPhonePage(ownerPage);
    await ownerPage.goto('/dev/jobs');
    await submit(ownerPage, ownerPage.getByRole('button', { name: 'Run due jobs now' }));
    await ownerPage.goto('/dev/outbox');
    const mail = ownerPage.locator('tr[data-channel="email"]', { hasText: 'sam.intake@example.test' }).first();
    const link = (
      await mail.locator('a').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href))
    ).find((href) => href.includes('/signup/invite/'));
    assert.ok(link, 'the invitation link is in the e-mail');

    // Sam accepts and lands in the Practice Inbox.
    const sam = await phone(session);
    await sam.goto(link);
    await sam.getByLabel('First name').fill('Sam');
    await sam.getByLabel('Last name').fill('Okafor');
    await sam.getByLabel('Password', { exact: true }).fill('Intake-desk-2027!');
    await sam.getByLabel('Confirm password').fill('Intake-desk-2027!');
    await sam.getByLabel('I agree to the terms of service').check();
    await submit(sam, sam.getByRole('button', { name: 'Create Account' }));
    assert.match(new URL(sam.url()).pathname, /^\/practice-inbox/);
    await expectPhonePage(sam);

    // A saved reply with merge fields.
    await sam.goto('/practice-inbox/saved-replies/new');
    await sam.getByLabel('Title').fill('Evening openings');
    await sam
      .getByLabel('Text')
      .fill('Hi {{client_first_name}}, {{provider_name}} has evening openings. Book here: {{booking_link}}');
    await submit(sam, sam.getByRole('button', { name: 'Save reply' }));
    await expectFlash(sam, 'The saved reply “Evening openings” has been added.');
    await expectPhonePage(sam);

    // The unassigned conversations: Jordan's is there.
    await sam.goto('/practice-inbox/messages');
    await sam.getByLabel('Assigned to').selectOption({ label: 'Unassigned' });
    await submit(sam, sam.getByRole('button', { name: 'Filter' }));
    await expectPhonePage(sam);
    await submit(sam, sam.getByRole('link', { name: /Jordan Rivera/ }).first());
    await sam.getByRole('heading', { name: 'Desk' }).waitFor();

    // Assign to me, then answer with the saved reply.
    await submit(sam, sam.getByRole('button', { name: 'Assign to me' }));
    await expectFlash(sam, 'This conversation is assigned to you.');
    assert.equal(await sam.locator('#desk-assignee option:checked').innerText(), 'Sam Okafor (you)');
    await expectPhonePage(sam);
    await sam.getByLabel('Saved reply').selectOption({ label: 'Evening openings' });
    await submit(sam, sam.getByRole('button', { name: 'Use reply' }));
    const reply = await sam.getByLabel('Reply', { exact: true }).inputValue();
    assert.match(reply, /^Hi Jordan, Lee Chen has evening openings\. Book here: https?:\/\/\S+$/);
    await submit(sam, sam.getByRole('button', { name: 'Send', exact: true }));
    await expectFlash(sam, MESSAGE_TEXTS.sent);
    await sam.locator('.thread__text', { hasText: 'Hi Jordan, Lee Chen has evening openings.' }).waitFor();
    // The reply moved the status by itself.
    assert.equal(await sam.locator('#desk-status').inputValue(), 'replied');
    await expectPhonePage(sam);

    // Closed by hand.
    await sam.locator('#desk-status').selectOption({ label: 'Closed' });
    await submit(sam, sam.getByRole('button', { name: 'Save desk' }));
    await expectFlash(sam, 'The desk has been saved.');
    assert.equal(await sam.locator('#desk-status').inputValue(), 'closed');
    await expectPhonePage(sam);

    // The open list no longer shows it; the Closed filter does.
    await sam.goto('/practice-inbox/messages');
    assert.equal(await sam.getByRole('link', { name: /Jordan Rivera/ }).count(), 0);
    await sam.locator('#inbox-status').selectOption({ label: 'Closed' });
    await submit(sam, sam.getByRole('button', { name: 'Filter' }));
    await sam
      .getByRole('link', { name: /Jordan Rivera/ })
      .first()
      .waitFor();
    await expectPhonePage(sam);

    // The owner sees who read Jordan's conversation.
    await ownerPage.goto('/practice/audit');
    const log = await ownerPage.locator('main').innerText();
    assert.match(log, /Sam Okafor/);
    assert.match(log, /Jordan Rivera/);
    await expectPhonePage(ownerPage);
  });
});
