// Many processes, proven (issue [24] item 1): three web processes (JOBS_IN_PROCESS=0) and a job worker,
// started at the same moment on one empty PostgreSQL database, behind a small load balancer in the test
// (test/support/cluster.ts). Sessions, sign-out, cached pages, throttles and live streams hold across
// the processes; each job runs once; a web process killed under a stream of form posts loses no
// acknowledged write, and every post either succeeds or gets the balancer's clean 502. At the end the
// whole cluster is stopped and started together again, on the migrated database. One cluster serves the
// whole file: starting four processes is most of its minute (the compiled build when dist/ is current,
// as after `npm test`'s build; else the sources through tsx, slower).
import assert from 'node:assert/strict';
import type { Knex } from 'knex';
import { createKnex } from '../../server/db/knex';
import { receiveClientMessage } from '../../server/domain/messaging';
import type { JobQueue } from '../../server/jobs/queue';
import { BACKEND_HEADER, BAD_GATEWAY, type Cluster, SERVED_BY_HEADER, startCluster } from '../support/cluster';
import { createProviderUser, type MadeUser } from '../support/factories';
import { until, Visitor } from '../support/portal-process';

/** The same visitor, asking web process `index` (through the balancer, as a pinned route would). */
const on = (visitor: Visitor, index: number) => visitor.with({ [BACKEND_HEADER]: String(index) });
/** The user's name as Account Settings shows it. */
const NAME = (name: string) => new RegExp(`<dt>Name</dt><dd>${name}</dd>`);
/** The visitor back on the balancer's rotation. */
const anywhere = (visitor: Visitor) => visitor.with({});

describe('a cluster: three web processes and a worker on one database, behind a load balancer', function () {
  this.timeout(180_000);
  let cluster: Cluster;
  let db: Knex;
  let user: MadeUser;

  before(async function () {
    this.timeout(300_000);
    cluster = await startCluster({ webs: 3, workers: 1 });
    db = createKnex(cluster.database.url, { min: 0, max: 4 });
  });
  beforeEach(async () => {
    user = await createProviderUser(db, { paid: true });
  });
  after(async () => {
    await db?.destroy();
    await cluster?.stop();
  });

  const visitor = () => new Visitor(cluster.proxy);
  const supportRequest = (signedIn: Visitor, _csrf: string, edits: string) =>
    signedIn.request('POST', '/support-requests', {
      _csrf,
      provider_id: String(user.providerIds[0]),
      template: 'insurance-edit',
      edits,
      return_to: '/',
    });
  /** For a failure message: the e-mail jobs' states and what the worker last said. */
  const jobsReport = async () => {
    const states: { state: string; n: number }[] = await db('pgboss.job')
      .where({ name: 'mail.send' })
      .groupBy('state')
      .select('state', db.raw('count(*)::int as n'));
    return `e-mail jobs ${JSON.stringify(states)}; the worker said:\n${cluster.workers[0]?.output().slice(-3_000)}`;
  };
  /** How many support e-mails were sent so far for each of these support requests. */
  const supportMails = async (requestIds: number[]) => {
    const rows: { body: string }[] = await db('sent_messages').where({ channel: 'email' }).select('body');
    return requestIds.map((id) => rows.filter((row) => row.body.includes(`Support request #${id} `)).length);
  };

  const waitForMails = async (ids: number[]) => {
    let report = '';
    await until(
      async () => {
        if ((await supportMails(ids)).every((n) => n >= 1)) return true;
        report = await jobsReport();
        return false;
      },
      60_000,
      () => `the worker did not send every e-mail: ${report}`,
      500,
    );
  };

  it('started together on an empty database: the three serve and the worker runs the queue, with one migration run', async () => {
    assert.deepEqual(cluster.proxy.upBackends(), [0, 1, 2]);
    const migrations = Number((await db('knex_migrations').count({ n: '*' }).first())!.n);
    const distinct = Number((await db('knex_migrations').countDistinct({ n: 'name' }).first())!.n);
    assert.ok(migrations > 0);
    assert.equal(migrations, distinct, 'no migration was recorded twice');
    const served = new Set<string>();
    for (let i = 0; i < 6; i++) served.add((await visitor().request('GET', '/login')).headers.get(SERVED_BY_HEADER)!);
    assert.deepEqual([...served].sort(), ['0', '1', '2'], 'the balancer spreads requests over the three');
  });

  it('a session made through one process works through the others, and a sign-out through one ends it on all', async () => {
    const browser = visitor();
    await on(browser, 0).signIn(user.email);
    for (const index of [0, 1, 2]) assert.ok(await on(browser, index).signedIn(), `signed in on process ${index}`);
    const _csrf = await on(browser, 2).token('/account-preferences');
    assert.equal((await browser.request('POST', '/logout', { _csrf })).status, 303);
    for (const index of [0, 1, 2])
      assert.equal(await on(browser, index).signedIn(), false, `signed out on process ${index}`);
  });

  it('a page another process serves from memory shows a change made through one at once', async () => {
    const browser = visitor();
    await on(browser, 0).signIn(user.email);
    // Processes 1 and 2 read the user twice, so what they serve next would come from memory.
    for (const index of [1, 2])
      for (let i = 0; i < 2; i++)
        assert.match((await on(browser, index).request('GET', '/account-preferences')).text, NAME('Taylor Test'));
    const _csrf = await on(browser, 0).token('/account-preferences');
    const renamed = await browser.request('POST', '/account-preferences/name', {
      _csrf,
      first_name: 'Clustered',
      last_name: 'Test',
    });
    assert.equal(renamed.status, 303);
    for (const index of [1, 2]) {
      const page = (await on(browser, index).request('GET', '/account-preferences')).text;
      assert.match(page, NAME('Clustered Test'), `process ${index} shows the new name`);
    }
  });

  it('sign-in throttle: five wrong passwords spread over the three processes lock the address as five on one would', async () => {
    const browser = visitor();
    const processes: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const index = attempt % 3;
      const _csrf = await on(browser, index).token('/login');
      const answer = await browser.request('POST', '/login', {
        _csrf,
        email: user.email,
        password: 'Wrong-password-1',
      });
      assert.equal(answer.status, 401, `wrong password ${attempt + 1} (process ${index})`);
      processes.push(answer.headers.get(SERVED_BY_HEADER)!);
    }
    assert.deepEqual(processes, ['0', '1', '2', '0', '1']);
    // The sixth, with the right password, on a process that saw two of the five: refused all the same.
    const _csrf = await on(browser, 2).token('/login');
    const refused = await browser.request('POST', '/login', { _csrf, email: user.email, password: 'Test-password-1!' });
    assert.equal(refused.status, 429);
    assert.match(refused.text, /There have been too many attempts\. Please try again later\./);
  });

  it('a message posted through one process reaches a live stream held open on another', async () => {
    // The conversation is made directly; the provider's e-mail about it is not what this test is about.
    const noJobs: JobQueue = { enqueue: async () => {}, cancelWaiting: async () => 0 };
    const received = await receiveClientMessage(db, noJobs, {
      providerId: user.providerIds[0]!,
      client: { email: `client-${Date.now()}@example.test`, firstName: 'Alex', lastName: 'Morgan', phone: null },
      content: 'Hello from a client',
      type: 'message',
      now: new Date(),
    });
    const browser = visitor();
    await on(browser, 0).signIn(user.email);
    const controller = new AbortController();
    const stream = await fetch(
      `http://127.0.0.1:${cluster.proxy.port}/messages/${received.clientUserId}/events?after=${received.message.id}`,
      {
        headers: { Cookie: browser.cookie(), Accept: 'text/event-stream', [BACKEND_HEADER]: '2' },
        signal: controller.signal,
      },
    );
    try {
      assert.equal(stream.status, 200);
      assert.equal(stream.headers.get(SERVED_BY_HEADER), '2');
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const readUntil = async (done: (t: string) => boolean) => {
        const deadline = Date.now() + 10_000;
        while (!done(text)) {
          const chunk = await Promise.race([
            reader.read(),
            new Promise<never>((_, reject) =>
              setTimeout(() => reject(new Error(`the stream did not deliver: ${text}`)), deadline - Date.now()),
            ),
          ]);
          if (chunk.done) throw new Error(`the stream ended: ${text}`);
          text += decoder.decode(chunk.value, { stream: true });
        }
      };
      await readUntil((t) => t.includes('retry:'));
      const _csrf = await on(browser, 0).token(`/messages/${received.clientUserId}`);
      const posted = await browser.request('POST', `/messages/${received.clientUserId}`, {
        _csrf,
        message: 'Posted through process zero',
      });
      assert.equal(posted.status, 303);
      assert.equal(posted.headers.get(SERVED_BY_HEADER), '0');
      await readUntil((t) => t.includes('Posted through process zero'));
      assert.match(text, /event: message\ndata: \{[^\n]*"content":"Posted through process zero"/);
    } finally {
      controller.abort();
    }
  });

  it('each job runs once: e-mails enqueued through all three processes are each sent once by the worker', async () => {
    const browser = visitor();
    await browser.signIn(user.email);
    const _csrf = await browser.token('/account-preferences');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => supportRequest(browser, _csrf, `Once ${i}`)),
    );
    assert.deepEqual(
      answers.map((a) => a.status),
      Array(12).fill(303),
    );
    assert.deepEqual(
      new Set(answers.map((a) => a.headers.get(SERVED_BY_HEADER))),
      new Set(['0', '1', '2']),
      'the posts were spread over the three processes',
    );
    const ids: number[] = (await db('support_requests').whereRaw("locals->>'edits' like 'Once %'").select('id')).map(
      (r: { id: number }) => r.id,
    );
    assert.equal(ids.length, 12);
    await waitForMails(ids);
    // A while longer, for a doubled job to show.
    await new Promise((r) => setTimeout(r, 1_500));
    assert.deepEqual(await supportMails(ids), Array(12).fill(1));
    const states: { state: string }[] = await db('pgboss.job').where({ name: 'mail.send' }).select('state');
    assert.ok(
      states.every((s) => s.state === 'completed'),
      `every e-mail job completed: ${JSON.stringify(states)}`,
    );
  });

  it('kill -9 of one web process during a stream of form posts: no acknowledged write lost, every post answered 303 or a clean 502', async () => {
    const browser = visitor();
    await browser.signIn(user.email);
    const _csrf = await browser.token('/account-preferences');
    const POSTS = 60;
    const results: ({ status: number; text: string } | { error: string })[] = [];
    let sent = 0;
    let killed: Promise<void> | undefined;
    // Four browsers' worth of posts in a row; the kill lands while they go on.
    const lane = async () => {
      while (sent < POSTS) {
        const i = sent++;
        if (i === 15) killed = cluster.kill(1);
        try {
          const answer = await browser.request(
            'POST',
            '/support-requests',
            {
              _csrf,
              provider_id: String(user.providerIds[0]),
              template: 'insurance-edit',
              edits: `Posted ${i}`,
              return_to: '/',
            },
            AbortSignal.timeout(20_000),
          );
          results[i] = { status: answer.status, text: answer.text };
        } catch (error) {
          results[i] = { error: String(error) };
        }
      }
    };
    await Promise.all([lane(), lane(), lane(), lane()]);
    await killed;

    const unclean = results.flatMap((r, i) =>
      'error' in r
        ? [`post ${i}: ${r.error}`]
        : r.status === 303 || (r.status === 502 && r.text === BAD_GATEWAY)
          ? []
          : [`post ${i}: ${r.status} ${r.text.slice(0, 200)}`],
    );
    assert.deepEqual(unclean, [], 'every post succeeded or got the clean 502 (none hung, none a 500)');
    const acknowledged = results.flatMap((r, i) => ('status' in r && r.status === 303 ? [i] : []));
    assert.ok(
      acknowledged.length >= POSTS - 4,
      `at most the four posts in flight failed (${acknowledged.length} saved)`,
    );
    const saved: { id: number; locals: { edits: string } }[] = await db('support_requests').select('id', 'locals');
    const savedTexts = new Set(saved.map((r) => r.locals.edits));
    assert.deepEqual(
      acknowledged.filter((i) => !savedTexts.has(`Posted ${i}`)),
      [],
      'every post answered 303 is in the database',
    );
    assert.ok(cluster.proxy.served[1]! > 0, 'process 1 served requests before it was killed');

    // Every saved request's e-mail is sent exactly once, also those of the killed process.
    const ids = saved.map((r) => r.id);
    await waitForMails(ids);
    assert.deepEqual(await supportMails(ids), Array(ids.length).fill(1));

    // Started again on the migrated database, it takes traffic, and the session is still good there.
    await cluster.restart(1);
    assert.ok(await on(browser, 1).signedIn());
    anywhere(browser);
  });

  it('stopped and started together again, on the migrated database: all serve, sessions survive, nothing is redone', async function () {
    this.timeout(300_000);
    const browser = visitor();
    await browser.signIn(user.email);
    const migrations = Number((await db('knex_migrations').count({ n: '*' }).first())!.n);
    const jobsBefore = Number((await db('pgboss.job').count({ n: '*' }).first())!.n);
    await cluster.restartAll();
    assert.deepEqual(cluster.proxy.upBackends(), [0, 1, 2]);
    for (const index of [0, 1, 2]) assert.ok(await on(browser, index).signedIn(), `signed in on process ${index}`);
    assert.equal(Number((await db('knex_migrations').count({ n: '*' }).first())!.n), migrations);
    // The worker is back too: a new e-mail is sent.
    const _csrf = await anywhere(browser).token('/account-preferences');
    assert.equal((await supportRequest(browser, _csrf, 'After the restart')).status, 303);
    const request = await db('support_requests').whereRaw("locals->>'edits' = 'After the restart'").first('id');
    await waitForMails([request!.id]);
    assert.ok(Number((await db('pgboss.job').count({ n: '*' }).first())!.n) >= jobsBefore);
  });
});
