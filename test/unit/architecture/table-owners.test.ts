// Each table has one owner (issue [20] item 1; server/db/table-owners.ts): a query of a table outside its
// owning module fails here, unless it is listed in TABLE_ACCESS_DEBT below, the query sites that predate
// the rule and are being moved behind their owners' functions. The list may only shrink: a pair that no
// longer occurs must be struck from it, so the test fails until it is.
//
// What it sees: knex calls naming a table, `db('t')`, `trx('t')`, `.from('t')`, `.join('t')` and the like.
// Raw SQL text is not parsed; a raw query of another module's table is a review matter.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { TABLE_OWNERS } from '../../../server/db/table-owners';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const QUERY_SITE =
  /(?:\b(?:db|trx|knex|tx|this\.db|deps\.db)\s*\(\s*|\.(?:from|join|leftJoin|innerJoin|into|table)\(\s*)['"`]([a-z_][a-z0-9_]*)(?:\s+as\s+\w+)?['"`]/g;

/**
 * The query sites of modules that do not own the table, as "module → table", that predate the rule.
 * When the rule came there were 98 pairs, 60 of them in features; the features' SQL has since moved
 * behind their domain modules (none is left, and none may come back: no feature owns a table). What is
 * left is the domain's own crossings, mostly joins for names, to move behind the owners' functions.
 */
const TABLE_ACCESS_DEBT: string[] = [
  'db → users',
  'domain/accounts → billing_subscriptions',
  'domain/accounts → provider_clinicians',
  'domain/accounts → providers',
  'domain/accounts → sessions',
  'domain/appointments → conversations',
  'domain/appointments → messages',
  'domain/appointments → provider_clinicians',
  'domain/appointments → providers',
  'domain/appointments → users',
  'domain/benefits-check → messages',
  'domain/benefits-check → providers',
  'domain/billing → account_roles',
  'domain/billing → accounts',
  'domain/billing → locations',
  'domain/billing → providers',
  'domain/billing → users',
  'domain/calendar → appointments',
  'domain/calendar → providers',
  'domain/external-calendars → availability_events',
  'domain/external-calendars → providers',
  'domain/licenses → locations',
  'domain/licenses → us_states',
  'domain/locations → licenses',
  'domain/messaging → appointments',
  'domain/messaging → provider_clinicians',
  'domain/messaging → providers',
  'domain/messaging → users',
  'domain/practice-management → accounts',
  'domain/practice-management → providers',
  'domain/private-pay-booster → accounts',
  'domain/private-pay-booster → providers',
  'domain/profile-content → providers',
  'domain/providers → accounts',
  'domain/providers → images',
  'domain/providers → licenses',
  'domain/providers → locations',
  'domain/providers → taggings',
  'domain/providers → tags',
  'domain/providers → us_states',
  'jobs → api_idempotency_keys',
  'jobs → sessions',
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The module a file belongs to: domain/<m>, features/<f>, or the top folder under server/. */
function moduleOf(file: string): string {
  const parts = path.relative(path.join(ROOT, 'server'), file).split(path.sep);
  if (parts[0] === 'domain' || parts[0] === 'features') return `${parts[0]}/${parts[1]}`;
  return parts.length > 1 ? parts[0]! : 'server';
}

function querySites(): Map<string, string[]> {
  const sites = new Map<string, string[]>();
  for (const file of sourceFiles(path.join(ROOT, 'server'))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(QUERY_SITE)) {
      const table = match[1]!;
      const key = `${moduleOf(file)} → ${table}`;
      const line = text.slice(0, match.index).split('\n').length;
      sites.set(key, [...(sites.get(key) ?? []), `${path.relative(ROOT, file)}:${line}`]);
    }
  }
  return sites;
}

describe('each table has one owner', () => {
  const sites = querySites();

  it('every table queried has an owner', () => {
    const unowned = [...sites.keys()].map((key) => key.split(' → ')[1]!).filter((table) => !TABLE_OWNERS[table]);
    assert.deepEqual([...new Set(unowned)], [], 'add the table to server/db/table-owners.ts');
  });

  it('no module queries a table it does not own, beyond the debt being moved', () => {
    const crossings = [...sites.keys()].filter((key) => {
      const [module, table] = key.split(' → ') as [string, string];
      return TABLE_OWNERS[table] && TABLE_OWNERS[table] !== module;
    });
    const fresh = crossings.filter((key) => !TABLE_ACCESS_DEBT.includes(key));
    assert.deepEqual(
      fresh.map((key) => `${key} (${sites.get(key)!.join(', ')})`),
      [],
      "query the owner's functions instead",
    );
    const repaid = TABLE_ACCESS_DEBT.filter((key) => !crossings.includes(key));
    assert.deepEqual(repaid, [], 'these no longer occur: strike them from TABLE_ACCESS_DEBT');
  });

  it('the rule sees a crossing: a feature querying a domain table is found', () => {
    const fixture = "await db('billing_invoices as i').join('users', 'u.id', 'i.user_id')";
    const tables = [...fixture.matchAll(QUERY_SITE)].map((m) => m[1]);
    assert.deepEqual(tables, ['billing_invoices', 'users']);
  });
});
