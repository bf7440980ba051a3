// Browser tests: Debian's Chromium driven by playwright-core against the in-process portal on a free port.
// Without a Chromium the browser tests say so and skip locally; under CI they fail instead.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import axe, { type AxeResults } from 'axe-core';
import signature from 'cookie-signature';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '../../server/http/session';
import { ctx } from './context';
import { TEST_PASSWORD } from './factories';
import { checkedOnce, seriousViolations } from './accessibility-verdicts';

/**
 * Debian's headless shell (package chromium-headless-shell: the same Chromium, built without the
 * desktop browser, which is what Playwright itself runs headless) when it is installed, else Debian's
 * full Chromium. The shell ran the browser tests in 72 s where the full browser took 120 s.
 */
export const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((candidate) => fs.existsSync(candidate)) ??
  '/usr/bin/chromium-headless-shell';

/** The portal each browser context was opened on (where signInAs puts its cookie). */
const portalUrls = new WeakMap<BrowserContext, string>();

/** Pages opened with JavaScript off: axe cannot run inside them, so it runs on a mirror of their HTML. */
const scriptlessPages = new WeakSet<Page>();

export interface BrowserSession {
  baseUrl: string;
  browser: Browser;
  /** Uncaught script errors seen on any page; suites assert it stays empty. */
  pageErrors: string[];
  newPage(options?: { javaScript?: boolean }): Promise<Page>;
  /** Closes the pages of the finished test (the database is emptied before the next one). */
  closePages(): Promise<void>;
  close(): Promise<void>;
}

let launched: Promise<Browser> | undefined;

/**
 * One Chromium for the whole process (a parallel run's worker, or a serial run), shared by every browser
 * file: each test still gets contexts of its own, so no cookie or storage crosses from one to the next.
 * Playwright ends it when the process exits.
 */
function workerBrowser(): Promise<Browser> {
  launched ??= chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  return launched.then((browser) => {
    if (browser.isConnected()) return browser;
    launched = undefined; // it crashed: the next file starts another
    return workerBrowser();
  });
}

/** Call in a before() hook: starts the server (and the process's browser), or skips the suite when there is no Chromium. */
export async function startBrowser(suite: Mocha.Context): Promise<BrowserSession> {
  if (!fs.existsSync(CHROMIUM)) {
    if (process.env.CI)
      throw new Error(
        `Chromium not found at ${CHROMIUM}; CI must install it (apt-get install -y chromium-headless-shell)`,
      );
    console.warn(
      `    (browser tests skipped: no Chromium at ${CHROMIUM}; install it with apt-get install -y chromium-headless-shell)`,
    );
    suite.skip();
  }
  suite.timeout(60_000);
  const server: Server = await new Promise((resolve) => {
    const listening = ctx().app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Links that leave the portal and come back (the card processor's hosted pages) return to this server.
  const configuredPortalUrl = ctx().config.portalUrl;
  ctx().config.portalUrl = baseUrl;
  const browser = await workerBrowser();
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  return {
    baseUrl,
    browser,
    pageErrors,
    async newPage({ javaScript = true } = {}) {
      const context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: javaScript });
      contexts.push(context);
      portalUrls.set(context, baseUrl);
      const page = await context.newPage();
      if (!javaScript) scriptlessPages.add(page);
      page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
      page.on('console', (message) => {
        // A page that is itself a 404 or 422 logs its own status; that is not a script error. A CSP refusal
        // (inline style or script) is logged at the page's own address too, and is always an error.
        const refusedByCsp = /Content Security Policy/.test(message.text());
        // The session loop checks the session 1 s after a page loads (spec 1 §4): a test that signs out
        // within that second makes the check a 401, which the loop handles and the browser still logs.
        const sessionEnded = /status of 401/.test(message.text()) && message.location().url.endsWith('/auth/session');
        if (message.type() === 'error' && !sessionEnded && (message.location().url !== page.url() || refusedByCsp))
          pageErrors.push(`${page.url()}: ${message.text()} ${message.location().url}`);
      });
      return page;
    },
    async closePages() {
      for (const context of contexts.splice(0)) await context.close().catch(() => {});
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => {});
      ctx().config.portalUrl = configuredPortalUrl;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The hooks every browser suite needs: start the server and Chromium once, close each test's pages
 * and fail the test on any script error in them. Returns the session (usable inside tests).
 */
export function useBrowser(): BrowserSession {
  let current: BrowserSession | undefined;
  before(async function () {
    current = await startBrowser(this);
  });
  after(async () => current?.close());
  afterEach(async () => {
    if (!current) return;
    await current.closePages();
    assert.deepEqual(current.pageErrors.splice(0), [], 'no script errors in the page');
  });
  return new Proxy({} as BrowserSession, {
    get(_target, key) {
      if (!current) throw new Error('the browser session starts in before()');
      return Reflect.get(current, key);
    },
  });
}

const checkingPages = new WeakMap<Browser, Page>();

/** The page, at the portal's origin and with JavaScript on (axe needs it), where pages seen without JavaScript are checked. */
async function checkingPage(page: Page): Promise<Page> {
  const browser = page.context().browser()!;
  let checker = checkingPages.get(browser);
  if (!checker || checker.isClosed()) {
    checker = await (await browser.newContext()).newPage();
    await checker.goto(new URL('/healthz', page.url()).toString());
    checkingPages.set(browser, checker);
  }
  return checker;
}

/** axe-core on the current page: no serious or critical violation is allowed. */
export async function expectAccessible(page: Page): Promise<void> {
  const html = await page.content();
  const bad = await checkedOnce(`${JSON.stringify(page.viewportSize())} ${scriptlessPages.has(page)}`, html, () =>
    axeViolations(page, html),
  );
  assert.deepEqual(bad, [], `accessibility violations on ${page.url()}`);
}

async function axeViolations(page: Page, html: string): Promise<string[]> {
  let target = page;
  if (scriptlessPages.has(page)) {
    // Same origin, same HTML (without scripts), so styles and contrast are what the person saw; on one
    // checking page per browser, kept for the suite (a context a check cost a renderer process each time).
    target = await checkingPage(page);
    await target.setContent(html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, ''), { waitUntil: 'load' });
  }
  return seriousViolations(await runAxe(target));
}

/**
 * axe-core put into each frame of the page once, then run from the top (only violations are collected).
 * @axe-core/playwright evaluated axe's 560 KB twice in the main frame per check, which made a check cost
 * about twice as much; otherwise this is its legacy mode: same-origin frames are checked through the top.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  const setUp = `${axe.source};axe.configure({ allowedOrigins: ['<same_origin>'] });`;
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) await frame.evaluate(setUp);
    // A frame gone meanwhile, or one that never answers (after 1 s), is not checked, as in that legacy mode.
    else await Promise.race([frame.evaluate(setUp), new Promise((r) => setTimeout(r, 1_000))]).catch(() => {});
  }
  return page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }),
  );
}

/** Clicks what submits a form or follows a link, and waits for the page that answers it. */
export async function submit(page: Page, target: Locator): Promise<void> {
  const loaded = page.waitForEvent('load');
  await target.click();
  await loaded;
}

/** The payment form's billing address (an Oregon one: no sales tax there, so totals are the plan's) and the terms. */
export async function fillBillingAddressAndTerms(page: Page): Promise<void> {
  await page.getByLabel('Address line 1').fill('1 Main St');
  await page.getByLabel('City').fill('Portland');
  await page.getByLabel('State').selectOption('OR');
  await page.getByLabel('Postal code').fill('97201');
  await page.getByLabel(/^I accept the terms of service/).check();
}

/**
 * Signs the page's browser context in as `userId` without the form: the session is written as a password
 * sign-in leaves it (passport's user, the sign-in time), and its signed cookie is given to the context.
 * For every test that is not about signing in; those use signInThroughForm. The page is not moved.
 */
export async function signInAs(page: Page, userId: number): Promise<void> {
  const sid = crypto.randomBytes(24).toString('base64url');
  const now = Date.now();
  const cookie = {
    originalMaxAge: SESSION_ABSOLUTE_MS,
    expires: new Date(now + SESSION_ABSOLUTE_MS).toISOString(),
    httpOnly: true,
    path: '/',
    sameSite: 'lax',
  };
  await ctx()
    .db('sessions')
    .insert({
      sid,
      sess: JSON.stringify({ cookie, passport: { user: userId }, signedInAt: now, lastSeenAt: now }),
      expire: new Date(now + SESSION_ABSOLUTE_MS),
    });
  const url = portalUrls.get(page.context());
  if (!url) throw new Error('signInAs: the page was not opened by the browser session');
  await page.context().addCookies([
    {
      name: SESSION_COOKIE,
      value: encodeURIComponent(`s:${signature.sign(sid, ctx().config.sessionSecret)}`),
      url,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
}

/** Signs in through the real form, as a person would (the tests of signing in itself). */
export async function signInThroughForm(page: Page, email: string, password = TEST_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Log in' }).click()]);
}

/**
 * A flash message is on the page as served (attached, not necessarily visible: the shared script fades
 * a flash after 7 s, which a loaded machine may reach before the assertion).
 */
export async function expectFlash(page: Page, text: string | RegExp): Promise<void> {
  try {
    await page.locator('.flash', { hasText: text }).first().waitFor({ state: 'attached', timeout: 15_000 });
  } catch {
    throw new Error(
      `no flash ${String(text)} on ${page.url()}: ${(
        await page
          .locator('main')
          .innerText()
          .catch(() => '?')
      ).slice(0, 400)}`,
    );
  }
}

/** Types a test card into a card form (the card field island, or the card processor's hosted page). */
export async function typeCard(form: Page | Locator, number: string): Promise<void> {
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await form.getByLabel('CVC').fill('123');
}
