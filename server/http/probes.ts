// The probes a load balancer and an orchestrator ask: /healthz (is this process alive and its database
// answering: restart it if not) and /readyz (may it take traffic: database reachable, migrations current,
// job queue reachable; take it out of rotation while not). Each check gives up after 2 s: a probe must
// not hang on the pool's own minute-long wait for a connection.
import { Router } from 'express';
import type { Knex } from 'knex';

const CHECK_TIMEOUT_MS = 2_000;

export interface QueueProbe {
  /** Resolves when the job queue answers; rejects otherwise. */
  ping(): Promise<void>;
}

async function within<T>(work: Promise<T>, ms = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), ms)));
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const passes = (work: Promise<unknown>) =>
  within(work).then(
    () => true,
    () => false,
  );

export function probeRoutes(db: Knex, queue: QueueProbe): Router {
  const router = Router();
  // Once this process's migrations are all applied they stay applied: later calls skip the listing.
  let migrationsCurrent = false;
  const migrationsApplied = async () => {
    if (migrationsCurrent) return true;
    const [, pending] = (await db.migrate.list()) as [unknown[], unknown[]];
    migrationsCurrent = pending.length === 0;
    return migrationsCurrent;
  };

  router.get('/healthz', async (_req, res) => {
    if (await passes(db.raw('select 1'))) res.json({ status: 'ok' });
    else res.status(503).json({ status: 'unavailable' });
  });

  router.get('/readyz', async (_req, res) => {
    const database = await passes(db.raw('select 1'));
    const migrations = database && (await within(migrationsApplied()).catch(() => false));
    const jobs = database && (await passes(queue.ping()));
    const ready = database && migrations && jobs;
    res.status(ready ? 200 : 503).json({
      status: ready ? 'ready' : 'not ready',
      checks: {
        database: database ? 'ok' : 'unavailable',
        migrations: !database ? 'unknown' : migrations ? 'current' : 'pending',
        jobs: !database ? 'unknown' : jobs ? 'ok' : 'unavailable',
      },
    });
  });
  return router;
}
