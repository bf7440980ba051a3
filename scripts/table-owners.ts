// Each table has one owner (issue [20] item 1; server/db/table-owners.ts). Finds every knex query site in
// server/ and reports the ones outside their table's owner that are not listed as debt, the debt that no
// longer occurs (to strike from the list), and the tables no module owns. Run by `npm run check:boundaries`
// (exit 1 on any finding) and by test/unit/architecture/table-owners.test.ts.
//
// What it sees: knex calls naming a table, `db('t')`, `trx('t')`, `.from('t')`, `.join('t')` and the like;
// and raw SQL: the string and template literals handed to knex's raw APIs (`db.raw(…)`, `whereRaw(…)`,
// `joinRaw(…)`, …) or to pg's `query`, directly or through the constants and functions they are built from
// (`joinRaw(LAST_MESSAGE_JOIN)`), read for the tables after FROM, JOIN, UPDATE and INTO. SQL passed some
// other way (a parameter, an object's property) is not seen.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
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

/**
 * The tables a piece of SQL names after FROM, JOIN, UPDATE or INTO (DELETE FROM and INSERT INTO included),
 * with an optional `public.` and double quotes. Not counted: the names its WITH clauses define (`x as (`),
 * a function in a FROM (`from unnest(`, `from jsonb_each(`), and a column after a FROM inside a function
 * (`extract(epoch from a.starts_at)`, `from x.col`). Which of them are tables is the caller's question.
 */
export function rawSqlTables(sql: string): string[] {
  const cteNames = new Set(
    [...sql.matchAll(/\b(\w+)\s+as\s+(?:not\s+)?(?:materialized\s+)?\(/gi)].map((m) => m[1]!.toLowerCase()),
  );
  const tables = [
    ...sql.matchAll(/\b(?:from|join|update|into)\s+(?:only\s+)?(?:"?public"?\.)?"?([a-z_]\w*)"?(?!\s*\.|\(|\w)/gi),
  ]
    .map((m) => m[1]!.toLowerCase())
    .filter((name) => !cteNames.has(name));
  return [...new Set(tables)];
}

/** knex's methods that take SQL text, and pg's `query` (a named prepared statement). */
const RAW_APIS = /^(?:raw|query|(?:or|and)?(?:where|having)(?:Not)?Raw|(?:join|select|orderBy|groupBy|from)Raw)$/;

const calleeName = (call: ts.CallExpression) =>
  ts.isPropertyAccessExpression(call.expression)
    ? call.expression.name.text
    : ts.isIdentifier(call.expression)
      ? call.expression.text
      : undefined;

function forEachNode(node: ts.Node, visit: (node: ts.Node) => void) {
  visit(node);
  node.forEachChild((child) => forEachNode(child, visit));
}

/** A literal's SQL text, a template's placeholders standing as `?`. */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ? ');
  return undefined;
}

/** A file's named constants and functions, with what each holds (a constant's initializer, a function's body). */
function declarations(source: ts.SourceFile): { name: string; body: ts.Node }[] {
  const found: { name: string; body: ts.Node }[] = [];
  forEachNode(source, (node) => {
    if ((ts.isVariableDeclaration(node) || ts.isFunctionDeclaration(node)) && node.name && ts.isIdentifier(node.name)) {
      const body = ts.isVariableDeclaration(node) ? node.initializer : node.body;
      if (body) found.push({ name: node.name.text, body });
    }
  });
  return found;
}

const isRawCall = (node: ts.Node): node is ts.CallExpression =>
  ts.isCallExpression(node) && RAW_APIS.test(calleeName(node) ?? '');

/** Adds the names a node uses (not property names) to `names`. */
function namesIn(node: ts.Node, names: Set<string>) {
  forEachNode(node, (inner) => {
    const isPropertyName =
      (ts.isPropertyAssignment(inner.parent) || ts.isPropertyAccessExpression(inner.parent)) &&
      inner.parent.name === inner;
    if (ts.isIdentifier(inner) && !isPropertyName) names.add(inner.text);
  });
}

/**
 * The names of the constants and functions that hold SQL: those a raw call's arguments use, and those they
 * are built from in turn (`const statement = loadViewerSql(sql)` handed to `query`), in any file.
 */
function sqlNamesOf(sources: ts.SourceFile[]): Set<string> {
  const names = new Set<string>();
  for (const source of sources)
    forEachNode(source, (node) => {
      if (isRawCall(node)) for (const arg of node.arguments) namesIn(arg, names);
    });
  const all = sources.flatMap(declarations);
  for (let known = -1; known !== names.size; ) {
    known = names.size;
    for (const { name, body } of all) if (names.has(name)) namesIn(body, names);
  }
  return names;
}

/**
 * The SQL of one file: the literals inside the arguments of a raw API call, and those inside a constant or
 * function that holds SQL (`sqlNames`). Each is one piece, its nested templates included, so a CTE defined
 * around a `${…}` still counts as one.
 */
function rawSqlPieces(source: ts.SourceFile, sqlNames: Set<string>): { sql: string; at: number }[] {
  const pieces: { sql: string; at: number }[] = [];
  const addPiece = (root: ts.Node) => {
    const texts: string[] = [];
    forEachNode(root, (node) => {
      const text = literalText(node);
      if (text !== undefined) texts.push(text);
    });
    if (texts.length) pieces.push({ sql: texts.join(' '), at: root.getStart(source) });
  };
  forEachNode(source, (node) => {
    if (isRawCall(node)) for (const arg of node.arguments) addPiece(arg);
  });
  for (const { name, body } of declarations(source)) if (sqlNames.has(name)) addPiece(body);
  return pieces;
}

/**
 * "module → table" → the places (file:line) it occurs, for every query site under `serverDir`: knex calls
 * naming a table, and the tables of `owners` that raw SQL names.
 */
export function querySites(serverDir = path.join(ROOT, 'server'), owners = TABLE_OWNERS): Map<string, string[]> {
  const sites = new Map<string, string[]>();
  const record = (file: string, text: string, table: string, index: number) => {
    const key = `${moduleOf(serverDir, file)} → ${table}`;
    const place = `${path.relative(ROOT, file)}:${text.slice(0, index).split('\n').length}`;
    const places = sites.get(key) ?? [];
    if (!places.includes(place)) sites.set(key, [...places, place]);
  };
  const files = sourceFiles(serverDir).map((file) => {
    const text = fs.readFileSync(file, 'utf8');
    return { file, text, source: ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true) };
  });
  const sqlNames = sqlNamesOf(files.map(({ source }) => source));
  for (const { file, text, source } of files) {
    for (const match of text.matchAll(QUERY_SITE)) record(file, text, match[1]!, match.index);
    for (const { sql, at } of rawSqlPieces(source, sqlNames))
      for (const table of rawSqlTables(sql)) if (owners[table]) record(file, text, table, at);
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
