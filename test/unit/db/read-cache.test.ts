// The read cache's rules, with a stand-in change feed: a value is served only within the generation
// and the time it was read in, never kept when a change overlapped the read, never used while the
// feed cannot see changes, and frozen outside production.
import assert from 'node:assert/strict';
import type { ChangeFeed } from '../../../server/db/change-feed';
import { ReadCache } from '../../../server/db/read-cache';

class FakeFeed {
  generation: number | null = 1;
  snapshot() {
    return this.generation;
  }
}

function setUp(options: { maxEntries?: number; freeze?: boolean } = {}) {
  const feed = new FakeFeed();
  const cache = new ReadCache(feed as unknown as ChangeFeed, {
    maxEntries: options.maxEntries ?? 100,
    freeze: options.freeze ?? false,
  });
  let loads = 0;
  const load =
    (value: unknown = { n: loads }) =>
    async () => {
      loads++;
      return value;
    };
  return { feed, cache, load, loads: () => loads };
}

describe('read cache: a value read is served again until the data changes', () => {
  it('a second read in the same generation does not load again', async () => {
    const { cache, load, loads } = setUp();
    const first = await cache.read('k', 60_000, load({ name: 'a' }));
    const second = await cache.read('k', 60_000, load({ name: 'b' }));
    assert.deepEqual(second, first);
    assert.equal(loads(), 1);
  });

  it('reads that miss together share one load; after a change, a new read does not join the old one', async () => {
    const { feed, cache } = setUp();
    const finishers: ((value: string) => void)[] = [];
    const slow = () => new Promise<string>((resolve) => finishers.push(resolve));
    const first = cache.read('k', 60_000, slow);
    const second = cache.read('k', 60_000, slow);
    assert.equal(finishers.length, 1);
    finishers[0]!('old');
    assert.deepEqual(await Promise.all([first, second]), ['old', 'old']);
    feed.generation = 2;
    const before = cache.read('k', 60_000, slow);
    feed.generation = 3;
    const after = cache.read('k', 60_000, slow);
    assert.equal(finishers.length, 3, 'a read begun in generation 3 does not take what generation 2 read');
    finishers[1]!('older');
    finishers[2]!('new');
    assert.equal(await before, 'older');
    assert.equal(await after, 'new');
  });

  it('a change (new generation) makes the next read load again', async () => {
    const { feed, cache, load, loads } = setUp();
    await cache.read('k', 60_000, load({ name: 'a' }));
    feed.generation = 2;
    assert.deepEqual(await cache.read('k', 60_000, load({ name: 'b' })), { name: 'b' });
    assert.equal(loads(), 2);
  });

  it('a value is not kept past its time, even without a change', async () => {
    const { cache, load, loads } = setUp();
    await cache.read('k', -1, load({ name: 'a' }));
    await cache.read('k', 60_000, load({ name: 'b' }));
    assert.equal(loads(), 2);
  });
});

describe('read cache: a read that overlapped a change is not kept', () => {
  it('the generation moved while loading: served once, loaded again next time', async () => {
    const { feed, cache } = setUp();
    let n = 0;
    const racing = async () => {
      n++;
      feed.generation = (feed.generation ?? 0) + 1; // a write began while we were reading
      return { n };
    };
    assert.deepEqual(await cache.read('k', 60_000, racing), { n: 1 });
    assert.deepEqual(await cache.read('k', 60_000, racing), { n: 2 });
  });
});

describe('read cache: while changes cannot be seen, every read goes to the database', () => {
  it('no value is served or kept when the feed is not live', async () => {
    const { feed, cache, load, loads } = setUp();
    await cache.read('k', 60_000, load({ name: 'a' }));
    feed.generation = null;
    assert.deepEqual(await cache.read('k', 60_000, load({ name: 'b' })), { name: 'b' });
    assert.deepEqual(await cache.read('k', 60_000, load({ name: 'c' })), { name: 'c' });
    assert.equal(loads(), 3);
  });
});

describe('read cache: size and sharing', () => {
  it('holds at most maxEntries values, dropping the oldest', async () => {
    const { cache, load, loads } = setUp({ maxEntries: 2 });
    await cache.read('a', 60_000, load());
    await cache.read('b', 60_000, load());
    await cache.read('c', 60_000, load());
    await cache.read('c', 60_000, load());
    await cache.read('b', 60_000, load());
    assert.equal(loads(), 3);
    await cache.read('a', 60_000, load());
    assert.equal(loads(), 4);
  });

  it('outside production a cached value is frozen, so a caller that changes it fails loudly', async () => {
    const { cache, load } = setUp({ freeze: true });
    const value = (await cache.read('k', 60_000, load({ list: [{ id: 1 }] }))) as { list: { id: number }[] };
    assert.throws(() => value.list.push({ id: 2 }), TypeError);
    assert.throws(() => {
      value.list[0]!.id = 3;
    }, TypeError);
  });
});
