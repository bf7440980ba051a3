// Visitor sessions stay bounded (Platform II, item 4): signed-out form pages are protected by a signed
// double-submit cookie, so opening them stores no session; a session row is written only when there
// is something to keep.
import assert from 'node:assert/strict';
import supertest from 'supertest';
import { VISITOR_CSRF_COOKIE } from '../../server/http/csrf';
import { ctx } from '../support/context';
import { createProviderUser, TEST_PASSWORD } from '../support/factories';
import { agent, csrfFrom, textOf } from '../support/http';

const sessionRows = async () => Number((await ctx().db('sessions').count({ n: '*' }).first())!.n);
const SIGNED_OUT_FORMS = ['/login', '/signup', '/password/request', '/account/recover'];

describe('visitor sessions stay bounded', function () {
  this.timeout(60_000);

  it('200 cookieless GETs of the signed-out form pages add no session row', async () => {
    const before = await sessionRows();
    for (let i = 0; i < 200; i += 1) {
      const response = await supertest(ctx().app)
        .get(SIGNED_OUT_FORMS[i % SIGNED_OUT_FORMS.length]!)
        .expect(200);
      assert.ok(csrfFrom(response.text), 'the form still carries a token');
      assert.doesNotMatch(String(response.headers['set-cookie']), /portal\.sid=/);
    }
    assert.equal(await sessionRows(), before);
  });

  it('a signed-out form post with the cookie and its token works; without the cookie, or with another token, it is refused', async () => {
    const user = await createProviderUser(ctx().db);
    const client = agent();
    const page = await client.get('/login').expect(200);
    assert.match(String(page.headers['set-cookie']), new RegExp(`${VISITOR_CSRF_COOKIE.replace('.', '\\.')}=`));
    const _csrf = csrfFrom(page.text);

    // The token alone, without the cookie it was issued with: refused.
    await supertest(ctx().app)
      .post('/login')
      .type('form')
      .send({ _csrf, email: user.email, password: TEST_PASSWORD })
      .expect(403);
    // The cookie with a token of another visitor: refused.
    const other = csrfFrom((await agent().get('/login')).text);
    await client
      .post('/login')
      .type('form')
      .send({ _csrf: other, email: user.email, password: TEST_PASSWORD })
      .expect(403);
    // The pair: signed in.
    const signedIn = await client
      .post('/login')
      .type('form')
      .send({ _csrf, email: user.email, password: TEST_PASSWORD })
      .expect(303);
    assert.equal(signedIn.headers.location, '/profiles');
    assert.equal(await sessionRows(), 1, 'signing in stores the one session');
  });

  it('a flash on a signed-out page is kept (a session is written because there is something to keep)', async () => {
    const client = agent();
    const page = await client.get('/password/request');
    const sent = await client
      .post('/password/request')
      .type('form')
      .send({ _csrf: csrfFrom(page.text), email: 'someone@example.test' })
      .expect(303);
    const next = await client.get(sent.headers.location!).expect(200);
    assert.match(textOf(next.text), /e-mail/i);
    assert.equal(await sessionRows(), 1);
  });

  it('signed-in forms keep the token stored in the session', async () => {
    const user = await createProviderUser(ctx().db);
    const client = agent();
    const login = await client.get('/login');
    await client
      .post('/login')
      .type('form')
      .send({ _csrf: csrfFrom(login.text), email: user.email, password: TEST_PASSWORD })
      .expect(303);
    const settings = await client.get('/account-preferences').expect(200);
    const token = csrfFrom(settings.text);
    // A visitor's double-submit token is no good once signed in.
    await client
      .post('/logout')
      .type('form')
      .send({ _csrf: csrfFrom(login.text) })
      .expect(403);
    await client.post('/logout').type('form').send({ _csrf: token }).expect(303);
  });
});
