// Server-sent events for live views: one long response per browser tab, kept alive by comment lines,
// never compressed or buffered on the way (compression would hold the events back), ended after a
// while so the browser reconnects and its sign-in is checked again, and limited per user.
// A stream lives only as long as its session: sign-out, expiry or a password change elsewhere ends it
// (the change feed names each session that changes or ends; a periodic check catches the rest). The
// limit per user is kept in PostgreSQL (table live_streams), so it holds across features and processes.
import type { Request, Response } from 'express';
import type { Knex } from 'knex';
import { sessionSignsIn } from './session';

export const HEARTBEAT_MS = 25_000;
/** The browser reconnects on its own after this (EventSource), so its sign-in is checked again. */
export const STREAM_LIFETIME_MS = 5 * 60_000;
/**
 * Open streams one user may hold at once, across every feature (a front desk sharing one login keeps several
 * tabs of Messages and the practice inbox open); more are refused, and those tabs poll and say so.
 */
export const STREAMS_PER_USER = 10;
/** A stream's place counts this long after its process last renewed it (every heartbeat): a process that died frees its places. */
export const STREAM_LEASE_MS = 60_000;

export interface StreamLimits {
  perUser: number;
  heartbeatMs: number;
  lifetimeMs: number;
  leaseMs: number;
}
const DEFAULT_LIMITS: StreamLimits = {
  perUser: STREAMS_PER_USER,
  heartbeatMs: HEARTBEAT_MS,
  lifetimeMs: STREAM_LIFETIME_MS,
  leaseMs: STREAM_LEASE_MS,
};

/** Says which session changed or ended ('*': possibly any): the change feed. */
export interface SessionChanges {
  onSessionChange(listener: (sid: string) => void): void;
}

export interface EventStream {
  /** One event; `id` becomes the browser's Last-Event-ID when it reconnects. */
  send(event: string, data: unknown, id?: number): void;
  close(): void;
  readonly closed: boolean;
}

/** Every open stream of the process, so a shutdown can end them (the server waits for open responses). */
const everyStream = new Set<EventStream>();

/** Ends every open stream: browsers reconnect (to another process, during a deploy). */
export function endAllEventStreams(): void {
  for (const stream of [...everyStream]) stream.close();
}

interface OpenStream {
  placeId: number;
  userId: number;
  sid: string;
  stream: EventStream;
}

/** The live streams of one server process (one per app; features share it). */
export class EventStreams {
  private readonly live = new Map<number, OpenStream>();
  private timer: NodeJS.Timeout | null = null;
  /** Sessions to check on the next tick ('all' after a '*'), so a burst of changes costs one query. */
  private pending: Set<string> | 'all' | null = null;

  constructor(
    private readonly db: Knex,
    sessions: SessionChanges,
    private readonly onError: (error: unknown, what: string) => void = () => {},
    private readonly limits: StreamLimits = DEFAULT_LIMITS,
  ) {
    sessions.onSessionChange((sid) => {
      if (sid === '*') this.checkSoon('all');
      else if ([...this.live.values()].some((open) => open.sid === sid)) this.checkSoon(sid);
    });
  }

  /** How many streams this process holds open now (for /metrics). */
  get openCount(): number {
    return this.live.size;
  }

  /**
   * Starts the stream, or answers 429 and returns null when the user has too many open. `onClose` runs
   * once, whoever ends it (the browser leaving, the lifetime, the session ending, the server).
   */
  async open(req: Request, res: Response, userId: number, onClose: () => void): Promise<EventStream | null> {
    const placeId = await this.takePlace(userId);
    if (placeId === null) {
      res.status(429).set('Retry-After', '60').json({ message: 'Too many live connections.' });
      return null;
    }
    if (res.closed || res.writableEnded) {
      // The browser left while the place was being taken.
      this.releasePlace(placeId);
      return null;
    }
    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: the compression middleware leaves such responses alone (it would buffer them).
      'Cache-Control': 'no-cache, no-store, no-transform',
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
    });
    res.flushHeaders();
    req.socket.setNoDelay(true);
    req.socket.setTimeout(0);
    // Reconnect after 3 s when the connection drops.
    res.write('retry: 3000\n\n');

    let closed = false;
    const heartbeat = setInterval(() => res.write(': ping\n\n'), this.limits.heartbeatMs);
    const lifetime = setTimeout(() => close(), this.limits.lifetimeMs);
    heartbeat.unref();
    lifetime.unref();
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      everyStream.delete(stream);
      this.live.delete(placeId);
      this.releasePlace(placeId);
      if (this.live.size === 0) this.stopTimer();
      onClose();
      if (!res.writableEnded) res.end();
    };
    const stream: EventStream = {
      send(event, data, id) {
        if (closed) return;
        res.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      },
      close,
      get closed() {
        return closed;
      },
    };
    everyStream.add(stream);
    this.live.set(placeId, { placeId, userId, sid: req.sessionID, stream });
    this.startTimer();
    res.on('close', close);
    // The session may have ended between this request reading it and the stream being registered.
    this.checkSoon(req.sessionID);
    return stream;
  }

  /** Ends this app's streams and its timer (the app closing). */
  close(): void {
    for (const { stream } of [...this.live.values()]) stream.close();
    this.stopTimer();
  }

  /** Takes one of the user's places, or null when all are taken; one opening at a time per user, in any process. */
  private takePlace(userId: number): Promise<number | null> {
    return this.db.transaction(async (trx) => {
      await trx.raw(`select pg_advisory_xact_lock(hashtextextended('live_streams:' || ?::text, 0))`, [userId]);
      await trx('live_streams').where({ user_id: userId }).where('lease_until', '<', trx.fn.now()).del();
      const taken = await trx('live_streams').where({ user_id: userId }).count({ n: '*' }).first();
      if (Number(taken?.n ?? 0) >= this.limits.perUser) return null;
      const [place] = await trx('live_streams')
        .insert({
          user_id: userId,
          lease_until: trx.raw('now() + make_interval(secs => ?)', [this.limits.leaseMs / 1000]),
        })
        .returning('id');
      return place.id;
    });
  }

  private releasePlace(placeId: number): void {
    this.db('live_streams')
      .where({ id: placeId })
      .del()
      .catch((error: unknown) => this.onError(error, 'releasing a live stream place'));
  }

  private checkSoon(what: string | 'all'): void {
    if (this.live.size === 0) return;
    const first = this.pending === null;
    if (what === 'all' || this.pending === 'all') this.pending = 'all';
    else this.pending = new Set([...(this.pending ?? []), what]);
    if (first) setImmediate(() => void this.checkPending());
  }

  private async checkPending(): Promise<void> {
    const wanted = this.pending;
    this.pending = null;
    if (!wanted) return;
    const streams = [...this.live.values()].filter((open) => wanted === 'all' || wanted.has(open.sid));
    if (streams.length === 0) return;
    try {
      const sids = [...new Set(streams.map((open) => open.sid))];
      const rows: { sid: string; sess: unknown }[] = await this.db('sessions')
        .select('sid', 'sess')
        .whereIn('sid', sids)
        .where('expire', '>=', this.db.fn.now());
      const stored = new Map(
        rows.map((row) => [
          row.sid,
          (typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess) as Parameters<typeof sessionSignsIn>[0],
        ]),
      );
      const now = Date.now();
      for (const open of streams) {
        const session = stored.get(open.sid);
        if (!session || !sessionSignsIn(session, open.userId, now)) open.stream.close();
      }
    } catch (error) {
      // Nobody can tell whether these sessions still hold: end their streams (the browsers reconnect and are checked).
      this.onError(error, 'checking the sessions of live streams');
      for (const open of streams) open.stream.close();
    }
  }

  /** Every heartbeat: renew this process's places, and check every stream's session (expiry, missed changes). */
  private startTimer(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      const placeIds = [...this.live.keys()];
      if (placeIds.length === 0) return;
      this.db('live_streams')
        .whereIn('id', placeIds)
        .update({ lease_until: this.db.raw('now() + make_interval(secs => ?)', [this.limits.leaseMs / 1000]) })
        .catch((error: unknown) => this.onError(error, 'renewing live stream places'));
      this.checkSoon('all');
    }, this.limits.heartbeatMs);
    this.timer.unref();
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
