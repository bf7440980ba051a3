// A signed-in page kept as the document it rendered, and sent again to the same session until the data
// changes (the change feed's generation, as for the read cache) or PAGE_TTL_MS passes (what a page shows
// of the clock: upcoming consultations, bookable slots). A route opts in with `cachedPage` before its
// handler; render() keeps what it sent. Only a page that reads and records nothing of its own opts in:
// a read that must be recorded (a thread, a client list) is never served from here.
import type { Request, RequestHandler, Response } from 'express';

/** How long a page may show the clock's time of its rendering. */
export const PAGE_TTL_MS = 10_000;
/** The documents this process keeps, in all (the oldest go first). */
export const PAGE_CACHE_BYTES = 16 * 1024 * 1024;

interface Generations {
  /** The current generation, or null when changes cannot be seen (nothing may be served from memory). */
  snapshot(): number | null;
}

interface CachedPage {
  generation: number;
  expiresAt: number;
  body: Buffer;
  /** The page's own Content-Security-Policy (a card field opens it to the card processor). */
  policy: string | undefined;
}

/** Set on a request whose page may be kept: under which key, and the generation its reads began in. */
interface PendingPage {
  key: string;
  generation: number;
}

export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  /** Pages being rendered, by key: a request for one waits for it rather than render it again. */
  private readonly rendering = new Map<string, Promise<void>>();
  private bytes = 0;
  /** Pages sent from memory, and pages rendered where a kept one could have been sent (for /metrics). */
  readonly counts = { hits: 0, misses: 0 };

  constructor(
    private readonly generations: Generations,
    private readonly limits = { ttlMs: PAGE_TTL_MS, maxBytes: PAGE_CACHE_BYTES },
  ) {}

  generation(): number | null {
    return this.generations.snapshot();
  }

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (page && page.generation === this.generations.snapshot() && page.expiresAt > Date.now()) return page;
    if (page) this.drop(key, page);
    return undefined;
  }

  /**
   * Where this request renders the page, marks it so until its response ends: another request for it
   * meanwhile (a page's 50 connections at once, when it has just expired) waits for this one's.
   * Answers the wait when a render of that page is already under way.
   */
  renderOnce(key: string, res: Response): Promise<void> | null {
    const underWay = this.rendering.get(key);
    if (underWay !== undefined) return underWay;
    this.rendering.set(
      key,
      new Promise<void>((done) =>
        res.once('close', () => {
          this.rendering.delete(key);
          done();
        }),
      ),
    );
    return null;
  }

  /** Keeps a page unless the data changed while it was read and rendered. */
  keep(key: string, generation: number, body: Buffer, policy: string | undefined): void {
    if (generation !== this.generations.snapshot() || body.length > this.limits.maxBytes / 8) return;
    const old = this.pages.get(key);
    if (old) this.drop(key, old);
    for (const [oldestKey, oldest] of this.pages) {
      if (this.bytes + body.length <= this.limits.maxBytes) break;
      this.drop(oldestKey, oldest);
    }
    this.pages.set(key, { generation, expiresAt: Date.now() + this.limits.ttlMs, body, policy });
    this.bytes += body.length;
  }

  private drop(key: string, page: CachedPage): void {
    this.pages.delete(key);
    this.bytes -= page.body.length;
  }
}

/**
 * What a kept page was rendered for, all of which must match to send it again: the person and the
 * profile they act for, the session (its CSRF token is in every form), the side menu's state and the
 * address. Null when nothing may be kept: not a GET, nobody signed in, or a flash message waiting.
 */
function pageKey(req: Request, res: Response): string | null {
  const viewer = res.locals.viewer;
  if (req.method !== 'GET' || !viewer || !req.session || req.session.flash?.length) return null;
  const csrf = typeof req.csrfToken === 'function' ? req.csrfToken() : '';
  const menu = req.session.sideMenuCollapsed ? 'collapsed' : 'open';
  return [viewer.user.id, viewer.provider?.id ?? '', req.sessionID, csrf, menu, req.originalUrl].join(' ');
}

const cacheOf = (req: Request) => req.app.locals.pageCache as PageCache | undefined;

/**
 * Before a page's handler: sends the kept page when there is one, else lets render() keep this one. While
 * the same page is being rendered for another request of the session, waits for it once.
 */
export const cachedPage: RequestHandler = async (req, res, next) => {
  const cache = cacheOf(req);
  const key = cache && pageKey(req, res);
  if (!cache || !key || cache.generation() === null) return next();
  let page = cache.get(key);
  if (!page) {
    const underWay = cache.renderOnce(key, res);
    if (underWay !== null) {
      await underWay;
      page = cache.get(key);
    }
  }
  const generation = cache.generation();
  if (!page) {
    cache.counts.misses += 1;
    if (generation !== null) res.locals.pendingPage = { key, generation } satisfies PendingPage;
    return next();
  }
  cache.counts.hits += 1;
  if (page.policy) res.setHeader('Content-Security-Policy', page.policy);
  res.status(200).type('html').setHeader('Content-Length', page.body.length);
  res.end(page.body);
};

/**
 * From render(): keeps the document just sent when its route opted in, it is a plain 200 page (no flash
 * shown, no error), and the request's key did not change on the way (a route that changed the session
 * rendered a page for another key).
 */
export function keepRenderedPage(req: Request, res: Response, document: Buffer, plain: boolean): void {
  const pending = res.locals.pendingPage as PendingPage | undefined;
  const cache = cacheOf(req);
  if (!pending || !cache || !plain || res.statusCode !== 200 || pageKey(req, res) !== pending.key) return;
  const policy = res.getHeader('Content-Security-Policy');
  cache.keep(pending.key, pending.generation, document, typeof policy === 'string' ? policy : undefined);
}
