// Whole pages kept per session (server/http/page-cache.ts) on the dashboard, Plan Management and the
// calendar: sent again while nothing changed, rendered anew after any change (this process's at once,
// another's when its notification arrives), never another session's, and never with a stale flash, menu
// state or CSRF token.
import assert from 'node:assert/strict';
import { elsewhere, eventually } from '../support/elsewhere';
import { agent, postForm, signIn, textOf } from '../support/http';
import { signedInWithCaching } from './dashboard-helpers';

const csrfOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1];

describe('kept pages: sent again until the data changes', () => {
  it('Plan Management is sent as kept while a change cannot be heard, and anew once it is', async () => {
    const { client, user } = await signedInWithCaching();
    await client.get('/plan-management').expect(200);
    await elsewhere(async (db) => {
      await db.query('alter table billing_customers disable trigger billing_customers_notify_change');
      try {
        await db.query(`update billing_customers set address_line1 = '77 Kept Lane' where account_id = $1`, [
          user.accountId,
        ]);
        const kept = await client.get('/plan-management').expect(200);
        assert.doesNotMatch(kept.text, /77 Kept Lane/);
      } finally {
        await db.query('alter table billing_customers enable trigger billing_customers_notify_change');
      }
      // Any change now heard (here, to the same row) makes the next page new.
      await db.query(`update billing_customers set address_line1 = '78 Heard Lane' where account_id = $1`, [
        user.accountId,
      ]);
    });
    await eventually(
      async () => /78 Heard Lane/.test((await client.get('/plan-management').expect(200)).text),
      'the new address on Plan Management',
    );
  });

  it("a page kept for one session is never another's: each session gets its own CSRF token", async () => {
    const { user, client } = await signedInWithCaching();
    const other = await signedInWithCaching();
    const second = agent();
    await signIn(second, user.email);
    const first = await client.get('/').expect(200);
    const again = await client.get('/').expect(200);
    const secondPage = await second.get('/').expect(200);
    assert.equal(csrfOf(again.text), csrfOf(first.text));
    assert.notEqual(csrfOf(secondPage.text), csrfOf(first.text));
    // The form of a kept page still posts: its token is the session's.
    const posted = await client
      .post('/ui/side-menu')
      .type('form')
      .send({ _csrf: csrfOf(again.text)!.replace(/&amp;/g, '&'), collapsed: '1', return_to: '/' });
    assert.equal(posted.status, 303);
    const otherPage = await other.client.get('/').expect(200);
    assert.notEqual(csrfOf(otherPage.text), csrfOf(first.text));
  });

  it('a form post is seen by the very next page, with its flash once, and the page after has none', async () => {
    const { client } = await signedInWithCaching();
    const before = await client.get('/plan-management').expect(200);
    assert.doesNotMatch(before.text, /12 Posted Street/);
    const saved = await postForm(client, '/plan-management', '/plan-management/address', {
      line1: '12 Posted Street',
      line2: '',
      city: 'Portland',
      state: 'OR',
      postal_code: '97201',
    });
    assert.equal(saved.status, 303, saved.text.slice(0, 300));
    const after = await client.get('/plan-management').expect(200);
    assert.match(after.text, /12 Posted Street/);
    assert.match(textOf(after.text), /Your billing information has been updated!/);
    const next = await client.get('/plan-management').expect(200);
    assert.match(next.text, /12 Posted Street/);
    assert.doesNotMatch(textOf(next.text), /Your billing information has been updated!/);
  });

  it('the side menu toggled (a session change, no data change) shows on the next dashboard', async () => {
    const { client } = await signedInWithCaching();
    const open = await client.get('/').expect(200);
    assert.doesNotMatch(open.text, /<body[^>]*class="menu-collapsed"/);
    await client.get('/').expect(200);
    assert.equal((await postForm(client, '/', '/ui/side-menu', { collapsed: '1', return_to: '/' })).status, 303);
    assert.match((await client.get('/').expect(200)).text, /<body[^>]*class="menu-collapsed"/);
    assert.equal((await postForm(client, '/', '/ui/side-menu', { collapsed: '0', return_to: '/' })).status, 303);
    assert.doesNotMatch((await client.get('/').expect(200)).text, /<body[^>]*class="menu-collapsed"/);
  });

  it("a kept page keeps its own security policy: Plan Management's card field stays allowed", async () => {
    const { client } = await signedInWithCaching();
    const first = await client.get('/plan-management').expect(200);
    const kept = await client.get('/plan-management').expect(200);
    const policy = String(first.headers['content-security-policy']);
    assert.match(policy, /connect-src [^;]*127\.0\.0\.1/);
    assert.equal(kept.headers['content-security-policy'], policy);
    assert.equal(kept.text, first.text);
  });

  it('signed out, a kept page is not sent: the next request goes to sign-in', async () => {
    const { client } = await signedInWithCaching();
    await client.get('/').expect(200);
    await client.get('/').expect(200);
    assert.equal((await postForm(client, '/', '/logout', {})).status, 303);
    const response = await client.get('/').expect(303);
    assert.match(String(response.headers.location), /^\/login/);
  });
});
