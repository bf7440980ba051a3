// Events: one read back (the portal checks a webhook's event), and the list, newest first, with Stripe's
// filters (https://docs.stripe.com/api/events/list), so that tests read what happened with the SDK.
import type { StripeObject } from '../store';
import { int, listOf, missing, type ApiContext, type Route } from './common';

export function eventRoutes(route: Route, ctx: ApiContext): void {
  route(
    'get',
    '/v1/events/:id',
    async (req) =>
      (await ctx.store.events()).find((e) => e.id === req.params.id) ??
      Promise.reject(missing('event', String(req.params.id))),
  );
  route('get', '/v1/events', async (req) => {
    const query = req.query as Record<string, any>;
    const types = query.type ? [String(query.type)] : listOf<string>(query.types).map(String);
    const matches = (pattern: string, type: string) =>
      pattern.endsWith('.*') ? type.startsWith(pattern.slice(0, -1)) : pattern === type;
    const created = query.created;
    const range: Record<string, number | undefined> =
      created && typeof created === 'object'
        ? { gt: int(created.gt), gte: int(created.gte), lt: int(created.lt), lte: int(created.lte) }
        : { gte: int(created), lte: int(created) };
    const inRange = (at: number) =>
      (range.gt === undefined || at > range.gt) &&
      (range.gte === undefined || at >= range.gte) &&
      (range.lt === undefined || at < range.lt) &&
      (range.lte === undefined || at <= range.lte);
    // Newest first: the order they were sent in, reversed (a clock's events carry its time, not the server's).
    const all = (await ctx.store.events())
      .reverse()
      .filter(
        (event: StripeObject) =>
          (!types.length || types.some((type) => matches(type, String(event.type)))) && inRange(Number(event.created)),
      );
    const limit = Math.min(Math.max(Number(query.limit ?? 10) || 10, 1), 100);
    let start = 0;
    if (query.starting_after) start = all.findIndex((event) => event.id === query.starting_after) + 1;
    else if (query.ending_before) {
      const end = all.findIndex((event) => event.id === query.ending_before);
      start = Math.max(0, end - limit);
      const data = all.slice(start, Math.max(end, 0));
      return { object: 'list', data, has_more: start > 0, url: '/v1/events' };
    }
    const data = all.slice(start, start + limit);
    return { object: 'list', data, has_more: start + limit < all.length, url: '/v1/events' };
  });
}
