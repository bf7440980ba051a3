// The benefits tool's HTTP implementation against a tiny local server standing in for the tool's API
// (spec 3 §7 "Practice management and benefits tool"): paths, bodies, the bearer token and the request
// id; the answers it reads; and every failure (an error status, no token, a timeout) as BenefitsToolError.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createBenefitsTool,
  BenefitsToolError,
  type BenefitsTool,
} from '../../../../server/integrations/benefits-tool';
import { createHttpBenefitsTool } from '../../../../server/integrations/benefits-tool/http';
import { testConfig } from '../../../support/context';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  requestId: string | undefined;
  body: string;
}

async function fakeTool(answer: (seen: Seen) => { status: number; body?: unknown; delayMs?: number }) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const request = {
        method: req.method!,
        url: req.url!,
        authorization: req.headers.authorization,
        requestId: req.headers['x-request-id'] as string | undefined,
        body,
      };
      seen.push(request);
      const { status, body: out, delayMs = 0 } = answer(request);
      setTimeout(() => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(out === undefined ? '' : JSON.stringify(out));
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const toolAt = (url: string, fetchImpl?: typeof fetch): BenefitsTool =>
  createHttpBenefitsTool({
    apiUrl: `${url}/api/`,
    apiToken: 'tool-token-1',
    signInUrl: 'https://tool.example.test/sso',
    linkTemplate: 'https://tool.example.test/check/{providerId}',
    fetch: fetchImpl,
  });

describe('benefits tool over HTTP', () => {
  let server: Awaited<ReturnType<typeof fakeTool>> | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('generate-sso-token: POST /portal/reimbursify/generate-sso-token/{providerId} with the bearer token and the request id; the token goes to the sign-in address', async () => {
    server = await fakeTool(() => ({ status: 200, body: { token: 'opaque-token-from-the-tool' } }));
    const handOff = await toolAt(server.url).generateSsoToken(
      { providerId: 12, userId: 7, email: 'dana@example.test' },
      'req-abc-12345',
    );
    assert.deepEqual(handOff, { token: 'opaque-token-from-the-tool', signInUrl: 'https://tool.example.test/sso' });
    const [call] = server.seen;
    assert.equal(call!.method, 'POST');
    assert.equal(call!.url, '/api/portal/reimbursify/generate-sso-token/12');
    assert.equal(call!.authorization, 'Bearer tool-token-1');
    assert.equal(call!.requestId, 'req-abc-12345');
    assert.deepEqual(JSON.parse(call!.body), { provider_id: 12, user_id: 7, email: 'dana@example.test' });
  });

  it('a missing token, or an error status, is a BenefitsToolError carrying the request id (spec 3 §8)', async () => {
    let answer: { status: number; body?: unknown } = { status: 200, body: {} };
    server = await fakeTool(() => answer);
    const tool = toolAt(server.url);
    await assert.rejects(
      tool.generateSsoToken({ providerId: 1, userId: 1, email: 'a@example.test' }, 'req-1-abcdefgh'),
      (error: unknown) =>
        error instanceof BenefitsToolError &&
        /no sign-in token/.test(error.message) &&
        error.requestId === 'req-1-abcdefgh',
    );
    answer = { status: 500, body: { message: 'the tool is down' } };
    await assert.rejects(
      tool.generateSsoToken({ providerId: 1, userId: 1, email: 'a@example.test' }, 'req-2-abcdefgh'),
      (error: unknown) =>
        error instanceof BenefitsToolError &&
        /500 the tool is down/.test(error.message) &&
        error.requestId === 'req-2-abcdefgh',
    );
  });

  it('check-if-standalone: GET .../check-if-standalone-reimbursify-account-already-exists/{providerId} → alreadyHasStandaloneReimbursifyAccount', async () => {
    server = await fakeTool((seen) => ({
      status: 200,
      body: { alreadyHasStandaloneReimbursifyAccount: seen.url.endsWith('/5') },
    }));
    const tool = toolAt(server.url);
    assert.equal(await tool.hasStandaloneAccount(5, 'req-standalone-1'), true);
    assert.equal(await tool.hasStandaloneAccount(6), false);
    assert.equal(server.seen[0]!.method, 'GET');
    assert.equal(
      server.seen[0]!.url,
      '/api/portal/reimbursify/check-if-standalone-reimbursify-account-already-exists/5',
    );
    assert.equal(server.seen[0]!.requestId, 'req-standalone-1');
    assert.equal(server.seen[1]!.requestId, undefined);
  });

  it('an answer without the flag is a failure, not a "no"', async () => {
    server = await fakeTool(() => ({ status: 200, body: { something: 'else' } }));
    await assert.rejects(toolAt(server.url).hasStandaloneAccount(5), BenefitsToolError);
  });

  it('rerun-vob: POST /portal/vob/rerun-vob/{userVobId}; the answer becomes the stored check', async () => {
    server = await fakeTool(() => ({
      status: 200,
      body: {
        vob_data: {
          status: 'run',
          estimated_reimbursement_after_deductible_percent: 70,
          oon_individual_deductible_remaining_dollars: 500,
          oon_family_deductible_remaining_dollars: 'x',
          reimbursify_eligibility_id: 'el-9',
        },
      },
    }));
    const result = await toolAt(server.url).rerunVerification(
      {
        vobId: 'vob 1',
        providerId: 3,
        clientUserId: 4,
        memberId: 'W1',
        insuranceName: 'Aetna',
        dateOfBirth: '1990-01-01',
      },
      'req-vob-12345',
    );
    assert.deepEqual(result, {
      status: 'run',
      estimated_reimbursement_after_deductible_percent: 70,
      oon_individual_deductible_remaining_dollars: 500,
      oon_family_deductible_remaining_dollars: null,
      reimbursify_eligibility_id: 'el-9',
    });
    assert.equal(server.seen[0]!.url, '/api/portal/vob/rerun-vob/vob%201');
    assert.equal(server.seen[0]!.method, 'POST');
    await assert.rejects(
      toolAt(server.url).rerunVerification({
        vobId: null,
        providerId: 3,
        clientUserId: 4,
        memberId: null,
        insuranceName: null,
        dateOfBirth: null,
      }),
      BenefitsToolError,
    );
  });

  it('a call that gets no answer in time is a BenefitsToolError (the time limits of spec 3 §9)', async () => {
    server = await fakeTool(() => ({ status: 200, body: { token: 'late' }, delayMs: 300 }));
    // The client's timeout is spec 3 §9's default (600 s): a fetch that honours a much shorter signal shows the same path.
    const impatient: typeof fetch = (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(50) });
    await assert.rejects(
      toolAt(server.url, impatient).generateSsoToken(
        { providerId: 1, userId: 1, email: 'a@example.test' },
        'req-slow-1234',
      ),
      (error: unknown) => error instanceof BenefitsToolError && /no answer within|aborted|timeout/i.test(error.message),
    );
  });
});

describe('benefits tool: which implementation the settings choose', () => {
  const db = {} as never;
  it('the API with all three settings; local outside production; unavailable in production without them', () => {
    assert.equal(
      createBenefitsTool(
        testConfig({
          BENEFITS_TOOL_API_URL: 'https://tool.example.test/api',
          BENEFITS_TOOL_API_TOKEN: 't0k3n',
          BENEFITS_TOOL_SIGN_IN_URL: 'https://tool.example.test/sso',
        }),
        db,
      ).provider,
      'http',
    );
    assert.equal(createBenefitsTool(testConfig(), db).provider, 'local');
    assert.equal(createBenefitsTool(testConfig({ NODE_ENV: 'production' }), db).provider, 'unavailable');
  });

  it('the three settings go together', () => {
    assert.throws(
      () => testConfig({ BENEFITS_TOOL_API_URL: 'https://tool.example.test/api' }),
      /BENEFITS_TOOL_API_URL, BENEFITS_TOOL_API_TOKEN and BENEFITS_TOOL_SIGN_IN_URL go together/,
    );
  });
});
