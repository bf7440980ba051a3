// The CSP allows no inline style (style-src 'self'): a style attribute or a <style> element in a page's
// HTML is refused by the browser, which logs a violation in the console. Every signed-in page logged one
// for the icon sprite's style="display:none" (issue [15], item 17). Every page of the route table that
// answers HTML, signed in with records of every kind, must carry neither.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, signIn } from '../support/http';
import { makeRecords, OWNED_PARAMS } from '../support/owned-records';
import { routeTable } from '../support/route-table';

const STYLE_ATTRIBUTE = /<[a-zA-Z][^<>]*?\sstyle\s*=/;
const STYLE_ELEMENT = /<style\b/i;
/** A script the browser would run that is not a file of ours (JSON data blocks are not run). */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)(?![^>]*\stype="application\/(?:ld\+)?json")[^>]*>/i;

describe("no inline style on any page (CSP style-src 'self')", function () {
  this.timeout(120_000);

  it('the CSP refuses inline style, so no page may carry any', async () => {
    const response = await agent().get('/login').expect(200);
    assert.match(String(response.headers['content-security-policy']), /style-src 'self'(;|$)/);
  });

  it('every signed-in page that answers HTML: no style attribute, no <style> element, no inline script', async () => {
    const { db, app } = ctx();
    const user = await createProviderUser(db, {
      paid: true,
      roles: ['owner', 'intake-coordinator', 'intake-exporter', 'billing-manager', 'reimbursify-administrator'],
      providers: [
        { type: 'practice', companyName: 'Styled Practice' },
        { firstName: 'Sty', lastName: 'Led' },
      ],
    });
    const records = await makeRecords(db, user);
    const client = agent();
    await signIn(client, user.email);
    const pages = routeTable(app).filter(
      (r) => r.method === 'get' && !r.path.startsWith('/api/') && !r.path.endsWith('/events') && r.path !== '/logout',
    );
    const offending: string[] = [];
    let checked = 0;
    for (const route of pages) {
      const path = route.path.replace(/[:*](\w+)/g, (_, name: string) =>
        encodeURIComponent(OWNED_PARAMS[name]?.(records) ?? '1'),
      );
      const response = await client.get(path).redirects(0);
      if (response.status !== 200 || !String(response.headers['content-type']).startsWith('text/html')) continue;
      checked++;
      const found =
        STYLE_ATTRIBUTE.exec(response.text)?.[0] ??
        STYLE_ELEMENT.exec(response.text)?.[0] ??
        INLINE_SCRIPT.exec(response.text)?.[0];
      if (found) offending.push(`${route.path}: ${found.slice(0, 120)}`);
    }
    assert.ok(checked >= 40, `only ${checked} pages answered HTML`);
    assert.deepEqual(offending, []);
  });
});
