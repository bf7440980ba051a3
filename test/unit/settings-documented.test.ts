// Every setting the portal reads is documented once: a row in the README's tables, and a line in
// .env.example with the same default, so a newcomer's copy of .env.example changes nothing.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { settingsSchema } from '../../server/config';

const readme = fs.readFileSync('README.md', 'utf8');
const example = fs.readFileSync('.env.example', 'utf8');

/** The README's settings rows: name → default as written (a `value` in backticks, or a note such as *(none)*). */
const documented = new Map(
  [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \| (.*?) \|/gm)].map((m) => [m[1]!, m[2]!.trim()]),
);
const exampleLines = new Map([...example.matchAll(/^# ([A-Z][A-Z0-9_]+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]));

describe('settings: README, .env.example and the config agree', () => {
  it('every setting the config reads has a README row', () => {
    const read = Object.keys(settingsSchema.describe().keys ?? {});
    assert.ok(read.length > 40, 'the config schema lists its settings');
    assert.deepEqual(
      read.filter((name) => !documented.has(name)),
      [],
    );
  });

  it('every README setting is in .env.example, commented out, with the README default', () => {
    assert.ok(documented.size > 40);
    for (const [name, written] of documented) {
      assert.ok(exampleLines.has(name), `${name} is missing from .env.example`);
      const plain = /^`([^`]*)`$/.exec(written)?.[1] ?? '';
      assert.equal(exampleLines.get(name), plain, `${name}: .env.example's value is the README default`);
    }
  });
});
