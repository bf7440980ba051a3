// npm run bench:cluster: the cluster of test/process/cluster.test.ts under load. Starts BENCH_PROCESSES
// (default 3) web processes and a worker at the same moment on a new database (compiled build,
// NODE_ENV=production with every outside service local, the demo data), behind the test's load balancer;
// loads a few pages through it (BENCH_SECONDS each, default 5, BENCH_CONNECTIONS, default 12), then
// loads the dashboard again and kills one web process (SIGKILL) a third of the way in, and counts what
// that cost. Prints req/s, p50 and p99 and how the balancer spread the requests; exits 1 when a page
// answered anything but 2xx, or when the kill round saw any answer but 2xx and the balancer's clean 502.
//
// BENCH_REPORT_ONLY=1 prints those answers but exits 0 (a tiny run on a starved machine can see the
// balancer take every process out for slow health checks); a crash still exits 1.
//
// Settings: BENCH_PROCESSES (at least 2: the kill round kills the second), BENCH_SECONDS (fractions
// allowed), BENCH_KILL_SECONDS (the kill round, default twice BENCH_SECONDS and at least 6), BENCH_CONNECTIONS,
// TEST_DATABASE_URL / DATABASE_URL (the
// server to create the database on; required: an embedded server per process would measure something else).
import { DEMO_EMAILS, DEMO_PASSWORD } from '../seeds/demo';
import { LOCAL_SERVICES } from '../server/config';
import { type Cluster, startCluster } from '../test/support/cluster';
import { Visitor } from '../test/support/portal-process';
import type { LoadResult } from './load';
import { load } from './portal';
import { ensureBenchDataKeys, REPORT_ONLY } from './settings';

const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 12);
const KILL_SECONDS = Number(process.env.BENCH_KILL_SECONDS ?? Math.max(SECONDS * 2, 6));
const server = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!server) {
  console.error(
    'bench:cluster needs TEST_DATABASE_URL or DATABASE_URL (a PostgreSQL server to create its database on).',
  );
  process.exit(1);
}

const PRODUCTION = {
  NODE_ENV: 'production',
  DATA_ENCRYPTION_KEYS: ensureBenchDataKeys(),
  ALLOW_LOCAL_SERVICES: Object.keys(LOCAL_SERVICES).join(','),
  // Production refuses local uploads beside separate workers. No page measured here uploads, so the
  // bucket is never called; nothing listens at its address.
  S3_BUCKET: 'bench-uploads',
  S3_REGION: 'us-east-1',
  S3_ENDPOINT: 'http://127.0.0.1:9',
  S3_ACCESS_KEY_ID: 'bench',
  S3_SECRET_ACCESS_KEY: 'bench-secret',
  // The bench's own sign-in would otherwise count against the demo user's throttle on reruns.
  API_RATE_LIMIT: '100000',
};

const ms = (value: number) =>
  Number.isNaN(value) ? '–' : value < 10 ? `${value.toFixed(1)} ms` : `${Math.round(value)} ms`;

let cluster: Cluster | undefined;
let failed = false;
let crashed = false;
const started = Date.now();
try {
  cluster = await startCluster(
    {
      webs: PROCESSES,
      workers: 1,
      portal: { compiled: true, seedDemo: 'auto', logLevel: 'error', env: PRODUCTION },
    },
    server,
  );
  console.log(
    `${PROCESSES} web processes and 1 worker started together in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const base = `http://127.0.0.1:${cluster.proxy.port}`;
  const visitor = new Visitor(cluster.proxy);
  await visitor.signIn(DEMO_EMAILS.individual, DEMO_PASSWORD);
  const signedIn = { Cookie: visitor.cookie() };

  const pages: { label: string; path: string; headers: Record<string, string> }[] = [
    { label: '`GET /login` (signed out)', path: '/login', headers: {} },
    { label: '`GET /auth/session` (signed in, no page)', path: '/auth/session', headers: signedIn },
    { label: '`GET /` dashboard (signed in)', path: '/', headers: signedIn },
    { label: '`GET /account-preferences` (signed in)', path: '/account-preferences', headers: signedIn },
  ];
  const rows: string[] = [];
  const spread = (before: number[]) => cluster!.proxy.served.map((n, i) => n - (before[i] ?? 0)).join(' / ');
  for (const page of pages) {
    const before = [...cluster.proxy.served];
    const result = await load({
      url: base + page.path,
      seconds: SECONDS,
      connections: CONNECTIONS,
      headers: page.headers,
    });
    const bad = result.non2xx + result.errors;
    if (bad) {
      failed = true;
      console.log(
        `${page.path}: ${result.non2xx} answers not 2xx (${JSON.stringify(result.statusCodes)}), ${result.errors} errors`,
      );
    }
    rows.push(
      `| ${page.label} | ${Math.round(result.rps).toLocaleString('en-US')} | ${ms(result.p50)} | ${ms(result.p99)} | ${bad} | ${spread(before)} |`,
    );
  }
  console.log(`\n${SECONDS} s per page, ${CONNECTIONS} connections, through the balancer:\n`);
  console.log('| Page | req/s | p50 | p99 | not 2xx | served by each process |');
  console.log('| --- | ---: | ---: | ---: | ---: | --- |');
  for (const row of rows) console.log(row);

  // The kill round: the dashboard under load, web process 1 killed a third of the way in.
  const killSeconds = KILL_SECONDS;
  const before = [...cluster.proxy.served];
  const gatewaysBefore = cluster.proxy.badGateways;
  const round: Promise<LoadResult> = load({
    url: `${base}/`,
    seconds: killSeconds,
    connections: CONNECTIONS,
    headers: signedIn,
  });
  await new Promise((r) => setTimeout(r, (killSeconds * 1000) / 3));
  await cluster.kill(1);
  const killed = await round;
  const badGateways = cluster.proxy.badGateways - gatewaysBefore;
  const others = Object.entries(killed.statusCodes).filter(([code]) => !code.startsWith('2') && code !== '502');
  if (others.length || killed.errors) failed = true;
  console.log(
    `\nKill round: \`GET /\` for ${killSeconds} s, web process 1 killed (SIGKILL) after ${(killSeconds / 3).toFixed(1)} s: ` +
      `${killed.ok.toLocaleString('en-US')} answered 2xx (${Math.round(killed.rps).toLocaleString('en-US')} req/s, p50 ${ms(killed.p50)}, p99 ${ms(killed.p99)}), ` +
      `${badGateways} clean 502 from the balancer, ${others.reduce((n, [, count]) => n + count, 0)} other answers, ` +
      `${killed.errors} connection errors; served by each process: ${spread(before)}`,
  );
} catch (error) {
  crashed = true;
  console.error(error);
} finally {
  await cluster?.stop();
}
if (failed)
  console.log(
    `\nFAIL: answers other than 2xx (and the balancer's 502 in the kill round) above${REPORT_ONLY ? ' (BENCH_REPORT_ONLY=1: the exit code stays 0)' : ''}`,
  );
process.exit(crashed || (failed && !REPORT_ONLY) ? 1 : 0);
