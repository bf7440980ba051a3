// How long each test file took, root hooks included (the first file of a worker also pays for its
// database and portal). Workers write a line per file into the run's folder; at the run's end the main
// process prints the ten slowest and keeps the list in .data/test/slowest-files.txt for CI to repeat,
// and every file's time, slowest first, in .data/test/file-times.txt.
import fs from 'node:fs';
import path from 'node:path';

const TIMES_FILE = 'file-times.jsonl';
export const SLOWEST_FILES = path.resolve('.data/test/slowest-files.txt');
const ALL_FILES = path.resolve('.data/test/file-times.txt');

export function recordFileTime(dir: string, file: string, ms: number): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.appendFileSync(
    path.join(dir, TIMES_FILE),
    `${JSON.stringify({ file: path.relative(process.cwd(), file), ms })}\n`,
  );
}

/** The ten slowest files of the run, printed and kept; nothing when no file was timed. */
export function reportSlowestFiles(dir: string): void {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(dir, TIMES_FILE), 'utf8').split('\n').filter(Boolean);
  } catch {
    return;
  }
  const times = lines.map((line) => JSON.parse(line) as { file: string; ms: number }).sort((a, b) => b.ms - a.ms);
  const total = times.reduce((sum, t) => sum + t.ms, 0);
  const byKind = new Map<string, number>();
  // By kind of test: test/e2e, test/http, test/process, test/unit.
  const kindOf = (file: string) => file.split(path.sep).slice(0, 2).join('/');
  for (const t of times) byKind.set(kindOf(t.file), (byKind.get(kindOf(t.file)) ?? 0) + t.ms);
  const kinds = [...byKind].sort((a, b) => b[1] - a[1]).map(([kind, ms]) => `${kind} ${Math.round(ms / 1000)} s`);
  const text = [
    `ten slowest test files (of ${times.length}; ${Math.round(total / 1000)} s of worker time in all: ${kinds.join(', ')}):`,
    ...times.slice(0, 10).map((t) => `${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.file}`),
  ].join('\n');
  process.stdout.write(`\n${text}\n`);
  fs.mkdirSync(path.dirname(SLOWEST_FILES), { recursive: true });
  fs.writeFileSync(SLOWEST_FILES, `${text}\n`);
  fs.writeFileSync(ALL_FILES, times.map((t) => `${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.file}\n`).join(''));
}
