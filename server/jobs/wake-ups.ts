// The job queue's wake-ups: pg-boss can hear a NOTIFY sent when a job is created, so an idle worker
// need not poll every second to start a new job at once. Our pg-boss runs over the knex pool, which
// cannot hold a LISTEN; this gives it one connection of its own for that, as pg-boss's own pool would.
// When the connection drops it comes back with a growing pause, and pg-boss is told (onReconnect) so
// it fetches what it may have missed; meanwhile its slow poll still finds every job.
import pg from 'pg';
import type { Logger } from 'pino';

const RETRY_MS = { first: 1_000, max: 30_000 };

type Listen = (
  channel: string,
  onNotification: (payload: string) => void,
  onReconnect: () => void,
) => Promise<{ close(): Promise<void> }>;

export function listenThrough(connection: string | pg.ClientConfig, logger: Logger): Listen {
  return async (channel, onNotification, onReconnect) => {
    let closed = false;
    let client: pg.Client | null = null;
    let retryMs = RETRY_MS.first;
    let retryTimer: NodeJS.Timeout | null = null;

    const reconnectLater = () => {
      if (closed || retryTimer) return;
      retryTimer = setTimeout(() => {
        retryTimer = null;
        connect().then(onReconnect, reconnectLater);
      }, retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MS.max);
    };
    const connect = async () => {
      const next = new pg.Client({
        ...(typeof connection === 'string' ? { connectionString: connection } : connection),
        keepAlive: true,
        application_name: `portal job wake-ups pid ${process.pid}`,
      });
      const lost = (error: unknown) => {
        if (client !== next) return;
        client = null;
        next.removeAllListeners();
        next.end().catch(() => {});
        logger.warn({ err: error }, 'the job queue lost its wake-up connection; it polls until it is back');
        reconnectLater();
      };
      next.on('error', lost);
      next.on('end', () => lost(new Error('connection ended')));
      next.on('notification', (message) => {
        if (message.payload !== undefined) onNotification(message.payload);
      });
      client = next;
      try {
        await next.connect();
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        if (client === next) client = null;
        next.removeAllListeners();
        await next.end().catch(() => {});
        throw error;
      }
      retryMs = RETRY_MS.first;
    };

    // A first connection that fails rejects: pg-boss then warns and polls only.
    await connect();
    onReconnect();
    return {
      async close() {
        closed = true;
        if (retryTimer) clearTimeout(retryTimer);
        const last = client;
        client = null;
        last?.removeAllListeners();
        await last?.end().catch(() => {});
      },
    };
  };
}
