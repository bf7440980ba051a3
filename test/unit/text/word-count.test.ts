// The one word counter (server/text/word-count.ts); islands/portal.ts counts the same way in the browser.
import assert from 'node:assert/strict';
import { checkWords, countWords, tooManyWordsMessage } from '../../../server/text/word-count';

describe('countWords: runs of non-space characters', () => {
  const cases: [string | null | undefined, number][] = [
    [null, 0],
    [undefined, 0],
    ['', 0],
    ['   \n\t ', 0],
    ['one', 1],
    ['  two words  ', 2],
    ['line\nbreaks\r\nand\ttabs', 4],
    ["don't count-hyphens as two", 4],
    ['Punctuation , alone counts', 4],
    ['émigré naïve café', 3],
  ];
  for (const [text, expected] of cases)
    it(`${JSON.stringify(text)} → ${expected}`, () => assert.equal(countWords(text), expected));

  it('matches the browser counter of islands/portal.ts', () => {
    const browser = (value: string) => value.split(/\s+/).filter(Boolean).length;
    for (const [text] of cases) if (typeof text === 'string') assert.equal(countWords(text), browser(text));
  });
});

describe('checkWords and the spec message', () => {
  const limits = { min: 100, suggested: 240, max: 300 };
  const words = (n: number) => Array(n).fill('w').join(' ');
  it('under the minimum is short, the bounds are ok, over the maximum is long', () => {
    assert.equal(checkWords(words(99), limits), 'short');
    assert.equal(checkWords(words(100), limits), 'ok');
    assert.equal(checkWords(words(300), limits), 'ok');
    assert.equal(checkWords(words(301), limits), 'long');
  });
  it('"Please keep your {field} under {max} words! (Suggested count: {n})"', () => {
    assert.equal(
      tooManyWordsMessage('professional statement', limits),
      'Please keep your professional statement under 300 words! (Suggested count: 240)',
    );
  });
});
