// `npm run build:server`: the server compiled to JavaScript for production (`npm run start:prod`, the
// Docker image), so it runs on plain Node without tsx or Vite. esbuild bundles our code (server, views,
// seeds) into one file per entry point and leaves every npm package external (they stay in
// node_modules, native ones included) but date-fns: imported from node_modules, its index pulls in its
// 250 modules, and Node's resolver reads its 200 KB package.json again for each of them, which cost a
// process about 8 s of start-up and 400 MB of short-lived heap (docs/operations.md, "Memory"); bundled,
// only the functions the server uses are in dist/, resolved at build time. Migrations are compiled one file each: knex loads them by name
// (server/db/knex.ts reads dist/migrations when it runs compiled).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const BUNDLED_PACKAGES = new Set(['date-fns', '@date-fns/utc']);
const manifest = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies?: Record<string, string>;
};
/** Every package (and its subpaths) stays external but the bundled ones. */
const external = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
  .filter((name) => !BUNDLED_PACKAGES.has(name))
  .flatMap((name) => [name, `${name}/*`]);

const OUT = 'dist';
const common = {
  bundle: true,
  platform: 'node' as const,
  format: 'esm' as const,
  target: 'node24',
  external,
  jsx: 'automatic' as const,
  sourcemap: true,
  logLevel: 'warning' as const,
};

const started = Date.now();
fs.rmSync(OUT, { recursive: true, force: true });
await build({
  ...common,
  entryPoints: {
    main: 'server/main.ts',
    worker: 'server/worker.ts',
    'db-cli': 'server/db/cli.ts',
    // A worker thread's own file (server/domain/external-calendars/ics-reader.ts starts it beside the bundle).
    'ics-worker': 'server/domain/external-calendars/ics-worker.ts',
  },
  outdir: path.join(OUT, 'server'),
});
const migrations = fs
  .readdirSync('migrations')
  .filter((f) => f.endsWith('.ts'))
  .map((f) => path.join('migrations', f));
await build({ ...common, entryPoints: migrations, outdir: path.join(OUT, 'migrations') });
console.log(
  `server compiled to ${OUT}/ (${migrations.length} migrations) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
