// An island's props travel as a JSON data block after its element (views/components/Island.tsx): no text
// in them may end that block, and the island's script reads back exactly what the server gave.
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Island, islandPropsJson } from '../../../views/components/Island';
import { islandPropsOf } from '../../support/http';

const hostile = {
  mode: 'send' as const,
  targetOrigin: 'https://portal.example',
  message: { url: '</script><script>alert(1)</script>', clinicId: '<!-- "quoted" & \u2028 -->' },
};

describe('island props', () => {
  it('are JSON with every "<" escaped, so no text closes the script or opens a comment, and parse back whole', () => {
    const json = islandPropsJson(hostile);
    assert.ok(!json.includes('<'));
    assert.deepEqual(JSON.parse(json), hostile);
  });

  it('follow the island’s element as a JSON data block named after it, not as an attribute', () => {
    const html = renderToStaticMarkup(createElement(Island, { name: 'ZpmSignupMessages', props: hostile }));
    assert.match(
      html,
      /^<div data-island="ZpmSignupMessages">[\s\S]*<\/div><script type="application\/json" data-island-props="ZpmSignupMessages">/,
    );
    assert.doesNotMatch(html, /data-props=|&quot;/);
    assert.equal(html.match(/<\/script>/g)?.length, 1, 'the block is closed once, by its own tag');
    assert.deepEqual(islandPropsOf(html, 'ZpmSignupMessages'), hostile);
  });
});
