// Each table has one owner (issue [20] item 1; server/db/table-owners.ts). Finds every knex query site in
// server/ and reports the ones outside their table's owner that are not listed as debt, the debt that no
// longer occurs (to strike from the list), and the tables no module owns. Run by `npm run check:boundaries`
// (exit 1 on any finding) and by test/unit/architecture/table-owners.test.ts.
//
// What it sees: knex calls naming a table, `db('t')`, `trx('t')`, `.from('t')`, `.join('t')` and the like.
// Raw SQL text is not parsed; a raw query of another module's table is a review matter.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TABLE_ACCESS_DEBT, TABLE_OWNERS } from '../server/db/table-owners';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const QUERY_SITE =
  /(?:\b(?:db|trx|knex|tx|this\.db|deps\.db)\s*\(\s*|\.(?:from|join|leftJoin|innerJoin|into|table)\(\s*)['"`]([a-z_][a-z0-9_]*)(?:\s+as\s+\w+)?['"`]/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The module a file belongs to: domain/<m>, features/<f>, or the top folder under server/. */
function moduleOf(serverDir: string, file: string): string {
  const parts = path.relative(serverDir, file).split(path.sep);
  if (parts[0] === 'domain' || parts[0] === 'features') return `${parts[0]}/${parts[1]}`;
  return parts.length > 1 ? parts[0]! : 'server';
}

/** "module → table" → the places (file:line) it occurs, for every query site under `serverDir`. */
export function querySites(serverDir = path.join(ROOT, 'server')): Map<string, string[]> {
  const sites = new Map<string, string[]>();
  for (const file of sourceFiles(serverDir)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(QUERY_SITE)) {
      const key = `${moduleOf(serverDir, file)} → ${match[1]}`;
      const line = text.slice(0, match.index).split('\n').length;
      sites.set(key, [...(sites.get(key) ?? []), `${path.relative(ROOT, file)}:${line}`]);
    }
  }
  return sites;
}

export interface OwnershipFindings {
  /** Tables queried that no module owns. */
  unowned: string[];
  /** New crossings, with where they are. */
  crossings: string[];
  /** Debt that no longer occurs. */
  repaid: string[];
}

export function tableOwnership(
  sites = querySites(),
  owners: Record<string, string> = TABLE_OWNERS,
  debt: string[] = TABLE_ACCESS_DEBT,
): OwnershipFindings {
  const keys = [...sites.keys()];
  const tableOf = (key: string) => key.split(' → ')[1]!;
  const moduleOfKey = (key: string) => key.split(' → ')[0]!;
  const crossing = keys.filter((key) => owners[tableOf(key)] && owners[tableOf(key)] !== moduleOfKey(key));
  return {
    unowned: [...new Set(keys.map(tableOf).filter((table) => !owners[table]))],
    crossings: crossing.filter((key) => !debt.includes(key)).map((key) => `${key} (${sites.get(key)!.join(', ')})`),
    repaid: debt.filter((key) => !crossing.includes(key)),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { unowned, crossings, repaid } = tableOwnership();
  for (const table of unowned) console.error(`  error table-owners: ${table} has no owner (server/db/table-owners.ts)`);
  for (const site of crossings) console.error(`  error table-owners: ${site}: query the owner's functions instead`);
  for (const key of repaid)
    console.error(`  error table-owners: ${key} no longer occurs: strike it from TABLE_ACCESS_DEBT`);
  const count = unowned.length + crossings.length + repaid.length;
  if (count) {
    console.error(`\nx ${count} table-ownership violation(s).`);
    process.exit(1);
  }
  console.log(`✔ every query site is its table's owner's, or listed debt (${TABLE_ACCESS_DEBT.length} pairs left)`);
}
