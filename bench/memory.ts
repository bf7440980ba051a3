// The portal's memory, measured on a process of its own: the compiled server (`npm run start:prod`'s
// entry, NODE_ENV=production, its job worker in the process as by default) started as a child process,
// so that the figures are the portal's alone — not the bench's, which holds the load generator's
// children, the demo seeding and a second portal. RSS is read from /proc/<pid>/status (VmRSS, what the
// operating system charges the process); the V8 heap through the inspector (`--inspect` on a free port
// of 127.0.0.1), which can also force a full collection and take a heap snapshot.
import fs from 'node:fs';
import { LOCAL_SERVICES } from '../server/config';
import { type Portal, startPortal, stopPortal } from '../test/support/portal-process';
import { productionNodeFlags } from '../test/support/production-flags';
import { ensureBenchDataKeys } from './settings';

export interface MemoryFigures {
  /** VmRSS, bytes; and after a full collection of the V8 heap (what the startup's garbage held). */
  rss: number;
  rssAfterGc: number;
  /** The V8 heap's size (used and free), bytes. */
  heapTotal: number;
  /** V8's heap in use (process.memoryUsage().heapUsed), bytes; and after a full collection. */
  heapUsed: number;
  heapUsedAfterGc: number;
  /** Memory outside the V8 heap held by JavaScript objects (Buffers, typed arrays), bytes. */
  external: number;
  arrayBuffers: number;
}

/** A portal process of its own, with an inspector connection to read its heap. */
export interface PortalProcess {
  base: string;
  portal: Portal;
  inspector: Inspector;
  memory(): Promise<MemoryFigures>;
  stop(): Promise<void>;
}

/** The settings of a production process that runs every outside service locally (a demo server). */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  DATA_ENCRYPTION_KEYS: ensureBenchDataKeys(),
  ALLOW_LOCAL_SERVICES: Object.keys(LOCAL_SERVICES).join(','),
  // The bench's own sign-ins and API reads are not throttled.
  API_RATE_LIMIT: '100000',
};

/**
 * Starts the compiled portal on `databaseUrl` and connects to its inspector. The bench's database is migrated
 * and seeded already; `seedDemo: 'auto'` has the process migrate an empty one and load the demo data.
 */
export async function startPortalProcess(
  databaseUrl: string,
  options: { seedDemo?: 'auto'; env?: Record<string, string>; sourceMaps?: boolean } = {},
): Promise<PortalProcess> {
  const portal = await startPortal(databaseUrl, {
    compiled: true,
    logLevel: 'warn',
    seedDemo: options.seedDemo,
    // As `npm run start:prod` runs it: its flags (the heap's cap), without --enable-source-maps
    // (docs/operations.md, "Memory").
    sourceMaps: options.sourceMaps ?? false,
    env: {
      ...PRODUCTION_ENV,
      NODE_OPTIONS: ['--inspect=127.0.0.1:0', ...productionNodeFlags()].join(' '),
      ...options.env,
    },
  });
  const url = /Debugger listening on (ws:\/\/\S+)/.exec(portal.output())?.[1];
  if (!url) {
    await stopPortal(portal);
    throw new Error(`the portal process opened no inspector:\n${portal.output()}`);
  }
  const inspector = await Inspector.connect(url);
  const pid = portal.child.pid!;
  return {
    base: `http://127.0.0.1:${portal.port}`,
    portal,
    inspector,
    async memory() {
      const rss = residentBytes(pid);
      const usage = await inspector.memoryUsage();
      await inspector.collectGarbage();
      const after = await inspector.memoryUsage();
      return {
        rss,
        rssAfterGc: residentBytes(pid),
        heapTotal: usage.heapTotal,
        heapUsed: usage.heapUsed,
        heapUsedAfterGc: after.heapUsed,
        external: after.external,
        arrayBuffers: after.arrayBuffers,
      };
    },
    async stop() {
      inspector.close();
      await stopPortal(portal);
    },
  };
}

/** VmRSS of a process, in bytes, from /proc (Linux). */
export function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kb) * 1024;
}

/** A minimal Chrome DevTools protocol client over the global WebSocket (Node 22 and later). */
export class Inspector {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Map<string, (params: unknown) => void>();

  private constructor(private readonly socket: WebSocket) {
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as {
        id?: number;
        method?: string;
        params?: unknown;
        result?: unknown;
        error?: { message: string };
      };
      if (message.id !== undefined) {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) waiting?.reject(new Error(message.error.message));
        else waiting?.resolve(message.result);
      } else if (message.method) this.listeners.get(message.method)?.(message.params);
    });
    socket.addEventListener('close', () => {
      for (const { reject } of this.pending.values()) reject(new Error('the inspector connection closed'));
      this.pending.clear();
    });
  }

  static async connect(url: string): Promise<Inspector> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error(`could not connect to the inspector at ${url}`)), {
        once: true,
      });
    });
    return new Inspector(socket);
  }

  post<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  on(method: string, listener: (params: unknown) => void): void {
    this.listeners.set(method, listener);
  }

  async memoryUsage(): Promise<NodeJS.MemoryUsage> {
    const answer = await this.post<{ result: { value?: string }; exceptionDetails?: unknown }>('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    });
    if (!answer.result.value) throw new Error(`process.memoryUsage() failed: ${JSON.stringify(answer)}`);
    return JSON.parse(answer.result.value) as NodeJS.MemoryUsage;
  }

  collectGarbage(): Promise<unknown> {
    return this.post('HeapProfiler.collectGarbage');
  }

  /** Writes a heap snapshot (the .heapsnapshot format of Chrome DevTools) to `file`; answers its size in bytes. */
  async writeHeapSnapshot(file: string): Promise<number> {
    const out = fs.openSync(file, 'w');
    let bytes = 0;
    try {
      this.on('HeapProfiler.addHeapSnapshotChunk', (params) => {
        const chunk = (params as { chunk: string }).chunk;
        bytes += Buffer.byteLength(chunk);
        fs.writeSync(out, chunk);
      });
      await this.post('HeapProfiler.enable');
      await this.post('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    } finally {
      fs.closeSync(out);
      this.listeners.delete('HeapProfiler.addHeapSnapshotChunk');
    }
    return bytes;
  }

  close(): void {
    this.socket.close();
  }
}
