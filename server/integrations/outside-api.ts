// The one way our HTTP adapters call an outside service's JSON API (the EHR, the benefits tool): a bearer
// token, the portal's request id passed on, the time limits of spec 3 §9, and an error that carries the
// request id and the service's own message ("Errors read the message from the response", spec 3 §7).

/** Spec 3 §9 Timeouts, in milliseconds. */
export const TIMEOUTS = {
  default: 600_000,
  upgrade: 350_000,
  subscribe: 150_000,
  updateSource: 1_500_000,
} as const;

/** What the user sees when an add-on's outside service fails (spec 3 §8 "Benefits tool errors"). */
export const OUTSIDE_SERVICE_FAILED = 'Sorry, we ran into an error. Please contact support.';

export class OutsideServiceError extends Error {
  constructor(
    message: string,
    readonly service: string,
    readonly requestId: string | null,
    /** The HTTP status, or null when no answer came (timeout, refused connection). */
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'OutsideServiceError';
  }
}

export interface OutsideCall {
  method: 'GET' | 'POST' | 'PUT';
  /** Joined to the base URL; ids in it are encoded by the caller. */
  path: string;
  body?: unknown;
  timeoutMs?: number;
  /** The portal request that causes the call, passed on as X-Request-Id and kept on the error. */
  requestId?: string | null;
  /** Sent as Idempotency-Key: every try of one creating call carries the same key. */
  idempotencyKey?: string | null;
}

export interface OutsideApi {
  call<T>(call: OutsideCall): Promise<T>;
}

export function createOutsideApi(options: {
  service: string;
  baseUrl: string;
  token: string;
  fetch?: typeof fetch;
}): OutsideApi {
  const send = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    async call<T>({
      method,
      path,
      body,
      timeoutMs = TIMEOUTS.default,
      requestId = null,
      idempotencyKey = null,
    }: OutsideCall): Promise<T> {
      const headers: Record<string, string> = { authorization: `Bearer ${options.token}`, accept: 'application/json' };
      if (requestId) headers['x-request-id'] = requestId;
      if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
      if (body !== undefined) headers['content-type'] = 'application/json';
      let response: Response;
      try {
        response = await send(`${base}${path.startsWith('/') ? path : `/${path}`}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const reason =
          (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (error as Error).message;
        throw new OutsideServiceError(
          `${options.service} ${method} ${path}: ${reason}`,
          options.service,
          requestId,
          null,
        );
      }
      const text = await response.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
      if (!response.ok) {
        const message = (parsed as { message?: unknown } | null)?.message;
        throw new OutsideServiceError(
          `${options.service} ${method} ${path}: ${response.status} ${typeof message === 'string' ? message : response.statusText}`,
          options.service,
          requestId,
          response.status,
        );
      }
      return parsed as T;
    },
  };
}
