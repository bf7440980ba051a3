// Bad input is never a 500 (issue [15], item 4): every route of the app's own route table is driven
// with NUL bytes, over-long values and values of the wrong type, in form and JSON bodies for POST
// routes and in the query string for GET routes, by a signed-in member whose own records fill the
// paths. No answer may be a 5xx (a 503 of a busy throttle would be one too: none is reached here).
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import type { Express } from 'express';
import type { Test } from 'supertest';
import { createToken } from '../../server/api';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, csrfFrom, formBody, signIn, type Agent } from '../support/http';
import { makeRecords, OWNED_PARAMS, type Records } from '../support/owned-records';
import { routeTable, type RouteEntry } from '../support/route-table';

const NUL = 'a\u0000b';
const LONG = 'x'.repeat(100_000);
/** JSON nested 20,000 deep (40 KB): it parses, and then overflows any recursive walk over it. */
const DEEP = `{"name":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;

/** The query keys the portal reads (req.query.<name> across server/), plus a few any page might. */
const QUERY_KEYS = [
  'q',
  'page',
  'id',
  'email',
  'week',
  'tab',
  'state',
  'session_id',
  'code',
  'card_session',
  'after',
  'type',
  'status',
  'replace',
  'coupon',
  'url',
  'search',
  'payment_intent',
  'partial',
  'edit',
  'date',
  'clinic_id',
  'step',
  'shown',
  'setup',
  'sent',
  'scope',
  'rows',
  'return_to_plan_management',
  'return_to',
  'restoreOriginalInstance',
  'reimbursify_redirect_url',
  'provider_id',
  'prior_subscription_was_incomplete_expired',
  'original_start',
  'origin',
  'opened',
  'message_provider_id',
  'loads',
  'kind',
  'invoice',
  'instance',
  'doPaymentLater',
  'current_provider_id',
  'client_email',
  'action',
  'limit',
  'next',
  'setup_intent',
  'setup_intent_client_secret',
  'redirect_status',
  'start',
  'end',
  'month',
  'provider',
  'plan',
  'price',
  'reply',
  'notes_page',
];

/** Field names to send when a route's page shows no form of its own. */
const GENERIC_FIELDS = [
  'name',
  'message',
  'message_content',
  'email',
  'body',
  'url',
  'reason',
  'start_time',
  'proration_date',
  'id',
];

const fill = (path: string, records: Records) =>
  path.replace(/[:*](\w+)/g, (_, name: string) => encodeURIComponent(OWNED_PARAMS[name]?.(records) ?? '1'));

/** Live streams stay open: only their status line is read, then the connection is dropped. */
const isStream = (route: RouteEntry) => route.path.endsWith('/events');

/** Signing out ends the walk's session: left out, as is GET /logout (the same act). */
const skipped = (route: RouteEntry) => route.path === '/logout';

/** The fields of every form on a page, by the path the form posts to. */
function formsOf(html: string): Map<string, string[]> {
  const forms = new Map<string, string[]>();
  for (const [, attributes, inner] of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const action = /\saction="([^"?#]+)/.exec(attributes!)?.[1]?.replace(/&amp;/g, '&');
    if (!action) continue;
    const names = [...inner!.matchAll(/<(?:input|textarea|select)[^>]*\sname="([^"[\]]+)(?:\[\])?"/g)].map(
      (m) => m[1]!,
    );
    forms.set(
      action,
      [...new Set([...(forms.get(action) ?? []), ...names])].filter((name) => name !== '_csrf'),
    );
  }
  return forms;
}

/** Bodies with the given field names: NUL, over-long, repeated and bracketed (arrays, objects in qs), huge numbers. */
function formBodies(names: string[], _csrf: string): string[] {
  const each = (value: string) => formBody({ _csrf, ...Object.fromEntries(names.map((n) => [n, value])) });
  const longEach = 'x'.repeat(Math.max(300, Math.floor(150_000 / names.length)));
  return [
    each(NUL),
    `${each(longEach)}&${formBody({ [`${names[0]!}_long`]: LONG.slice(0, 30_000) })}`,
    `${formBody({ _csrf, ...Object.fromEntries(names.map((n) => [n, ['1', NUL]])) })}&${names.map((n) => `${encodeURIComponent(`${n}[b]`)}=c`).join('&')}`,
    each('99999999999999999999'),
  ];
}

/** JSON bodies: NUL, objects and arrays where strings are expected, numbers, null and booleans, a top-level array, deep nesting. */
function jsonBodies(names: string[]): string[] {
  const each = (value: (index: number) => unknown) => Object.fromEntries(names.map((n, i) => [n, value(i)]));
  const mixed = [12345, null, true, -1.5, 'x'.repeat(20_000), 1e20]; // 1e20: beyond the exact integers of a double
  const bodies = [
    each(() => NUL),
    each(() => ({ b: NUL })),
    each(() => [1, NUL]),
    each((i) => mixed[i % mixed.length]),
    [NUL, { [NUL]: NUL }],
  ];
  return [...bodies.map((body) => JSON.stringify(body)), DEEP];
}

function queries(): string[] {
  const each = (value: string) => QUERY_KEYS.map((k) => `${k}=${encodeURIComponent(value)}`).join('&');
  return [
    each(NUL),
    `${each('x'.repeat(80))}&q=${'x'.repeat(6_000)}`,
    QUERY_KEYS.map((k) => `${k}=1&${k}=2&${encodeURIComponent(`${k}[b]`)}=c`).join('&'),
    each('99999999999999999999'),
    each('-1%'),
  ];
}

function routes(app: Express) {
  const all = routeTable(app).filter((route) => !skipped(route));
  return { posts: all.filter((r) => r.method === 'post'), gets: all.filter((r) => r.method === 'get') };
}

describe('bad input is never a 500: every route with NUL, over-long and wrong-type values', function () {
  this.timeout(180_000);

  it('every POST route (form and JSON bodies) and every GET route (query string)', async () => {
    const { db, app } = ctx();
    const user = await createProviderUser(db, {
      paid: true,
      roles: ['owner', 'intake-coordinator', 'intake-exporter', 'billing-manager', 'reimbursify-administrator'],
      providers: [
        { type: 'practice', companyName: 'Sweep Practice' },
        { firstName: 'Sam', lastName: 'Sweep' },
      ],
    });
    const records = await makeRecords(db, user);
    const { token } = await createToken(db, 'Directory (sweep)');

    let client: Agent = agent();
    let csrf = '';
    const freshSession = async () => {
      client = agent();
      await signIn(client, user.email);
      csrf = csrfFrom((await client.get('/account-preferences')).text);
    };
    await freshSession();

    const failures: string[] = [];
    const check = async (label: string, request: Test) => {
      const response = await request.redirects(0);
      if (response.status >= 500) failures.push(`${label}: ${response.status}`);
      // A walk that signed itself out (a changed password, 2-step verification) signs in again.
      if (response.status === 303 && /^\/login/.test(String(response.headers.location))) await freshSession();
    };
    const withApi = (path: string, request: Test) =>
      path.startsWith('/api/') ? request.set('Authorization', `Bearer ${token}`) : request;

    const { posts, gets } = routes(app);
    assert.ok(posts.length >= 100 && gets.length >= 100, `only ${posts.length} POST and ${gets.length} GET routes`);

    // Each GET route as a browser opens it first (no query at all is bad input too, for a return address):
    // its forms tell which fields each POST route reads.
    const fields = new Map<string, Set<string>>();
    for (const route of gets.filter((r) => !isStream(r) && !r.path.startsWith('/api/'))) {
      const page = await client.get(fill(route.path, records)).redirects(0);
      if (page.status >= 500) failures.push(`GET ${route.path} without a query: ${page.status}`);
      if (page.status !== 200 || !page.type.includes('html')) continue;
      for (const [action, names] of formsOf(page.text))
        fields.set(action, new Set([...(fields.get(action) ?? []), ...names]));
    }

    for (const route of posts) {
      const path = fill(route.path, records);
      const names = [...new Set([...(fields.get(path) ?? []), ...GENERIC_FIELDS])];
      for (const [index, body] of formBodies(names, csrf).entries()) {
        await check(`POST ${route.path} form #${index}`, withApi(path, client.post(path).type('form').send(body)));
      }
      for (const [index, body] of jsonBodies(names).entries()) {
        const json = client
          .post(path)
          .set('Accept', 'application/json')
          .set('X-CSRF-Token', csrf)
          .set('Idempotency-Key', `sweep-${index}-${Math.random()}`)
          .type('json')
          .send(body);
        await check(`POST ${route.path} json #${index}`, withApi(path, json));
      }
    }

    for (const route of gets) {
      const path = fill(route.path, records);
      for (const [index, query] of queries().entries()) {
        const url = `${path}?${query}`;
        if (isStream(route)) {
          // The status line is all that matters; the stream itself is dropped.
          const status = await new Promise<number>((resolve) => {
            const request = withApi(path, client.get(url))
              .buffer(false)
              .parse((res, done) => {
                const stream = res as unknown as IncomingMessage; // the parser is handed node's own response
                resolve(stream.statusCode ?? 0);
                stream.destroy();
                done(null, null);
              });
            request.end(() => undefined);
          });
          if (status >= 500) failures.push(`GET ${route.path} query #${index}: ${status}`);
          continue;
        }
        await check(`GET ${route.path} query #${index}`, withApi(path, client.get(url)));
      }
    }

    assert.deepEqual(failures, [], 'routes that answered bad input with a server error');
  });
});
