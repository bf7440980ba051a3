// The portal's one job queue: pg-boss in the database's `pgboss` schema, over the portal's own knex
// pool. A job is enqueued through the caller's transaction when it has one, so a rollback enqueues
// nothing and a commit can never lose its job (the outbox pattern). Jobs that use up their retries
// move to the `dead-letters` queue, where /dev/jobs and operators can find them.
import type { Knex } from 'knex';
import type pg from 'pg';
import { PgBoss, type Db as IDatabase, type Job } from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Mailer } from '../integrations/mail';
import type { SmsSender } from '../integrations/sms';
import type { Storage } from '../integrations/storage';
import type { Payments } from '../integrations/payments';
import type { CaldavService, CalendarSync } from '../integrations/calendar-sync';
import type { Ehr } from '../integrations/ehr';
import { listenThrough } from './wake-ups';

export const DEAD_LETTERS = 'dead-letters';
export const JOBS_SCHEMA = 'pgboss';
/**
 * A running job says it is alive this often (pg-boss refreshes it every half of it); one silent for
 * longer lost its process (kill -9, a crashed VM) and is handed out again, without waiting for its
 * time limit, which for some jobs is many minutes.
 */
export const HEARTBEAT_SECONDS = 10;
/** How often silent and timed-out jobs are looked for (pg-boss's default is a minute). */
export const SUPERVISE_SECONDS = 10;
/**
 * An idle worker's poll: new jobs wake it at once through a NOTIFY (wake-ups.ts), so polling only finds
 * jobs that come due later (a delay, a retry's backoff) and covers a lost wake-up connection. Every
 * queue of every process polls, so a short poll is what idle processes cost the database.
 */
export const IDLE_POLL_SECONDS = 30;
/** The poll while wake-ups are unavailable (the connection is down, or a proxy cannot deliver NOTIFY). */
export const POLL_WITHOUT_WAKE_UPS_SECONDS = 2;

/** The outside services jobs use (the portal's integrations satisfy it; the queue knows no more of them). */
export interface JobIntegrations {
  mail: Mailer;
  sms: SmsSender;
  storage: Storage;
  payments: Payments;
  calendarSync: CalendarSync | null;
  microsoftCalendar: CalendarSync | null;
  caldav: CaldavService;
  jobs: JobQueue;
  ehr: Ehr;
}

export interface JobContext {
  db: Knex;
  integrations: JobIntegrations;
  config: Config;
  logger: Logger;
}

export interface JobDefinition<T = unknown> {
  name: string;
  handle(data: T, context: JobContext): Promise<void>;
  /** Tries after the first one (default 4), spaced by exponential backoff from `retryDelaySeconds`. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Hours a finished job stays listed (default 24; shorter for jobs whose data holds codes or links). */
  keepHours?: number;
  /** A cron schedule (UTC) for jobs that run on their own, such as pruning. */
  cron?: string;
  /** How long one run may take before it is failed and tried again; default 120. A dead process's job is found sooner, by its heartbeat. */
  timeoutSeconds?: number;
}

export interface EnqueueOptions {
  /** Overrides the definition's retry limit for this one job. */
  retryLimit?: number;
  /** Not before this time (a Date) or this many seconds from now. */
  startAfter?: Date | number;
  /** At most one queued job with this key per job name. */
  singletonKey?: string;
  /**
   * One job per key and slot of this many seconds (a send in a taken slot is dropped), which holds on any
   * queue: a way to coalesce bursts (push notifications).
   */
  singletonSeconds?: number;
  /** With singletonSeconds: a send in a taken slot makes the job of the next slot instead of being dropped. */
  singletonNextSlot?: boolean;
}

export interface JobQueue {
  /** Adds a job through `db`: pass the form's transaction, so a rollback enqueues nothing. */
  enqueue(db: Knex | Knex.Transaction, name: string, data: object, options?: EnqueueOptions): Promise<void>;
  /**
   * Cancels the jobs of `name` enqueued with `singletonKey` that have not started (waiting for their time
   * or for a retry), through `db`: in the caller's transaction, a rollback cancels nothing. Answers how many.
   */
  cancelWaiting(db: Knex | Knex.Transaction, name: string, singletonKey: string): Promise<number>;
}

/** pg-boss speaks `$1` SQL; this runs it on the knex pool, or on the connection of a knex transaction. */
export function sqlThrough(db: Knex): IDatabase {
  const client = db.client as {
    acquireConnection(): Promise<PgConnection>;
    releaseConnection(c: PgConnection): Promise<unknown>;
  };
  const inTransaction = (db as Knex.Transaction).isTransaction === true;
  return {
    async executeSql(text, values) {
      // A transaction's client hands out the transaction's own connection and keeps it; the pool's is returned.
      const connection = await client.acquireConnection();
      try {
        // A multi-statement query answers one result per statement; pg-boss reads them all.
        return (await connection.query(text, values as unknown[])) as { rows: unknown[] };
      } catch (error) {
        // pg-boss sends some work as one string "BEGIN; …; COMMIT": a statement failing in it skips the
        // rest, COMMIT included, and would hand the pool a connection stuck in an aborted transaction,
        // which fails every later query on it (pg-boss retries its start-up on the same pool). A rollback
        // ends it; with no transaction open it is a no-op.
        if (!inTransaction) await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        if (!inTransaction) await client.releaseConnection(connection);
      }
    },
  };
}
interface PgConnection {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] } | { rows: unknown[] }[]>;
}

/**
 * The settings of a connection of its own on knex's database (the wake-ups' LISTEN). knex keeps them
 * parsed (host, port, user, …), which pg takes as they are, but hides the password in a property a
 * spread does not copy: it is carried over by name, else that connection is refused wherever the
 * database asks for a password (jobs then waited for the slow poll).
 */
export function connectionSettingsOf(db: Knex): string | pg.ClientConfig | undefined {
  const parsed = (db.client as { config?: { connection?: string | pg.ClientConfig } } | undefined)?.config?.connection;
  return parsed && typeof parsed === 'object' ? { ...parsed, password: parsed.password } : parsed;
}

export class PortalJobQueue implements JobQueue {
  readonly boss: PgBoss;
  private started: Promise<void> | null = null;
  private working = false;

  /** `clock: false` registers the schedules but never fires them (tests, which run due jobs themselves). */
  constructor(
    db: Knex,
    private readonly definitions: JobDefinition<never>[],
    private readonly logger: Logger,
    options: { clock?: boolean } = {},
  ) {
    const connection = db ? connectionSettingsOf(db) : undefined;
    this.boss = new PgBoss({
      db: connection ? { ...sqlThrough(db), listen: listenThrough(connection, logger) } : sqlThrough(db),
      useListenNotify: Boolean(connection),
      schema: JOBS_SCHEMA,
      supervise: true,
      superviseIntervalSeconds: SUPERVISE_SECONDS,
      monitorIntervalSeconds: SUPERVISE_SECONDS,
      schedule: options.clock ?? true,
      migrate: true,
    });
    this.boss.on('error', (error: Error) => logger.error({ err: error }, 'job queue error'));
  }

  /** Installs the schema and the queues (idempotent); enqueueing needs this first. */
  start(): Promise<void> {
    this.started ??= (async () => {
      await this.boss.start();
      await this.ensureQueue(DEAD_LETTERS, { retryLimit: 0, deleteAfterSeconds: 30 * 24 * 3600, notify: true });
      for (const definition of this.definitions) {
        const retryLimit = definition.retryLimit ?? 4;
        await this.ensureQueue(definition.name, {
          retryLimit,
          retryDelay: definition.retryDelaySeconds ?? 30,
          retryBackoff: true,
          retryDelayMax: 3600,
          deleteAfterSeconds: (definition.keepHours ?? 24) * 3600,
          expireInSeconds: definition.timeoutSeconds ?? 120,
          heartbeatSeconds: HEARTBEAT_SECONDS,
          deadLetter: DEAD_LETTERS,
          notify: true,
        });
        if (definition.cron) await this.boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
      }
    })();
    return this.started;
  }

  /**
   * Each queue's jobs waiting and running, and how long the oldest waiting one has waited, as pg-boss's
   * monitor last counted them (every SUPERVISE_SECONDS): cheap enough for every /metrics scrape.
   */
  async stats(): Promise<
    { name: string; queued: number; scheduled: number; active: number; oldestQueuedSeconds: number }[]
  > {
    await this.start();
    // A job scheduled for later (a consultation's reminder, days ahead) is not a backlog: counted apart.
    return (await this.boss.getQueues()).map((queue) => ({
      name: queue.name,
      queued: (queue.queuedCount ?? 0) - (queue.deferredCount ?? 0),
      scheduled: queue.deferredCount ?? 0,
      active: queue.activeCount ?? 0,
      oldestQueuedSeconds: queue.readyOldestSeconds ?? 0,
    }));
  }

  /** Resolves when the queue's schema answers (the readiness probe): its dead-letter queue is there. */
  async ping(): Promise<void> {
    await this.start();
    if (!(await this.boss.getQueue(DEAD_LETTERS))) throw new Error('the job queue is not installed');
  }

  private async ensureQueue(name: string, options: Parameters<PgBoss['createQueue']>[1]): Promise<void> {
    if (await this.boss.getQueue(name)) await this.boss.updateQueue(name, options as never);
    else await this.boss.createQueue(name, options);
  }

  async enqueue(db: Knex | Knex.Transaction, name: string, data: object, options: EnqueueOptions = {}): Promise<void> {
    if (!this.definitions.some((d) => d.name === name)) throw new Error(`no job is defined as "${name}"`);
    await this.start();
    await this.boss.send(name, data, { ...options, db: sqlThrough(db) });
  }

  async cancelWaiting(db: Knex | Knex.Transaction, name: string, singletonKey: string): Promise<number> {
    if (!this.definitions.some((d) => d.name === name)) throw new Error(`no job is defined as "${name}"`);
    await this.start();
    const through = sqlThrough(db);
    const waiting = await this.boss.findJobs(name, { key: singletonKey, queued: true, db: through });
    if (!waiting.length) return 0;
    await this.boss.cancel(
      name,
      waiting.map((job) => job.id),
      { db: through },
    );
    return waiting.length;
  }

  /** Runs every job as it comes due, in this process, until stop(). */
  async work(context: JobContext): Promise<void> {
    await this.start();
    this.working = true;
    for (const definition of this.definitions) {
      let workerId: string | undefined;
      workerId = await this.boss.work(
        definition.name,
        {
          pollingIntervalSeconds: POLL_WITHOUT_WAKE_UPS_SECONDS,
          notifyPollingIntervalSeconds: IDLE_POLL_SECONDS,
          batchSize: 1,
        },
        async (jobs: Job<unknown>[]) => {
          try {
            for (const job of jobs) await this.run(definition, job, context);
          } finally {
            // A job found means more may wait: a burst of enqueues wakes the worker once, and pg-boss
            // would then fetch the next only after the idle poll (one job every 30 s). So it fetches
            // again at once, until a fetch finds nothing.
            if (workerId) this.boss.notifyWorker(workerId);
          }
        },
      );
    }
  }

  /** Runs the jobs that are due now, one by one, and returns how many ran (tests, /dev/jobs). */
  async runDue(context: JobContext): Promise<number> {
    await this.start();
    let ran = 0;
    for (;;) {
      let found = false;
      for (const definition of this.definitions) {
        const [job] = await this.boss.fetch<unknown>(definition.name, { batchSize: 1 });
        if (!job) continue;
        found = true;
        ran++;
        // fetch() hands the job out without the workers' heartbeat: this run keeps it alive itself.
        const alive = setInterval(
          () => void this.boss.touch(definition.name, job.id).catch(() => undefined),
          HEARTBEAT_SECONDS * 500,
        );
        try {
          await this.run(definition, job, context);
          await this.boss.complete(definition.name, job.id);
        } catch (error) {
          await this.boss.fail(definition.name, job.id, { message: (error as Error).message });
        } finally {
          clearInterval(alive);
        }
      }
      if (!found) return ran;
    }
  }

  private async run(definition: JobDefinition<never>, job: Job<unknown>, context: JobContext): Promise<void> {
    const log = this.logger.child({ job: definition.name, jobId: job.id, attempt: job.retryCount + 1 });
    try {
      await definition.handle(job.data as never, { ...context, logger: log });
      log.debug('job done');
    } catch (error) {
      log.warn({ err: error }, 'job failed');
      throw error;
    }
  }

  /**
   * Stops taking jobs. A graceful stop lets jobs in flight finish within `timeoutMs`; a job still
   * running then is failed by pg-boss ("shut down while active"), which counts as a try: it goes back
   * to the queue to be retried after its backoff (or to dead-letters when it had no tries left).
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.started) return;
    await this.started.catch(() => {});
    await this.boss.stop({ graceful: this.working, timeout: timeoutMs, close: false });
    this.started = null;
    this.working = false;
  }
}
