// Issue [15] item 3: kill -9 at random points of POST /zpm-signup/pay, on real server processes with a
// database of their own; after each restart the visitor retries. Every sign-up ends paid and finished,
// with its EHR clinic, exactly one set-password e-mail and exactly one charge: 0 stuck sign-ups.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import pg from 'pg';
import { createKnex } from '../../server/db/knex';
import { syncCustomer } from '../../server/domain/billing';
import { createPayments, type Payments } from '../../server/integrations/payments';
import { OUTGOING_RETRY_DELAY_SECONDS } from '../../server/jobs/outgoing';
import { HEARTBEAT_SECONDS, SUPERVISE_SECONDS } from '../../server/jobs/queue';
import { ctx } from '../support/context';

// Each round: several payments started 0–300 ms before the kill, so each is cut at its own point; then
// one restart (the slow part) serves all their retries.
const ROUNDS = Number(process.env.ZPM_KILL_ROUNDS ?? 3);
const PER_ROUND = 4;
const KILL_AT_MS = 300;
const trace = (what: string) => {
  if (process.env.ZPM_KILL_TRACE) console.log(new Date().toISOString(), what);
};
const SECRET = 'zpm-kill-secret-zpm-kill-secret-zpm-kill-secret';
const ADDRESS = {
  address_line1: '1 Main St',
  address_line2: '',
  address_city: 'Portland',
  address_state: 'OR',
  address_postal_code: '97201',
  terms: '1',
};

interface Portal {
  child: ChildProcess;
  port: number;
  exited: Promise<unknown>;
  output(): string;
}

async function startPortal(databaseUrl: string): Promise<Portal> {
  const port = 21000 + Math.floor(Math.random() * 20000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-zpm-kill-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    // TRUST_PROXY: each round's visitor comes from an address of its own, so the sign-up throttles stay out of the way.
    env: {
      ...process.env,
      TEST_DATABASE_URL: undefined,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      DATA_DIR: dataDir,
      SESSION_SECRET: SECRET,
      SEED_DEMO: '0',
      NODE_ENV: 'development',
      LOG_LEVEL: 'error',
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const portal = { child, port, exited, output: () => output };
  await until(
    async () => {
      try {
        return (await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2_000) })).status === 200;
      } catch {
        return false;
      }
    },
    60_000,
    () => `the portal did not become healthy:\n${output}`,
  );
  return portal;
}

async function until(check: () => Promise<boolean>, timeoutMs: number, why: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(why());
}

/** One browser: its cookies, its address. */
class Visitor {
  private cookies = new Map<string, string>();
  constructor(
    public portal: Portal,
    private readonly ip: string,
  ) {}
  async request(
    method: string,
    pathname: string,
    form?: Record<string, string>,
  ): Promise<{ status: number; text: string; location: string | null }> {
    const response = await fetch(`http://127.0.0.1:${this.portal.port}${pathname}`, {
      method,
      redirect: 'manual',
      headers: {
        Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'X-Forwarded-For': this.ip,
        ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!.trim(), value.join('='));
    }
    return { status: response.status, text: await response.text(), location: response.headers.get('location') };
  }
}

const tokenOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

describe('/zpm-signup pay survives kill -9 at any point', function () {
  this.timeout(420_000);
  let name: string;
  let databaseUrl: string;
  let admin: string;
  let db: Knex;
  let payments: Payments;
  let portal: Portal | undefined;

  before(async () => {
    const url = new URL(ctx().database.url);
    name = `portal_zpm_kill_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
    url.pathname = '/postgres';
    admin = url.toString();
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`create database ${pg.escapeIdentifier(name)}`);
    await client.end();
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    portal = await startPortal(databaseUrl); // migrates the new database and seeds the catalog
    db = createKnex(databaseUrl);
    // The same local card server's state (it lives in the database): the test attaches cards and counts charges with it.
    payments = createPayments(db, null);
  });

  after(async () => {
    if (portal && portal.child.exitCode === null) {
      portal.child.kill('SIGTERM');
      await Promise.race([portal.exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
    await payments?.close();
    await db?.destroy();
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
    await client.end();
  });

  it(`${ROUNDS * PER_ROUND} payments in ${ROUNDS} rounds: kill -9 0–300 ms into each payment, restart, retry: 0 stuck sign-ups, one charge and one e-mail each`, async () => {
    const signups: { id: string; email: string; subdomain: string; customerId: string }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const paying: { visitor: Visitor; form: Record<string, string> }[] = [];
      for (let n = 0; n < PER_ROUND; n++) {
        const subdomain = `kill-${round}-${n}-${crypto.randomBytes(2).toString('hex')}`;
        const email = `${subdomain}@example.test`;
        const visitor = new Visitor(portal!, `203.0.113.${round * PER_ROUND + n + 1}`);
        const clinic = { clinic_id: `clinic-${subdomain}`, url: `https://${subdomain}.practice.example.com` };
        const start = await visitor.request('GET', `/zpm-signup?${new URLSearchParams(clinic)}`);
        const made = await visitor.request('POST', '/zpm-signup/create-standalone-account', {
          _csrf: tokenOf(start.text),
          ...clinic,
          variant: 'page',
          first_name: 'Kim',
          last_name: `Round${round}`,
          email,
          website: '',
        });
        assert.equal(made.status, 303, `${subdomain}: the account (${made.status})`);
        await visitor.request('GET', '/zpm-signup/pay'); // makes the card processor's customer
        const signup = await db('zpm_signups').orderBy('created_at', 'desc').first();
        const customerId = (await db('billing_customers').where({ account_id: signup.account_id }).first()).id;
        const card = await payments.gateway.attachCard(customerId, 'pm_card_visa', `kill-card-${signup.id}`);
        await syncCustomer(db, payments.gateway, customerId);
        const page = await visitor.request('GET', '/zpm-signup/pay?zpm_tier=pro&quantity=1');
        paying.push({
          visitor,
          form: {
            _csrf: tokenOf(page.text),
            zpm_tier: 'pro',
            quantity: '1',
            coupon: '',
            source: card,
            ...ADDRESS,
            website: '',
          },
        });
        signups.push({ id: signup.id, email, subdomain, customerId });
      }

      // Each payment starts at its own moment; the process dies KILL_AT_MS after the first.
      trace(`round ${round}: paying`);
      const posts = paying.map(({ visitor, form }) =>
        new Promise((r) => setTimeout(r, Math.floor(Math.random() * KILL_AT_MS)))
          .then(() => visitor.request('POST', '/zpm-signup/pay', form))
          .catch(() => null),
      );
      await new Promise((r) => setTimeout(r, KILL_AT_MS));
      portal!.child.kill('SIGKILL');
      await Promise.all(posts);
      await portal!.exited;
      trace(`round ${round}: killed`);

      // Restart; each visitor presses Pay again.
      portal = await startPortal(databaseUrl);
      trace(`round ${round}: restarted`);
      for (const { visitor, form } of paying) {
        visitor.portal = portal;
        const retry = await visitor.request('POST', '/zpm-signup/pay', form);
        assert.equal(retry.status, 303, `round ${round}: the retry answered ${retry.status}\n${portal.output()}`);
        assert.equal(retry.location, '/zpm-signup/done');
      }
    }

    // The jobs (in the portal's process) deliver the e-mails; every sign-up is finished. An e-mail job the
    // killed process had taken is handed out again once its heartbeat is missed and the queue's supervisor
    // notices, then after its retry delay (once to twice the base delay).
    const emailsOf = async (email: string) =>
      Number((await db('sent_messages').where({ channel: 'email', recipient: email }).count({ n: '*' }).first())!.n);
    await until(
      async () => {
        for (const s of signups) if ((await emailsOf(s.email)) < 1) return false;
        return true;
      },
      (HEARTBEAT_SECONDS + SUPERVISE_SECONDS + 2 * OUTGOING_RETRY_DELAY_SECONDS + 30) * 1000,
      () => 'not every set-password e-mail went out',
    );
    const stuck: string[] = [];
    for (const s of signups) {
      const row = await db('zpm_signups').where({ id: s.id }).first();
      const account = await db('accounts').where({ id: row.account_id }).first('practice_management');
      const clinics = await db('local_ehr_clinics').where({ subdomain: s.subdomain }).count({ n: '*' }).first();
      const live = (await payments.gateway.subscriptionsOf(s.customerId)).filter((sub) => sub.status === 'active');
      const charges = (await payments.gateway.chargesOf(s.customerId)).filter(
        (charge) => charge.status === 'succeeded',
      );
      const problems = [
        !row.paid_at && 'not paid',
        !row.completed_at && 'not finished',
        account.practice_management?.subdomain !== s.subdomain && 'no practice management',
        Number(clinics!.n) !== 1 && `${clinics!.n} clinics`,
        live.length !== 1 && `${live.length} subscriptions`,
        charges.length !== 1 && `${charges.length} charges`,
        (await emailsOf(s.email)) !== 1 && `${await emailsOf(s.email)} e-mails`,
      ].filter(Boolean);
      if (problems.length) stuck.push(`${s.subdomain}: ${problems.join(', ')}`);
    }
    assert.deepEqual(stuck, [], 'stuck sign-ups');
  });
});
