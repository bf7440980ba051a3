// Server-sent events for live views: one long response per browser tab, kept alive by comment lines,
// never compressed or buffered on the way (compression would hold the events back), ended after a
// while so the browser reconnects and its sign-in is checked again, and limited per user.
import type { Request, Response } from 'express';

export const HEARTBEAT_MS = 25_000;
/** The browser reconnects on its own after this (EventSource), so a session ended elsewhere is noticed within minutes. */
export const STREAM_LIFETIME_MS = 5 * 60_000;
/** Open streams one user may hold at once (a few tabs); more are refused and those tabs poll instead. */
export const STREAMS_PER_USER = 5;

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

export class EventStreams {
  private readonly openByUser = new Map<number, number>();

  constructor(private readonly limits = { perUser: STREAMS_PER_USER, heartbeatMs: HEARTBEAT_MS, lifetimeMs: STREAM_LIFETIME_MS }) {}

  /** Open streams of a user (tests and limits). */
  openCount(userId: number): number {
    return this.openByUser.get(userId) ?? 0;
  }

  /**
   * Starts the stream, or answers 429 and returns null when the user has too many open. `onClose` runs
   * once, whoever ends it (the browser leaving, the lifetime, the server).
   */
  open(req: Request, res: Response, userId: number, onClose: () => void): EventStream | null {
    const count = this.openCount(userId);
    if (count >= this.limits.perUser) {
      res.status(429).set('Retry-After', '60').json({ message: 'Too many live connections.' });
      return null;
    }
    this.openByUser.set(userId, count + 1);
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
      const left = this.openCount(userId) - 1;
      if (left > 0) this.openByUser.set(userId, left);
      else this.openByUser.delete(userId);
      onClose();
      if (!res.writableEnded) res.end();
    };
    const stream: EventStream = {
      send(event, data, id) {
        if (closed) return;
        res.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      },
      close,
      get closed() { return closed; },
    };
    everyStream.add(stream);
    res.on('close', close);
    return stream;
  }
}
