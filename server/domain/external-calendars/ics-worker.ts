// The worker thread that reads one feed's text (ics-reader.ts starts it): parsing and expanding a large
// or hostile feed runs here, so it never blocks the web process's event loop.
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { ExternalBusy } from '../../integrations/calendar-sync';
import { busyFromIcs, type Window } from './ics';
import { FeedError, FETCH_MESSAGES } from './safe-fetch';

export interface IcsWorkerInput {
  text: string;
  window: Window;
  timeZone: string;
}
export type IcsWorkerAnswer = { busy: ExternalBusy[] } | { error: string; permanent: boolean };

/** A nice value: below the web thread's 0. */
const BACKGROUND_PRIORITY = 10;

function answer({ text, window, timeZone }: IcsWorkerInput): IcsWorkerAnswer {
  try {
    return { busy: busyFromIcs(text, window, timeZone) };
  } catch (error) {
    if (error instanceof FeedError) return { error: error.message, permanent: error.permanent };
    return { error: FETCH_MESSAGES.unreadable, permanent: false };
  }
}

// On Linux a nice value belongs to the thread that sets it: reading feeds gives way to the web thread
// when the CPUs are busy. (Elsewhere it would lower the whole process, so it is left as it is.)
if (process.platform === 'linux') {
  try {
    os.setPriority(BACKGROUND_PRIORITY);
  } catch {
    // Not allowed here: the read runs at the usual priority.
  }
}

parentPort?.postMessage(answer(workerData as IcsWorkerInput));
