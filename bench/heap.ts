// npm run bench:heap: where an idle portal's memory goes. Starts the compiled server as a process of its
// own (as `npm run bench` measures it: NODE_ENV=production, every outside service local, its job worker
// in the process) on a new database with the demo data, lets it idle, reads its RSS and heap, takes a
// heap snapshot through the inspector (HEAP_SNAPSHOT, default bench-heap.heapsnapshot: open it in Chrome
// DevTools, Memory tab) and prints what the heap holds: by kind of object, by constructor, and the
// biggest retainers.
//
// Settings: BENCH_SETTLE_SECONDS (the idle time before the snapshot, default 10), HEAP_SNAPSHOT, HEAP_SOURCE_MAPS,
// TEST_DATABASE_URL / DATABASE_URL (the server to create the database on; required).
import fs from 'node:fs';
import { createOwnDatabase } from '../test/support/portal-process';
import { summariseHeapSnapshot } from './heap-summary';
import { residentBytes, startPortalProcess } from './memory';
import { positiveNumber } from './settings';

const SETTLE_SECONDS = positiveNumber(process.env.BENCH_SETTLE_SECONDS, 10);
const OUTPUT = process.env.HEAP_SNAPSHOT || 'bench-heap.heapsnapshot';
/** HEAP_SOURCE_MAPS=1: start the process with --enable-source-maps (off in production), to see what they cost. */
const SOURCE_MAPS = process.env.HEAP_SOURCE_MAPS === '1';
const server = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!server) {
  console.error('bench:heap needs TEST_DATABASE_URL or DATABASE_URL (a PostgreSQL server to create its database on).');
  process.exit(1);
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const database = await createOwnDatabase('heap', server);
let crashed = false;
try {
  const portal = await startPortalProcess(database.url, { seedDemo: 'auto', sourceMaps: SOURCE_MAPS });
  try {
    await new Promise((r) => setTimeout(r, SETTLE_SECONDS * 1000));
    const memory = await portal.memory();
    const status = fs.readFileSync(`/proc/${portal.portal.child.pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    console.log(
      `idle portal process (${SETTLE_SECONDS} s after its start${SOURCE_MAPS ? ', with --enable-source-maps' : ''}): RSS ${mb(memory.rss)}, ` +
        `V8 heap ${mb(memory.heapTotal)}; after a full collection RSS ${mb(memory.rssAfterGc)} (anonymous ${mb(field('RssAnon'))}, files ${mb(field('RssFile'))}, shared ${mb(field('RssShmem'))}), ` +
        `V8 heap used ${mb(memory.heapUsed)}, ${mb(memory.heapUsedAfterGc)} after a full collection; ` +
        `external ${mb(memory.external)} (array buffers ${mb(memory.arrayBuffers)})`,
    );
    const heap = await portal.inspector.post<{ result: { value: string } }>('Runtime.evaluate', {
      expression: `JSON.stringify(process.getBuiltinModule('node:v8').getHeapSpaceStatistics())`,
      returnByValue: true,
    });
    if (heap.result.value) {
      console.log('\nV8 heap spaces (used of their size)');
      for (const space of JSON.parse(heap.result.value) as {
        space_name: string;
        space_used_size: number;
        space_size: number;
      }[])
        console.log(
          `  ${space.space_name.padEnd(24)} ${mb(space.space_used_size).padStart(9)} of ${mb(space.space_size)}`,
        );
    }
    const bytes = await portal.inspector.writeHeapSnapshot(OUTPUT);
    console.log(
      `\nheap snapshot written to ${OUTPUT} (${mb(bytes)}); RSS after it ${mb(residentBytes(portal.portal.child.pid!))}\n`,
    );
    for (const line of summariseHeapSnapshot(OUTPUT)) console.log(line);
  } finally {
    await portal.stop();
  }
} catch (error) {
  crashed = true;
  console.error(
    `\nbench:heap could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
} finally {
  await database.drop();
}
process.exit(crashed ? 1 : 0);
