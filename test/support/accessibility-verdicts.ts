// axe-core verdicts shared by the browser tests and the HTTP tests' DOM checks: a page's markup (tokens
// and ids aside) at one size has one verdict, so each is checked once a run; in a parallel run the workers
// share them through the run's folder.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AxeResults } from 'axe-core';
import { runDir, runId } from './parallel';

/** The serious and critical violations of an axe result, one line each (the ones the tests refuse). */
export function seriousViolations(results: Pick<AxeResults, 'violations'>): string[] {
  // Spread first: axe run inside a DOM answers with that window's arrays, which deepEqual tells apart from ours.
  return [...results.violations]
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

/** The verdict on `html` as checked where `where` says (size, script, DOM): computed by `check` once a run. */
export async function checkedOnce(where: string, html: string, check: () => Promise<string[]>): Promise<string[]> {
  const key = crypto
    .createHash('sha1')
    .update(`${where} ${normalized(html)}`)
    .digest('hex');
  let bad = knownVerdict(key);
  if (!bad) {
    bad = await check();
    keepVerdict(key, bad);
  }
  return bad;
}

/** Values that differ between two renders of one page and mean nothing to accessibility. */
const normalized = (html: string) =>
  html
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
