// The web-layer fixes of the Platform II security review: framing header, proxy hops, the origin check
// behind the CSRF token, no runtime details on /developer-tools in production, and no-store on every
// response made for a person.
import assert from 'node:assert/strict';
import express from 'express';
import supertest from 'supertest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createPortalIntegrations } from '../../server/wiring';
import { createLogger } from '../../server/logger';
import { ctx, testConfig } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, signIn, textOf, tokenFor } from '../support/http';
import { routeTable } from '../support/route-table';

const request = () => supertest(ctx().app);

describe('framing', () => {
  it('sends X-Frame-Options DENY, agreeing with frame-ancestors none', async () => {
    const response = await request().get('/login').expect(200);
    assert.equal(response.headers['x-frame-options'], 'DENY');
    assert.match(String(response.headers['content-security-policy']), /frame-ancestors 'none'/);
  });
});

describe('TRUST_PROXY', () => {
  const clientIpBehind = async (setting: string | undefined) => {
    const config = loadConfig({
      ...(setting === undefined ? {} : { TRUST_PROXY: setting }),
      DATA_DIR: '.data/test',
      SESSION_SECRET: 'x'.repeat(32),
    });
    const app = express();
    app.set('trust proxy', config.trustProxy);
    app.get('/', (req, res) => res.send(req.ip));
    return (await supertest(app).get('/').set('X-Forwarded-For', '1.2.3.4, 5.6.7.8')).text;
  };

  it('"1" trusts one hop: a forged X-Forwarded-For entry is not taken as the client', async () => {
    assert.equal(await clientIpBehind('1'), '5.6.7.8');
  });

  it('"2" trusts two hops; 0 and the default trust none', async () => {
    assert.equal(await clientIpBehind('2'), '1.2.3.4');
    assert.match(await clientIpBehind('0'), /127\.0\.0\.1|::1/);
    assert.match(await clientIpBehind(undefined), /127\.0\.0\.1|::1/);
  });

  it('refuses "true" (trust every hop) and keeps subnet lists', () => {
    assert.throws(() => loadConfig({ TRUST_PROXY: 'true', DATA_DIR: '.data/test' }), /Invalid setting TRUST_PROXY/);
    assert.equal(
      loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8', DATA_DIR: '.data/test' }).trustProxy,
      'loopback, 10.0.0.0/8',
    );
    assert.equal(loadConfig({ TRUST_PROXY: 'false', DATA_DIR: '.data/test' }).trustProxy, 0);
  });
});

describe('the origin check behind the CSRF token', () => {
  async function signedInWithToken() {
    const user = await createProviderUser(ctx().db);
    const client = agent();
    await signIn(client, user.email);
    const _csrf = await tokenFor(client, '/profile/message-statement');
    return { client, _csrf };
  }

  for (const path of ['/logout', '/profile/message-statement', '/support-requests']) {
    it(`refuses a valid token posted to ${path} from another origin`, async () => {
      const { client, _csrf } = await signedInWithToken();
      const response = await client
        .post(path)
        .set('Origin', 'https://evil.example')
        .type('form')
        .send({ _csrf })
        .expect(403);
      assert.match(textOf(response.text), /Your form has expired/);
      // The session survived: the refused post did nothing.
      await client.get('/').expect(200);
    });
  }

  it('refuses a cross-origin Referer when no Origin is sent, and an opaque "null" origin', async () => {
    const { client, _csrf } = await signedInWithToken();
    await client.post('/logout').set('Referer', 'https://evil.example/page').type('form').send({ _csrf }).expect(403);
    await client.post('/logout').set('Origin', 'null').type('form').send({ _csrf }).expect(403);
    await client.get('/').expect(200);
  });

  it('accepts the portal’s own origin, and a post that names no origin at all', async () => {
    const { client, _csrf } = await signedInWithToken();
    const host = `http://${new URL(ctx().config.portalUrl).host}`;
    await client.post('/logout').set('Origin', host).type('form').send({ _csrf }).expect(303);
    const second = await signedInWithToken();
    await second.client.post('/logout').type('form').send({ _csrf: second._csrf }).expect(303);
  });
});

describe('/developer-tools', () => {
  it('shows runtime details outside production only', async () => {
    const user = await createProviderUser(ctx().db);
    const local = agent();
    await signIn(local, user.email);
    assert.match(
      textOf((await local.get('/developer-tools').expect(200)).text),
      new RegExp(`Node\\.js ${process.version.replace(/\./g, '\\.')}`),
    );

    const config = testConfig({ NODE_ENV: 'production' });
    const { db, database } = ctx();
    const portal = createApp({
      config,
      db,
      databaseUrl: database.url,
      logger: createLogger('silent'),
      integrations: createPortalIntegrations(config, db),
    });
    try {
      const client = supertest.agent(portal.app);
      await signIn(client, user.email);
      const page = textOf((await client.get('/developer-tools').expect(200)).text);
      assert.match(page, /Developer Tools/);
      assert.doesNotMatch(page, /Node\.js|v\d+\.\d+\.\d+|production|embedded PostgreSQL|DATABASE_URL/);
    } finally {
      await portal.close();
    }
  });
});

describe('Cache-Control: no-store on every response made for a person', () => {
  it('every signed-in GET route answers with no-store', async function () {
    this.timeout(120_000);
    const user = await createProviderUser(ctx().db, { paid: true });
    const client = agent();
    await signIn(client, user.email);
    const fillers: Record<string, string> = {};
    // Public documents that name no one: the member badge, which providers embed on their own sites, and
    // the directory API's description (docs/api.md), cached for an hour.
    const publicImages = new Set(['/badges/member.svg', '/api/v1/openapi.json']);
    const routes = routeTable(ctx().app).filter((route) => route.method === 'get' && !publicImages.has(route.path));
    assert.ok(routes.length > 60, `the walk found only ${routes.length} GET routes`);
    const missing: string[] = [];
    for (const route of routes) {
      const path = route.path.replace(/[:*](\w+)/g, (_, name: string) => fillers[name] ?? '1');
      const response = await client.get(path);
      if (response.headers['cache-control'] !== 'no-store')
        missing.push(`${path} (${response.status}: ${String(response.headers['cache-control'])})`);
    }
    assert.deepEqual(missing, []);
  });

  it('signed-out pages with a form token and redirects to sign in are no-store too', async () => {
    for (const path of ['/login', '/signup', '/password/forgot', '/', '/profile/specialties']) {
      const response = await request().get(path);
      assert.equal(response.headers['cache-control'], 'no-store', path);
    }
  });

  it('built assets keep their long immutable caching', async () => {
    const page = await request().get('/login').expect(200);
    const asset = /(?:href|src)="(\/build\/[^"]+)"/.exec(page.text)?.[1];
    assert.ok(asset, 'no built asset linked from /login (run npm run build)');
    const response = await request().get(asset).expect(200);
    assert.match(String(response.headers['cache-control']), /immutable/);
    assert.match(String(response.headers['cache-control']), /max-age=31536000/);
  });
});
