// The DOM check the HTTP tests run on served pages finds what axe finds in a browser.
import assert from 'node:assert/strict';
import { expectAccessibleHtml } from '../support/accessible-html';

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><title>A page</title></head><body><main><h1>A page</h1>${body}</main></body></html>`;

describe('axe-core on returned HTML (jsdom)', () => {
  it('passes a labelled form', async () => {
    await expectAccessibleHtml(
      page('<form method="post"><label for="e">Email</label><input id="e" name="email"><button>Save</button></form>'),
    );
  });

  it('refuses an unlabelled field, an image without text and a page without a language', async () => {
    await assert.rejects(expectAccessibleHtml(page('<form><input name="email"><button>Save</button></form>')), /label/);
    await assert.rejects(expectAccessibleHtml(page('<img src="/a.png">')), /image-alt/);
    await assert.rejects(expectAccessibleHtml(page('').replace(' lang="en"', '')), /html-has-lang/);
  });
});
