// npm run bench:profile [path]: where a page's time goes. Starts the portal as `npm run bench` does,
// signs in as the individual demo user, loads the path (default /) with autocannon while the V8
// profiler samples the portal, writes bench-profile.cpuprofile (open it in Chrome DevTools) and prints
// the packages and functions with the most time of their own.
// Settings: PROFILE_SECONDS (default 5), PROFILE_SIGNED_OUT=1 to load the path as a visitor,
// PROFILE_AS=practice to sign in as the practice owner, PROFILE_SCALE=1 to load bench:scale's big data first
// (BENCH_SCALE: the share of it), PROFILE_MESSAGES=1 to load the messages page's 2,000 conversations (as
// `npm run bench` does; with PROFILE_AS=practice, /messages shows them), PROFILE_OUTPUT (the profile's file), BENCH_WARMUP_SECONDS (default 1).
process.env.NODE_ENV = 'production';

import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import { signIn } from './pages';
import { ensureBenchDataKeys, positiveNumber } from './settings';

ensureBenchDataKeys();
const { cleanUp, load, startPortal } = await import('./portal');
const { DEMO_EMAILS, DEMO_PASSWORD } = await import('../seeds/demo');
const { loadScaleData } = await import('./scale-data');
const { loadBenchMessages } = await import('./messages-data');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const OUTPUT = process.env.PROFILE_OUTPUT || 'bench-profile.cpuprofile';

async function main(): Promise<void> {
  const path = process.argv[2] ?? '/';
  const seconds = positiveNumber(process.env.PROFILE_SECONDS, 5);
  const { base } = await startPortal(async (db) => {
    if (process.env.PROFILE_SCALE === '1') await loadScaleData(db);
    if (process.env.PROFILE_MESSAGES === '1') {
      // As `npm run bench` does: the practice's profile holds the messages page's 2,000 conversations.
      const practice = await db('providers')
        .where({ company_name: 'Harbor Light Counseling Group', type: 'practice' })
        .first('id');
      await loadBenchMessages(db, Number(practice!.id));
    }
  });
  const email = process.env.PROFILE_AS === 'practice' ? DEMO_EMAILS.practice : DEMO_EMAILS.individual;
  const headers: Record<string, string> =
    process.env.PROFILE_SIGNED_OUT === '1' ? {} : { cookie: await signIn(base, email, DEMO_PASSWORD) };
  const job = { url: `${base}${path}`, connections: 10, headers };
  await load({ ...job, seconds: positiveNumber(process.env.BENCH_WARMUP_SECONDS, 1) }); // warm-up: compiled code and filled caches, as in production

  const session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const result = await load({ ...job, seconds });
  const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
  fs.writeFileSync(OUTPUT, JSON.stringify(profile));

  console.log(
    `GET ${path}: ${Math.round(result.rps)} req/s while profiled (the profiler slows it down), p50 ${result.p50.toFixed(1)} ms`,
  );
  console.log(`profile written to ${OUTPUT}\n`);
  const { byPlace, byFunction } = selfTimes(profile);
  console.log('Own time by package or file');
  for (const line of top(byPlace, 20)) console.log(line);
  console.log('\nOwn time by function');
  for (const line of top(byFunction, 25)) console.log(line);
}

/** Sampled time spent in each node itself, summed by package (or project file) and by function. */
function selfTimes(profile: Profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const { callFrame } = nodes.get(id)!;
    const place = placeOf(callFrame.url, callFrame.functionName);
    const time = profile.timeDeltas[i] ?? 0;
    byPlace.set(place, (byPlace.get(place) ?? 0) + time);
    const fn = `${place} ${callFrame.functionName || '(anonymous)'}:${callFrame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + time);
  });
  return { byPlace, byFunction };
}

function placeOf(url: string, functionName: string): string {
  if (!url) return `(${functionName.replace(/[()]/g, '') || 'native'})`;
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage) return inPackage[1]!;
  if (url.startsWith('node:')) return url;
  return url.replace(/^file:\/\//, '').replace(`${process.cwd()}/`, '');
}

function top(times: Map<string, number>, count: number): string[] {
  const total = [...times.values()].reduce((a, b) => a + b, 0);
  return [...times]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, time]) => `${((100 * time) / total).toFixed(1).padStart(5)} %  ${name}`);
}

try {
  await main();
  await cleanUp();
} catch (error) {
  console.error(error);
  await cleanUp();
  process.exit(1);
}
