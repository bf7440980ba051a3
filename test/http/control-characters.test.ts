// A NUL byte in a text field (PostgreSQL cannot store one) is the user's input at fault: 422 with the
// field's message and the form back with what was typed, never a 500 (Platform II, item 0).
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, csrfFrom, signIn, textOf, type Agent } from '../support/http';
import { makeRecords } from '../support/owned-records';
import { routeTable } from '../support/route-table';
import { CONTROL_CHARACTER } from '../../server/lib/validation';

const NUL = 'a\u0000b';

async function post(client: Agent, page: string, action: string, body: Record<string, string>) {
  const _csrf = csrfFrom((await client.get(page)).text);
  return client
    .post(action)
    .type('form')
    .send({ _csrf, ...body });
}

describe('a NUL byte in a text field', function () {
  this.timeout(120_000);

  const visitorForms: [string, string, Record<string, string>, string][] = [
    ['/login', '/login', { email: `dana${NUL}@example.test`, password: 'x' }, 'email'],
    ['/password/request', '/password/request', { email: `dana${NUL}@example.test` }, 'email'],
    [
      '/account/recover',
      '/account/recover',
      { first_name: `Da${NUL}na`, last_name: 'Rivera', phone_number: '(212) 555-0142' },
      'first_name',
    ],
    [
      '/signup',
      '/signup',
      {
        type: 'individual',
        first_name: `Da${NUL}na`,
        last_name: 'Rivera',
        email: 'dana@example.test',
        password: 'Strong-password-12',
        phone_number: '(212) 555-0142',
      },
      'first_name',
    ],
  ];
  for (const [page, action, body, field] of visitorForms) {
    it(`${action}: 422 with the field's message, the rest of the form kept`, async () => {
      const response = await post(agent(), page, action, body);
      assert.equal(response.status, 422, `${action} answered ${response.status}`);
      assert.ok(textOf(response.text).includes(CONTROL_CHARACTER), `${field}: ${textOf(response.text).slice(0, 300)}`);
    });
  }

  it('Account Settings and a profile section answer 422 with the message, keeping the typed values', async () => {
    const user = await createProviderUser(ctx().db, { paid: true });
    const client = agent();
    await signIn(client, user.email);
    const name = await post(client, '/account-preferences', '/account-preferences/name', {
      first_name: `Ta${NUL}ylor`,
      last_name: 'Kept-Lastname',
    });
    assert.equal(name.status, 422);
    assert.ok(textOf(name.text).includes(CONTROL_CHARACTER));
    assert.match(name.text, /value="Kept-Lastname"/);
    const support = await post(client, '/', '/support-requests', {
      kind: 'insurance-edit',
      message: `Please${NUL}help`,
    });
    assert.notEqual(support.status, 500);
    assert.equal(Number((await ctx().db('support_requests').count({ n: '*' }).first())!.n), 0, 'nothing was saved');
  });

  it('a message reply (form and JSON) and the card-added return page: 422 with the message, 400, never 500', async () => {
    const user = await createProviderUser(ctx().db, { paid: true });
    const records = await makeRecords(ctx().db, user);
    const client = agent();
    await signIn(client, user.email);
    const thread = `/messages/${records.clientId}`;
    const form = await post(client, thread, thread, { message: `Hello${NUL}` });
    assert.equal(form.status, 422);
    assert.ok(textOf(form.text).includes(CONTROL_CHARACTER));
    const _csrf = csrfFrom((await client.get(thread)).text);
    const json = await client
      .post(thread)
      .set('Accept', 'application/json')
      .set('X-CSRF-Token', _csrf)
      .send({ message: { text: NUL } });
    assert.equal(json.status, 422);
    assert.equal(json.body.message, CONTROL_CHARACTER);
    assert.equal(
      (await client.get('/plan-management/payment-methods/added').redirects(0)).status,
      303,
      'no query: the card was not saved',
    );
    assert.equal((await client.get('/plan-management/payment-methods/added?session_id=x%00').redirects(0)).status, 400);
  });

  it('no form route answers 500: every POST route with NUL in each of its page’s fields', async () => {
    const user = await createProviderUser(ctx().db, {
      paid: true,
      providers: [{ type: 'practice', companyName: 'Walk Practice' }],
    });
    const client = agent();
    await signIn(client, user.email);
    const ids: Record<string, string> = { providerId: String(user.providerIds[0]), id: String(user.providerIds[0]) };
    const routes = routeTable(ctx().app).filter(
      (route) => route.method === 'post' && !route.path.startsWith('/api/') && route.path !== '/logout',
    );
    assert.ok(routes.length >= 50, `only ${routes.length} POST routes`);
    const failures: string[] = [];
    const _csrf = csrfFrom((await client.get('/account-preferences')).text); // one token per session
    for (const route of routes) {
      const path = route.path.replace(/[:*](\w+)/g, (_, name: string) => ids[name] ?? '1');
      const page = await client.get(path);
      const source = page.status === 200 ? page.text : (await client.get(path.replace(/\/[^/]+$/, '') || '/')).text;
      const names = [
        ...new Set([...source.matchAll(/<(?:input|textarea)[^>]*\sname="([^"]+)"/g)].map((m) => m[1]!)),
      ].filter((n) => n !== '_csrf');
      const body: Record<string, string> = { _csrf };
      for (const name of names.length ? names : ['name', 'message', 'email']) body[name] = NUL;
      const response = await client.post(path).type('form').send(body);
      if (response.status >= 500) failures.push(`${route.path}: ${response.status}`);
    }
    assert.deepEqual(failures, []);
  });
});
