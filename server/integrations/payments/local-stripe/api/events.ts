// Events, as the portal reads one back.
import { missing, type ApiContext, type Route } from './common';

export function eventRoutes(route: Route, ctx: ApiContext): void {
  route(
    'get',
    '/v1/events/:id',
    async (req) =>
      (await ctx.store.events()).find((e) => e.id === req.params.id) ??
      Promise.reject(missing('event', String(req.params.id))),
  );
}
