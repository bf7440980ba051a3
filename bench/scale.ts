// npm run bench:scale: the signed-in pages on a database about 100 times the demo data, against the same
// pages on the demo data, in one run. Two portals in this process, each on a throwaway database of its
// own (demo seeds on both; the big one also gets the rows of bench/scale-data.ts, made in SQL).
// Prints one table (page, rows shown on each, demo p50/p99, big p50/p99, ratio), then EXPLAIN for every
// distinct query the pages ran on the big database. Exits 1 when a page's big p50 exceeds 1.5× its demo
// p50, or a query reads a table of over 10,000 rows with a sequential scan.
//
// Settings: BENCH_SECONDS (per page and database, default 3; fractions allowed), BENCH_WARMUP_SECONDS (before
// each, default 1), BENCH_CONNECTIONS (default 4), BENCH_ONLY, BENCH_SCALE (the share of the big database
// to make, default 1), BENCH_REPORT_ONLY=1 (exit 0 on a failed budget: for a tiny run, whose figures mean
// nothing), TEST_DATABASE_URL / DATABASE_URL (the server to create both databases on; else embedded PostgreSQL).

process.env.NODE_ENV = 'production';

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Knex } from 'knex';
import { signIn } from './pages';
import type { LoadResult } from './load';
import { BENCH_SCALE, ensureBenchDataKeys, positiveInt, positiveNumber, REPORT_ONLY } from './settings';

ensureBenchDataKeys();
const { cleanUp, load, onCleanUp, startPortal } = await import('./portal');
const { startEmbeddedPostgres } = await import('../server/db/embedded');
const { createLogger } = await import('../server/logger');
const { DEMO_PASSWORD } = await import('../seeds/demo');
const { loadScaleData } = await import('./scale-data');

const SECONDS = positiveNumber(process.env.BENCH_SECONDS, 3);
const WARMUP_SECONDS = positiveNumber(process.env.BENCH_WARMUP_SECONDS, 1);
const CONNECTIONS = positiveInt(process.env.BENCH_CONNECTIONS, 4);
const MAX_P50_RATIO = 1.5;
const SEQ_SCAN_MAX_ROWS = 10_000;
const LOAD_BUDGET_MS = 120_000;

/** The signed-in pages of specs 1 to 3, each as the person whose data makes it biggest. */
const ALL_PAGES: { who: 'busiest' | 'practice'; path: string }[] = [
  { who: 'busiest', path: '/auth/session' },
  { who: 'busiest', path: '/' },
  { who: 'busiest', path: '/profile/general-information' },
  { who: 'busiest', path: '/profile/specialties' },
  { who: 'busiest', path: '/profile/clientele-approach' },
  { who: 'busiest', path: '/profile/insurance-fees' },
  { who: 'busiest', path: '/profile/availability-locations' },
  { who: 'busiest', path: '/profile/education-employment' },
  { who: 'busiest', path: '/profile/message-statement' },
  { who: 'busiest', path: '/profile/photos-video' },
  { who: 'busiest', path: '/account-preferences' },
  { who: 'practice', path: '/' },
  { who: 'practice', path: '/profiles' },
  { who: 'practice', path: '/practice/providers' },
  // The referral funnel of every profile of the practice, one month (the dashboard's six months are on `/`).
  { who: 'practice', path: '/practice/funnel' },
  // The practice inbox with its filters (issue [22] item 2): the open list, mine, unassigned new ones, closed,
  // snoozed, and a search of names, e-mails and message text.
  { who: 'practice', path: '/practice-inbox/messages' },
  { who: 'practice', path: '/practice-inbox/messages?assignee=me' },
  { who: 'practice', path: '/practice-inbox/messages?assignee=none&status=new' },
  { who: 'practice', path: '/practice-inbox/messages?status=closed' },
  { who: 'practice', path: '/practice-inbox/messages?status=snoozed' },
  { who: 'practice', path: '/practice-inbox/messages?q=scale-client-142' },
  // Spec 3's signed-in pages (issue [24] item 5): billing, the calendar and its lists, messages, clients.
  { who: 'busiest', path: '/plan-management' },
  { who: 'busiest', path: '/calendar' },
  { who: 'busiest', path: '/calendar/appointments' },
  { who: 'busiest', path: '/messages' },
  { who: 'busiest', path: '/client-list' },
  { who: 'practice', path: '/referral-data' },
  { who: 'busiest', path: '/practice-management' },
  { who: 'practice', path: '/practice-inbox/appointments' },
  { who: 'practice', path: '/practice-inbox/client-list' },
];
/** BENCH_ONLY=profiles,providers measures just the pages whose path contains one of those words. */
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((w) => w.trim())
  .filter(Boolean);
const PAGES = ONLY.length ? ALL_PAGES.filter((p) => ONLY.some((w) => p.path.includes(w))) : ALL_PAGES;

// Every statement the portal sends (capturing is off while the bench itself queries), whoever sends it (knex, prepared statements, the session store):
// recorded at the pg driver while `capturing` is set, for EXPLAIN afterwards.
interface Captured {
  text: string;
  values: unknown[];
  pages: Set<string>;
}
const captured = new Map<string, Captured>();
let capturing: string | null = null;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function patchedQuery(this: pg.Client, ...args: unknown[]) {
  if (capturing) {
    const first = args[0] as string | { text?: string; values?: unknown[] };
    const text = typeof first === 'string' ? first : first?.text;
    const values = (typeof first === 'string' ? args[1] : first?.values) as unknown[] | undefined;
    if (text) {
      const entry = captured.get(text) ?? {
        text,
        values: Array.isArray(values) ? values : [],
        pages: new Set<string>(),
      };
      entry.pages.add(capturing);
      captured.set(text, entry);
    }
  }
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

async function main(): Promise<void> {
  const cpus = os.cpus();
  console.log(
    `Scale benchmark: Node ${process.version}, ${cpus.length} × ${cpus[0]?.model.trim() ?? 'cpu'}, ` +
      `${SECONDS} s per page and database, ${CONNECTIONS} connections, NODE_ENV=production` +
      `${BENCH_SCALE < 1 ? `, BENCH_SCALE=${BENCH_SCALE} (a tiny run: its figures are no measure)` : ''}\n`,
  );

  // Both databases on one server: without a given one, an embedded server of this run's own.
  if (!process.env.TEST_DATABASE_URL && !process.env.DATABASE_URL) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-scale-pg-'));
    const embedded = await startEmbeddedPostgres(dir, createLogger('warn'));
    onCleanUp(async () => {
      await embedded.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    process.env.TEST_DATABASE_URL = embedded.url;
  }
  // Both databases vacuumed and analyzed after their load, as autovacuum leaves a database in life: a plan
  // made without statistics (a fresh database) is no measure of either.
  const demo = await startPortal(async (db) => {
    await db.raw('vacuum analyze');
  });
  let rows: Record<string, number> = {};
  let loadMs = 0;
  const big = await startPortal(async (db) => {
    const started = Date.now();
    ({ rows } = await loadScaleData(db));
    loadMs = Date.now() - started;
  });
  console.log(
    `big database loaded in ${(loadMs / 1000).toFixed(1)} s (budget ${LOAD_BUDGET_MS / 1000} s): ` +
      Object.entries(rows)
        .map(([t, n]) => `${t} ${n.toLocaleString('en-US')}`)
        .join(', '),
  );

  const cookies = {
    demo: {
      busiest: await signIn(demo.base, 'individual@demo.test', DEMO_PASSWORD),
      practice: await signIn(demo.base, 'practice@demo.test', DEMO_PASSWORD),
    },
    big: {
      busiest: await signIn(big.base, 'individual@demo.test', DEMO_PASSWORD),
      practice: await signIn(big.base, 'practice@demo.test', DEMO_PASSWORD),
    },
  };
  const profiles = await countProfiles(big.db);
  console.log(`the big practice's owner chooses among ${profiles} profiles\n`);

  // Capture what each page runs on the big database: one request per page (the caches cold), then one more.
  // The rows each page shows on either database are counted on the way.
  const shown = new Map<string, { demo: number; big: number }>();
  for (const page of PAGES) {
    const rows = { demo: 0, big: 0 };
    for (let i = 0; i < 2; i++) {
      capturing = `${page.who} ${page.path}`;
      const response = await fetch(`${big.base}${page.path}`, {
        redirect: 'manual',
        headers: { cookie: cookies.big[page.who] },
      });
      rows.big = rowsShown(await response.text());
      capturing = null;
      if (response.status !== 200)
        throw new Error(`${page.path} as ${page.who} answered ${response.status} on the big database`);
    }
    const demoPage = await fetch(`${demo.base}${page.path}`, {
      redirect: 'manual',
      headers: { cookie: cookies.demo[page.who] },
    });
    rows.demo = rowsShown(await demoPage.text());
    shown.set(page.path + page.who, rows);
  }

  const results: { page: string; demo: LoadResult; big: LoadResult; rows: { demo: number; big: number } }[] = [];
  for (const page of PAGES) {
    const job = (base: string, cookie: string) => ({
      url: `${base}${page.path}`,
      seconds: SECONDS,
      connections: CONNECTIONS,
      headers: { cookie },
    });
    await load({ ...job(demo.base, cookies.demo[page.who]), seconds: WARMUP_SECONDS });
    await load({ ...job(big.base, cookies.big[page.who]), seconds: WARMUP_SECONDS });
    const demoResult = await load(job(demo.base, cookies.demo[page.who]));
    const bigResult = await load(job(big.base, cookies.big[page.who]));
    results.push({
      page: `${page.path} (${page.who === 'busiest' ? 'busiest provider' : `practice owner, ${profiles} profiles`})`,
      demo: demoResult,
      big: bigResult,
      rows: shown.get(page.path + page.who)!,
    });
    console.log(
      `${page.who.padEnd(8)} ${page.path.padEnd(32)} demo p50 ${ms(demoResult.p50)}  big p50 ${ms(bigResult.p50)}`,
    );
  }

  const failures: string[] = [];
  if (loadMs > LOAD_BUDGET_MS)
    failures.push(`the big database took ${(loadMs / 1000).toFixed(1)} s to load (budget ${LOAD_BUDGET_MS / 1000} s)`);
  const table = [
    '| Page | Rows shown (demo, big) | Demo p50 | Demo p99 | Big p50 | Big p99 | p50 ratio |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of results) {
    const ratio = r.big.p50 / r.demo.p50;
    table.push(
      `| \`${r.page.split(' ')[0]}\` ${r.page.slice(r.page.indexOf(' ') + 1)} | ${r.rows.demo}, ${r.rows.big} | ${ms(r.demo.p50)} | ${ms(r.demo.p99)} | ${ms(r.big.p50)} | ${ms(r.big.p99)} | ${ratio.toFixed(2)}× |`,
    );
    if (!(ratio <= MAX_P50_RATIO))
      failures.push(
        `${r.page}: big p50 is ${ratio.toFixed(2)}× the demo p50 (budget ≤ ${MAX_P50_RATIO}×; rows shown: ${r.rows.demo} on the demo data, ${r.rows.big} on the big)`,
      );
    for (const [name, res] of [
      ['demo', r.demo],
      ['big', r.big],
    ] as const) {
      if (res.non2xx || res.errors)
        failures.push(`${r.page} on ${name}: ${res.non2xx} non-2xx answers, ${res.errors} errors`);
    }
  }

  failures.push(...(await explainAll(big.databaseUrl)));

  console.log(
    `\nMarkdown for docs/operations.md (${new Date().toISOString().slice(0, 10)}, ${cpus.length} × ${cpus[0]?.model.trim()}; ` +
      `${SECONDS} s per page and database, ${CONNECTIONS} connections)\n`,
  );
  console.log(table.join('\n'));
  console.log(`\nbig database loaded in ${(loadMs / 1000).toFixed(1)} s`);
  console.log(failures.length ? `\nFAIL\n${failures.map((f) => `  ${f}`).join('\n')}` : '\nall scale budgets met');
  if (failures.length && REPORT_ONLY) console.log('(BENCH_REPORT_ONLY=1: the exit code stays 0)');
  process.exitCode = failures.length && !REPORT_ONLY ? 1 : 0;
}

/**
 * The list items and table rows in a page's <main>: past its fixed parts, what a page's cost grows with. A
 * paged list shows a full page on the big data where the demo data may fill a few rows of it, so a ratio
 * is read beside these counts.
 */
function rowsShown(html: string): number {
  const main = /<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
  return (main.match(/<(li|tr)\b/g) ?? []).length;
}

async function countProfiles(db: Knex): Promise<number> {
  const [row] = await db('provider_clinicians as pc')
    .join('users as u', 'u.id', 'pc.user_id')
    .where('u.email', 'practice@demo.test')
    .count({ n: '*' });
  return Number(row!.n);
}

const EXPLAINABLE = /^\s*(select|with|update|delete|insert)\b/i;

/** EXPLAIN of each distinct statement the pages ran; a sequential scan of a table over 10,000 rows fails. */
async function explainAll(databaseUrl: string): Promise<string[]> {
  const failures: string[] = [];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const sizes = new Map<string, number>(
      (
        await client.query<{ relname: string; n: string }>(
          `select relname, reltuples::bigint as n from pg_class where relkind in ('r', 'p')`,
        )
      ).rows.map((r) => [r.relname, Number(r.n)]),
    );
    console.log(`\nEXPLAIN of the ${captured.size} distinct statements the pages ran on the big database`);
    for (const q of captured.values()) {
      if (!EXPLAINABLE.test(q.text)) continue;
      // Prepared statements settle on a generic plan after five runs: check both the custom plan (these
      // values) and the generic one, and print the generic one.
      let scans: string[];
      let lines: string[];
      try {
        const plan = async (generic: boolean) => {
          await client.query(`set plan_cache_mode = ${generic ? 'force_generic_plan' : 'auto'}`);
          const json = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>({
            text: `explain (format json) ${q.text}`,
            values: q.values,
          });
          return seqScans(json.rows[0]!['QUERY PLAN'][0].Plan);
        };
        scans = [...new Set([...(await plan(false)), ...(await plan(true))])].filter(
          (table) => (sizes.get(table) ?? 0) > SEQ_SCAN_MAX_ROWS,
        );
        const text = await client.query<{ 'QUERY PLAN': string }>({ text: `explain ${q.text}`, values: q.values });
        lines = text.rows.map((r) => r['QUERY PLAN']);
      } catch (error) {
        console.log(`\n-- ${oneLine(q.text)}\n   (no EXPLAIN: ${(error as Error).message})`);
        continue;
      }
      console.log(`\n-- ${[...q.pages].join(', ')}\n-- ${oneLine(q.text)}\n${lines.map((l) => `   ${l}`).join('\n')}`);
      for (const table of scans) {
        const failure = `sequential scan of ${table} (${sizes.get(table)!.toLocaleString('en-US')} rows) in: ${oneLine(q.text).slice(0, 160)}`;
        console.log(`   FAIL ${failure}`);
        failures.push(failure);
      }
    }
  } finally {
    await client.end();
  }
  return failures;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

const oneLine = (sql: string) => sql.replace(/\s+/g, ' ').trim();

const ms = (n: number) => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(1) : Math.round(n)} ms` : 'n/a');

try {
  await main();
  await cleanUp();
  process.exit(process.exitCode ?? 0);
} catch (error) {
  console.error(
    `\nbench:scale could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  await cleanUp();
  process.exit(1);
}
