// A signed-out visit of a signed-in page stores nothing (Security and reliability III, item 10): the path
// to return to after sign-in travels in the /login query (?next=), checked as a local path.
import assert from 'node:assert/strict';
import supertest from 'supertest';
import { ctx } from '../support/context';
import { createProviderUser, TEST_PASSWORD } from '../support/factories';
import { agent, csrfFrom } from '../support/http';

const sessionRows = async () => Number((await ctx().db('sessions').count({ n: '*' }).first())!.n);
const PAGE = '/benefits/web-badge?tab=embed';
const EVIL = [
  'https://evil.example.com/',
  '//evil.example.com',
  '/\\evil.example.com',
  '/\t/evil.example.com',
  'javascript:alert(1)',
  `/${'a'.repeat(2100)}`,
];

describe('signed-out visits carry the return path in /login?next=', function () {
  this.timeout(60_000);

  it('200 signed-out GETs of members-only pages write no session row and set no session cookie', async () => {
    const before = await sessionRows();
    for (let i = 0; i < 200; i += 1) {
      const path = i % 2 ? `/benefits/web-badge?n=${i}` : '/profile/specialties';
      const response = await supertest(ctx().app).get(path).expect(303);
      assert.equal(response.headers.location, `/login?next=${encodeURIComponent(path)}`);
      assert.doesNotMatch(String(response.headers['set-cookie']), /portal\.sid=/);
    }
    assert.equal(await sessionRows(), before);
  });

  it('the login form carries the path and signing in returns there', async () => {
    const user = await createProviderUser(ctx().db);
    const client = agent();
    const first = await client.get(PAGE).expect(303);
    const login = await client.get(first.headers.location!).expect(200);
    assert.match(login.text, /<input type="hidden" name="next" value="\/benefits\/web-badge\?tab=embed"\/>/);
    const signedIn = await client
      .post('/login')
      .type('form')
      .send({ _csrf: csrfFrom(login.text), email: user.email, password: TEST_PASSWORD, next: PAGE })
      .expect(303);
    assert.equal(signedIn.headers.location, PAGE);
    // Signed in, /login?next= goes straight there.
    assert.equal(
      (await client.get(`/login?next=${encodeURIComponent('/profile/specialties')}`).expect(303)).headers.location,
      '/profile/specialties',
    );
  });

  it('a wrong password keeps the path on the form', async () => {
    const user = await createProviderUser(ctx().db);
    const client = agent();
    const login = await client.get(`/login?next=${encodeURIComponent(PAGE)}`).expect(200);
    const wrong = await client
      .post('/login')
      .type('form')
      .send({ _csrf: csrfFrom(login.text), email: user.email, password: 'Wrong-password-1', next: PAGE })
      .expect(401);
    assert.match(wrong.text, /name="next" value="\/benefits\/web-badge\?tab=embed"/);
  });

  it('a next that is not a local path is ignored: no hidden field, and sign-in goes to /profiles', async () => {
    for (const next of EVIL) {
      const user = await createProviderUser(ctx().db);
      const client = agent();
      const login = await client.get(`/login?next=${encodeURIComponent(next)}`).expect(200);
      assert.doesNotMatch(login.text, /name="next"/, next);
      const signedIn = await client
        .post('/login')
        .type('form')
        .send({ _csrf: csrfFrom(login.text), email: user.email, password: TEST_PASSWORD, next })
        .expect(303);
      assert.equal(signedIn.headers.location, '/profiles', next);
      assert.equal(
        (await client.get(`/login?next=${encodeURIComponent(next)}`).expect(303)).headers.location,
        '/profiles',
        next,
      );
    }
  });

  it('the home page and form posts carry no return path; ?email= is still carried', async () => {
    assert.equal((await supertest(ctx().app).get('/').expect(303)).headers.location, '/login');
    assert.equal(
      (await supertest(ctx().app).get('/profile/specialties?email=dana%40example.com').expect(303)).headers.location,
      `/login?email=dana%40example.com&next=${encodeURIComponent('/profile/specialties?email=dana%40example.com')}`,
    );
  });
});
