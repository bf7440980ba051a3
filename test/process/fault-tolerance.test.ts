// Fault tolerance with real server processes on a database of their own (Platform II, item 6):
// a kill -9 in the middle of form posts, the database cutting every connection, and two processes
// seeing each other's changes, with and without their notification connection.
import assert from 'node:assert/strict';
import type { Knex } from 'knex';
import pg from 'pg';
import { FEED_APPLICATION_NAME } from '../../server/db/change-feed';
import { createKnex } from '../../server/db/knex';
import { createProviderUser, type MadeUser } from '../support/factories';
import {
  createOwnDatabase,
  health,
  type OwnDatabase,
  type Portal,
  startPortal,
  stopPortal,
  until,
  Visitor,
} from '../support/portal-process';
import { completeProfile } from '../http/dashboard-helpers';

describe('fault tolerance with real processes', function () {
  this.timeout(240_000);
  let database: OwnDatabase;
  let db: Knex;
  const portals: Portal[] = [];
  let user: MadeUser;

  const start = async () => {
    const portal = await startPortal(database.url);
    portals.push(portal);
    return portal;
  };

  before(async () => {
    database = await createOwnDatabase('fault');
    await start(); // migrates the new database
    db = createKnex(database.url);
  });
  beforeEach(async () => {
    user = await createProviderUser(db, { paid: true });
  });
  after(async () => {
    for (const portal of portals) await stopPortal(portal);
    await db?.destroy();
    await database?.drop();
  });

  it('kill -9 during 50 concurrent posts: after a restart every post applied whole or not at all, and no job was lost', async () => {
    const portal = portals[0]!;
    const visitor = new Visitor(portal);
    await visitor.signIn(user.email);
    const _csrf = await visitor.token('/account-preferences');
    const posts = Array.from({ length: 50 }, (_, i) =>
      i % 2
        ? visitor.request('POST', '/account-preferences/name', {
            _csrf,
            first_name: `First${i}`,
            last_name: `Last${i}`,
          })
        : visitor.request('POST', '/support-requests', {
            _csrf,
            provider_id: String(user.providerIds[0]),
            template: 'insurance-edit',
            edits: `Edit number ${i}`,
            return_to: '/',
          }),
    );
    await new Promise((r) => setTimeout(r, 40));
    portal.child.kill('SIGKILL');
    const settled = await Promise.allSettled(posts);
    await portal.exited;
    portals.shift();

    const restarted = await start();
    const row = await db('users').where({ id: user.userId }).first('first_name', 'last_name', 'full_name');
    const applied = /^First(\d+)$/.exec(row!.first_name ?? '')?.[1];
    if (applied) {
      assert.equal(row!.last_name, `Last${applied}`, 'first and last name come from the same post');
      assert.equal(row!.full_name, `First${applied} Last${applied}`);
    } else {
      assert.deepEqual([row!.first_name, row!.last_name], ['Taylor', 'Test'], 'no post applied, nothing half-applied');
    }

    const requests: { id: number; locals: { edits: string } }[] = await db('support_requests').select('id', 'locals');
    const jobs: { state: string; data: { text: string } }[] = await db('pgboss.job')
      .where({ name: 'mail.send' })
      .select('state', 'data');
    for (const request of requests) {
      assert.equal(
        jobs.filter((job) => job.data.text.includes(`Support request #${request.id} `)).length,
        1,
        `support request ${request.id} has its e-mail job`,
      );
    }
    assert.equal(jobs.length, requests.length, 'no job without its request');
    // A post answered 303 had committed before its answer went out: it must be there after the crash.
    const saved = (i: number) => {
      const s = settled[i]!;
      return s.status === 'fulfilled' && s.value.status === 303;
    };
    for (let i = 0; i < 50; i += 2) {
      if (saved(i))
        assert.ok(
          requests.some((r) => r.locals.edits === `Edit number ${i}`),
          `support request ${i} was answered as saved but is missing`,
        );
    }
    if ([...Array(25)].some((_, k) => saved(2 * k + 1)))
      assert.ok(applied, 'a name change was answered as saved, so one must have applied');

    // The restarted process delivers every job that was waiting; one a dead process held is handed
    // out again once it expires (not waited for here).
    await until(
      async () => {
        const states: { state: string }[] = await db('pgboss.job').where({ name: 'mail.send' }).select('state');
        return states.every((s) => s.state === 'completed' || s.state === 'active');
      },
      60_000,
      () => 'the queued e-mails were not delivered after the restart',
    );
    const delivered = Number((await db('sent_messages').where({ channel: 'email' }).count({ n: '*' }).first())!.n);
    const orphaned = Number(
      (await db('pgboss.job').where({ name: 'mail.send', state: 'active' }).count({ n: '*' }).first())!.n,
    );
    assert.equal(delivered + orphaned, requests.length);
    assert.ok(await new Visitor(restarted).signIn(user.email).then(() => true));
  });

  it('the database cutting every connection: /healthz says 503 meanwhile, then the portal recovers without a restart', async () => {
    const portal = portals[0]!;
    const visitor = new Visitor(portal);
    await visitor.signIn(user.email);
    assert.ok(await visitor.signedIn());
    const admin = new pg.Client({ connectionString: database.admin });
    await admin.connect();
    try {
      await admin.query(`alter database ${pg.escapeIdentifier(database.name)} with allow_connections false`);
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database.name],
      );
      await until(
        async () => (await health(portal)) === 503,
        20_000,
        () => '/healthz did not report the database as down',
      );
      await admin.query(`alter database ${pg.escapeIdentifier(database.name)} with allow_connections true`);
      await until(
        async () => (await health(portal)) === 200,
        30_000,
        () => '/healthz did not recover',
      );
      assert.ok(await visitor.signedIn(), 'the session survived and is read again');
      const listening = async () =>
        (
          await admin.query(`select 1 from pg_stat_activity where datname = $1 and application_name = $2`, [
            database.name,
            `${FEED_APPLICATION_NAME} pid ${portal.child.pid}`,
          ])
        ).rowCount! > 0;
      await until(listening, 60_000, () => 'the change feed did not reconnect');
    } finally {
      await admin
        .query(`alter database ${pg.escapeIdentifier(database.name)} with allow_connections true`)
        .catch(() => {});
      await admin.end();
    }
    assert.equal(portal.child.exitCode, null, 'the process never stopped');
  });

  it('two processes: a sign-out or a change in one is seen by the other at once, also while its notification connection is cut', async () => {
    const [one] = portals;
    const two = await start();
    const visitor = new Visitor(one!);
    await visitor.signIn(user.email);
    visitor.use(two);
    assert.ok(await visitor.signedIn(), 'the session works on the other process');

    // A change on one process shows on the other's next page (its caches were warm).
    const onTwo = async () => (await visitor.use(two).request('GET', '/account-preferences')).text;
    assert.match(await onTwo(), /Taylor/);
    const rename = async (first: string) => {
      visitor.use(one!);
      const _csrf = await visitor.token('/account-preferences');
      assert.equal(
        (await visitor.request('POST', '/account-preferences/name', { _csrf, first_name: first, last_name: 'Test' }))
          .status,
        303,
      );
    };
    await rename('Renamed');
    assert.match(await onTwo(), /Renamed/);

    // With process two's notification connection cut, it reads the database until the feed is back.
    const admin = new pg.Client({ connectionString: database.admin });
    await admin.connect();
    try {
      const feedOfTwo = `${FEED_APPLICATION_NAME} pid ${two.child.pid}`;
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = $2',
        [database.name, feedOfTwo],
      );
      await rename('WhileCut');
      assert.match(await onTwo(), /WhileCut/);
      await until(
        async () =>
          (
            await admin.query('select 1 from pg_stat_activity where datname = $1 and application_name = $2', [
              database.name,
              feedOfTwo,
            ])
          ).rowCount! > 0,
        60_000,
        () => 'the feed of process two did not reconnect',
      );
      await rename('FeedBack');
      assert.match(await onTwo(), /FeedBack/);
    } finally {
      await admin.end();
    }

    // A sign-out on one process ends the session on the other at once.
    visitor.use(one!);
    const _csrf = await visitor.token('/account-preferences');
    assert.equal((await visitor.request('POST', '/logout', { _csrf })).status, 303);
    assert.equal(await visitor.use(two).signedIn(), false);
  });
});

describe('fault tolerance: after every connection was cut, the feed is live again (not only connected)', function () {
  this.timeout(120_000);
  let database: OwnDatabase;
  let db: Knex;
  let portal: Portal | undefined;

  before(async () => {
    database = await createOwnDatabase('fault');
    portal = await startPortal(database.url);
    db = createKnex(database.url);
  });
  after(async () => {
    await stopPortal(portal);
    await db?.destroy();
    await database?.drop();
  });

  it('pages are served from memory again, and a change notified by another connection reaches the next page', async () => {
    const user = await createProviderUser(db, {
      paid: true,
      providers: [{ status: 'active', firstName: 'Robin', lastName: 'Hale' }],
    });
    const providerId = user.providerIds[0]!;
    await completeProfile(db, providerId, 'individual');
    const visitor = new Visitor(portal!);
    await visitor.signIn(user.email);
    const dashboard = async () => (await visitor.request('GET', '/')).text;
    const admin = new pg.Client({ connectionString: database.admin });
    await admin.connect();
    const other = new pg.Client({ connectionString: database.url });
    try {
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database.name],
      );
      await until(
        async () => (await health(portal!)) === 200,
        30_000,
        () => '/healthz did not recover',
      );
      await other.connect();
      // With the trigger off only the process itself decides whether what it remembers is good: a page
      // that keeps the old name after a direct change was served from memory, i.e. the feed is live.
      await other.query('alter table providers disable trigger providers_notify_change');
      let round = 0;
      try {
        await until(
          async () => {
            round++;
            await dashboard();
            await other.query('update providers set first_name = $1 where id = $2', [`Quinn${round}`, providerId]);
            return !(await dashboard()).includes(`Quinn${round}`);
          },
          30_000,
          () => 'the dashboard was never served from memory again after the cut',
        );
      } finally {
        await other.query('alter table providers enable trigger providers_notify_change');
      }
      // Notified changes made by another connection arrive again.
      await other.query(`update providers set first_name = 'Harper' where id = $1`, [providerId]);
      await until(
        async () => (await dashboard()).includes('Harper'),
        5_000,
        () => 'the notified change did not reach the dashboard',
      );
    } finally {
      await other.end().catch(() => {});
      await admin.end();
    }
  });
});
