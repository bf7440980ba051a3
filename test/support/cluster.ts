// Several portal processes on one PostgreSQL behind a small load balancer, as a deployment runs them: web
// processes that only enqueue jobs (JOBS_IN_PROCESS=0) and job workers, all started at the same moment.
// The proxy behaves as the deployment notes ask of a real one: it health-checks every backend each half
// second (two failed checks, or one refused connection, take it out), passes responses through
// unbuffered (live streams), and never retries a POST; an idempotent GET that found its backend gone is
// tried once more on another. Shared by test/process/cluster.test.ts and `npm run bench:cluster`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createOwnDatabase,
  type OwnDatabase,
  type Portal,
  type PortalOptions,
  startPortal,
  startWorker,
  stopPortal,
  type Target,
} from './portal-process';

/** A request with this header (a backend's index) goes to that backend, whatever the rotation says. */
export const BACKEND_HEADER = 'x-cluster-backend';
/** Each answer says which backend served it. */
export const SERVED_BY_HEADER = 'x-served-by';

/** The proxy's own answer when no backend could take a request: short, plain, no stack. */
export const BAD_GATEWAY = 'Bad gateway: the server that took this request went away. Try again.';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));
}

interface Backend {
  port: number;
  up: boolean;
  /** When a request last found it gone: a health check begun before then does not bring it back. */
  failedAt: number;
  /** Health checks failed in a row: two take it out (one slow answer on a busy machine does not). */
  failedChecks: number;
  agent: http.Agent;
}

export class LoadBalancer implements Target {
  port = 0;
  /** Requests each backend answered (by index), and the proxy's own 502/503 answers. */
  readonly served: number[] = [];
  badGateways = 0;
  private readonly backends: Backend[] = [];
  private readonly server = http.createServer((req, res) => this.handle(req, res, 0));
  private next = 0;
  private timer: NodeJS.Timeout | undefined;

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    this.timer = setInterval(() => void this.checkHealth(), 500);
    return this;
  }

  /** Puts a backend at `index` (a restarted process takes its old place); it is up once it passes /readyz. */
  setBackend(index: number, port: number): void {
    this.backends[index]?.agent.destroy();
    this.backends[index] = {
      port,
      up: false,
      failedAt: 0,
      failedChecks: 0,
      agent: new http.Agent({ keepAlive: true, maxSockets: 64 }),
    };
    this.served[index] ??= 0;
    void this.checkHealth();
  }

  /** The backends that pass their health check now. */
  upBackends(): number[] {
    return this.backends.flatMap((backend, index) => (backend.up ? [index] : []));
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
    for (const backend of this.backends) backend.agent.destroy();
  }

  private checking = false;

  private async checkHealth(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      await Promise.all(
        this.backends.map(async (backend) => {
          const started = Date.now();
          const ready = await fetch(`http://127.0.0.1:${backend.port}/readyz`, { signal: AbortSignal.timeout(2_000) })
            .then((r) => r.status === 200)
            .catch(() => false);
          if (!this.backends.includes(backend)) return;
          if (ready) {
            backend.failedChecks = 0;
            if (backend.failedAt < started) backend.up = true;
          } else if (++backend.failedChecks >= 2) backend.up = false;
        }),
      );
    } finally {
      this.checking = false;
    }
  }

  private pick(req: http.IncomingMessage, avoid: number | null): number | null {
    const asked = req.headers[BACKEND_HEADER];
    if (typeof asked === 'string' && avoid === null) return Number(asked);
    const up = this.upBackends().filter((index) => index !== avoid);
    if (up.length === 0) return null;
    this.next = (this.next + 1) % up.length;
    return up[this.next]!;
  }

  private refuse(res: http.ServerResponse, status: 502 | 503, text: string): void {
    this.badGateways += 1;
    if (res.headersSent) return void res.destroy();
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(text);
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse, attempt: number, avoid: number | null = null) {
    const index = this.pick(req, avoid);
    const backend = index === null ? undefined : this.backends[index];
    if (index === null || !backend) return this.refuse(res, 503, 'No server is available. Try again shortly.');
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request({
      host: '127.0.0.1',
      port: backend.port,
      method: req.method,
      path: req.url,
      agent: backend.agent,
      headers: { ...endToEnd(req.headers), 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'http' },
    });
    upstream.on('response', (answer) => {
      this.served[index] = (this.served[index] ?? 0) + 1;
      res.writeHead(answer.statusCode ?? 502, { ...endToEnd(answer.headers), [SERVED_BY_HEADER]: String(index) });
      // Unbuffered: each chunk (a live stream's event) goes on as it comes.
      res.flushHeaders();
      answer.on('data', (chunk) => res.write(chunk));
      answer.on('end', () => res.end());
      // The backend died mid-answer: the client sees its connection end, never a truncated page as whole.
      answer.on('aborted', () => res.destroy());
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      // A refused or reset connection takes the backend out at once; the health check brings it back.
      if (error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET') {
        backend.up = false;
        backend.failedAt = Date.now();
      }
      if (res.headersSent) return void res.destroy();
      // Only a request that never reached a backend, and only an idempotent one, goes to another.
      const idempotent = req.method === 'GET' || req.method === 'HEAD';
      if (idempotent && error.code === 'ECONNREFUSED' && attempt === 0 && req.headers[BACKEND_HEADER] === undefined)
        return this.handle(req, res, attempt + 1, index);
      this.refuse(res, 502, BAD_GATEWAY);
    });
    // The client went away (a stream closed by the browser): so does the request to the backend.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  }
}

export interface ClusterOptions {
  webs?: number;
  workers?: number;
  /** For every process (say, NODE_ENV=production and its companions); the compiled build when it is current, unless `compiled` says otherwise. */
  portal?: PortalOptions;
}

export interface Cluster {
  database: OwnDatabase;
  proxy: LoadBalancer;
  webs: Portal[];
  workers: Portal[];
  /** SIGKILL to web process `index`, as a crashed machine; resolves when it is gone. */
  kill(index: number): Promise<void>;
  /** Starts web process `index` again (same database, its place behind the proxy) and waits until it takes traffic. */
  restart(index: number): Promise<Portal>;
  /** Stops every process (SIGTERM, as an orchestrator does) and starts them all again at the same moment. */
  restartAll(): Promise<void>;
  /** Stops everything; `keepDatabase` leaves the database for a look afterwards. */
  stop(options?: { keepDatabase?: boolean }): Promise<void>;
}

/**
 * Starts `webs` web processes (JOBS_IN_PROCESS=0) and `workers` workers at the same moment on a new, empty
 * database (made on `server`, else the test run's), behind a LoadBalancer; resolves when every web process
 * passes /readyz through the balancer's health check and every worker runs the queue.
 */
export async function startCluster(options: ClusterOptions = {}, server?: string): Promise<Cluster> {
  const database = await createOwnDatabase('cluster', server);
  const proxy = await new LoadBalancer().listen();
  // Four processes starting at once on two cores take a while, the more so beside other work.
  const common: PortalOptions = { startTimeoutMs: 240_000, ...options.portal };
  const webOptions: PortalOptions = { logLevel: 'error', trustProxy: true, ...common, jobsInProcess: false };
  const workerOptions: PortalOptions = common;
  const webs: Portal[] = [];
  const workers: Portal[] = [];
  const waitUntilUp = async (index: number) => {
    const deadline = Date.now() + 30_000;
    while (!proxy.upBackends().includes(index)) {
      if (Date.now() > deadline) throw new Error(`web process ${index} did not become ready behind the proxy`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const startAll = async () => {
    const started = await Promise.allSettled([
      ...Array.from({ length: options.webs ?? 3 }, (_, index) =>
        startPortal(database.url, webOptions).then((portal) => {
          webs[index] = portal;
          proxy.setBackend(index, portal.port);
        }),
      ),
      ...Array.from({ length: options.workers ?? 1 }, (_, index) =>
        startWorker(database.url, workerOptions).then((worker) => {
          workers[index] = worker;
        }),
      ),
    ]);
    const failures = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
    if (failures.length) throw new Error(`the cluster did not start:\n${failures.join('\n')}`);
    await Promise.all(webs.map((_, index) => waitUntilUp(index)));
  };
  const stopAll = () => Promise.all([...webs, ...workers].map((portal) => stopPortal(portal)));
  const cluster: Cluster = {
    database,
    proxy,
    webs,
    workers,
    async kill(index) {
      const portal = webs[index]!;
      portal.child.kill('SIGKILL');
      await portal.exited;
    },
    async restart(index) {
      const portal = await startPortal(database.url, webOptions);
      webs[index] = portal;
      proxy.setBackend(index, portal.port);
      await waitUntilUp(index);
      return portal;
    },
    async restartAll() {
      await stopAll();
      webs.length = 0;
      workers.length = 0;
      await startAll();
    },
    async stop({ keepDatabase = false } = {}) {
      await proxy.close();
      await stopAll();
      if (!keepDatabase) await database.drop();
    },
  };
  try {
    await startAll();
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}
