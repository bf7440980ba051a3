// The load generator, run as a child process of bench/run.ts so that it does not share the portal's
// event loop: receives jobs over IPC, one at a time, runs autocannon, answers with req/s and latency percentiles.
import autocannon from 'autocannon';

export interface LoadJob {
  url: string;
  seconds: number;
  connections: number;
  headers: Record<string, string>;
  /** Requests to make in all: the run ends after that many instead of after `seconds`. */
  amount?: number;
  /** Paths each connection asks in turn (a mix of pages), instead of `url`'s own path. */
  paths?: string[];
}

export interface LoadResult {
  url: string;
  seconds: number;
  /** 2xx responses per second over the whole run. */
  rps: number;
  ok: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
  p50: number;
  p95: number;
  p99: number;
}

async function measure(job: LoadJob): Promise<LoadResult> {
  // autocannon's own histogram has no p95, so the response times are kept here (ms, 2xx only).
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  const instance = autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.seconds,
    headers: job.headers,
    ...(job.amount ? { amount: job.amount } : {}),
    ...(job.paths ? { requests: job.paths.map((path) => ({ path })) } : {}),
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    url: job.url,
    seconds: result.duration,
    rps: result['2xx'] / result.duration,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    statusCodes,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

/** Nearest-rank percentile of sorted values; NaN when there are none. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

// One job at a time, answered by its id, until the bench disconnects.
if (process.send) {
  process.on('message', ({ id, job }: { id: number; job: LoadJob }) => {
    measure(job).then(
      (result) => process.send!({ id, result }),
      (error: unknown) => process.send!({ id, error: String(error) }),
    );
  });
  process.once('disconnect', () => process.exit(0));
}
