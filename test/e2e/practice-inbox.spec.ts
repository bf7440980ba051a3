// The practice inbox and the referral export in Chromium: an intake coordinator opens a conversation of
// one of the practice's profiles and answers it in place (the MessageThread island); an intake exporter
// downloads the referral CSV. axe and the 375 px check on the pages visited.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { MESSAGE_TEXTS, receiveClientMessage } from '../../server/domain/messaging';
import { REFERRAL_EXPORT_COLUMNS } from '../../server/domain/referrals';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, signInAs, submit, useBrowser } from '../support/browser';

describe('browser: practice inbox and referral export', function () {
  this.timeout(300_000);
  const session = useBrowser();

  it('a coordinator answers from the practice inbox', async () => {
    const { db, integrations } = ctx();
    const user = await createProviderUser(db, {
      roles: ['intake-coordinator'],
      providers: [
        { firstName: 'Dana', lastName: 'Rivera' },
        { firstName: 'Lee', lastName: 'Chen' },
      ],
    });
    const client = {
      email: `client-${Date.now()}@example.test`,
      firstName: 'Alex',
      lastName: 'Morgan',
      phone: '+12125550142',
    };
    await receiveClientMessage(db, integrations.jobs, {
      providerId: user.providerIds[1]!,
      client,
      content: 'Do you take Aetna?',
      type: 'message',
      now: new Date(),
    });
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.goto('/practice-inbox');
    await page.getByText(MESSAGE_TEXTS.selectConversation).waitFor();
    await expectAccessible(page);

    await submit(page, page.getByRole('link', { name: /Alex Morgan/ }));
    await page.getByText('Conversation with Lee Chen').waitFor();
    await page.locator('.thread__text', { hasText: 'Do you take Aetna?' }).waitFor();
    await page.setViewportSize({ width: 375, height: 800 });
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'no sideways scroll at 375 px',
    );
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByText(MESSAGE_TEXTS.onBehalfReminder).waitFor();
    await page.getByLabel('Reply').fill('Yes, we are in network with Aetna.');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('button', { name: MESSAGE_TEXTS.sent }).waitFor();
    await page.locator('.thread__text', { hasText: 'Yes, we are in network with Aetna.' }).waitFor();
    assert.equal(await page.getByLabel('Reply').inputValue(), '');
    const reply = (await db('messages').where({ sender: 'provider' }).first('provider_id', 'account_id'))!;
    assert.deepEqual([Number(reply.provider_id), Number(reply.account_id)], [user.providerIds[1], user.accountId]);
  });

  it('an exporter downloads the CSV', async () => {
    const { db } = ctx();
    const user = await createProviderUser(db, { roles: ['intake-exporter'] });
    const [jane] = await db('users')
      .insert({ email: 'jane@example.test', first_name: 'Jane', last_name: 'Doe', scopes: ['client'] })
      .returning('id');
    await db('appointments').insert({
      provider_id: user.providerIds[0],
      client_user_id: jane.id,
      start_time: '2026-03-02T14:30:00Z',
      end_time: '2026-03-02T14:45:00Z',
      created_at: '2026-02-20T10:00:00Z',
    });
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.goto('/referral-data');
    const february = page
      .getByRole('table', { name: 'Referrals by month and year' })
      .getByRole('row', { name: /^Feb/ });
    assert.match((await february.innerText()).replace(/\s+/g, ' '), /^Feb 1( 0)*$/);
    await expectAccessible(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download referrals (CSV)' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'referral_data.csv');
    const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\n');
    assert.equal(lines[0], REFERRAL_EXPORT_COLUMNS.join(','));
    assert.equal(lines.length, 2);
    assert.match(lines[1]!, /^2026-02-20T10:00:00Z,acuity_appointment,\d+,Jane,Doe,jane@example\.test,/);
    assert.match(lines[1]!, /,2026-03-02T14:30:00Z,2026-03-02T14:45:00Z,no,/);
  });
});
