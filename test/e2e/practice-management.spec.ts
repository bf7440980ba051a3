// /practice-management in Chromium, as an account owner would use it (spec 3 §4 "Practice management and
// benefits tool"): start an EHR trial, find the booking link's setup dialog, get the booking page ready
// through the local EHR's stand-in (/dev/ehr), turn the link on and see the calendar's panel change; then,
// with JavaScript off, turn it off again. axe on every page; no sideways scroll at 375 px.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderWithCalendar } from '../support/factories';
import { expectAccessible, expectFlash, signInAs, submit, useBrowser } from '../support/browser';

const ENABLED = 'Your Practice Management EHR booking link has been enabled!';
const DISABLED = 'Your Practice Management EHR booking link has been disabled!';

describe('browser: practice management (EHR)', function () {
  this.timeout(300_000);
  const session = useBrowser();

  it('an owner starts a trial, readies the booking page, turns the booking link on and sees the calendar’s panel', async () => {
    const { user, id } = await createProviderWithCalendar(ctx().db, {
      firstName: 'Robin',
      lastName: 'Hale',
      status: 'active',
    });
    const page = await session.newPage();
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);

    await page.goto('/calendar');
    assert.ok(await page.getByRole('heading', { name: 'Calendar settings' }).count(), 'the call calendar before');

    await page.goto('/practice-management');
    await expectAccessible(page);
    await page.getByLabel('Clinic subdomain').fill('robin-hale');
    await submit(page, page.getByRole('button', { name: 'Try Practice Management' }));
    await expectFlash(page, /Practice Management trial has started!/);
    assert.ok(
      await page.getByRole('link', { name: /Set Up Practice Management/ }).count(),
      'the pending clinic’s Set Up link',
    );
    assert.match(await page.locator('main').innerText(), /Pending/);
    await expectAccessible(page);

    // The booking page is not ready yet: the setup dialog opens instead.
    await submit(page, page.getByRole('button', { name: 'Turn on booking link' }));
    assert.match(page.url(), /\?setup=booking-link$/);
    await page.getByRole('dialog', { name: 'Set up your EHR booking link' }).waitFor();
    await expectAccessible(page);

    // The EHR's side: the clinic's booking page is published.
    await page.goto('/dev/ehr');
    await expectAccessible(page);
    await submit(page, page.getByRole('button', { name: `Mark booking page of provider ${id} ready` }));
    await expectFlash(page, `The booking page of provider ${id} is ready.`);

    await page.goto('/practice-management');
    await submit(page, page.getByRole('button', { name: 'Turn on booking link' }));
    await expectFlash(page, ENABLED);
    await expectAccessible(page);

    await page.goto('/calendar');
    const panel = page.getByRole('region', { name: 'Your practice management booking link' });
    await panel.waitFor();
    assert.equal(
      await panel.getByRole('link', { name: 'Open your booking page' }).getAttribute('href'),
      `https://robin-hale.practice.example.com/book/${id}`,
    );
    assert.equal(
      await page.getByRole('heading', { name: 'Calendar settings' }).count(),
      0,
      'the panel replaces the calendar',
    );
    await expectAccessible(page);
  });

  it('without JavaScript: the booking link turns off with its flash; a phone has no sideways scroll', async () => {
    const { user, id } = await createProviderWithCalendar(ctx().db, {
      firstName: 'Robin',
      lastName: 'Hale',
      status: 'active',
    });
    const trialEnd = new Date(Date.now() + 5 * 86_400_000).toISOString();
    await ctx()
      .db('accounts')
      .where({ id: user.accountId })
      .update({
        practice_management: JSON.stringify({ subdomain: 'robin-hale', status: 'active', trial_end: trialEnd }),
      });
    await ctx()
      .db('providers')
      .where({ id })
      .update({
        practice_management_booking_link: JSON.stringify({
          status: 'active',
          link_override: 'https://book.example.com/robin',
        }),
      });
    const page = await session.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, user.userId);
    await page.goto('/practice-management');
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'no sideways scroll at 375 px',
    );
    assert.ok(await page.getByRole('link', { name: /Log in to Practice Management/ }).count());
    await expectAccessible(page);
    await submit(page, page.getByRole('button', { name: 'Turn off booking link' }));
    await expectFlash(page, DISABLED);
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'no sideways scroll at 375 px',
    );
    await expectAccessible(page);
    await page.goto('/practice-management?setup=booking-link');
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'the dialog: no sideways scroll at 375 px',
    );
    await page.goto('/calendar');
    assert.ok(await page.getByRole('heading', { name: 'Calendar settings' }).count(), 'the call calendar is back');
  });
});
