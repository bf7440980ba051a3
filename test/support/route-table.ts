// The app's route table, read from Express 5's router stack (nested routers included): the walks over
// every route (cross-account ids, control characters, cache headers) share it. A module of its own, not a test file, so importing it registers
// no tests.
import type { Express } from 'express';

export interface RouteEntry {
  method: string;
  path: string;
}

/** Every (method, path) the app answers, read from Express 5's router stack. */
export function routeTable(app: Express): RouteEntry[] {
  const entries: RouteEntry[] = [];
  const walk = (stack: unknown[], prefix: string) => {
    for (const layer of stack as {
      route?: { path: unknown; methods: Record<string, boolean> };
      handle?: { stack?: unknown[] };
      rawPath?: unknown;
    }[]) {
      if (layer.route) {
        if (typeof layer.route.path !== 'string')
          throw new Error(`a route path the walk cannot read: ${String(layer.route.path)}`);
        for (const method of Object.keys(layer.route.methods))
          entries.push({ method, path: prefix + layer.route.path });
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk((app as unknown as { router: { stack: unknown[] } }).router.stack, '');
  // The first route of each method and path (a later one of the same is never reached).
  const first = new Map<string, RouteEntry>();
  for (const e of entries) if (!first.has(`${e.method} ${e.path}`)) first.set(`${e.method} ${e.path}`, e);
  return [...first.values()];
}
