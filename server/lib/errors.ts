// One error hierarchy: each carries the HTTP status a user should get. Anything else is a 500.
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Page Not Found') {
    super(404, message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'You do not have access to this part of the Members Portal') {
    super(403, message);
  }
}

/** A rule was broken: field name → the spec's message. Routes re-render the form with 422. */
export class ValidationError extends HttpError {
  constructor(
    public readonly fields: Record<string, string>,
    message = 'Please correct the highlighted fields.',
  ) {
    super(422, message);
  }
}

/** The server is at its limit for this kind of work right now; the client should retry after a pause. */
export class BusyError extends HttpError {
  constructor(
    public readonly retryAfterSeconds: number,
    message = 'The portal is busy right now. Please try again in a few seconds.',
  ) {
    super(503, message);
  }
}

/** Past a throttle's limit (per IP address, session or account): answered 429; the client may retry after the pause. */
export class TooManyRequestsError extends HttpError {
  constructor(
    public readonly retryAfterSeconds: number,
    message = 'Too many attempts. Please try again later.',
  ) {
    super(429, message);
  }
}
