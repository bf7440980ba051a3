// npm run bench: the portal's performance budgets, measured. Starts the portal in-process on a database
// of its own (demo data loaded), loads it with autocannon from a child process beside a bare Express
// route, weighs a few pages in gzip bytes, prints PASS/FAIL per budget and a table for docs/operations.md ("Performance").
// It is a report: budget failures are printed, the exit code stays 0 (1 only when it could not run).
//
// The memory budgets are measured on a second portal, the compiled server started as a process of its own
// on the same database (bench/memory.ts): this process's own memory holds far more than a portal.
//
// Settings: BENCH_SECONDS (per measurement, default 5; fractions allowed), BENCH_ROUNDS (default 3),
// BENCH_WARMUP_SECONDS (default 1), BENCH_CONNECTIONS (default 10), BENCH_MEMORY_REQUESTS (the mixed
// load before the second memory reading, default 50,000), BENCH_SCALE (the share of the bench data to
// make, default 1; the bench-scripts test runs everything tiny), TEST_DATABASE_URL / DATABASE_URL (a
// server to create the bench database on; else embedded PostgreSQL), READ_CACHE=0 (no kept pages and no
// cached reads: every request a first load).

// React picks its development or production server renderer when first loaded; measure production.
process.env.NODE_ENV = 'production';

import os from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import express from 'express';
import type { LoadResult } from './load';
import { gzipSize, signIn, weighPage, type PageWeight } from './pages';
import { BENCH_SCALE, ensureBenchDataKeys, positiveInt, positiveNumber } from './settings';
import type { MemoryFigures } from './memory';

ensureBenchDataKeys();
const { cleanUp, listen, load, startPortal } = await import('./portal');
const { DEMO_EMAILS, DEMO_PASSWORD } = await import('../seeds/demo');
const { loadBenchCalendar, BENCH_WEEK_EVENTS } = await import('./calendar-data');
const { createToken } = await import('../server/api');
const { loadBenchMessages, BENCH_MESSAGES, loadBenchLongThread, BENCH_LONG_THREAD } = await import('./messages-data');
const { measureFeedParse } = await import('./feed-parse');
const { startPortalProcess } = await import('./memory');

const SECONDS = positiveNumber(process.env.BENCH_SECONDS, 5);
const CONNECTIONS = positiveInt(process.env.BENCH_CONNECTIONS, 10);
const ROUNDS = positiveInt(process.env.BENCH_ROUNDS, 3);
const WARMUP_SECONDS = positiveNumber(process.env.BENCH_WARMUP_SECONDS, 1);
/** The dashboard's tail latency is measured at this many connections (issue [24] item 5). */
const MANY_CONNECTIONS = 50;
/** The mixed signed-in load before the portal process's second memory reading. */
const MEMORY_REQUESTS = positiveInt(process.env.BENCH_MEMORY_REQUESTS, 50_000);
/** How long the portal process idles after it answers /healthz before its first memory reading. */
const MEMORY_SETTLE_SECONDS = positiveNumber(process.env.BENCH_MEMORY_SETTLE_SECONDS, 5);
const MB = 1024 * 1024;

const KB = 1024;
const BUDGET = {
  /** The dashboard's req/s as a share of the signed-in floor's (`GET /auth/session`: all middleware, no page). */
  dashboardShareOfFloor: 0.6,
  noIslandHtmlCss: 14 * KB,
  sharedScript: 5 * KB,
  islandPageJs: 80 * KB,
  /** The calendar's week of 500 events: the page and the slots API, one request at a time. */
  calendarP50Ms: 20,
  /** Plan Management at CONNECTIONS connections (issue [24] item 5). */
  plansP50Ms: 8,
  /** The messages page of a provider with 2,000 conversations and 50,000 messages, one request at a time. */
  messagesP50Ms: 30,
  /** A thread of 10,000 messages (issue [19] item 1): its page, one request at a time, and its HTML (uncompressed). */
  longThreadP50Ms: 30,
  longThreadHtml: 100 * KB,
  /** The process's memory (RSS, after a full collection) after 100 loads of that thread, over what it was before. */
  longThreadMemory: 50 * KB * KB,
  /** `/updates?after=0` of that thread (the live view's catch-up), uncompressed JSON. */
  longThreadUpdates: 100 * KB,
  /** The event loop's longest delay while a 1.9 MB calendar feed is read as a sync reads it (issue [19] item 10). */
  feedParseMaxDelayMs: 50,
  /** The dashboard's p99 at 50 connections. */
  dashboardP99ManyMs: 40,
  /** The portal process's RSS idle after its start. */
  idleRss: 250 * MB,
  /** The portal process's RSS after 50,000 signed-in requests at 50 connections. */
  loadedRss: 400 * MB,
};

/** Pages weighed, with whether they are meant to carry an island. */
const PAGES = [
  { path: '/login', signedIn: false, islands: false },
  { path: '/', signedIn: true, islands: false },
  { path: '/profile/specialties', signedIn: true, islands: false },
  { path: '/developer-tools', signedIn: true, islands: true },
  // The card field is an island; the page reads the billing mirror only.
  { path: '/plan-management', signedIn: true, islands: true },
  // The calendar grid is an island (the page shows the bench's week of 500 events).
  { path: '/calendar', signedIn: true, islands: true },
];

/** `connections` overrides CONNECTIONS: the calendar's budgets are latencies of one request at a time. */
interface Target {
  key: string;
  label: string;
  url: string;
  headers: Record<string, string>;
  connections?: number;
}
interface Summary {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  runs: LoadResult[];
}

async function main(): Promise<void> {
  const cpus = os.cpus();
  console.log(
    `Benchmark: Node ${process.version}, ${cpus.length} × ${cpus[0]?.model.trim() ?? 'cpu'}, ` +
      `${ROUNDS} runs × ${SECONDS} s per target, ${CONNECTIONS} connections, NODE_ENV=production` +
      `${BENCH_SCALE < 1 ? `, BENCH_SCALE=${BENCH_SCALE} (a tiny run: its figures are no measure)` : ''}\n`,
  );

  // The database: a fresh one on TEST_DATABASE_URL / DATABASE_URL, else on an embedded server; dropped at the end.
  const started = Date.now();
  // Dana's next week holds the calendar's 500 events; the directory reads its slots with a token.
  let calendar = { providerId: 0, week: { start: '', from: new Date(), to: new Date() }, token: '' };
  let longThreadClient = 0;
  const { base, databaseUrl, cardServerCalls } = await startPortal(async (db) => {
    const dana = await db('users as u')
      .join('provider_clinicians as pc', 'pc.user_id', 'u.id')
      .join('providers as p', 'p.id', 'pc.provider_id')
      .where({ 'u.email': DEMO_EMAILS.individual, 'p.type': 'individual' })
      .orderBy('p.id')
      .first('p.id');
    const week = await loadBenchCalendar(db, Number(dana.id));
    calendar = { providerId: Number(dana.id), week, token: (await createToken(db, 'Bench')).token };
    // Dana's conversation of 10,000 messages.
    longThreadClient = await loadBenchLongThread(db, Number(dana.id));
    // The practice's profile (its owner's selected one) holds the messages page's 2,000 conversations.
    const practice = await db('providers')
      .where({ company_name: 'Harbor Light Counseling Group', type: 'practice' })
      .first('id');
    await loadBenchMessages(db, Number(practice!.id));
  });
  console.log(
    `portal ready on a database with demo data (${where(databaseUrl)}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const bare = express();
  bare.get('/bare', (_req, res) => {
    res.send('ok');
  });
  const bareBase = await listen(bare);

  const cookie = await signIn(base, DEMO_EMAILS.individual, DEMO_PASSWORD);
  const eventCount = BENCH_WEEK_EVENTS;
  const practiceCookie = await signIn(base, DEMO_EMAILS.practice, DEMO_PASSWORD);
  const messageCount = BENCH_MESSAGES.conversations * BENCH_MESSAGES.messagesPerConversation;
  console.log(`signed in as ${DEMO_EMAILS.individual}\n`);

  const targets: Target[] = [
    { key: 'bare', label: 'Bare Express route `GET /bare`', url: `${bareBase}/bare`, headers: {} },
    { key: 'login', label: '`GET /login` (signed out)', url: `${base}/login`, headers: {} },
    { key: 'dashboard', label: '`GET /` dashboard (signed in)', url: `${base}/`, headers: { cookie } },
    {
      key: 'dashboard50',
      label: `\`GET /\` dashboard (signed in, ${MANY_CONNECTIONS} connections)`,
      url: `${base}/`,
      headers: { cookie },
      connections: MANY_CONNECTIONS,
    },
    // The smallest signed-in answer (the session loop's check): what every signed-in page costs before its own work.
    {
      key: 'floor',
      label: '`GET /auth/session` (signed in, no page)',
      url: `${base}/auth/session`,
      headers: { cookie },
    },
    { key: 'plans', label: '`GET /plan-management` (signed in)', url: `${base}/plan-management`, headers: { cookie } },
    {
      key: 'calendar',
      label: `\`GET /calendar\` (a week of ${eventCount} events, 1 connection)`,
      url: `${base}/calendar?week=${calendar.week.start}`,
      headers: { cookie },
      connections: 1,
    },
    {
      key: 'slots',
      label: '`GET /api/v1/providers/{id}/slots` (the same week, 1 connection)',
      connections: 1,
      url: `${base}/api/v1/providers/${calendar.providerId}/slots?from=${calendar.week.from.toISOString()}&to=${calendar.week.to.toISOString()}`,
      headers: { authorization: `Bearer ${calendar.token}` },
    },
    {
      key: 'messages',
      connections: 1,
      url: `${base}/messages`,
      headers: { cookie: practiceCookie },
      label: `\`GET /messages\` (${BENCH_MESSAGES.conversations.toLocaleString('en-US')} conversations, ${messageCount.toLocaleString('en-US')} messages, 1 connection)`,
    },
    {
      key: 'thread',
      connections: 1,
      url: `${base}/messages/${longThreadClient}`,
      headers: { cookie },
      label: `\`GET /messages/{clientId}\` (a thread of ${BENCH_LONG_THREAD.toLocaleString('en-US')} messages, 1 connection)`,
    },
  ];

  const callsAtStart = cardServerCalls();
  for (const target of targets)
    await load({
      url: target.url,
      seconds: WARMUP_SECONDS,
      connections: target.connections ?? CONNECTIONS,
      headers: target.headers,
    });
  const runs = new Map<string, LoadResult[]>(targets.map((t) => [t.key, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const target of targets) {
      const result = await load({
        url: target.url,
        seconds: SECONDS,
        connections: target.connections ?? CONNECTIONS,
        headers: target.headers,
      });
      runs.get(target.key)!.push(result);
      const odd =
        result.non2xx || result.errors
          ? `  (non-2xx ${result.non2xx}: ${JSON.stringify(result.statusCodes)}, errors ${result.errors})`
          : '';
      console.log(
        `run ${round}/${ROUNDS}  ${target.key.padEnd(9)} ${fmt(result.rps, 0).padStart(7)} req/s  p50 ${ms(result.p50)}  p95 ${ms(result.p95)}  p99 ${ms(result.p99)}${odd}`,
      );
    }
  }
  const summary = new Map<string, Summary>();
  for (const [key, results] of runs) {
    summary.set(key, {
      rps: median(results.map((r) => r.rps)),
      p50: median(results.map((r) => r.p50)),
      p95: median(results.map((r) => r.p95)),
      p99: median(results.map((r) => r.p99)),
      runs: results,
    });
  }

  const weights: (PageWeight & { islands: boolean })[] = [];
  for (const page of PAGES)
    weights.push({ ...(await weighPage(base, page.path, page.signedIn ? cookie : undefined)), islands: page.islands });
  // Every page above (Plan Management included) and every load run read the mirror: the card server heard nothing.
  const cardCalls = cardServerCalls() - callsAtStart;
  const longThread = await measureLongThread(`${base}/messages/${longThreadClient}`, cookie);
  const feed = await measureFeedParse();
  const memory = await measureMemory(databaseUrl, calendar.week.start);

  report(targets, summary, weights, cardCalls, longThread, feed, memory);
}

interface MemoryReport {
  pid: number;
  idle: MemoryFigures;
  loaded: MemoryFigures;
  load: LoadResult;
  paths: string[];
}

/**
 * The portal's memory on a process of its own (the compiled server on the bench database): idle after its
 * start, then after MEMORY_REQUESTS signed-in requests at 50 connections over a mix of pages.
 */
async function measureMemory(databaseUrl: string, week: string): Promise<MemoryReport> {
  const portal = await startPortalProcess(databaseUrl);
  try {
    await new Promise((r) => setTimeout(r, MEMORY_SETTLE_SECONDS * 1000));
    const idle = await portal.memory();
    const cookie = await signIn(portal.base, DEMO_EMAILS.individual, DEMO_PASSWORD);
    const paths = [
      '/',
      '/profile/general-information',
      '/profile/specialties',
      '/plan-management',
      `/calendar?week=${week}`,
      '/messages',
      '/account-preferences',
      '/auth/session',
    ];
    const mixed = await load({
      url: `${portal.base}/`,
      seconds: 0,
      connections: MANY_CONNECTIONS,
      headers: { cookie },
      amount: MEMORY_REQUESTS,
      paths,
    });
    const loaded = await portal.memory();
    console.log(
      `portal process ${portal.portal.child.pid}: idle RSS ${mb(idle.rss)}, after ${MEMORY_REQUESTS.toLocaleString('en-US')} requests ${mb(loaded.rss)}`,
    );
    return { pid: portal.portal.child.pid!, idle, loaded, load: mixed, paths };
  } finally {
    await portal.stop();
  }
}

interface LongThreadFigures {
  htmlBytes: number;
  htmlGzip: number;
  messagesShown: number;
  updatesBytes: number;
  loads: number;
  rssBefore: number;
  rssAfter: number;
}

/** The long thread's page weight, its catch-up's size, and the process's memory around 100 loads of it. */
async function measureLongThread(url: string, cookie: string): Promise<LongThreadFigures> {
  const page = await fetch(url, { headers: { cookie } });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`the long thread answered ${page.status}`);
  const updates = await fetch(`${url}/updates?after=0`, { headers: { cookie, accept: 'application/json' } });
  const updatesBytes = Buffer.byteLength(await updates.text());
  const gc = collector();
  const rss = () => {
    gc();
    gc();
    return process.memoryUsage().rss;
  };
  const rssBefore = rss();
  const loads = 100;
  for (let i = 0; i < loads; i++) {
    const answer = await fetch(url, { headers: { cookie } });
    await answer.arrayBuffer();
  }
  const rssAfter = rss();
  return {
    htmlBytes: Buffer.byteLength(html),
    htmlGzip: gzipSize(html),
    messagesShown: (html.match(/<li id="message-\d+"/g) ?? []).length,
    updatesBytes,
    loads,
    rssBefore,
    rssAfter,
  };
}

/** A full garbage collection on demand (the flag applies to contexts made after it is set). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

function report(
  targets: Target[],
  summary: Map<string, Summary>,
  weights: (PageWeight & { islands: boolean })[],
  cardCalls: number,
  longThread: LongThreadFigures,
  feed: Awaited<ReturnType<typeof measureFeedParse>>,
  memory: MemoryReport,
): void {
  const bare = summary.get('bare')!;
  const checks: { ok: boolean; text: string }[] = [];
  const check = (ok: boolean, text: string) => checks.push({ ok, text });
  const plans = summary.get('plans')!;
  check(
    cardCalls === 0,
    `GET /plan-management made ${cardCalls} calls to the card server over ${plans.runs.reduce((n, r) => n + r.ok, 0).toLocaleString('en-US')} page loads (budget: none; the page reads the mirror)`,
  );

  check(
    plans.p50 < BUDGET.plansP50Ms,
    `GET /plan-management: p50 ${ms(plans.p50)} at ${CONNECTIONS} connections (${fmt(plans.rps, 0)} req/s; budget < ${BUDGET.plansP50Ms} ms)`,
  );

  const dashboard = summary.get('dashboard')!;
  const floor = summary.get('floor')!;
  // Each round measures the two back to back, so the median of the rounds' ratios is steadier on a shared
  // machine than the ratio of the medians.
  const rounds = dashboard.runs.map((run, i) => run.rps / floor.runs[i]!.rps);
  const share = median(rounds);
  check(
    share >= BUDGET.dashboardShareOfFloor,
    `dashboard GET / at ${pct(share)} of the signed-in floor's req/s (median of the rounds: ${rounds.map(pct).join(', ')}; ` +
      `GET /auth/session is the floor; budget ≥ ${pct(BUDGET.dashboardShareOfFloor)})`,
  );
  for (const key of ['calendar', 'slots']) {
    const s = summary.get(key)!;
    check(
      s.p50 < BUDGET.calendarP50Ms,
      `${key === 'calendar' ? 'GET /calendar' : 'the slots API'} for a week of ${BENCH_WEEK_EVENTS} events: p50 ${ms(s.p50)} at 1 connection (budget < ${BUDGET.calendarP50Ms} ms)`,
    );
  }
  const messages = summary.get('messages')!;
  check(
    messages.p50 < BUDGET.messagesP50Ms,
    `GET /messages with ${BENCH_MESSAGES.conversations.toLocaleString('en-US')} conversations: p50 ${ms(messages.p50)} at 1 connection (budget < ${BUDGET.messagesP50Ms} ms)`,
  );
  const thread = summary.get('thread')!;
  const messagesOf = `a thread of ${BENCH_LONG_THREAD.toLocaleString('en-US')} messages`;
  check(
    thread.p50 < BUDGET.longThreadP50Ms,
    `GET /messages/{clientId}, ${messagesOf}: p50 ${ms(thread.p50)} at 1 connection (budget < ${BUDGET.longThreadP50Ms} ms)`,
  );
  check(
    longThread.htmlBytes < BUDGET.longThreadHtml,
    `GET /messages/{clientId}, ${messagesOf}: ${kb(longThread.htmlBytes)} of HTML (${kb(longThread.htmlGzip)} gzip), ${longThread.messagesShown} messages shown (budget < ${kb(BUDGET.longThreadHtml)})`,
  );
  const grew = longThread.rssAfter - longThread.rssBefore;
  check(
    grew < BUDGET.longThreadMemory,
    `the process's memory after ${longThread.loads} loads of ${messagesOf}: ${mb(longThread.rssBefore)} → ${mb(longThread.rssAfter)} (${grew >= 0 ? '+' : ''}${mb(grew)}; budget < +${mb(BUDGET.longThreadMemory)})`,
  );
  check(
    longThread.updatesBytes < BUDGET.longThreadUpdates,
    `GET /messages/{clientId}/updates?after=0, ${messagesOf}: ${kb(longThread.updatesBytes)} of JSON (budget < ${kb(BUDGET.longThreadUpdates)})`,
  );
  check(
    feed.maxDelayMs < BUDGET.feedParseMaxDelayMs,
    `a ${(feed.bytes / KB / KB).toFixed(1)} MB calendar feed (${feed.events.toLocaleString('en-US')} events) read off the web thread in ${ms(feed.offThreadMs)}: ` +
      `the event loop's longest delay ${ms(feed.maxDelayMs)}, p99 ${ms(feed.p99DelayMs)} (budget < ${BUDGET.feedParseMaxDelayMs} ms; parsed on the web thread it would hold it ${ms(feed.onThreadMs)})`,
  );
  const many = summary.get('dashboard50')!;
  check(
    many.p99 < BUDGET.dashboardP99ManyMs,
    `dashboard GET / at ${MANY_CONNECTIONS} connections: p99 ${ms(many.p99)} (p50 ${ms(many.p50)}, ${fmt(many.rps, 0)} req/s; budget < ${BUDGET.dashboardP99ManyMs} ms)`,
  );
  check(
    memory.idle.rss <= BUDGET.idleRss,
    `the portal process's memory idle after its start: RSS ${mb(memory.idle.rss)}, V8 heap used ${mb(memory.idle.heapUsed)} ` +
      `(${mb(memory.idle.heapUsedAfterGc)} after a full collection) (budget RSS ≤ ${mb(BUDGET.idleRss)})`,
  );
  const mixed = memory.load;
  check(
    memory.loaded.rss <= BUDGET.loadedRss,
    `the portal process's memory after ${mixed.ok.toLocaleString('en-US')} signed-in requests at ${MANY_CONNECTIONS} connections ` +
      `(${memory.paths.length} pages in turn, ${fmt(mixed.rps, 0)} req/s, p99 ${ms(mixed.p99)}): RSS ${mb(memory.loaded.rss)}, ` +
      `V8 heap used ${mb(memory.loaded.heapUsed)} (${mb(memory.loaded.heapUsedAfterGc)} after a full collection) (budget RSS ≤ ${mb(BUDGET.loadedRss)})`,
  );
  if (mixed.non2xx || mixed.errors)
    check(
      false,
      `the mixed load on the portal process: ${mixed.non2xx} non-2xx answers (${JSON.stringify(mixed.statusCodes)}), ${mixed.errors} errors`,
    );
  for (const [key, s] of summary) {
    const bad = s.runs.reduce((n, r) => n + r.non2xx + r.errors, 0);
    if (bad) check(false, `${key}: ${bad} non-2xx answers or errors during the runs (see above)`);
  }

  const sharedSizes = new Set<number>();
  for (const page of weights) {
    if (page.status !== 200) {
      check(false, `${page.path} answered ${page.status}, not 200`);
      continue;
    }
    if (page.sharedJs) sharedSizes.add(page.sharedJs);
    if (page.islands) {
      const js = page.sharedJs + page.islandJs;
      check(
        js <= BUDGET.islandPageJs,
        `${page.path} (island page): ${kb(js)} of JS in all (budget ≤ ${kb(BUDGET.islandPageJs)})`,
      );
      if (!page.islandJs) check(false, `${page.path} is expected to load an island but links no island script`);
    } else {
      const htmlCss = page.html + page.css;
      check(
        htmlCss <= BUDGET.noIslandHtmlCss,
        `${page.path}: ${kb(htmlCss)} HTML+CSS (budget ≤ ${kb(BUDGET.noIslandHtmlCss)})`,
      );
      check(
        page.islandJs === 0,
        `${page.path}: no island JS (${page.islandJs ? `${kb(page.islandJs)} found` : 'none'})`,
      );
    }
  }
  const shared = Math.max(0, ...sharedSizes);
  check(
    shared > 0 && shared <= BUDGET.sharedScript,
    `shared portal-*.js script: ${kb(shared)} (budget ≤ ${kb(BUDGET.sharedScript)})`,
  );

  console.log('\nBudgets');
  for (const { ok, text } of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${text}`);
  const failed = checks.filter((c) => !c.ok).length;
  console.log(
    failed ? `\n${failed} budget check(s) FAILED (the benchmark is a report; exit code stays 0)` : '\nall budgets met',
  );

  const lines = [
    `Throughput and latency: median of ${ROUNDS} runs of ${SECONDS} s each, ${CONNECTIONS} connections (the calendar and messages rows: 1), ` +
      `${os.cpus().length} CPU cores, Node ${process.version}, NODE_ENV=production.`,
    '',
    '| Measurement | req/s | p50 | p95 | p99 | vs bare route | vs signed-in floor |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...targets.map((t) => {
      const s = summary.get(t.key)!;
      const ofFloor = t.key === 'dashboard' ? `${pct(share)}¹` : t.key === 'floor' ? '100 %' : '–';
      return `| ${t.label} | ${fmt(s.rps, 0)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${t.key === 'bare' ? '100 %' : pct(s.rps / bare.rps)} | ${ofFloor} |`;
    }),
    '',
    "¹ The median of the rounds' ratios (dashboard ÷ floor, measured back to back), not the ratio of the medians.",
    '',
    'Page weight, gzip level 6 (KB = 1024 bytes):',
    '',
    '| Page | HTML | CSS | Shared JS | Island JS | Budget |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    ...weights.map((p) => {
      const budget = p.islands
        ? `JS ${kb(p.sharedJs + p.islandJs)} ≤ ${kb(BUDGET.islandPageJs)}`
        : `HTML+CSS ${kb(p.html + p.css)} ≤ ${kb(BUDGET.noIslandHtmlCss)}, no island JS`;
      return `| \`${p.path}\` | ${kb(p.html)} | ${kb(p.css)} | ${kb(p.sharedJs)} | ${p.islandJs ? kb(p.islandJs) : '–'} | ${budget} |`;
    }),
    '',
    'Memory of a portal process of its own (the compiled server, NODE_ENV=production, its job worker in the process; ' +
      'RSS from /proc/<pid>/status, the V8 heap through the inspector):',
    '',
    '| When | RSS | V8 heap used | after a full collection | external (of it array buffers) | Budget |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    memoryRow(`idle, ${MEMORY_SETTLE_SECONDS} s after its start`, memory.idle, `RSS ≤ ${mb(BUDGET.idleRss)}`),
    memoryRow(
      `after ${mixed.ok.toLocaleString('en-US')} signed-in requests at ${MANY_CONNECTIONS} connections (${memory.paths.map((p) => `\`${p.split('?')[0]}\``).join(', ')} in turn)`,
      memory.loaded,
      `RSS ≤ ${mb(BUDGET.loadedRss)}`,
    ),
  ];
  console.log('\nMarkdown for docs/operations.md\n');
  console.log(lines.join('\n'));
}

function memoryRow(when: string, m: MemoryFigures, budget: string): string {
  return `| ${when} | ${mb(m.rss)} | ${mb(m.heapUsed)} | ${mb(m.heapUsedAfterGc)} | ${mb(m.external)} (${mb(m.arrayBuffers)}) | ${budget} |`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function where(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port}${u.pathname}`;
}

const fmt = (n: number, digits: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (n: number) => (Number.isFinite(n) ? `${fmt(n, n < 10 ? 1 : 0)} ms` : 'n/a');
const pct = (ratio: number) => `${Math.round(ratio * 100)} %`;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / KB / KB).toFixed(1)} MB`;

// Last, so that every constant above is initialised before it runs.
try {
  await main();
  await cleanUp();
  process.exit(0);
} catch (error) {
  console.error(`\nbench could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  await cleanUp();
  process.exit(1);
}
