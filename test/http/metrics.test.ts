// GET /metrics (issue [24] item 4): absent without METRICS_TOKEN, refused without the token, and with it
// the Prometheus text: request durations labelled by the route as written (not the address, which would
// make one series per id), the job queue's depth and dead letters, live streams, read-cache hits and
// the billing mirror's lag.
import assert from 'node:assert/strict';
import supertest from 'supertest';
import { createApp, type PortalApp } from '../../server/app';
import { CLIENT_REMINDER_JOB } from '../../server/domain/appointments';
import { SYNC_CUSTOMER_JOB } from '../../server/domain/billing';
import { createLogger } from '../../server/logger';
import { ctx, testConfig } from '../support/context';
import { until } from '../support/portal-process';

const TOKEN = 'metrics-token-metrics-token-1234';

/** The value of one series in Prometheus text (`name{labels} value`), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', function () {
  this.timeout(60_000);
  let portal: PortalApp | undefined;
  const appWith = (settings: Record<string, string>) => {
    const { db, integrations, database } = ctx();
    portal = createApp({
      config: testConfig(settings),
      db,
      databaseUrl: database.url,
      logger: createLogger('silent'),
      integrations,
    });
    return portal.app;
  };
  afterEach(async () => {
    await portal?.close();
    portal = undefined;
  });

  it('does not exist without METRICS_TOKEN', async () => {
    await supertest(appWith({})).get('/metrics').expect(404);
  });

  it('asks for the bearer token, and refuses a wrong one', async () => {
    const app = appWith({ METRICS_TOKEN: TOKEN });
    const missing = await supertest(app).get('/metrics').expect(401);
    assert.equal(missing.headers['www-authenticate'], 'Bearer realm="metrics"');
    await supertest(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}x`).expect(401);
    await supertest(app).get('/metrics').set('Authorization', TOKEN).expect(401);
  });

  it('with the token: request durations by route, queue depth, dead letters, mirror lag, streams and cache', async () => {
    const { db, integrations } = ctx();
    const app = appWith({ METRICS_TOKEN: TOKEN });
    await supertest(app).get('/login').expect(200);
    await supertest(app).get('/login').expect(200);
    await supertest(app).get('/no/such/page').expect(404);
    // A customer sync waiting (the mirror is behind), and one dead letter.
    await integrations.jobs.enqueue(db, SYNC_CUSTOMER_JOB, { customerId: 'cus_metrics' });
    await integrations.jobs.boss.send('dead-letters', { from: 'a test' });
    // pg-boss's monitor counts the queues (every 10 s in a running process; here on demand). It skips a
    // count another process claimed moments ago, so the scrape is repeated until the new jobs show.
    const scrape = () => supertest(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    let res = await scrape();
    await until(
      async () => {
        await integrations.jobs.boss.supervise();
        res = await scrape();
        return (sample(res.text, `portal_jobs_queued{queue="${SYNC_CUSTOMER_JOB}"}`) ?? 0) >= 1;
      },
      20_000,
      () => `the queued sync never showed:\n${res.text}`,
      500,
    );
    assert.match(res.headers['content-type']!, /^text\/plain; version=0\.0\.4/);
    assert.equal(res.headers['cache-control'], 'no-store');
    const text = res.text;
    assert.equal(
      sample(text, 'portal_http_request_duration_seconds_count{method="GET",route="/login",status="2xx"}'),
      2,
    );
    assert.equal(
      sample(text, 'portal_http_request_duration_seconds_count{method="GET",route="(no route)",status="4xx"}'),
      1,
    );
    assert.ok(!text.includes('/no/such/page'), 'addresses never become labels');
    assert.ok((sample(text, `portal_jobs_queued{queue="${SYNC_CUSTOMER_JOB}"}`) ?? 0) >= 1);
    assert.ok((sample(text, 'portal_jobs_dead_letters') ?? 0) >= 1);
    assert.ok((sample(text, 'portal_billing_mirror_lag_seconds') ?? -1) >= 0);
    assert.equal(sample(text, 'portal_live_streams'), 0);
    assert.notEqual(sample(text, 'portal_read_cache_misses_total'), undefined);
    assert.notEqual(sample(text, 'portal_page_cache_hits_total'), undefined);
    assert.notEqual(sample(text, 'process_resident_memory_bytes'), undefined);
  });

  it('a job scheduled for later (a reminder days ahead) counts as scheduled, not as waiting', async () => {
    const { db, integrations } = ctx();
    const app = appWith({ METRICS_TOKEN: TOKEN });
    const start = new Date(Date.now() + 3 * 86_400_000);
    await integrations.jobs.enqueue(
      db,
      CLIENT_REMINDER_JOB,
      { appointmentId: 1, kind: 'day_before', start: start.toISOString() },
      { startAfter: new Date(start.getTime() - 86_400_000), singletonKey: 'appointment-1-day_before' },
    );
    const scrape = () => supertest(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    let res = await scrape();
    await until(
      async () => {
        await integrations.jobs.boss.supervise();
        res = await scrape();
        return (sample(res.text, `portal_jobs_scheduled{queue="${CLIENT_REMINDER_JOB}"}`) ?? 0) >= 1;
      },
      20_000,
      () => `the scheduled reminder never showed:\n${res.text}`,
      500,
    );
    assert.equal(sample(res.text, `portal_jobs_queued{queue="${CLIENT_REMINDER_JOB}"}`), 0);
  });
});
