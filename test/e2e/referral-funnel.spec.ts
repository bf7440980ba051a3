// The referral funnel in a browser (issue [22] item 3), with JavaScript off, at 375 px, every page checked
// by axe: the owner's dashboard draws the chart and folds the figures away, "Show the figures" opens them,
// and /practice/funnel lists each profile of the practice for a month chosen with the GET form.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { Temporal } from 'temporal-polyfill';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, signInAs, submit, useBrowser } from '../support/browser';
import { clientUser, completeProfile } from '../http/dashboard-helpers';

const ZONE = 'America/New_York';
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function expectPhonePage(page: Page) {
  assert.ok(await noSidewaysScroll(page), `no sideways scroll at 375 px on ${page.url()}`);
  await expectAccessible(page);
}

describe('browser: the referral funnel', function () {
  this.timeout(300_000);
  const session = useBrowser();

  it('without JavaScript on a phone: the dashboard’s chart and figures, then every profile’s month', async () => {
    const { db } = ctx();
    const owner = await createProviderUser(db, {
      paid: true,
      providers: [
        { type: 'practice', companyName: 'Harbor Light Counseling' },
        { firstName: 'Priya', lastName: 'Shah' },
      ],
    });
    const [practice] = owner.providerIds as [number, number];
    await db('providers').whereIn('id', owner.providerIds).update({ timezone: ZONE });
    await db('users').where({ id: owner.userId }).update({ selected_provider_id: practice });
    await completeProfile(db, practice, 'practice');
    // Last month (New York time): a conversation begun on the 10th at 09:00, answered at 09:45.
    const lastMonth = Temporal.Now.zonedDateTimeISO(ZONE).toPlainDate().toPlainYearMonth().subtract({ months: 1 });
    const at = (time: string) =>
      new Date(
        lastMonth.toPlainDate({ day: 10 }).toZonedDateTime({ timeZone: ZONE, plainTime: Temporal.PlainTime.from(time) })
          .epochMilliseconds,
      );
    const casey = await clientUser(db, 'Casey', 'Quinn');
    const [conversation] = await db('conversations')
      .insert({ provider_id: practice, client_user_id: casey, created_at: at('09:00'), last_message_at: at('09:45') })
      .returning('id');
    for (const [sender, time] of [
      ['client', '09:00'],
      ['provider', '09:45'],
    ] as const)
      await db('messages').insert({
        conversation_id: conversation.id,
        provider_id: practice,
        client_user_id: casey,
        sender,
        message_content: 'Hello',
        send_date: at(time),
      });

    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, owner.userId);

    await page.goto('/');
    await page.getByRole('heading', { name: 'Your referrals' }).waitFor();
    await page
      .getByRole('img', { name: /Conversations started, consultations booked and profile views by month/ })
      .waitFor();
    const table = page.locator('.funnel-table');
    assert.equal(await table.isVisible(), false, 'the figures are folded away');
    await page.getByText('Show the figures').click();
    await table.waitFor();
    assert.equal(await table.locator('tbody tr').count(), 6);
    assert.match(await table.locator('tbody tr').nth(1).innerText(), /45 min/);
    await expectPhonePage(page);

    await page.getByRole('link', { name: 'See every profile of your practice' }).click();
    await page.getByRole('heading', { name: /Referrals in / }).waitFor();
    const monthName = lastMonth.toPlainDate({ day: 1 }).toLocaleString('en-US', { month: 'long', year: 'numeric' });
    await page.getByLabel('Month', { exact: true }).selectOption({ label: monthName });
    await submit(page, page.getByRole('button', { name: 'Show' }));
    await page.getByRole('heading', { name: `Referrals in ${monthName}` }).waitFor();
    const rows = page.locator('.funnel-table tbody tr');
    assert.equal(await rows.count(), 3);
    assert.match(await rows.nth(0).innerText(), /Harbor Light Counseling[\s\S]*45 min/);
    assert.match(await rows.nth(2).innerText(), /All profiles/);
    await expectPhonePage(page);
  });
});
