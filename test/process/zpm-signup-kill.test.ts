// Issue [15] item 3: kill -9 at random points of POST /zpm-signup/pay, on real server processes with a
// database of their own; after each restart the visitor retries. Every sign-up ends paid and finished,
// with its EHR clinic, exactly one set-password e-mail and exactly one charge: 0 stuck sign-ups.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { createKnex } from '../../server/db/knex';
import { syncCustomer } from '../../server/domain/billing';
import { createPayments, type Payments } from '../../server/integrations/payments';
import { OUTGOING_RETRY_DELAY_SECONDS } from '../../server/jobs/outgoing';
import { HEARTBEAT_SECONDS, SUPERVISE_SECONDS } from '../../server/jobs/queue';
import { PAYMENT_ADDRESS } from '../support/billing';
import {
  createOwnDatabase,
  type OwnDatabase,
  type Portal,
  type PortalOptions,
  startPortal,
  stopPortal,
  until,
  Visitor,
} from '../support/portal-process';

// Each round: several payments started 0–300 ms before the kill, so each is cut at its own point; then
// one restart (the slow part) serves all their retries.
const ROUNDS = Number(process.env.ZPM_KILL_ROUNDS ?? 3);
const PER_ROUND = 4;
const KILL_AT_MS = 300;
const trace = (what: string) => {
  if (process.env.ZPM_KILL_TRACE) console.log(new Date().toISOString(), what);
};

// Each round's visitor comes from an address of its own, so the sign-up throttles stay out of the way.
const PORTAL: PortalOptions = { logLevel: 'error', trustProxy: true, pollMs: 100 };

describe('/zpm-signup pay survives kill -9 at any point', function () {
  this.timeout(420_000);
  let database: OwnDatabase;
  let db: Knex;
  let payments: Payments;
  let portal: Portal | undefined;

  before(async () => {
    database = await createOwnDatabase('zpm_kill');
    portal = await startPortal(database.url, PORTAL); // migrates the new database and seeds the catalog
    db = createKnex(database.url);
    // The same local card server's state (it lives in the database): the test attaches cards and counts charges with it.
    payments = createPayments(db, null);
  });

  after(async () => {
    await stopPortal(portal);
    await payments?.close();
    await db?.destroy();
    await database?.drop();
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
        const made = await visitor.request('POST', '/zpm-signup/create-standalone-account', {
          _csrf: await visitor.token(`/zpm-signup?${new URLSearchParams(clinic)}`),
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
        const customerId = (await db('billing_customers').where({ account_id: signup!.account_id! }).first())!.id;
        const card = await payments.gateway.attachCard(customerId, 'pm_card_visa', `kill-card-${signup!.id}`);
        await syncCustomer(db, payments.gateway, customerId);
        paying.push({
          visitor,
          form: {
            _csrf: await visitor.token('/zpm-signup/pay?zpm_tier=pro&quantity=1'),
            zpm_tier: 'pro',
            quantity: '1',
            coupon: '',
            source: card,
            ...PAYMENT_ADDRESS,
            website: '',
          },
        });
        signups.push({ id: signup!.id, email, subdomain, customerId });
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
      portal = await startPortal(database.url, PORTAL);
      trace(`round ${round}: restarted`);
      for (const { visitor, form } of paying) {
        visitor.use(portal);
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
      PORTAL.pollMs,
    );
    const stuck: string[] = [];
    for (const s of signups) {
      const row = await db('zpm_signups').where({ id: s.id }).first();
      const account = await db('accounts').where({ id: row!.account_id! }).first('practice_management');
      const clinics = await db('local_ehr.clinics').where({ subdomain: s.subdomain }).count({ n: '*' }).first();
      const live = (await payments.gateway.subscriptionsOf(s.customerId)).filter((sub) => sub.status === 'active');
      const charges = (await payments.gateway.chargesOf(s.customerId)).filter(
        (charge) => charge.status === 'succeeded',
      );
      const problems = [
        !row!.paid_at && 'not paid',
        !row!.completed_at && 'not finished',
        (account!.practice_management as { subdomain?: string } | null)?.subdomain !== s.subdomain &&
          'no practice management',
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
