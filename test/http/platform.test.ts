// The platform foundation as a visitor and a signed-in provider meet it (issue: platform foundation).
import assert from 'node:assert/strict';
import type { SessionData } from 'express-session';
import supertest from 'supertest';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, csrfFrom, signIn, textOf, tokenFor } from '../support/http';

const request = () => supertest(ctx().app);

describe('operations', () => {
  it('GET /healthz answers 200 {"status":"ok"} when the database answers', async () => {
    const response = await request().get('/healthz').expect(200);
    assert.deepEqual(response.body, { status: 'ok' });
  });

  it('every response carries a request id', async () => {
    const response = await request().get('/login');
    assert.match(String(response.headers['x-request-id']), /^[\w-]{8,}$/);
  });
});

describe('security headers', () => {
  it('sends a strict CSP, frame-ancestors none, nosniff and a referrer policy', async () => {
    const response = await request().get('/login').expect(200);
    const csp = String(response.headers['content-security-policy']);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.match(csp, /style-src 'self'(;|$)/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.equal(response.headers['referrer-policy'], 'strict-origin-when-cross-origin');
    assert.equal(response.headers['strict-transport-security'], undefined, 'no HSTS over plain HTTP');
  });

  it('compresses pages', async () => {
    const response = await request().get('/login').set('Accept-Encoding', 'gzip').expect(200);
    assert.equal(response.headers['content-encoding'], 'gzip');
  });
});

describe('signed-in routes send visitors to /login', () => {
  it('remembers the path and returns there after sign-in', async () => {
    const user = await createProviderUser(ctx().db);
    const client = agent();
    const first = await client.get('/profile/specialties').expect(303);
    assert.equal(first.headers.location, `/login?next=${encodeURIComponent('/profile/specialties')}`);
    const _csrf = await tokenFor(client, first.headers.location!);
    const signedIn = await client
      .post('/login')
      .type('form')
      .send({ _csrf, email: user.email, password: 'Test-password-1!', next: '/profile/specialties' })
      .expect(303);
    assert.equal(signedIn.headers.location, '/profile/specialties');
  });

  it('carries the email query value to /login', async () => {
    const response = await request().get('/?email=dana%40example.com').expect(303);
    assert.equal(response.headers.location, '/login?email=dana%40example.com');
    const login = await request().get('/login?email=dana%40example.com').expect(200);
    assert.match(login.text, /value="dana@example.com"/);
  });

  it('goes to /profiles after sign-in when no path was remembered', async () => {
    const user = await createProviderUser(ctx().db);
    const client = agent();
    const _csrf = await tokenFor(client);
    const response = await client
      .post('/login')
      .type('form')
      .send({ _csrf, email: user.email, password: 'Test-password-1!' })
      .expect(303);
    assert.equal(response.headers.location, '/profiles');
  });

  it('issues a new session id at sign-in', async () => {
    const user = await createProviderUser(ctx().db);
    const client = agent();
    // A visitor's session exists once it holds something: here the reset request it made.
    const resetPage = await client.get('/password/request');
    const remembered = await client
      .post('/password/request')
      .type('form')
      .send({ _csrf: csrfFrom(resetPage.text), email: 'someone@example.test' })
      .expect(303);
    const before = String(remembered.headers['set-cookie']).match(/portal\.sid=([^;]+)/)?.[1];
    const page = await client.get('/login');
    const _csrf = (/name="_csrf" value="([^"]+)"/.exec(page.text) ?? [])[1];
    const signedIn = await client
      .post('/login')
      .type('form')
      .send({ _csrf, email: user.email, password: 'Test-password-1!' })
      .expect(303);
    const after = String(signedIn.headers['set-cookie']).match(/portal\.sid=([^;]+)/)?.[1];
    assert.ok(before && after && before !== after);
    assert.match(String(signedIn.headers['set-cookie']), /HttpOnly/i);
    assert.match(String(signedIn.headers['set-cookie']), /SameSite=Lax/i);
  });
});

describe('every route of the spec answers', () => {
  it('old /marketing paths and /provider-community redirect to /benefits', async () => {
    assert.equal((await request().get('/marketing/web-badge').expect(301)).headers.location, '/benefits/web-badge');
    assert.equal(
      (await request().get('/provider-community').expect(301)).headers.location,
      '/benefits/provider-community',
    );
  });

  it('an unknown path answers 404 with the page-not-found text and a Go Home button', async () => {
    const response = await request().get('/no/such/page').expect(404);
    const text = textOf(response.text);
    assert.match(text, /Page Not Found/);
    assert.match(text, /It appears you landed on a page that doesn't exist\./);
    assert.match(response.text, /<a class="button" href="\/">Go home<\/a>/);
  });
});

describe('CSRF protection', () => {
  it('a post without the token answers 403 with a plain page and a way back', async () => {
    const response = await request().post('/login').type('form').send({ email: 'a@b.co', password: 'x' }).expect(403);
    assert.match(textOf(response.text), /Your form has expired/);
    assert.match(response.text, /href="\/"/);
    assert.doesNotMatch(response.text, /at \w+ \(|node_modules/);
  });

  it('a post with a wrong token answers 403', async () => {
    const client = agent();
    await tokenFor(client);
    await client.post('/login').type('form').send({ _csrf: 'forged', email: 'a@b.co', password: 'x' }).expect(403);
  });

  it('island requests may send the token in the X-CSRF-Token header', async () => {
    const user = await createProviderUser(ctx().db);
    const client = agent();
    await signIn(client, user.email);
    const token = await tokenFor(client, '/');
    const response = await client
      .post('/ui/side-menu')
      .set('X-CSRF-Token', token)
      .set('Accept', 'application/json')
      .send({ collapsed: '1' })
      .expect(200);
    assert.deepEqual(response.body, { collapsed: true });
  });
});

describe('the dashboard layout', () => {
  it('shows the side menu sections, top bar and the provider', async () => {
    const user = await createProviderUser(ctx().db, {
      paid: true,
      providers: [{ firstName: 'Robin', lastName: 'Hale' }],
    });
    const client = agent();
    await signIn(client, user.email);
    const page = await client.get('/').expect(200);
    const text = textOf(page.text);
    for (const section of [
      'Dashboard',
      'Availability & Locations',
      'Client Referrals',
      'View Profile',
      'Edit Profile',
      'Account Benefits',
      'Practice Resources',
      'Support',
    ]) {
      assert.ok(text.includes(section), `side menu has ${section}`);
    }
    for (const item of ['Messages', 'Account Settings', 'Create New Profile', 'Plan Management', 'Log out'])
      assert.ok(text.includes(item), item);
    assert.match(text, /Robin/);
    assert.match(page.text, /<title>Dashboard \| Members Portal<\/title>/);
    assert.match(page.text, /class="skip-link" href="#main"/);
  });

  it('gathers the resources under one Resources disclosure, closed unless it holds the current page', async () => {
    const user = await createProviderUser(ctx().db, { paid: true });
    const client = agent();
    await signIn(client, user.email);
    const group = (html: string) => /<details class="sidemenu__group"( open="")?><summary>Resources/.exec(html);
    const dashboard = group((await client.get('/').expect(200)).text);
    assert.ok(dashboard, 'the dashboard has the group');
    assert.equal(dashboard[1], undefined, 'closed on the dashboard');
    const badge = group((await client.get('/benefits/web-badge').expect(200)).text);
    assert.equal(badge?.[1], ' open=""', 'open on one of its pages');
  });

  it('locks Account Benefits and Practice Resources for a provider without a paid plan, except the open pages', async () => {
    const user = await createProviderUser(ctx().db, { paid: false });
    const client = agent();
    await signIn(client, user.email);
    const page = await client.get('/').expect(200);
    assert.match(page.text, /href="\/benefits\/web-badge">Web Badge<span class="lock"/);
    assert.match(page.text, /href="\/benefits\/photo-licensing">Photo Licensing<\/a>/);
    assert.match(page.text, /href="\/fee-calculator">Fee Calculator<\/a>/);
  });

  it('shows View Profile only for active, reviewing or pending profiles', async () => {
    const user = await createProviderUser(ctx().db, { providers: [{ status: 'incomplete' }] });
    const client = agent();
    await signIn(client, user.email);
    assert.doesNotMatch(textOf((await client.get('/').expect(200)).text), /View Profile/);
    await ctx().db('providers').update({ status: 'pending' });
    assert.match(textOf((await client.get('/').expect(200)).text), /View Profile/);
  });

  it('shows Education & Employment to individuals and Practice Providers to practices', async () => {
    const user = await createProviderUser(ctx().db, {
      providers: [{ type: 'practice', companyName: 'Calm Waters Group' }],
    });
    const client = agent();
    await signIn(client, user.email);
    const text = textOf((await client.get('/').expect(200)).text);
    assert.match(text, /Practice Providers/);
    assert.match(text, /Practice Description/);
    assert.doesNotMatch(text, /Education & Employment/);
  });

  it('remembers the collapsed side menu (works as a plain form post)', async () => {
    const user = await createProviderUser(ctx().db);
    const client = agent();
    await signIn(client, user.email);
    const _csrf = await tokenFor(client, '/');
    const response = await client
      .post('/ui/side-menu')
      .type('form')
      .send({ _csrf, collapsed: '1', return_to: '/' })
      .expect(303);
    assert.equal(response.headers.location, '/');
    assert.match((await client.get('/').expect(200)).text, /<body data-signed-in="" class="menu-collapsed">/);
  });
});

describe('flash messages', () => {
  it('are carried across a redirect and shown once', async () => {
    const user = await createProviderUser(ctx().db);
    const client = agent();
    await signIn(client, user.email);
    const _csrf = await tokenFor(client, '/');
    await client.post('/logout').type('form').send({ _csrf }).expect(303);
    const page = await client.get('/login').expect(200);
    assert.match(page.text, /class="flash flash--success" data-flash="">.*you have been logged out/);
    assert.doesNotMatch((await client.get('/login')).text, /you have been logged out/);
  });
});

describe('current_provider_id', () => {
  it('switches to a profile the user may access and ignores others', async () => {
    const owner = await createProviderUser(ctx().db, { providers: [{ firstName: 'Ann' }, { firstName: 'Ben' }] });
    const stranger = await createProviderUser(ctx().db, { providers: [{ firstName: 'Zed' }] });
    const client = agent();
    await signIn(client, owner.email);
    await client.get(`/?current_provider_id=${owner.providerIds[1]}`).expect(200);
    assert.match(textOf((await client.get('/').expect(200)).text), /, Ben!/);
    await client.get(`/?current_provider_id=${stranger.providerIds[0]}`).expect(200);
    assert.match(textOf((await client.get('/').expect(200)).text), /, Ben!/);
    const row = await ctx().db('users').where({ id: owner.userId }).first();
    assert.equal(Number(row!.selected_provider_id), owner.providerIds[1]);
  });
});

describe('/dev/outbox', () => {
  it('lists sent e-mail and SMS newest first with links clickable', async () => {
    const { mail, sms } = ctx().integrations;
    await mail.send({
      to: 'a@example.test',
      subject: 'Reset your password',
      text: 'Open http://localhost:3000/password/reset/abc to continue.',
    });
    await sms.send('+15555550123', 'Your code is 123456');
    const page = await request().get('/dev/outbox').expect(200);
    const text = textOf(page.text);
    assert.ok(text.indexOf('Your code is 123456') < text.indexOf('Reset your password'), 'newest first');
    assert.match(page.text, /<a href="http:\/\/localhost:3000\/password\/reset\/abc">/);
  });
});

describe('session lifetime (60 min idle, 12 h absolute)', () => {
  async function ageSession(field: 'lastSeenAt' | 'signedInAt', minutesAgo: number) {
    const at = Date.now() - minutesAgo * 60_000;
    await ctx().db.raw(
      `update sessions set sess = jsonb_set(sess::jsonb, ?, to_jsonb(?::bigint))::json where sess->>'signedInAt' is not null`,
      [`{${field}}`, at],
    );
  }

  it('an idle session ends after 60 minutes', async () => {
    const user = await createProviderUser(ctx().db);
    const client = agent();
    await signIn(client, user.email);
    await ageSession('lastSeenAt', 59);
    await client.get('/').expect(200);
    await ageSession('lastSeenAt', 61);
    assert.equal((await client.get('/').expect(303)).headers.location, '/login');
  });

  it('the background session check does not count as activity, a refresh does', async () => {
    const user = await createProviderUser(ctx().db);
    const client = agent();
    await signIn(client, user.email);
    await ageSession('lastSeenAt', 50);
    await client.get('/auth/session').set('Accept', 'application/json').expect(200);
    const row = (await ctx().db('sessions').whereRaw(`sess->>'signedInAt' is not null`).first())!;
    assert.ok(
      Date.now() - Number((row.sess as SessionData).lastSeenAt) > 49 * 60_000,
      'the check left the idle clock alone',
    );
    const token = await tokenFor(client, '/');
    await client.post('/auth/session/refresh').set('X-CSRF-Token', token).set('Accept', 'application/json').expect(200);
    const refreshed = (await ctx().db('sessions').whereRaw(`sess->>'signedInAt' is not null`).first())!;
    assert.ok(Date.now() - Number((refreshed.sess as SessionData).lastSeenAt) < 60_000);
  });

  it('a session ends 12 hours after sign-in whatever the activity', async () => {
    const user = await createProviderUser(ctx().db);
    const client = agent();
    await signIn(client, user.email);
    await ageSession('signedInAt', 12 * 60 + 1);
    await ageSession('lastSeenAt', 1);
    assert.equal((await client.get('/').expect(303)).headers.location, '/login');
  });
});
