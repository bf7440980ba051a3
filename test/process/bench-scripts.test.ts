// Every bench script, run tiny (issue [24] item 5): a bench that breaks (a renamed page, a changed
// seed, a module moved) fails here instead of on the day someone needs its figures. Each runs as
// `npm run bench…` runs it (tsx, the compiled build in dist/ where it uses one) on this run's PostgreSQL
// server, with a hundredth of its data (BENCH_SCALE), fractions of a second per measurement and one
// round. Its figures mean nothing at that size, so a budget may FAIL; what must hold is that it ran to
// its end, exited 0 and printed its report: the table, the budget lines, a p50.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ctx } from '../support/context';

/** The PostgreSQL server of this run, as a maintenance URL the benches create their databases beside. */
function serverUrl(): string {
  const url = new URL(ctx().database.url);
  url.pathname = '/postgres';
  return url.toString();
}

const TINY = {
  BENCH_SCALE: '0.01',
  BENCH_SECONDS: '0.3',
  BENCH_WARMUP_SECONDS: '0.2',
  BENCH_ROUNDS: '1',
  BENCH_CONNECTIONS: '4',
  BENCH_REPORT_ONLY: '1',
};

interface Run {
  code: number | null;
  output: string;
}

/** Runs `bench/<script>` as its npm script does, and answers its exit code and output (stdout and stderr). */
function runBench(script: string, env: Record<string, string>, timeoutMs: number): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `bench/${script}`], {
      env: { ...process.env, DATABASE_URL: undefined, TEST_DATABASE_URL: serverUrl(), ...TINY, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      output += `\n(killed after ${timeoutMs} ms)`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** It exited 0 and printed no stack trace. */
function ranToItsEnd(run: Run): void {
  assert.equal(run.code, 0, `the bench exited ${run.code}:\n${run.output}`);
  assert.doesNotMatch(
    run.output,
    /could not run|\n\s+at .+:\d+:\d+\)?\n/,
    `the bench printed an error:\n${run.output}`,
  );
}

/** A budget line, PASS or FAIL (a tiny run's figures are no measure), matching `text`. */
const budgetLine = (text: string) => new RegExp(`^(PASS|FAIL) {2}${text}`, 'm');

describe('the bench scripts, run tiny', function () {
  // Minutes on a busy shared machine (measured: 140 s of CPU for the five, 5.6 min on two cores shared with
  // other test runs); the limits below only catch a bench that hangs.
  this.timeout(300_000);
  before(() => {
    // `npm test` builds first (test/run.sh); a lone run of this file needs `npm run build`.
    if (!fs.existsSync('dist/server/main.js')) throw new Error('dist/ is missing: run npm run build first');
  });

  it('npm run bench: every target measured, the budgets and the memory of a portal process reported', async () => {
    const run = await runBench(
      'run.ts',
      { BENCH_MEMORY_REQUESTS: '200', BENCH_MEMORY_SETTLE_SECONDS: '0.5', BENCH_CONNECTIONS: '10' },
      240_000,
    );
    ranToItsEnd(run);
    for (const key of [
      'bare',
      'login',
      'dashboard',
      'dashboard50',
      'floor',
      'plans',
      'calendar',
      'slots',
      'messages',
      'thread',
    ])
      assert.match(run.output, new RegExp(`^run 1/1 {2}${key} +[\\d,]+ req/s {2}p50 [\\d.,]+ ms`, 'm'), key);
    assert.match(run.output, budgetLine('dashboard GET / at \\d+ % of the signed-in floor'));
    assert.match(run.output, budgetLine('dashboard GET / at 50 connections: p99 [\\d.,]+ ms \\(p50 [\\d.,]+ ms'));
    assert.match(run.output, budgetLine('GET /calendar for a week of \\d+ events: p50 [\\d.,]+ ms'));
    assert.match(run.output, budgetLine('GET /plan-management made 0 calls to the card server'));
    const idle = budgetLine(
      "the portal process's memory idle after its start: RSS ([\\d.]+) MB, V8 heap used ([\\d.]+) MB",
    ).exec(run.output);
    assert.ok(idle, `no idle memory line:\n${run.output}`);
    // A portal's RSS is tens of megabytes at least, and its heap is inside it.
    assert.ok(Number(idle[2]) > 20 && Number(idle[3]) > 5 && Number(idle[3]) < Number(idle[2]), idle[0]);
    assert.match(
      run.output,
      budgetLine("the portal process's memory after 200 signed-in requests at 50 connections \\(8 pages in turn"),
    );
    // Every signed-in page of the mix answered 2xx.
    assert.doesNotMatch(run.output, /the mixed load on the portal process/);
    assert.match(run.output, /^\| `GET \/` dashboard \(signed in, 50 connections\) \| [\d,]+ \| [\d.]+ ms \|/m);
    assert.match(run.output, /^\| idle, 0\.5 s after its start \| [\d.]+ MB \| [\d.]+ MB \|/m);
  });

  it('npm run bench:scale: the table of both databases (the rows each page shows, then its figures) and the EXPLAIN of their queries', async () => {
    const run = await runBench('scale.ts', { BENCH_ONLY: 'funnel' }, 240_000);
    ranToItsEnd(run);
    assert.match(run.output, /big database loaded in [\d.]+ s .*: accounts \d+/);
    assert.match(
      run.output,
      /^\| `\/practice\/funnel` \(practice owner, \d+ profiles\) \| \d+, \d+ \| [\d.]+ ms \| [\d.]+ ms \| [\d.]+ ms \|/m,
    );
    assert.match(run.output, /^EXPLAIN of the \d+ distinct statements/m);
    assert.match(run.output, /^(all scale budgets met|FAIL)$/m);
  });

  it('npm run bench:profile with READ_CACHE=0 (first loads): a CPU profile written and its top functions printed', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-profile-')), 'profile.cpuprofile');
    // With the caches off no change feed starts, and a bench that waited for it to go live never measured.
    const run = await runBench(
      'profile.ts',
      { PROFILE_SECONDS: '0.5', PROFILE_OUTPUT: file, READ_CACHE: '0' },
      240_000,
    );
    ranToItsEnd(run);
    assert.match(run.output, /^GET \/: \d+ req\/s while profiled .*, p50 [\d.]+ ms$/m);
    assert.match(run.output, /^Own time by package or file\n +[\d.]+ % {2}\S/m);
    const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as { nodes: unknown[]; samples: unknown[] };
    assert.ok(profile.nodes.length > 10 && profile.samples.length > 0, 'an empty profile');
  });

  it('npm run bench:idle: the database transactions of an idle process', async () => {
    const run = await runBench(
      'idle.ts',
      { BENCH_PROCESSES: '1', BENCH_SECONDS: '1', BENCH_SETTLE_SECONDS: '0.1' },
      240_000,
    );
    ranToItsEnd(run);
    assert.match(
      run.output,
      /^1 idle processes \(each with its job worker\): [\d.]+ database transactions a second, \d+ connections held$/m,
    );
  });

  it('npm run bench:cluster: pages through the balancer and the kill round', async () => {
    const run = await runBench('cluster.ts', { BENCH_PROCESSES: '2', BENCH_KILL_SECONDS: '2' }, 240_000);
    ranToItsEnd(run);
    assert.match(
      run.output,
      /^\| `GET \/` dashboard \(signed in\) \| [\d,]+ \| [\d.]+ ms \| [\d.]+ ms \| 0 \| \d+ \/ \d+ \|$/m,
    );
    assert.match(run.output, /^Kill round: `GET \/` for 2 s, web process 1 killed \(SIGKILL\) .* p50 [\d.]+ ms/m);
  });
});
