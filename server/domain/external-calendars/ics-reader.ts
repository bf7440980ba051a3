// Reads a feed's text as busy time in a worker thread (ics-worker.ts), one per sync, with a time and a
// memory limit: the web process's event loop only waits for the answer, and a feed that would take
// longer or more memory than that is refused (its thread is stopped), not retried.
import { Worker } from 'node:worker_threads';
import type { ExternalBusy } from '../../integrations/calendar-sync';
import type { Window } from './ics';
import type { IcsWorkerAnswer, IcsWorkerInput } from './ics-worker';
import { FeedError } from './safe-fetch';

export const FEED_READ_LIMITS = {
  /** Wall-clock time to parse and expand one feed (a 2 MB feed of plain events takes about 1 s). */
  timeoutMs: 15_000,
  /** Heap of the thread that reads it. */
  maxHeapMb: 256,
} as const;

export const READ_MESSAGES = {
  tooComplex: 'The calendar is too large or complex for us to read.',
} as const;

export interface ReadLimits {
  timeoutMs?: number;
  maxHeapMb?: number;
}

// Beside this file when run as TypeScript; beside the bundle (dist/server/ics-worker.js) when compiled.
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('./ics-worker.ts', import.meta.url)
  : new URL('./ics-worker.js', import.meta.url);

export function readBusyOffThread(
  text: string,
  window: Window,
  timeZone: string,
  limits: ReadLimits = {},
): Promise<ExternalBusy[]> {
  const input: IcsWorkerInput = { text, window, timeZone };
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: input,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb ?? FEED_READ_LIMITS.maxHeapMb },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const refuse = () => reject(new FeedError(READ_MESSAGES.tooComplex, { permanent: true }));
    const timer = setTimeout(() => settle(refuse), limits.timeoutMs ?? FEED_READ_LIMITS.timeoutMs);
    worker.once('message', (answer: IcsWorkerAnswer) =>
      settle(() => {
        if ('busy' in answer) resolve(answer.busy);
        else reject(new FeedError(answer.error, { permanent: answer.permanent }));
      }),
    );
    // Out of memory is the feed's doing; any other failure of the thread is ours, and thrown as it is.
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() => (error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? refuse() : reject(error))),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`the feed reader thread stopped without an answer (exit code ${code})`))),
    );
  });
}
