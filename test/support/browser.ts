// Browser tests: Debian's Chromium driven by playwright-core against the in-process portal on a free port.
// Without /usr/bin/chromium the browser tests say so and skip locally; under CI they fail instead.
import AxeBuilder from '@axe-core/playwright';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { ctx } from './context';
import { TEST_PASSWORD } from './factories';
import { runDir, runId } from './parallel';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

/** Call in a before() hook: starts the server and the browser, or skips the suite when there is no Chromium. */
export async function startBrowser(suite: Mocha.Context): Promise<BrowserSession> {
  if (!fs.existsSync(CHROMIUM)) {
    if (process.env.CI) throw new Error(`Chromium not found at ${CHROMIUM}; CI must install it (apt-get install -y chromium)`);
    console.warn(`    (browser tests skipped: no Chromium at ${CHROMIUM}; install it with apt-get install -y chromium)`);
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
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  return {
    baseUrl,
    browser,
    pageErrors,
    async newPage({ javaScript = true } = {}) {
      const context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: javaScript });
      contexts.push(context);
      const page = await context.newPage();
      if (!javaScript) scriptlessPages.add(page);
      page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
      page.on('console', (message) => {
        // A page that is itself a 404 or 422 logs its own status; that is not a script error. A CSP refusal
        // (inline style or script) is logged at the page's own address too, and is always an error.
        const refusedByCsp = /Content Security Policy/.test(message.text());
        if (message.type() === 'error' && (message.location().url !== page.url() || refusedByCsp)) pageErrors.push(`${page.url()}: ${message.text()} ${message.location().url}`);
      });
      return page;
    },
    async closePages() {
      for (const context of contexts.splice(0)) await context.close().catch(() => {});
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => {});
      await browser.close();
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
  before(async function () { current = await startBrowser(this); });
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
  // The same markup at the same size (tokens and ids aside) has the same verdict: checked once a run.
  const html = await page.content();
  const key = crypto.createHash('sha1').update(`${JSON.stringify(page.viewportSize())} ${scriptlessPages.has(page)} ${normalized(html)}`).digest('hex');
  let bad = knownVerdict(key);
  if (!bad) {
    bad = await axeViolations(page, html);
    keepVerdict(key, bad);
  }
  assert.deepEqual(bad, [], `accessibility violations on ${page.url()}`);
}

/** Values that differ between two renders of one page and mean nothing to accessibility. */
const normalized = (html: string) => html
  .replace(/(name="(?:_csrf|attempt)"[^>]*value=")[^"]*"/g, '$1"')
  .replace(/\snonce="[^"]*"/g, '')
  .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'uuid');

const verdicts = new Map<string, string[]>();

/** In a parallel run the workers share their verdicts through the run's folder, so a page is still checked once a run. */
const sharedVerdicts = (() => {
  const run = runId();
  return run ? path.join(runDir(run), 'accessibility') : undefined;
})();

function knownVerdict(key: string): string[] | undefined {
  const known = verdicts.get(key);
  if (known || !sharedVerdicts) return known;
  try {
    const shared = JSON.parse(fs.readFileSync(path.join(sharedVerdicts, `${key}.json`), 'utf8')) as string[];
    verdicts.set(key, shared);
    return shared;
  } catch {
    return undefined;
  }
}

function keepVerdict(key: string, bad: string[]): void {
  verdicts.set(key, bad);
  if (!sharedVerdicts) return;
  // Written aside and renamed, so the other worker never reads half a verdict.
  fs.mkdirSync(sharedVerdicts, { recursive: true });
  const file = path.join(sharedVerdicts, `${key}.json`);
  const aside = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(aside, JSON.stringify(bad));
  fs.renameSync(aside, file);
}

async function axeViolations(page: Page, html: string): Promise<string[]> {
  let target = page;
  if (scriptlessPages.has(page)) {
    // Same origin, same HTML (without scripts), so styles and contrast are what the person saw; on one
    // checking page per browser, kept for the suite (a context a check cost a renderer process each time).
    target = await checkingPage(page);
    await target.setContent(html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, ''), { waitUntil: 'load' });
  }
  const results = await new AxeBuilder({ page: target }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

/** Signs in through the real form, as a person would. */
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

export async function signInThroughForm(page: Page, email: string, password = TEST_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Log In' }).click()]);
}

/**
 * A flash message is on the page as served (attached, not necessarily visible: the shared script fades
 * a flash after 7 s, which a loaded machine may reach before the assertion).
 */
export async function expectFlash(page: Page, text: string | RegExp): Promise<void> {
  try {
    await page.locator('.flash', { hasText: text }).first().waitFor({ state: 'attached', timeout: 15_000 });
  } catch {
    throw new Error(`no flash ${String(text)} on ${page.url()}: ${(await page.locator('main').innerText().catch(() => '?')).slice(0, 400)}`);
  }
}

/** Types a test card into a card form (the card field island, or the card processor's hosted page). */
export async function typeCard(form: Page | Locator, number: string): Promise<void> {
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await form.getByLabel('CVC').fill('123');
}
