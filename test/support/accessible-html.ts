// axe-core on a page as the server returned it, in a DOM (jsdom) instead of a browser: for the HTTP tests
// of plain form round trips, which are what a person with JavaScript off gets. jsdom loads no style sheet
// and lays nothing out, so the rules that need rendering (colour contrast, what is scrolled or hidden
// by CSS) are left to the browser tests, which check the same pages with their styles.
import assert from 'node:assert/strict';
import axe from 'axe-core';
import { JSDOM } from 'jsdom';
import { checkedOnce, seriousViolations } from './accessibility-verdicts';

const NEEDS_RENDERING = ['color-contrast', 'color-contrast-enhanced', 'scrollable-region-focusable', 'target-size'];

/** No serious or critical axe violation in `html` (a page the portal served); `what` names it in the message. */
export async function expectAccessibleHtml(html: string, what = 'the page'): Promise<void> {
  const bad = await checkedOnce('dom', html, async () => {
    // The page's own scripts never run: axe is the only script in this DOM.
    const dom = new JSDOM(html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, ''), {
      url: 'http://127.0.0.1/',
      runScripts: 'outside-only',
      pretendToBeVisual: true,
    });
    try {
      dom.window.eval(axe.source);
      const run = (dom.window as unknown as { axe: typeof axe }).axe;
      const results = await run.run(dom.window.document, {
        rules: Object.fromEntries(NEEDS_RENDERING.map((id) => [id, { enabled: false }])),
      });
      return seriousViolations(results);
    } finally {
      dom.window.close();
    }
  });
  assert.deepEqual(bad, [], `accessibility violations on ${what}`);
}
