// The Team page in a browser (issue [22] item 1), with JavaScript off, at 375 px, every page checked by axe:
// an owner invites an intake coordinator; the e-mail goes out through the job queue (/dev/jobs, read on
// /dev/outbox); the coordinator creates a login through the invitation and lands in the Practice Inbox.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, expectFlash, signInAs, submit, useBrowser } from '../support/browser';

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function expectPhonePage(page: Page) {
  assert.ok(await noSidewaysScroll(page), `no sideways scroll at 375 px on ${page.url()}`);
  await expectAccessible(page);
}

describe('browser: the Team page', function () {
  this.timeout(300_000);
  const session = useBrowser();

  it('without JavaScript on a phone: an owner invites a coordinator, who accepts and sees the Practice Inbox', async () => {
    const owner = await createProviderUser(ctx().db, {
      paid: true,
      roles: ['owner'],
      providers: [{ type: 'practice', companyName: 'Harbor Light Practice' }],
    });
    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, owner.userId);

    await page.goto('/practice/team');
    await page.getByRole('heading', { name: 'People' }).waitFor();
    await expectPhonePage(page);

    // A mistake first: the form comes back with the message and what was typed.
    await page.getByLabel('Email address').fill('robin.front-desk@example');
    await submit(page, page.getByRole('button', { name: 'Send invitation' }));
    await page.getByText('Choose a role').first().waitFor();
    assert.equal(await page.getByLabel('Email address').inputValue(), 'robin.front-desk@example');
    await expectPhonePage(page);

    await page.getByLabel('Email address').fill('robin.front-desk@example.test');
    await page.getByLabel('Role').selectOption({ label: 'Intake coordinator' });
    await submit(page, page.getByRole('button', { name: 'Send invitation' }));
    await expectFlash(page, 'An invitation has been sent to robin.front-desk@example.test.');
    const invitations = page.locator('#team-invitations');
    assert.match(await invitations.innerText(), /robin\.front-desk@example\.test/);
    await expectPhonePage(page);

    // The e-mail is a job: run the due jobs, then read it on the outbox.
    await page.goto('/dev/jobs');
    await submit(page, page.getByRole('button', { name: 'Run due jobs now' }));
    await page.goto('/dev/outbox');
    const mail = page.locator('tr[data-channel="email"]', { hasText: 'robin.front-desk@example.test' }).first();
    const link = (
      await mail.locator('a').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href))
    ).find((href) => href.includes('/signup/invite/'));
    assert.ok(link, 'the invitation link is in the e-mail');

    // The coordinator, in a browser of their own.
    const coordinator = await session.newPage({ javaScript: false });
    coordinator.setDefaultTimeout(60_000);
    await coordinator.setViewportSize({ width: 375, height: 800 });
    await coordinator.goto(link);
    await coordinator.getByText('as intake coordinator').waitFor();
    await expectPhonePage(coordinator);
    await coordinator.getByLabel('First name').fill('Robin');
    await coordinator.getByLabel('Last name').fill('Desk');
    await coordinator.getByLabel('Password', { exact: true }).fill('Front-desk-2027!');
    await coordinator.getByLabel('Confirm password').fill('Front-desk-2027!');
    await coordinator.getByLabel('I agree to the terms of service').check();
    await submit(coordinator, coordinator.getByRole('button', { name: 'Create Account' }));
    assert.match(new URL(coordinator.url()).pathname, /^\/practice-inbox/);
    await expectFlash(coordinator, 'You have joined');
    await coordinator.getByRole('heading', { name: 'Practice Inbox' }).first().waitFor();
    await expectPhonePage(coordinator);

    // The owner sees the coordinator on the team, the invitation gone.
    await page.goto('/practice/team');
    const people = page.locator('#team-people');
    assert.match(await people.innerText(), /Robin Desk/);
    assert.match(await people.innerText(), /Intake coordinator/);
    assert.doesNotMatch(await page.locator('#team-invitations').innerText(), /robin\.front-desk/);
    await expectPhonePage(page);

    // Robin's roles on a page of their own: give intake exporter, then take it away after the confirmation.
    await submit(page, page.getByRole('link', { name: 'Change roles of Robin Desk' }));
    await expectPhonePage(page);
    await submit(page, page.getByRole('button', { name: 'Give the role Intake exporter' }));
    await expectFlash(page, 'The role intake exporter has been given.');
    await submit(page, page.getByRole('button', { name: 'Take away the role Intake exporter' }));
    await page.getByRole('heading', { name: 'Take this role away?' }).waitFor();
    await expectPhonePage(page);
    await submit(page, page.getByRole('button', { name: 'Take role away' }));
    await expectFlash(page, 'The role intake exporter has been taken away.');
    const roles = await page.locator('tr', { hasText: 'Intake exporter' }).first().innerText();
    assert.match(roles, /Not given/);
  });
});
