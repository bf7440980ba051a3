// The house a newcomer reads (issue [20] item 6) stays true: the README's tier drawing names every domain
// module, each module has a README.md with its tables, invariants and public face, and the glossary the
// README links to explains the words the product is built on.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DOMAIN = path.join(ROOT, 'server/domain');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/**
 * The domain modules the README's tier drawing lists: in the code block of "### The tiers", the names on
 * the lines after the server/domain/<module>/ line's colon, down to the next arrow.
 */
function drawnModules(readme: string): Set<string> | null {
  const section = readme.split(/^### The tiers$/m)[1]?.split(/^#{2,3} /m)[0] ?? '';
  const drawing = section.match(/```\n([\s\S]*?)```/)?.[1];
  if (!drawing) return null;
  const lines = drawing.split('\n');
  const start = lines.findIndex((line) => line.includes('server/domain/<module>/'));
  if (start < 0) return null;
  const list = lines.slice(start);
  const first = list.findIndex((line) => line.trimEnd().endsWith(':')) + 1;
  const last = list.findIndex((line) => line.includes('▼'));
  if (first <= 0 || last < first) return null;
  return new Set(list.slice(first, last).flatMap((line) => line.replace(/[│]/g, ' ').trim().split(/\s+/)));
}

const SECTIONS = ['## Tables', '## Invariants', '## Public face (index.ts)'];

/** What is wrong with the house: a module missing from the drawing, a README missing or without a section. */
function houseProblems(readme: string, modules: string[], moduleReadme: (m: string) => string | null): string[] {
  const named = drawnModules(readme);
  if (named === null) return ['the README has no tier drawing listing the domain modules under "### The tiers"'];
  const problems: string[] = [];
  for (const m of modules) {
    if (!named.has(m)) problems.push(`server/domain/${m} is missing from the README's tier drawing`);
    const text = moduleReadme(m);
    if (text === null) problems.push(`server/domain/${m} has no README.md`);
    else
      for (const section of SECTIONS)
        if (!text.includes(`\n${section}\n`)) problems.push(`server/domain/${m}/README.md has no "${section}"`);
  }
  return problems;
}

const modules = fs
  .readdirSync(DOMAIN, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const moduleReadme = (m: string) => {
  const file = path.join(DOMAIN, m, 'README.md');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
};

describe('the house a newcomer reads', () => {
  it('the README draws every domain module, and each has a README with its tables, invariants and public face', () => {
    assert.ok(modules.length > 10, 'the domain modules were found');
    assert.deepEqual(houseProblems(read('README.md'), modules, moduleReadme), []);
  });

  it('fails on a module missing from the drawing, a module without README and a README without a section', () => {
    const readme = read('README.md');
    const problems = houseProblems(readme, [...modules, 'room-bookings'], (m) =>
      m === 'room-bookings' ? null : m === 'tags' ? '# tags\n\n## Tables\n' : moduleReadme(m),
    );
    assert.deepEqual(problems, [
      'server/domain/tags/README.md has no "## Invariants"',
      'server/domain/tags/README.md has no "## Public face (index.ts)"',
      "server/domain/room-bookings is missing from the README's tier drawing",
      'server/domain/room-bookings has no README.md',
    ]);
    const withoutCalendar = readme.replace(/ calendar {2,}/, ' '.repeat(' calendar  '.length));
    assert.deepEqual(houseProblems(withoutCalendar, ['calendar'], moduleReadme), [
      "server/domain/calendar is missing from the README's tier drawing",
    ]);
  });

  it('the README links the glossary, which explains the words the product is built on', () => {
    assert.match(read('README.md'), /docs\/glossary\.md/);
    const glossary = read('docs/glossary.md');
    for (const term of [
      'Private Pay Booster = Reimbursify',
      'Practice management = EHR = ZPM',
      'Benefits tool vs benefits check',
      'Seat',
      'Tier',
      'Legacy',
      'VoB',
      'Attempt',
      'Mirror',
      'Card server',
      'stand-in',
    ])
      assert.ok(glossary.includes(term), `the glossary explains "${term}"`);
  });
});
