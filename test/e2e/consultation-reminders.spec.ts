// Consultation reminders in Chromium (issue [23] item 1), on a phone with JavaScript off: the provider
// turns the client's texts off at /calendar/reminders (from the calendar page), a reminder goes out, and
// the client follows its cancel link, sees the question, confirms, and reads the outcome; axe on each page.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { sendReminder } from '../../server/domain/appointments';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { drainJobs } from '../support/jobs';
import { expectAccessible, expectFlash, signInAs, submit, useBrowser } from '../support/browser';

const HOUR = 3_600_000;

const noSidewaysScroll = async (page: Page) =>
  assert.ok(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    'no sideways scroll at 375 px',
  );

describe('browser: reminder settings and a reminder’s one-tap cancel link', function () {
  this.timeout(120_000);
  const session = useBrowser();

  it('without JavaScript at 375 px: texts turned off, then the client cancels from the reminder', async () => {
    const db = ctx().db;
    const user = await createProviderUser(db, { paid: true, providers: [{ firstName: 'Dana', lastName: 'Rivera' }] });
    const providerId = user.providerIds[0]!;
    await db('providers').where({ id: providerId }).update({ has_calendar: true, timezone: 'America/New_York' });

    const provider = await session.newPage({ javaScript: false });
    await provider.setViewportSize({ width: 375, height: 800 });
    await signInAs(provider, user.userId);
    await provider.goto('/calendar');
    await submit(provider, provider.getByRole('link', { name: 'Consultation reminders' }));
    await expectAccessible(provider);
    assert.equal(await provider.getByLabel('Also text the client').isChecked(), true, 'on by default');
    await provider.getByLabel('Also text the client').uncheck();
    await submit(provider, provider.getByRole('button', { name: 'Save reminders' }));
    await expectFlash(provider, 'Your reminder settings have been updated.');
    assert.equal(await provider.getByLabel('Also text the client').isChecked(), false);
    assert.equal(await provider.getByLabel('E-mail the client 24 hours before').isChecked(), true);
    await expectAccessible(provider);
    await noSidewaysScroll(provider);

    // A consultation in three days, and its day-before reminder (its scheduling is the HTTP tests').
    const [client] = await db('users')
      .insert({ email: 'casey@example.test', first_name: 'Casey', phone_number: '+12125550142', scopes: ['client'] })
      .returning('id');
    const start = new Date(Math.ceil((Date.now() + 72 * HOUR) / HOUR) * HOUR);
    const [appointment] = await db('appointments')
      .insert({
        provider_id: providerId,
        client_user_id: client.id,
        start_time: start,
        end_time: new Date(start.getTime() + 15 * 60_000),
      })
      .returning('id');
    const { config, integrations } = ctx();
    await sendReminder(
      { db, outgoing: integrations.outgoing, portalUrl: config.portalUrl, brandName: config.brandName },
      { appointmentId: Number(appointment.id), kind: 'day_before', start: start.toISOString() },
      new Date(),
    );
    await drainJobs();
    const mail = await db('sent_messages').where({ channel: 'email', recipient: 'casey@example.test' }).first();
    assert.ok(mail, 'the reminder e-mail');
    assert.equal(await db('sent_messages').where({ channel: 'sms' }).first(), undefined, 'no text: turned off');
    const cancel = /https?:\/\/\S+\/consultations\/\S+\/cancel/.exec(mail.body)?.[0];
    assert.ok(cancel, mail.body);

    const visitor = await session.newPage({ javaScript: false });
    await visitor.setViewportSize({ width: 375, height: 800 });
    await visitor.goto(new URL(cancel).pathname);
    await visitor.getByRole('heading', { name: 'Cancel this phone consultation?' }).waitFor();
    await expectAccessible(visitor);
    await noSidewaysScroll(visitor);
    await submit(visitor, visitor.getByRole('button', { name: 'Cancel the consultation' }));
    await expectFlash(visitor, /Your phone consultation has been cancelled\. The provider has been told\./);
    await expectAccessible(visitor);
    const stored = await db('appointments').where({ id: appointment.id }).first('canceled');
    assert.equal(stored?.canceled, true);

    // The same link again: it says why it no longer works.
    await visitor.goto(new URL(cancel).pathname);
    assert.match(await visitor.locator('main').innerText(), /This link has already been used\./);
    await expectAccessible(visitor);
  });
});
