// The API's contract (issue [24] item 3): server/api/openapi.json is a sound OpenAPI 3.1 description, it
// describes exactly the routes the API router mounts, it is served at /api/v1/openapi.json, and the
// contract check that every API test runs under turns a wrong answer or a wrongly accepted request into a
// loud failure. (That the joi validators and the described request schemas agree: test/unit/features/booking-api.)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import express from 'express';
import pino from 'pino';
import supertest from 'supertest';
import {
  API_BASE_PATH,
  apiDescription,
  apiRouter,
  contractSchemas,
  createToken,
  type OpenApiDocument,
  takeContractViolations,
} from '../../server/api';
import { requestLogging } from '../../server/http/request-logging';
import { ctx } from '../support/context';
import { routeTable } from '../support/route-table';

type Node = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const doc = apiDescription();
const pointerPart = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every value of the document with its JSON pointer. */
function* walk(value: unknown, pointer = ''): Generator<[string, unknown]> {
  yield [pointer, value];
  if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) yield* walk(child, `${pointer}/${pointerPart(key)}`);
}

function at(pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((node, key) => (node as Node)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
}

/** Each operation: its path, method and object. */
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  METHODS.filter((m) => m in item).map((method) => ({ path, method, op: item[method] as Node, item: item as Node })),
);

interface SchemaSite {
  pointer: string;
  kind: 'request' | 'answer';
  examples: [string, unknown][];
}

/** Where the document holds a schema, whether it describes a request or an answer, and the examples given for it. */
function schemaSites(): SchemaSite[] {
  const sites: SchemaSite[] = [];
  const media = (pointer: string, kind: SchemaSite['kind']) => {
    for (const [type, content] of Object.entries(((at(pointer) as Node)?.content ?? {}) as Record<string, Node>)) {
      const base = `${pointer}/content/${pointerPart(type)}`;
      const examples: [string, unknown][] = [];
      if ('example' in content) examples.push([`${base}/example`, content.example]);
      for (const [name, ex] of Object.entries((content.examples ?? {}) as Record<string, Node>))
        examples.push([`${base}/examples/${name}`, ex.value]);
      sites.push({ pointer: `${base}/schema`, kind, examples });
    }
  };
  const parameter = (pointer: string) => {
    const p = at(pointer) as Node;
    if (p.$ref) return;
    sites.push({
      pointer: `${pointer}/schema`,
      kind: 'request',
      examples: 'example' in p ? [[pointer, p.example]] : [],
    });
  };
  const response = (pointer: string) => {
    const r = at(pointer) as Node;
    if (r.$ref) return;
    media(pointer, 'answer');
    for (const [name, h] of Object.entries((r.headers ?? {}) as Record<string, Node>))
      if (!h.$ref)
        sites.push({ pointer: `${pointer}/headers/${pointerPart(name)}/schema`, kind: 'answer', examples: [] });
  };
  for (const { path, method, op, item } of operations) {
    const base = `/paths/${pointerPart(path)}`;
    for (const i of ((item.parameters ?? []) as unknown[]).keys()) parameter(`${base}/parameters/${i}`);
    for (const i of ((op.parameters ?? []) as unknown[]).keys()) parameter(`${base}/${method}/parameters/${i}`);
    if (op.requestBody) media(`${base}/${method}/requestBody`, 'request');
    for (const status of Object.keys(op.responses as Node)) response(`${base}/${method}/responses/${status}`);
  }
  const components = doc.components ?? {};
  for (const name of Object.keys(components.parameters ?? {})) parameter(`/components/parameters/${name}`);
  for (const name of Object.keys(components.responses ?? {})) response(`/components/responses/${name}`);
  for (const [name, h] of Object.entries((components.headers ?? {}) as Record<string, Node>))
    if (!h.$ref) sites.push({ pointer: `/components/headers/${name}/schema`, kind: 'answer', examples: [] });
  for (const [name, schema] of Object.entries((components.schemas ?? {}) as Record<string, Node>))
    sites.push({
      pointer: `/components/schemas/${name}`,
      kind: 'request',
      examples: ((schema.examples ?? []) as unknown[]).map((ex, i) => [
        `/components/schemas/${name}/examples/${i}`,
        ex,
      ]),
    });
  return sites;
}

describe('the API description (server/api/openapi.json)', () => {
  it('is an OpenAPI 3.1 document with its info, a bearer security scheme and sound operations', () => {
    assert.match(doc.openapi, /^3\.1\.\d+$/);
    const info = doc.info as Node;
    assert.equal(typeof info.title, 'string');
    assert.equal(typeof info.version, 'string');
    const schemes = (doc.components?.securitySchemes ?? {}) as Record<string, Node>;
    assert.deepEqual(schemes.directoryToken, { ...schemes.directoryToken, type: 'http', scheme: 'bearer' });
    const tags = new Set(((doc.tags ?? []) as Node[]).map((t) => t.name));
    const ids = new Set<string>();
    for (const requirement of [...((doc.security ?? []) as Node[]), ...operations.flatMap((o) => o.op.security ?? [])])
      for (const name of Object.keys(requirement as Node)) assert.ok(schemes[name], `security scheme ${name}`);
    for (const { path, method, op, item } of operations) {
      const name = `${method.toUpperCase()} ${path}`;
      assert.match(path, /^\//, name);
      assert.equal(typeof op.operationId, 'string', `${name} has an operationId`);
      assert.ok(!ids.has(op.operationId as string), `${name}: operationId ${op.operationId} is unique`);
      ids.add(op.operationId as string);
      for (const tag of (op.tags ?? []) as string[]) assert.ok(tags.has(tag), `${name}: tag ${tag} is declared`);
      const responses = Object.entries(op.responses as Record<string, Node>);
      assert.ok(responses.length, `${name} has responses`);
      for (const [status, response] of responses) {
        assert.match(status, /^([1-5]XX|[1-5]\d\d|default)$/, `${name}: ${status}`);
        const resolved = (response.$ref ? at(String(response.$ref).slice(1)) : response) as Node;
        assert.equal(typeof resolved.description, 'string', `${name} ${status} has a description`);
      }
      // Each {name} of the path is a required path parameter, and each path parameter is in the path.
      const params = [...((item.parameters ?? []) as Node[]), ...((op.parameters ?? []) as Node[])].map(
        (p) => (p.$ref ? at(String(p.$ref).slice(1)) : p) as Node,
      );
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      const declared = params.filter((p) => p.in === 'path');
      assert.deepEqual(declared.map((p) => p.name).sort(), [...inPath].sort(), `${name}: path parameters`);
      for (const p of declared) assert.equal(p.required, true, `${name}: ${p.name} is required`);
      for (const p of params)
        assert.ok(['query', 'header', 'path', 'cookie'].includes(String(p.in)), `${name}: ${p.name}`);
      if (method === 'post') {
        assert.ok(
          params.some((p) => p.name === 'Idempotency-Key' && p.required),
          `${name} needs an Idempotency-Key`,
        );
        assert.ok(op.requestBody, `${name} has a request body`);
      }
    }
  });

  it('every $ref leads somewhere', () => {
    const broken = [...walk(doc)]
      .filter(([pointer, value]) => pointer.endsWith('/$ref') && typeof value === 'string')
      .filter(([, ref]) => !String(ref).startsWith('#/') || at(String(ref).slice(1)) === undefined);
    assert.deepEqual(broken, []);
  });

  it('each schema is valid JSON Schema 2020-12 (compiled strictly), and each example fits its schema', async () => {
    const ajv = await contractSchemas();
    const sites = schemaSites();
    assert.ok(sites.length > 50, `found ${sites.length} schemas`);
    const problems: string[] = [];
    for (const site of sites) {
      if (!ajv.validateSchema(at(site.pointer) as object))
        problems.push(`${site.pointer}: ${ajv.errorsText(ajv.errors)}`);
      const validate = ajv.compile({ $ref: `${site.kind}#${site.pointer}` });
      for (const [where, example] of site.examples)
        if (!validate(example)) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
    }
    assert.deepEqual(problems, []);
    assert.ok(
      sites.reduce((n, s) => n + s.examples.length, 0) > 20,
      'the examples of docs/api.md are in the description',
    );
  });

  it('answers with the error codes of docs/api.md, each with its status, and no other', () => {
    const errors = /## Errors\n([\s\S]*?)\n## /.exec(fs.readFileSync('docs/api.md', 'utf8'))![1]!;
    const documented = [...errors.matchAll(/^\| (\d{3}) \| (.*?) \|/gm)].flatMap(([, status, codes]) =>
      [...codes!.matchAll(/`([a-z_]+)`/g)].map((m) => `${status} ${m[1]}`),
    );
    const described = new Set<string>();
    for (const { op } of operations)
      for (const [status, response] of Object.entries(op.responses as Record<string, Node>)) {
        const resolved = (response.$ref ? at(String(response.$ref).slice(1)) : response) as Node;
        const schema = (resolved.content as Record<string, Node> | undefined)?.['application/json']?.schema as Node;
        const codes = (((schema?.properties as Node)?.error as Node)?.properties as Node)?.code as Node | undefined;
        for (const code of (codes?.enum ?? []) as string[]) described.add(`${status} ${code}`);
      }
    assert.ok(documented.length > 15, documented.join(', '));
    assert.deepEqual([...described].sort(), [...new Set(documented)].sort());
  });

  it('describes every route the API router mounts, and each described path is mounted', () => {
    const shape = (path: string) => path.replace(/\{[^}]+\}|:\w+/g, '{}');
    const mounted = routeTable(ctx().app)
      .filter((r) => r.path.startsWith(`${API_BASE_PATH}/`))
      .map((r) => `${r.method.toUpperCase()} ${shape(r.path.slice(API_BASE_PATH.length))}`)
      .sort();
    const described = operations.map((o) => `${o.method.toUpperCase()} ${shape(o.path)}`).sort();
    assert.ok(mounted.length >= 8, mounted.join(', '));
    assert.deepEqual(mounted, described);
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('serves the description without a token, naming this portal, cacheable', async () => {
    const response = await supertest(ctx().app).get('/api/v1/openapi.json').expect(200);
    assert.match(response.headers['content-type']!, /^application\/json/);
    assert.match(response.headers['cache-control']!, /^public, max-age=\d+$/);
    assert.equal(response.headers['set-cookie'], undefined);
    const served = response.body as OpenApiDocument;
    assert.deepEqual(served.servers, [{ url: `${ctx().config.portalUrl}/api/v1`, description: 'This portal.' }]);
    assert.deepEqual(served.paths, doc.paths);
    assert.deepEqual(served.components, doc.components);
    assert.ok(response.headers.etag, 'an ETag');
    await supertest(ctx().app).get('/api/v1/openapi.json').set('If-None-Match', response.headers.etag!).expect(304);
  });
});

describe('the contract check (API_CONTRACT_CHECK, on in every API test)', () => {
  /** The API with made-up endpoints that break the description, the log lines it writes, and a token. */
  async function brokenApi() {
    const lines: Node[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const app = express();
    app.use(requestLogging(logger));
    app.use(
      API_BASE_PATH,
      apiRouter({ db: ctx().db, ratePerMinute: 1000, contractCheck: true }, [
        (router, { idempotent }) => {
          // A slot whose time is no time, and a field nobody described.
          router.get('/providers/:providerId/slots', (_req, res) => {
            res.json({
              provider_id: '12',
              time_zone: 'America/New_York',
              slots: [{ start_time: 'soon', end_time: '2026-12-01T14:15:00Z' }],
              cached: true,
            });
          });
          // Accepts an empty batch, which the description refuses.
          router.post('/providers/:providerId/events', idempotent, (_req, res) => {
            res.status(202).json({ accepted: 0, duplicates: 0 });
          });
          // A status the description does not have.
          router.post('/consultations/:consultationId/cancel', idempotent, (req, res) => {
            res.status(418).json({ error: { code: 'teapot', message: 'I am a teapot.', requestId: String(req.id) } });
          });
          // An endpoint the description does not have.
          router.get('/status', (_req, res) => {
            res.json({ ok: true });
          });
        },
      ]),
    );
    const { token } = await createToken(ctx().db, 'contract check');
    return { app, lines, auth: (call: supertest.Test) => call.set('Authorization', `Bearer ${token}`) };
  }

  /** A 500 that names the mismatch, kept for the test hooks, and logged. */
  function assertCaught(response: supertest.Response, lines: Node[], ...clues: RegExp[]) {
    assert.equal(response.status, 500, JSON.stringify(response.body));
    assert.equal(response.body.error.code, 'contract_violation');
    const violations = takeContractViolations();
    assert.equal(violations.length, 1);
    for (const clue of clues) {
      assert.match(response.body.error.message, clue);
      assert.match(violations[0]!, clue);
    }
    assert.ok(
      lines.some((line) => line.msg === 'API contract violation' && line.level === 50),
      'an error is logged',
    );
  }

  it('turns an answer that breaks the description into a 500 naming the fields', async () => {
    const { app, lines, auth } = await brokenApi();
    const response = await auth(supertest(app).get('/api/v1/providers/12/slots'));
    assertCaught(response, lines, /answer 200\/slots\/0\/start_time must match format "date-time"/, /"cached"/);
  });

  it('catches a request the API accepted although the description refuses it', async () => {
    const { app, lines, auth } = await brokenApi();
    const response = await auth(supertest(app).post('/api/v1/providers/12/events'))
      .set('Idempotency-Key', 'contract-check-1')
      .send({ events: [] });
    assertCaught(response, lines, /request body\/events must NOT have fewer than 1 items/);
  });

  it('catches a status the operation does not describe, and an endpoint the description lacks', async () => {
    const { app, lines, auth } = await brokenApi();
    const teapot = await auth(supertest(app).post('/api/v1/consultations/345/cancel'))
      .set('Idempotency-Key', 'contract-check-2')
      .send({ client_email: 'casey@example.com' });
    assertCaught(teapot, lines, /POST \/consultations\/\{consultation_id\}\/cancel has no 418 answer/);
    const status = await auth(supertest(app).get('/api/v1/status'));
    assertCaught(status, lines, /GET \/status is not in the description/);
  });

  it('lets answers that keep to the description through, errors included', async () => {
    const { app, auth } = await brokenApi();
    await auth(supertest(app).get('/api/v1/ping')).expect(200);
    await supertest(app).get('/api/v1/ping').expect(401);
    await auth(supertest(app).get('/api/v1/nothing-here')).expect(404);
    await auth(supertest(app).post('/api/v1/providers/12/events')).send({ events: [] }).expect(400);
    assert.deepEqual(takeContractViolations(), []);
  });
});
