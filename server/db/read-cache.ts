// A small per-process cache of database reads, good only for the change feed's generation it was read
// in (any change to a watched table empties it, in effect) and for the time its caller allows. Callers get
// the stored value itself: they must build their own objects from it, never change it (outside
// production, values are frozen so that a mutation fails loudly in the tests).
import type { ChangeFeed } from './change-feed';

interface Entry {
  generation: number;
  expiresAt: number;
  value: unknown;
}

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  /** Reads under way, by key, with the generation they began in. */
  private readonly loading = new Map<string, { generation: number; value: Promise<unknown> }>();
  /** Reads answered from memory, and reads that went to the database (for /metrics). */
  readonly counts = { hits: 0, misses: 0 };

  constructor(
    private readonly feed: ChangeFeed,
    private readonly options: { maxEntries: number; freeze: boolean },
  ) {}

  async read<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const generation = this.feed.snapshot();
    if (generation === null) {
      this.counts.misses += 1;
      return load();
    }
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.generation === generation && hit.expiresAt > now) {
      this.counts.hits += 1;
      return hit.value as T;
    }
    // Requests that miss together (an entry just expired under load) share one read of it.
    const underWay = this.loading.get(key);
    if (underWay?.generation === generation) {
      this.counts.hits += 1;
      return underWay.value as Promise<T>;
    }
    this.counts.misses += 1;
    const loading = load();
    this.loading.set(key, { generation, value: loading });
    let value: T;
    try {
      value = await loading;
    } finally {
      if (this.loading.get(key)?.value === loading) this.loading.delete(key);
    }
    // A change that began while we read may not be in what we read: keep it only if there was none.
    if (this.feed.snapshot() === generation) {
      if (this.entries.size >= this.options.maxEntries) this.dropOldest();
      this.entries.delete(key);
      this.entries.set(key, {
        generation,
        expiresAt: now + ttlMs,
        value: this.options.freeze ? deepFreeze(value) : value,
      });
    }
    return value;
  }

  private dropOldest(): void {
    // Maps iterate in insertion order; stale generations go first anyway.
    const generation = this.feed.snapshot();
    for (const [key, entry] of this.entries) if (entry.generation !== generation) this.entries.delete(key);
    while (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
