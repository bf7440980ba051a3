// A bound on expensive work in this process (password hashing, image pipelines): a few run at once, a
// short line waits, and past that the caller is told to come back (BusyError: 503 + Retry-After)
// rather than every request queueing behind the CPU or the memory.
import { BusyError } from './errors';

export class WorkLimit {
  private running = 0;
  private readonly line: (() => void)[] = [];
  /** The most that ever ran at once, and how many runs there were (operators' metrics; tests read them). */
  peak = 0;
  runs = 0;

  constructor(
    readonly concurrent: number,
    readonly waiting: number,
    readonly retryAfterSeconds: number,
    private readonly busyMessage?: string,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrent) {
      if (this.line.length >= this.waiting) throw new BusyError(this.retryAfterSeconds, this.busyMessage);
      await new Promise<void>((resolve) => this.line.push(resolve));
    } else {
      this.running++;
    }
    this.peak = Math.max(this.peak, this.running);
    this.runs++;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, so `running` never drops and rises again.
      const next = this.line.shift();
      if (next) next();
      else this.running--;
    }
  }
}
