// Reading a large calendar feed holds up the web process's event loop for how long? (issue [19] item 10,
// first fixed by [15] item 1: feeds are parsed and expanded in a worker thread). Builds a feed of about
// 1.9 MB (plain events two hours apart, a thousand of them in the sync window), times the parse on the
// main thread (what the event loop would wait if it ran there), then reads it as a sync does, off the
// thread, while the event-loop delay is monitored.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { busyFromIcs, readBusyOffThread } from '../server/domain/external-calendars';
import { BENCH_SCALE } from './settings';

const DAY_MS = 24 * 60 * 60 * 1000;
const stamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A feed of plain events up to `bytes` long, ending 90 days ahead. */
export function benchFeed(bytes = 1.9 * 1024 * 1024): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//bench//feed//EN'];
  let size = lines.join('\r\n').length;
  const last = Date.now() + 89 * DAY_MS;
  const events: string[][] = [];
  for (let i = 0; size < bytes - 200; i++) {
    const start = last - i * 2 * 3_600_000;
    const event = [
      'BEGIN:VEVENT',
      `UID:bench-event-${i}@calendar.example.com`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(start + 3_600_000)}`,
      'SUMMARY:Busy',
      'END:VEVENT',
    ];
    size += event.join('\r\n').length + 2;
    events.push(event);
  }
  return [...lines, ...events.reverse().flat(), 'END:VCALENDAR'].join('\r\n');
}

export interface FeedParseResult {
  bytes: number;
  events: number;
  busy: number;
  /** The parse and expansion on the main thread: how long the event loop would be held. */
  onThreadMs: number;
  /** Reading it as a sync does (off the thread): the wall time, and the event loop's longest and p99 delay meanwhile. */
  offThreadMs: number;
  maxDelayMs: number;
  p99DelayMs: number;
}

export async function measureFeedParse(): Promise<FeedParseResult> {
  // A smaller feed at a BENCH_SCALE below 1 (at least 20 KB).
  const text = benchFeed(Math.max(20 * 1024, 1.9 * 1024 * 1024 * BENCH_SCALE));
  const window = { from: new Date(Date.now() - DAY_MS), to: new Date(Date.now() + 90 * DAY_MS) };
  const zone = 'America/New_York';
  // Once each to warm up (module loading, the first worker's start).
  busyFromIcs(text, window, zone);
  await readBusyOffThread(text, window, zone);

  const started = performance.now();
  const busy = busyFromIcs(text, window, zone);
  const onThreadMs = performance.now() - started;

  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const offStarted = performance.now();
  await readBusyOffThread(text, window, zone);
  const offThreadMs = performance.now() - offStarted;
  delay.disable();
  return {
    bytes: Buffer.byteLength(text),
    events: (text.match(/BEGIN:VEVENT/g) ?? []).length,
    busy: busy.length,
    onThreadMs,
    offThreadMs,
    maxDelayMs: delay.max / 1e6,
    p99DelayMs: delay.percentile(99) / 1e6,
  };
}
