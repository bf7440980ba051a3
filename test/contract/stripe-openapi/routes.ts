// The endpoints the local card server serves, read from its express router at run time, so that a new
// endpoint is seen by the OpenAPI shape test (and by the extraction script) without a list kept by hand.
import type { Router } from 'express';
import { apiRouter, type ApiContext } from '../../../server/integrations/payments/local-stripe/api';

export interface ServedRoute {
  method: 'get' | 'post' | 'delete';
  /** The express path, e.g. /v1/customers/:id */
  path: string;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** Every (method, path) the card server's API router answers; registering routes calls no part of the context. */
export function servedRoutes(): ServedRoute[] {
  const router: Router = apiRouter({} as ApiContext, (work) => work());
  const routes: ServedRoute[] = [];
  for (const layer of router.stack as Layer[]) {
    if (!layer.route) continue;
    for (const [method, on] of Object.entries(layer.route.methods))
      if (on && (method === 'get' || method === 'post' || method === 'delete'))
        routes.push({ method, path: layer.route.path });
  }
  return routes;
}

/** The key of an endpoint in the kept subset: the HTTP method and the spec's path, e.g. "POST /v1/customers/{customer}". */
export const endpointKey = (method: string, specPath: string) => `${method.toUpperCase()} ${specPath}`;

/** Whether the spec's path template (`{customer}`) is the express path (`:id`), whatever the parameters are named. */
export function samePath(expressPath: string, specPath: string): boolean {
  const shape = (path: string) => path.replace(/:[A-Za-z_]+/g, '{}').replace(/\{[^}]+\}/g, '{}');
  return shape(expressPath) === shape(specPath);
}
