// npm run screenshots [-- <label>]: every page a provider, a practice owner and a visitor see, at 375 and
// 1280 px, full height, into test-results/screenshots/<label>/ (default "current"), for a person to compare
// before and after a design change. The portal runs in-process on a database of its own with the demo data,
// as the benchmark runs it (npm run build first: the pages link the built styles).
process.env.NODE_ENV = 'production';

import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';

const { cleanUp, startPortal } = await import('../bench/portal');
const { DEMO_EMAILS, DEMO_PASSWORD } = await import('../seeds/demo');
const { CHROMIUM } = await import('../test/support/browser');

const WIDTHS = [375, 1280];
const label = process.argv[2] ?? 'current';
const outDir = path.resolve('test-results', 'screenshots', label);
fs.mkdirSync(outDir, { recursive: true });

const SIGNED_OUT = ['/login', '/signup', '/password/request', '/login/help', '/account/recover'];
/** Every signed-in page; `{provider}` is the signed-in user's own profile id, `{client}` a client with a thread. */
const PROVIDER_PAGES = [
  '/',
  '/profile/general-information',
  '/profile/specialties',
  '/profile/clientele-approach',
  '/profile/insurance-fees',
  '/profile/availability-locations',
  '/profile/education-employment',
  '/profile/message-statement',
  '/profile/photos-video',
  '/calendar',
  '/messages',
  '/messages/{client}',
  '/client-list',
  '/plan-management',
  '/account-preferences',
  '/profiles/pay-for/{provider}',
  '/therapy-groups',
  '/testimonials',
  '/vetting/quiz',
  '/private-pay-booster',
  '/developer-tools',
  '/benefits/web-badge',
  '/refer-and-earn',
  '/contact',
  '/help-desk',
  '/tips/phone-consultations',
];
const PRACTICE_PAGES = [
  '/',
  '/profiles',
  '/practice/providers',
  '/practice/team',
  '/practice/audit',
  '/practice-inbox',
  '/referral-data',
  '/practice-management',
  '/plan-management',
  '/profiles/pay-for/{provider}',
];

interface Who {
  name: string;
  email: string;
  pages: string[];
}
const PEOPLE: Who[] = [
  { name: 'dana', email: DEMO_EMAILS.individual, pages: PROVIDER_PAGES },
  { name: 'morgan', email: DEMO_EMAILS.practice, pages: PRACTICE_PAGES },
  { name: 'riley', email: DEMO_EMAILS.billing, pages: ['/', '/plan-management'] },
  { name: 'jamie', email: DEMO_EMAILS.incomplete, pages: ['/', '/profiles/about-you-for/{provider}'] },
];

const fileName = (who: string, route: string, width: number) =>
  `${who}-${route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${width}.png`;

async function shoot(page: Page, who: string, route: string): Promise<string> {
  const response = await page.goto(route);
  const status = response?.status() ?? 0;
  if (status >= 400) return `${who} ${route}: ${status}, skipped`;
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(outDir, fileName(who, route, width)), fullPage: true });
  }
  return `${who} ${route}`;
}

const portal = await startPortal();
const browser = await chromium.launch({ executablePath: CHROMIUM });
try {
  for (const who of [{ name: 'visitor', email: '', pages: SIGNED_OUT }, ...PEOPLE]) {
    const context = await browser.newContext({ baseURL: portal.base });
    const page = await context.newPage();
    let provider = '';
    let client = '';
    if (who.email) {
      await page.goto('/login');
      await page.fill('input[name="email"]', who.email);
      await page.fill('input[name="password"]', DEMO_PASSWORD);
      await Promise.all([page.waitForURL((url) => url.pathname !== '/login'), page.click('button[type="submit"]')]);
      const user = await portal.db('users').where({ email: who.email }).first('id');
      const profile = await portal
        .db('provider_clinicians')
        .where({ user_id: user?.id })
        .orderBy('provider_id')
        .first('provider_id');
      provider = String(profile?.provider_id ?? '');
      const thread = await portal
        .db('conversations')
        .where({ provider_id: profile?.provider_id ?? 0 })
        .orderBy('id')
        .first('client_user_id');
      client = String(thread?.client_user_id ?? '');
    }
    for (const route of who.pages) {
      const resolved = route.replace('{provider}', provider).replace('{client}', client);
      console.log(await shoot(page, who.name, resolved));
    }
    await context.close();
  }
} finally {
  await browser.close();
  await cleanUp();
}
console.log(`screenshots in ${path.relative(process.cwd(), outDir)}`);
