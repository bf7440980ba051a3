// The page cache's own rules (server/http/page-cache.ts): a page is good for its generation and its time
// only, one rendered while the data changed is not kept, and the documents kept stay within their bytes.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import type { Response } from 'express';
import { PageCache } from '../../../server/http/page-cache';

/** A change feed stand-in: its generation, moved by hand; null is "changes cannot be heard". */
function generations(start: number | null = 1) {
  const feed = { current: start, snapshot: () => feed.current };
  return feed;
}

const page = (bytes: number, fill = 'a') => Buffer.alloc(bytes, fill);

describe('PageCache', () => {
  const realNow = Date.now;
  afterEach(() => {
    Date.now = realNow;
  });

  it('sends a kept page back for its generation, with its policy, and no longer after a change', () => {
    const feed = generations();
    const cache = new PageCache(feed, { ttlMs: 10_000, maxBytes: 1000 });
    cache.keep('a', 1, page(10), "default-src 'self'");
    assert.equal(cache.get('a')?.policy, "default-src 'self'");
    assert.equal(cache.get('a')?.body.length, 10);
    feed.current = 2;
    assert.equal(cache.get('a'), undefined);
    feed.current = 1;
    assert.equal(cache.get('a'), undefined, 'a page once found stale is gone');
  });

  it('does not keep a page whose data changed while it was read, nor any while changes cannot be heard', () => {
    const feed = generations(2);
    const cache = new PageCache(feed, { ttlMs: 10_000, maxBytes: 1000 });
    cache.keep('read-in-1', 1, page(10), undefined);
    assert.equal(cache.get('read-in-1'), undefined);
    feed.current = null;
    cache.keep('feed-down', 2, page(10), undefined);
    feed.current = 2;
    assert.equal(cache.get('feed-down'), undefined);
  });

  it('lets a page go once its time has passed, though nothing changed', () => {
    let now = 1_000_000;
    Date.now = () => now;
    const cache = new PageCache(generations(), { ttlMs: 10_000, maxBytes: 1000 });
    cache.keep('a', 1, page(10), undefined);
    now += 9_999;
    assert.ok(cache.get('a'));
    now += 1;
    assert.equal(cache.get('a'), undefined);
  });

  it('keeps within its bytes, the oldest going first, and never keeps one page of more than an eighth of them', () => {
    const cache = new PageCache(generations(), { ttlMs: 10_000, maxBytes: 800 });
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) cache.keep(key, 1, page(100), undefined);
    assert.ok(cache.get('a'));
    cache.keep('i', 1, page(100), undefined);
    assert.equal(cache.get('a'), undefined, 'the oldest went');
    assert.ok(cache.get('b'));
    assert.ok(cache.get('i'));
    cache.keep('huge', 1, page(101), undefined);
    assert.equal(cache.get('huge'), undefined);
    // A page kept again replaces its older self, counted once.
    cache.keep('i', 1, page(100, 'z'), undefined);
    assert.equal(cache.get('i')?.body[0], 'z'.charCodeAt(0));
    assert.ok(cache.get('b'));
  });

  it('renders a page once for requests that ask at the same time: the others wait for its response to end', async () => {
    const cache = new PageCache(generations(), { ttlMs: 10_000, maxBytes: 1000 });
    const response = new EventEmitter() as unknown as Response;
    assert.equal(cache.renderOnce('a', response), null, 'the first request renders');
    const waiting = cache.renderOnce('a', new EventEmitter() as unknown as Response);
    assert.ok(waiting, 'a second request waits');
    assert.equal(cache.renderOnce('b', new EventEmitter() as unknown as Response), null, 'another page does not');
    let waited = false;
    void waiting.then(() => {
      waited = true;
    });
    cache.keep('a', 1, page(10), undefined);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(waited, false, 'until the response ends');
    (response as unknown as EventEmitter).emit('close');
    await waiting;
    assert.ok(cache.get('a'));
    assert.equal(cache.renderOnce('a', new EventEmitter() as unknown as Response), null, 'then the next one renders');
  });
});
