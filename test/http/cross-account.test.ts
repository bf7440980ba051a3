// The cross-account walk (issue item 7): every route that takes an id, read from the app's own route
// table (app.router's stack, nested routers included) plus PLANNED_ROUTES, is requested by a signed-in
// user of account A with the ids of account B. Each must answer 404: not 200, not 403, not 500.
import assert from 'node:assert/strict';
import type { Express } from 'express';
import { routeTable } from '../support/route-table';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, csrfFrom, signIn, type Agent } from '../support/http';
import { makeRecords, OWNED_PARAMS } from '../support/owned-records';

/**
 * Parameters that are not an account's record (tokens of their own, price and plan names, file keys)
 * or whose records do not exist yet. A new parameter must be added to one of the two lists, so the walk
 * can never silently skip a route.
 */
const OTHER_PARAMS: Record<string, string> = {
  inviteToken: 'a one-time secret; unknown ones are refused by the signup flow',
  token: 'a one-time secret (account confirmation)',
  resetToken: 'a one-time secret (password reset)',
  priceId: 'a price of the catalogue, the same for every account',
  type: 'a kind of photo or video shoot, the same for every account',
  key: 'a storage key of an uploaded picture: 256-bit random names, published in the public directory',
  consultationId:
    'a booking of the demo directory client (/dev/client, never in production), which acts as the directory, not as an account',
};

/**
 * The routes an account's user requests. The directory's API is no account's: its token is the directory's
 * and its provider ids are the public directory's listings (docs/api.md); its own tests cover who may
 * book and cancel what.
 */
const accountRoutes = (app: Express) => routeTable(app).filter((route) => !route.path.startsWith('/api/'));

const paramsOf = (path: string) => [...path.matchAll(/[:*](\w+)/g)].map((m) => m[1]!);

function fill(path: string, values: (name: string) => string): string {
  return path.replace(/[:*](\w+)/g, (_, name: string) => encodeURIComponent(values(name)));
}

describe('cross-account walk: another account’s ids are not found (404)', function () {
  this.timeout(120_000);

  it('every parameter of the route table is classified', () => {
    const unknown = accountRoutes(ctx().app)
      .flatMap((route) => paramsOf(route.path).map((name) => ({ name, route })))
      .filter(({ name }) => !(name in OWNED_PARAMS) && !(name in OTHER_PARAMS))
      .map(({ name, route }) => `${route.method.toUpperCase()} ${route.path} (:${name})`);
    assert.deepEqual(unknown, [], 'classify these parameters in test/http/cross-account.test.ts');
  });

  it('walks every route with a provider or account id, as a user of account A with account B’s ids', async () => {
    const { db, app } = ctx();
    // A holds every role, so no role page answers 403 before the id is checked.
    const a = await createProviderUser(db, {
      paid: true,
      roles: ['owner', 'intake-coordinator', 'intake-exporter', 'billing-manager', 'reimbursify-administrator'],
      providers: [
        { type: 'practice', companyName: 'A Practice', status: 'incomplete' },
        { firstName: 'Ada', lastName: 'Alpha', status: 'incomplete' },
      ],
    });
    const b = await createProviderUser(db, {
      providers: [
        { firstName: 'Bo', lastName: 'Beta', status: 'incomplete' },
        { type: 'practice', companyName: 'B Practice', status: 'incomplete' },
      ],
    });
    await db('providers').where({ id: a.providerIds[0] }).update({ created_with_new_wizard: true });
    await db('providers').whereIn('id', b.providerIds).update({ created_with_new_wizard: true });

    const client: Agent = agent();
    await signIn(client, a.email);
    const csrf = csrfFrom((await client.get('/account-preferences').expect(200)).text);

    const bRecords = await makeRecords(db, b);
    await makeRecords(db, a); // A has records of every kind too, so a miss cannot come from an empty list
    const routes = accountRoutes(app).filter((route) => paramsOf(route.path).some((name) => name in OWNED_PARAMS));
    assert.ok(routes.length >= 25, `the walk found only ${routes.length} routes`);
    const otherValue = () => '1';
    const failures: string[] = [];
    for (const route of routes) {
      for (const providerId of b.providerIds) {
        const target = { ...bRecords, providerId: String(providerId) };
        const path = fill(route.path, (name) => OWNED_PARAMS[name]?.(target) ?? otherValue());
        const request =
          route.method === 'get'
            ? client.get(path)
            : (client as unknown as Record<string, (p: string) => ReturnType<Agent['post']>>)[route.method]!(path)
                .type('form')
                .send({ _csrf: csrf });
        const response = await request.redirects(0);
        if (response.status !== 404)
          failures.push(`${route.method.toUpperCase()} ${path} (${route.path}) answered ${response.status}`);
      }
    }
    assert.deepEqual(failures, [], 'routes that reached another account’s records');
  });

  it('ids outside the path: ?current_provider_id= and the account_id of the create form', async () => {
    const { db } = ctx();
    const a = await createProviderUser(db, { providers: [{ firstName: 'Ada', lastName: 'Alpha' }] });
    const b = await createProviderUser(db, { providers: [{ firstName: 'Bo', lastName: 'Beta' }] });
    const client = agent();
    await signIn(client, a.email);
    const page = await client.get(`/account-preferences?current_provider_id=${b.providerIds[0]}`).expect(200);
    assert.doesNotMatch(page.text, /Bo Beta/, 'another account’s profile is never selected');
    const form = await client.get('/profiles/create?type=individual').expect(200);
    await client
      .post('/profiles/create')
      .type('form')
      .send({
        _csrf: csrfFrom(form.text),
        type: 'individual',
        account_id: String(b.accountId),
        first_name: 'Eve',
        last_name: 'Intruder',
        phone_number: '2125550142',
      })
      .expect(404);
    assert.equal((await db('providers').where({ account_id: b.accountId })).length, 1);
  });

  it('the same routes with account A’s own ids are found (the walk is not vacuous)', async () => {
    const { db, app } = ctx();
    const a = await createProviderUser(db, {
      paid: true,
      roles: ['owner', 'intake-coordinator', 'intake-exporter'],
      providers: [{ firstName: 'Ada', lastName: 'Alpha', status: 'active' }],
    });
    const records = await makeRecords(db, a);
    const client = agent();
    await signIn(client, a.email);
    // A live thread's event stream found answers 200 and stays open: its own tests read it.
    const routes = accountRoutes(app).filter(
      (route) =>
        route.method === 'get' &&
        !route.path.endsWith('/events') &&
        paramsOf(route.path).some((name) => name in OWNED_PARAMS),
    );
    const missing: string[] = [];
    for (const route of routes) {
      const path = fill(route.path, (name) => OWNED_PARAMS[name]?.(records) ?? '1');
      const response = await client.get(path).redirects(0);
      if (response.status === 404 || response.status >= 500) missing.push(`GET ${path} answered ${response.status}`);
    }
    assert.deepEqual(missing, []);
  });
});
