// What every resource of the local card server's API shares: Stripe's errors, reading form values,
// the route signature, finding an object (or Stripe's 404) and expanding ids into objects.
import type { Request } from 'express';
import type { Ledger, Obj } from '../billing';
import type { LocalStore, StoredObject, StoredObjects, StoredPaymentMethod, StoredType } from '../store';
import type Stripe from 'stripe';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly declineCode?: string,
  ) {
    super(message);
  }
}

export const missing = (kind: string, id: string, param = 'id') =>
  new ApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);
export const invalid = (message: string, param?: string) =>
  new ApiError(400, 'invalid_request_error', message, 'parameter_invalid', param);

/** Form values arrive as strings; Stripe's integers and booleans are read back from them. */
export const int = (value: unknown, fallback?: number): number | undefined =>
  value === undefined || value === '' ? fallback : Number(value);
export const bool = (value: unknown) => value === true || value === 'true';
export const listOf = <T>(value: unknown): T[] =>
  (Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value as object) : []) as T[];
export const page = (data: unknown[], url: string, limit?: unknown) => ({
  object: 'list',
  data: data.slice(0, Number(limit ?? 10) || 10),
  has_more: data.length > (Number(limit ?? 10) || 10),
  url,
});

export interface ApiContext {
  store: LocalStore;
  now: () => Date;
  ledger: Ledger;
  /** Records an event about the object (with what changed since `previous`). */
  emit(type: string, object: StoredObject | Obj, previous?: StoredObject | Obj): Promise<void>;
  hostedBase: () => string;
  publishableKey: string;
  secretKey: string;
}

export type Handler = (req: Request, ctx: ApiContext) => Promise<unknown>;

/** Registers a handler for a method and path; `browser` routes also take the publishable key (Stripe.js calls them). */
export type Route = (
  method: 'get' | 'post' | 'delete',
  path: string,
  handler: Handler,
  options?: { browser?: boolean },
) => void;

/** The object, or Stripe's 404. */
export async function need(ctx: ApiContext, id: string, type: string, param = 'id', kind = type): Promise<Obj> {
  const object = await ctx.store.get<Obj>(id, type);
  if (!object) throw missing(kind, id, param);
  return object;
}

/** The object, typed as the stripe SDK describes it, or Stripe's 404. */
export async function needStored<K extends StoredType>(
  ctx: ApiContext,
  id: string,
  type: K,
  param = 'id',
  kind: string = type,
): Promise<StoredObjects[K]> {
  const object = await ctx.store.get(id, type);
  if (!object) throw missing(kind, id, param);
  return object;
}

/** What Stripe would show of a payment method (our test-card behaviour stays inside). */
export function publicView(method: StoredPaymentMethod): Stripe.PaymentMethod;
export function publicView(method: Obj): Obj;
export function publicView(method: StoredPaymentMethod | Obj): Stripe.PaymentMethod | Obj {
  const { _behaviour: _, ...shown } = method;
  return shown as Stripe.PaymentMethod | Obj;
}

/** A list's `expand` names paths under `data.`; each element is expanded along the rest. */
export const listExpansions = (paths: unknown) =>
  listOf<string>(typeof paths === 'string' ? [paths] : paths).map((path) => path.replace(/^data\./, ''));

/** Replaces ids with objects along the `expand` paths given (one or two levels, as the portal asks). */
export async function expand(ctx: ApiContext, object: StoredObject | Obj, paths: unknown): Promise<Obj> {
  const copy = structuredClone(object) as Obj;
  for (const path of listOf<string>(typeof paths === 'string' ? [paths] : paths)) {
    const [head, ...rest] = path.split('.');
    const value = copy[head!];
    if (Array.isArray(value)) {
      copy[head!] = await Promise.all(
        value.map(async (entry) => {
          const found = typeof entry === 'string' ? await ctx.store.get<Obj>(entry) : entry;
          return found && rest.length ? expand(ctx, found, [rest.join('.')]) : (found ?? entry);
        }),
      );
    } else if (typeof value === 'string') {
      const found = await ctx.store.get<Obj>(value);
      if (found)
        copy[head!] = rest.length
          ? await expand(ctx, found, [rest.join('.')])
          : found.object === 'payment_method'
            ? publicView(found)
            : found;
    } else if (value && typeof value === 'object' && rest.length) {
      copy[head!] = await expand(ctx, value as Obj, [rest.join('.')]);
    }
  }
  return copy;
}
