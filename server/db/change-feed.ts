// Tells this process when data it may have cached has changed, so cached reads can be served without
// a database round trip and still never outlive a change by more than a notification's delivery.
//  - Writes made by this process (through its knex instance) count at once, before they run.
//  - Writes made anywhere else arrive as PostgreSQL notifications (triggers in change-triggers.ts) on
//    one dedicated connection.
// While that connection is down nobody can tell what changed, so the feed reports itself not live and
// caches go to the database every time until it is back. It goes live only once a notification sent
// from another connection has arrived: behind a proxy that cannot deliver them (PgBouncer in
// transaction mode) it never does, and nothing is cached.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import pg from 'pg';
import type { Logger } from 'pino';
import { DATA_CHANNEL, SESSION_CHANNEL, writeMayChangeCachedReads } from './change-triggers';

const RETRY_MS = { first: 500, max: 30_000 };
const PROBE_TIMEOUT_MS = 5000;
/** How the feed's connection shows in pg_stat_activity: this name, then the process id, so an operator
 * (or a test) can tell which process's feed a backend is when several processes share a database. */
export const FEED_APPLICATION_NAME = 'portal change feed';
const applicationName = `${FEED_APPLICATION_NAME} pid ${process.pid}`;
const READ_QUERY = /^\s*select\b/i;
const SESSIONS_TABLE = /\bsessions\b/;

/** A session changed or ended ('*': possibly all of them). */
export type SessionListener = (sid: string) => void;

/** A notification's payload; null when notifications were lost (the connection dropped): re-check everything. */
export type ChannelListener = (payload: string | null) => void;

/** Application channels (live updates) heard on the feed's one connection, so a process keeps one LISTEN. */
export interface NotificationChannels {
  /** Returns the function that stops listening. */
  listen(channel: string, listener: ChannelListener): () => void;
  /** Whether notifications can be heard right now (else live views must poll). */
  isLive(): boolean;
}

export class ChangeFeed implements NotificationChannels {
  /** Bumped on every change to a watched table; a cached read is good only for the generation it was read in. */
  private generation = 0;
  private live = false;
  private closed = false;
  private client: pg.Client | null = null;
  private retryMs = RETRY_MS.first;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly sessionListeners: SessionListener[] = [];
  private readonly channelListeners = new Map<string, Set<ChannelListener>>();
  private liveWaiters: (() => void)[] = [];
  private probe: { payload: string; arrived: () => void } | null = null;

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
  ) {}

  /** The current generation, or null when changes cannot be seen (nothing may be served from a cache). */
  snapshot(): number | null {
    return this.live ? this.generation : null;
  }

  /** Resolves once changes can be seen (the tests wait for it before they rely on caching). */
  whenLive(): Promise<void> {
    return this.live ? Promise.resolve() : new Promise((resolve) => this.liveWaiters.push(resolve));
  }

  onSessionChange(listener: SessionListener): void {
    this.sessionListeners.push(listener);
  }

  isLive(): boolean {
    return this.live;
  }

  listen(channel: string, listener: ChannelListener): () => void {
    let listeners = this.channelListeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.channelListeners.set(channel, listeners);
      // A connection already up hears the new channel from now on; a later one LISTENs to it on connect.
      const client = this.client;
      if (this.live && client)
        client.query(`listen ${client.escapeIdentifier(channel)}`).catch((error: Error) => this.lost(client, error));
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }

  /**
   * Counts this process's own writes to watched tables as they start: the next read cannot be served a
   * value from before them. Writes to unwatched tables (the audit log at each sign-in attempt) do not
   * count; a statement whose table cannot be told does.
   */
  watchLocalWrites(db: Knex): void {
    db.on('query', (query: { sql?: string }) => {
      const sql = query.sql ?? '';
      if (READ_QUERY.test(sql)) return;
      if (writeMayChangeCachedReads(sql)) this.generation++;
      // Sessions ended through knex (sign out everywhere else) are forgotten here at once, not only
      // when their notifications arrive.
      if (SESSIONS_TABLE.test(sql)) this.tellSessions('*');
    });
  }

  start(): void {
    void this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.goDark();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: applicationName });
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel === SESSION_CHANNEL) this.tellSessions(message.payload ?? '*');
      else if (this.channelListeners.has(message.channel)) this.tellChannel(message.channel, message.payload ?? null);
      else if (this.probe && message.payload === this.probe.payload) this.probe.arrived();
      else this.generation++;
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      const channels = [
        DATA_CHANNEL,
        SESSION_CHANNEL,
        ...[...this.channelListeners.keys()].map((name) => client.escapeIdentifier(name)),
      ];
      await client.query(channels.map((name) => `listen ${name}`).join('; '));
      await this.checkDelivery();
    } catch (error) {
      this.lost(client, error as Error);
      return;
    }
    if (this.client !== client) return;
    // Anything may have changed while nobody listened.
    this.generation++;
    this.tellSessions('*');
    this.live = true;
    this.retryMs = RETRY_MS.first;
    for (const resolve of this.liveWaiters.splice(0)) resolve();
  }

  /** Sends a notification from another connection and waits for it to arrive on the feed's own. */
  private async checkDelivery(): Promise<void> {
    const payload = `probe:${crypto.randomUUID()}`;
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<void>((resolve, reject) => {
      this.probe = { payload, arrived: resolve };
      timer = setTimeout(
        () =>
          reject(
            new Error(
              `a test notification did not arrive within ${PROBE_TIMEOUT_MS} ms (a transaction-pooling proxy? set READ_CACHE=0)`,
            ),
          ),
        PROBE_TIMEOUT_MS,
      );
      timer.unref(); // a shutdown during the check need not wait for it
    });
    arrived.catch(() => {}); // awaited below; this only keeps an early timeout from counting as unhandled
    const sender = new pg.Client({ connectionString: this.databaseUrl, application_name: applicationName });
    // Its failures reach us through the awaited calls below; a connection cut afterwards (shutdown,
    // a dropped database) must not become an uncaught 'error' event.
    sender.on('error', () => {});
    try {
      await sender.connect();
      await sender.query('select pg_notify($1, $2)', [DATA_CHANNEL, payload]);
      await arrived;
    } finally {
      clearTimeout(timer);
      this.probe = null;
      await sender.end().catch(() => {});
    }
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client !== client) return;
    this.client = null;
    this.goDark();
    client.end().catch(() => {});
    if (this.closed) return;
    this.logger.warn(
      { err: error },
      `change notifications lost; caches are bypassed and the connection retried in ${this.retryMs} ms`,
    );
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MS.max);
  }

  private goDark(): void {
    const wasLive = this.live;
    this.live = false;
    this.generation++;
    this.tellSessions('*');
    if (wasLive) for (const channel of this.channelListeners.keys()) this.tellChannel(channel, null);
  }

  private tellChannel(channel: string, payload: string | null): void {
    for (const listener of this.channelListeners.get(channel) ?? []) listener(payload);
  }

  private tellSessions(sid: string): void {
    for (const listener of this.sessionListeners) listener(sid);
  }
}
