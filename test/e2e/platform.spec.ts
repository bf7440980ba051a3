// The foundation as a person uses it in Chromium: sign in, the dashboard layout, menus, the island. The side
// menu's plain form post without JavaScript is test/http/platform-no-script.test.ts.
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, signInAs, signInThroughForm, useBrowser } from '../support/browser';

describe('browser: the portal shell', () => {
  const session = useBrowser();

  it('a visitor is sent to /login, signs in and sees the dashboard layout', async () => {
    const user = await createProviderUser(ctx().db, {
      paid: true,
      providers: [{ firstName: 'Dana', lastName: 'Rivera' }],
    });
    const page = await session.newPage();
    await page.goto('/');
    assert.match(page.url(), /\/login$/);
    await expectAccessible(page);
    await signInThroughForm(page, user.email);
    assert.equal(new URL(page.url()).pathname, '/');
    assert.equal(await page.title(), 'Dashboard | Members Portal');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Availability & Locations' })
      .waitFor();
    assert.match(await page.locator('main').innerText(), /Dana!/);
    await expectAccessible(page);
  });

  it('with JavaScript off: signs in, opens the profile menu and logs out', async function () {
    // The suite's first page pays for the first accessibility checks (about 19 s on a busy CI machine).
    this.timeout(40_000);
    const user = await createProviderUser(ctx().db, { providers: [{ firstName: 'Noel' }] });
    const page = await session.newPage({ javaScript: false });
    await signInThroughForm(page, user.email);
    assert.equal(new URL(page.url()).pathname, '/');
    await page.locator('details.menu summary').click();
    await page.getByRole('link', { name: 'Account Settings' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Log out' }).click();
    assert.match(page.url(), /\/login$/);
    assert.match(await page.locator('.flash').innerText(), /you have been logged out/);
    await expectAccessible(page);
  });

  it('with JavaScript the side menu toggles at once and the server remembers it', async () => {
    const user = await createProviderUser(ctx().db);
    const page = await session.newPage();
    await signInAs(page, user.userId);
    await page.goto('/');
    const saved = page.waitForResponse((r) => r.url().endsWith('/ui/side-menu') && r.status() === 200);
    await page.getByRole('button', { name: 'Show or hide the menu' }).click();
    await saved;
    // The answer's headers come before its session is stored (the response ends after the save), so on a
    // busy machine the reload below could overtake the save: wait until the server has it.
    for (
      let tries = 0;
      !(await ctx().db('sessions').pluck('sess')).some((sess) => sess.sideMenuCollapsed === true);
      tries += 1
    ) {
      assert.ok(tries < 100, 'the collapsed menu is stored in the session');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal(await page.locator('#side-menu').isVisible(), false);
    assert.equal(new URL(page.url()).pathname, '/', 'no page load');
    await page.reload();
    assert.equal(await page.locator('#side-menu').isVisible(), false);
  });

  it('flash messages fade after about 7 seconds with JavaScript', async function () {
    this.timeout(30_000);
    const user = await createProviderUser(ctx().db);
    const page = await session.newPage();
    await signInAs(page, user.userId);
    await page.goto('/');
    await page.locator('details.menu summary').click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login$/);
    const flash = page.locator('[data-flash]');
    await flash.waitFor({ state: 'visible' });
    const shownAt = Date.now();
    await page.waitForFunction(
      () => document.querySelector('[data-flash]')?.classList.contains('flash--gone'),
      undefined,
      { timeout: 9000 },
    );
    assert.ok(Date.now() - shownAt > 5000, 'it stayed for several seconds first');
  });

  it('the photo-cropper island hydrates and follows the chosen photo', async () => {
    const user = await createProviderUser(ctx().db);
    const page = await session.newPage();
    await signInAs(page, user.userId);
    await page.goto('/developer-tools');
    await page.locator('[data-island="PhotoCropper"][data-hydrated="true"]').waitFor();
    const scripts = await page
      .locator('script[type="module"]')
      .evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).src));
    assert.ok(
      scripts.some((src) => /island-PhotoCropper-[\w-]+\.js$/.test(src)),
      'the island entry is loaded',
    );
    // A 400x200 picture: the crop square is centred and the frame appears.
    const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
    await page.getByLabel('Choose a photo').setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: png });
    await page.locator('.photo-cropper__frame').waitFor();
    assert.equal(await page.locator('input[name="crop_x"]').inputValue(), '0.2500');
    assert.equal(await page.locator('input[name="crop_size"]').inputValue(), '1.0000');
    await page.locator('.photo-cropper__frame').focus();
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.locator('input[name="crop_x"]').inputValue(), '0.2300');
    await expectAccessible(page);
  });

  it('pages without islands load no island script', async () => {
    const user = await createProviderUser(ctx().db);
    const page = await session.newPage();
    await signInAs(page, user.userId);
    await page.goto('/');
    const scripts = await page
      .locator('script[src]')
      .evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).src));
    assert.equal(scripts.length, 1);
    assert.match(scripts[0]!, /\/build\/assets\/portal-[\w-]+\.js$/);
  });

  it('an unknown page shows Page Not Found with a Go Home button', async () => {
    const page = await session.newPage();
    const response = await page.goto('/definitely/not/here');
    assert.equal(response?.status(), 404);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Go home' }).click();
    assert.match(page.url(), /\/login$/);
  });
});

describe('browser: developer pages of the platform (local mode)', () => {
  const session = useBrowser();

  it('with JavaScript off: /dev/jobs runs the queued e-mail, and /dev/client reaches the API; both fit a phone', async () => {
    const { db, integrations } = ctx();
    await db.transaction(async (trx) =>
      integrations.outgoing.mail(trx, { to: 'dev@example.test', subject: 'Queued in a test', text: 'Hello' }),
    );
    const page = await session.newPage({ javaScript: false });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/dev/jobs');
    await page.getByText('to dev@example.test: Queued in a test').waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Run due jobs now' }).click();
    await page.getByText('1 job ran.').waitFor();
    assert.match(await page.locator('main').innerText(), /Done: 1/);
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= 375),
      'no sideways scroll on /dev/jobs',
    );

    await page.goto('/dev/client');
    await page.getByText('HTTP 200').waitFor();
    assert.match(await page.locator('pre').innerText(), /"name": "Demo directory client \(\/dev\/client\)"/);
    await expectAccessible(page);
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= 375),
      'no sideways scroll on /dev/client',
    );
  });
});
