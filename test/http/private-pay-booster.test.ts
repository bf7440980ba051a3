// Private Pay Booster sign-in (spec 1 §6, spec 3 §4, §7, §8): who sees Log in to Private Pay Booster (a
// role × state table), the SSO token (signed, one use, 60 seconds, never in a log, an address or a
// Referer), the tool's failure, the standalone-account check and the flag gate before the upgrade, and
// other accounts' ids.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import supertest from 'supertest';
import { createApp } from '../../server/app';
import { STANDALONE_ACCOUNT_NOTICE, UPGRADE_NOT_ENABLED_NOTICE } from '../../server/domain/private-pay-booster';
import {
  createLocalBenefitsTool,
  localSsoSecret,
  type BenefitsTool,
  type LocalBenefitsTool,
} from '../../server/integrations/benefits-tool';
import { createHttpBenefitsTool } from '../../server/integrations/benefits-tool/http';
import { createUnavailableBenefitsTool } from '../../server/integrations/benefits-tool/local';
import { REDACT_PATHS } from '../../server/logger';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../../seeds/demo';
import { runSeeds } from '../../seeds/index';
import { billedAccount, membershipOf } from '../support/billing';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, formBody, mainTextOf, postForm, signIn, textOf, tokenFor, type Agent } from '../support/http';

const db = () => ctx().db;
const SUPPORT_TEXT = 'Sorry, we ran into an error. Please contact support.';
const BUTTON = 'Log in to Private Pay Booster';
const REIMBURSIFY_ROLES = ['reimbursify-lead-practitioner', 'reimbursify-practitioner', 'reimbursify-administrator'];

type AccountState = 'reimbursify account' | 'good subscription' | 'neither';

async function userWith(role: string, state: AccountState, hidden: boolean) {
  const user = await createProviderUser(db(), { roles: [role] });
  if (state === 'reimbursify account')
    await db()('accounts').where({ id: user.accountId }).update({ reimbursify_account_created: true });
  if (state === 'good subscription') await billedAccount(user.accountId, user.providerIds);
  if (hidden)
    await db()('accounts')
      .where({ id: user.accountId })
      .update({ feature_flags: JSON.stringify({ 'hide-reimbursify-sso-upgrade': true }) });
  return user;
}

async function signedIn(client: Agent, email: string) {
  await signIn(client, email);
  return client;
}

/** The portal with its own log (captured line by line) and a local tool on a clock the test moves. */
async function portalWith(options: { tool?: (clock: () => Date) => BenefitsTool } = {}) {
  const lines: string[] = [];
  const logger = pino(
    { level: 'trace', redact: { paths: REDACT_PATHS, censor: '[redacted]' } },
    {
      write: (line: string) => {
        lines.push(line);
      },
    },
  );
  let now = new Date();
  const clock = () => now;
  const local = createLocalBenefitsTool({
    db: db(),
    linkTemplate: ctx().config.benefitsCheckUrl,
    ssoSecret: localSsoSecret(ctx().config),
    now: clock,
  });
  const tool = options.tool ? options.tool(clock) : local;
  const portal = createApp({
    config: ctx().config,
    db: db(),
    databaseUrl: ctx().database.url,
    logger,
    integrations: { ...ctx().integrations, benefitsTool: tool },
  });
  return {
    app: portal.app,
    lines,
    local,
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
    async close() {
      await portal.close();
      await local.close();
    },
  };
}

/** Presses the button: the sign-in post, from the page that shows it. */
const pressSignIn = (client: Agent, providerId: number) =>
  postForm(client, '/private-pay-booster', '/private-pay-booster/sign-in', { provider_id: providerId });

function handOffOf(html: string): { token: string; action: string } {
  const form = /<form([^>]*data-auto-submit[^>]*)>([\s\S]*?)<\/form>/.exec(html);
  const action = form && /action="([^"]+)"/.exec(form[1]!);
  const token = form && /name="token" value="([^"]+)"/.exec(form[2]!);
  assert.ok(form && action && token, 'the hand-off form with its token');
  assert.match(form[1]!, /method="post"/);
  return { action: action[1]!.replace(/&amp;/g, '&'), token: token[1]! };
}

/** Posts the token to the tool's sign-in address, as the hand-off form does. */
async function postToTool(action: string, token: string) {
  const response = await fetch(action, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
  });
  return { status: response.status, text: textOf(await response.text()) };
}

describe('Private Pay Booster: who sees Log in to Private Pay Booster (spec 1 §6)', () => {
  const roles = ['owner', ...REIMBURSIFY_ROLES, 'intake-coordinator', 'billing-manager'];
  const states: AccountState[] = ['reimbursify account', 'good subscription', 'neither'];
  for (const role of roles) {
    for (const state of states) {
      for (const hidden of [false, true]) {
        const shown = (role === 'owner' || REIMBURSIFY_ROLES.includes(role)) && state !== 'neither' && !hidden;
        it(`${role} × ${state}${hidden ? ' × hide-reimbursify-sso-upgrade' : ''}: ${shown ? 'shown, and the sign-in works' : 'hidden, and the sign-in is refused (403)'}`, async () => {
          const user = await userWith(role, state, hidden);
          const client = await signedIn(agent(), user.email);
          const page = mainTextOf((await client.get('/private-pay-booster').expect(200)).text);
          assert.equal(page.includes(BUTTON), shown);
          const response = await pressSignIn(client, user.providerIds[0]!);
          assert.equal(response.status, shown ? 200 : 403);
          if (shown) assert.ok(handOffOf(response.text).token);
          else assert.doesNotMatch(response.text, /name="token"/);
        });
      }
    }
  }
});

describe('Private Pay Booster: the sign-in token (spec 3 §4)', () => {
  let portal: Awaited<ReturnType<typeof portalWith>>;
  afterEach(async () => {
    await portal?.close();
  });

  async function owner() {
    const user = await userWith('owner', 'reimbursify account', false);
    await db()('local_benefits_tool.accounts').insert({
      provider_id: user.providerIds[0],
      email: user.email,
      tier: 'pro',
    });
    return user;
  }

  it('opens the tool with a form post: the tool accepts the token once, a second use is refused', async () => {
    portal = await portalWith();
    const user = await owner();
    const client = await signedIn(supertest.agent(portal.app), user.email);
    const response = await pressSignIn(client, user.providerIds[0]!);
    assert.equal(response.status, 200);
    const { token, action } = handOffOf(response.text);
    assert.match(action, /^http:\/\/127\.0\.0\.1:\d+\/sso$/);
    assert.match(mainTextOf(response.text), /Continue to Private Pay Booster/);
    const first = await postToTool(action, token);
    assert.equal(first.status, 200);
    assert.match(first.text, new RegExp(`Signed in to Private Pay Booster as ${user.email.replace(/\./g, '\\.')}`));
    assert.match(first.text, /Private Pay Booster Pro/);
    const second = await postToTool(action, token);
    assert.equal(second.status, 401);
    assert.match(second.text, /Sign-in refused: the sign-in token has already been used\./);
  });

  it('a token is refused 61 seconds after it was issued, and accepted 59 seconds after', async () => {
    portal = await portalWith();
    const user = await owner();
    const client = await signedIn(supertest.agent(portal.app), user.email);
    const late = handOffOf((await pressSignIn(client, user.providerIds[0]!)).text);
    const early = handOffOf((await pressSignIn(client, user.providerIds[0]!)).text);
    portal.advance(59_000);
    assert.equal((await postToTool(early.action, early.token)).status, 200);
    portal.advance(2_000);
    const refused = await postToTool(late.action, late.token);
    assert.equal(refused.status, 401);
    assert.match(refused.text, /Sign-in refused: the sign-in token has expired\./);
  });

  it('a tampered token (another provider, a changed signature) is refused, and an unknown one', async () => {
    portal = await portalWith();
    const user = await owner();
    const client = await signedIn(supertest.agent(portal.app), user.email);
    const { token, action } = handOffOf((await pressSignIn(client, user.providerIds[0]!)).text);
    const [payload, signature] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const otherProvider = `${Buffer.from(JSON.stringify({ ...claims, providerId: claims.providerId + 1 })).toString('base64url')}.${signature}`;
    const otherSignature = `${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`;
    for (const forged of [otherProvider, otherSignature, 'not-a-token', '']) {
      const answer = await postToTool(action, forged);
      assert.equal(answer.status, 401, forged);
      assert.match(answer.text, /Sign-in refused: the sign-in token is not valid\./);
    }
    // The real one still works: forgeries did not use it up.
    assert.equal((await postToTool(action, token)).status, 200);
  });

  it('the token is in no log line, no address and no Location; the page sends no Referer and is not cached', async () => {
    portal = await portalWith();
    const user = await owner();
    const client = await signedIn(supertest.agent(portal.app), user.email);
    const response = await pressSignIn(client, user.providerIds[0]!);
    const { token, action } = handOffOf(response.text);
    await postToTool(action, token);
    await postToTool(action, token);
    assert.equal(response.headers['referrer-policy'], 'no-referrer');
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.equal(response.headers.location, undefined);
    assert.match(
      String(response.headers['content-security-policy']),
      new RegExp(`form-action 'self' ${new URL(action).origin.replace(/\./g, '\\.')}`),
    );
    assert.ok(!action.includes(token) && !action.includes('?'), 'the sign-in address carries nothing');
    assert.equal(response.text.split(token).length - 1, 1, 'the token appears once: the hidden field');
    assert.ok(
      portal.lines.some((line) => line.includes('/private-pay-booster/sign-in')),
      'the request was logged',
    );
    for (const fragment of [token, token.split('.')[0]!, token.split('.')[1]!]) {
      assert.ok(!portal.lines.some((line) => line.includes(fragment)), 'no log line carries the token');
    }
    // Without JavaScript the button posts the same form; with it, the page's own script sends it.
    const script = await client.get('/private-pay-booster/hand-off.js').expect(200);
    assert.match(String(script.headers['content-type']), /javascript/);
    assert.match(script.text, /form\[data-auto-submit\]/);
    assert.match(response.text, /<script src="\/private-pay-booster\/hand-off\.js"/);
  });

  it(`a tool that fails (or answers no token) shows '${SUPPORT_TEXT}', logged with the request id`, async () => {
    portal = await portalWith({ tool: () => createUnavailableBenefitsTool(ctx().config.benefitsCheckUrl) });
    const user = await owner();
    const client = await signedIn(supertest.agent(portal.app), user.email);
    const response = await pressSignIn(client, user.providerIds[0]!);
    assert.equal(response.status, 502);
    assert.match(mainTextOf(response.text), new RegExp(SUPPORT_TEXT.replace(/\./g, '\\.')));
    assert.doesNotMatch(response.text, /name="token"/);
    const requestId = response.headers['x-request-id'];
    const failure = portal.lines
      .map((line) => JSON.parse(line))
      .find((entry) => entry.msg === 'Private Pay Booster sign-in failed');
    assert.ok(failure, 'the failure is logged');
    assert.equal(failure.requestId, requestId);
    assert.equal(failure.level, 50);
  });
});

describe("Private Pay Booster: the sign-in with the tool's API (HTTP implementation)", () => {
  it("asks the tool for the token with the portal's request id and hands it to the configured sign-in address", async () => {
    const calls: { url: string; requestId: string | undefined; authorization: string | undefined }[] = [];
    const api = http.createServer((req, res) => {
      calls.push({
        url: req.url!,
        requestId: req.headers['x-request-id'] as string | undefined,
        authorization: req.headers.authorization,
      });
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ token: 'tool-issued-token-123' }));
      });
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const portal = await portalWith({
      tool: () =>
        createHttpBenefitsTool({
          apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
          apiToken: 'secret-api-token',
          signInUrl: 'https://tool.example.test/sso',
          linkTemplate: 'https://tool.example.test/{providerId}',
        }),
    });
    try {
      const user = await userWith('owner', 'reimbursify account', false);
      const client = await signedIn(supertest.agent(portal.app), user.email);
      const response = await pressSignIn(client, user.providerIds[0]!);
      assert.equal(response.status, 200);
      assert.deepEqual(handOffOf(response.text), {
        action: 'https://tool.example.test/sso',
        token: 'tool-issued-token-123',
      });
      assert.equal(calls.length, 1);
      assert.equal(calls[0]!.url, `/portal/reimbursify/generate-sso-token/${user.providerIds[0]}`);
      assert.equal(calls[0]!.requestId, response.headers['x-request-id']);
      assert.equal(calls[0]!.authorization, 'Bearer secret-api-token');
      assert.match(
        String(response.headers['content-security-policy']),
        /form-action 'self' https:\/\/tool\.example\.test/,
      );
      assert.ok(
        !portal.lines.some((line) => line.includes('tool-issued-token-123') || line.includes('secret-api-token')),
        'neither the token nor the API token is logged',
      );
    } finally {
      await portal.close();
      api.closeAllConnections();
      await new Promise<void>((resolve) => api.close(() => resolve()));
    }
  });
});

describe("Private Pay Booster: other accounts' ids (404)", () => {
  it("signing in with another account's provider id is not found, as is an unknown id", async () => {
    const user = await userWith('owner', 'reimbursify account', false);
    const other = await userWith('owner', 'reimbursify account', false);
    const client = await signedIn(agent(), user.email);
    assert.equal((await pressSignIn(client, other.providerIds[0]!)).status, 404);
    assert.equal((await pressSignIn(client, 999_999)).status, 404);
    assert.equal((await pressSignIn(client, 'abc' as unknown as number)).status, 404);
    assert.equal(
      await db()('local_benefits_tool.sso_tokens')
        .count({ n: '*' })
        .first()
        .then((row) => Number(row?.n)),
      0,
      'no token was issued',
    );
  });

  it('a visitor is sent to sign in; a post without the CSRF token is refused', async () => {
    const user = await userWith('owner', 'reimbursify account', false);
    const visitor = agent();
    const _csrf = await tokenFor(visitor, '/login');
    const response = await visitor
      .post('/private-pay-booster/sign-in')
      .type('form')
      .send(formBody({ _csrf, provider_id: user.providerIds[0] }));
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, '/login');
    const client = await signedIn(agent(), user.email);
    assert.equal(
      (
        await client
          .post('/private-pay-booster/sign-in')
          .type('form')
          .send(formBody({ provider_id: user.providerIds[0] }))
      ).status,
      403,
    );
  });
});

describe('Private Pay Booster upgrade: the standalone-account check and the flag gate come first (spec 3 §7, spec 1 §6)', () => {
  const path = (accountId: number) => `/reimbursify/upgrade/${accountId}`;

  async function seatBasedOwner() {
    const { user } = await membershipOf({ items: [['membership_monthly_v3', 1]] });
    const client = await signedIn(agent(), user.email);
    return { user, client };
  }

  it('without a standalone account the pay step is offered', async () => {
    const { user, client } = await seatBasedOwner();
    const page = mainTextOf((await client.get(path(user.accountId)).expect(200)).text);
    assert.match(page, /Add Private Pay Booster/);
    assert.match(page, /Private Pay Booster Pro/);
    assert.doesNotMatch(page, /already have a Private Pay Booster account/);
  });

  it('a provider with a standalone account of the tool sees the notice instead of the pay step; a post pays nothing', async () => {
    const { user, client } = await seatBasedOwner();
    await db()('local_benefits_tool.accounts').insert({
      provider_id: user.providerIds[0],
      email: user.email,
      tier: 'pro',
      standalone: true,
    });
    const page = mainTextOf((await client.get(path(user.accountId)).expect(200)).text);
    assert.match(page, new RegExp(STANDALONE_ACCOUNT_NOTICE.slice(0, 60)));
    assert.doesNotMatch(page, /Private Pay Booster Pro: \$/);
    const paid = await postForm(client, path(user.accountId), path(user.accountId), {
      tier: 'pro',
      address_line1: '1 Main St',
      address_city: 'Austin',
      address_state: 'TX',
      address_postal_code: '73301',
      terms: '1',
    });
    assert.equal(paid.status, 422);
    const items = await db()('billing_subscription_items').where('lookup_key', 'like', 'private_pay_booster%');
    assert.equal(items.length, 0, 'nothing was bought');
  });

  it(`a tool that fails the check shows '${SUPPORT_TEXT}' instead of the pay step`, async () => {
    const { user } = await seatBasedOwner();
    const portal = await portalWith({ tool: () => createUnavailableBenefitsTool(ctx().config.benefitsCheckUrl) });
    try {
      const client = await signedIn(supertest.agent(portal.app), user.email);
      const response = await client.get(path(user.accountId)).expect(200);
      assert.match(mainTextOf(response.text), new RegExp(SUPPORT_TEXT.replace(/\./g, '\\.')));
      const failure = portal.lines
        .map((line) => JSON.parse(line))
        .find((entry) => entry.msg === 'Private Pay Booster standalone-account check failed');
      assert.equal(failure?.requestId, response.headers['x-request-id']);
    } finally {
      await portal.close();
    }
  });

  it('a current Private Pay Booster customer upgrades only with account-enable-sso-upgrade-current-reimbursify', async () => {
    const { user, client } = await seatBasedOwner();
    await db()('accounts').where({ id: user.accountId }).update({ reimbursify_account_created: true });
    assert.match(
      mainTextOf((await client.get(path(user.accountId)).expect(200)).text),
      new RegExp(UPGRADE_NOT_ENABLED_NOTICE.slice(0, 60)),
    );
    await db()('accounts')
      .where({ id: user.accountId })
      .update({ feature_flags: JSON.stringify({ 'account-enable-sso-upgrade-current-reimbursify': true }) });
    const page = mainTextOf((await client.get(path(user.accountId)).expect(200)).text);
    assert.doesNotMatch(page, new RegExp(UPGRADE_NOT_ENABLED_NOTICE.slice(0, 60)));
    // A current customer has Pro at least (issue [18] item 11): only Premium is offered.
    assert.match(page, /Private Pay Booster Premium: \$/);
    assert.doesNotMatch(page, /Private Pay Booster Pro: \$/);
  });

  it("another account's upgrade is not found", async () => {
    const { client } = await seatBasedOwner();
    const other = await createProviderUser(db());
    await client.get(path(other.accountId)).expect(404);
  });
});

describe('the local tool itself', () => {
  let tool: LocalBenefitsTool;
  afterEach(async () => {
    await tool?.close();
  });

  it('records each token by its id only, with its expiry 60 seconds on', async () => {
    let now = new Date('2026-11-26T12:00:00Z');
    tool = createLocalBenefitsTool({
      db: db(),
      linkTemplate: 'https://example.test/{providerId}',
      ssoSecret: 'x'.repeat(40),
      now: () => now,
    });
    const user = await createProviderUser(db());
    const { token } = await tool.generateSsoToken({
      providerId: user.providerIds[0]!,
      userId: user.userId,
      email: user.email,
    });
    const rows = await db()('local_benefits_tool.sso_tokens');
    assert.equal(rows.length, 1);
    assert.equal(new Date(rows[0].expires_at).getTime() - new Date(rows[0].issued_at).getTime(), 60_000);
    assert.ok(!JSON.stringify(rows).includes(token.split('.')[1]!), 'the signature is not stored');
    now = new Date(now.getTime() + 60_000);
    assert.deepEqual(await tool.verifySsoToken(token), { ok: false, reason: 'expired' });
    assert.equal(await tool.hasStandaloneAccount(user.providerIds[0]!), false);
  });
});

describe('demo data: Dana has Private Pay Booster Pro', () => {
  it('Dana (individual@demo.test) sees Log in to Private Pay Booster, and the local tool knows her Pro account', async function () {
    this.timeout(120_000);
    await runSeeds(db(), { demo: true });
    await runSeeds(db(), { demo: true }); // idempotent: a second run changes nothing
    const dana = await db()('users').where({ email: DEMO_EMAILS.individual }).first('id');
    const accounts = await db()('local_benefits_tool.accounts').where({ email: DEMO_EMAILS.individual });
    assert.equal(accounts.length, 1);
    assert.equal(accounts[0].tier, 'pro');
    assert.equal(accounts[0].standalone, false);
    const client = agent();
    await signIn(client, DEMO_EMAILS.individual, DEMO_PASSWORD);
    assert.ok(dana);
    assert.match(mainTextOf((await client.get('/private-pay-booster').expect(200)).text), new RegExp(BUTTON));
    const response = await pressSignIn(client, Number(accounts[0].provider_id));
    assert.equal(response.status, 200);
    assert.ok(handOffOf(response.text).token);
  });
});
