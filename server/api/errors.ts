// The API's one error shape: {"error": {"code", "message", "details"?, "requestId"}}, with the status
// that fits. Nothing else ever answers an API request, not even an unexpected failure.
import type { ErrorRequestHandler, RequestHandler } from 'express';

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly details?: unknown,
  ) {
    super(message);
  }
}

export const apiNotFound: RequestHandler = (_req, _res, next) =>
  next(new ApiError(404, 'not_found', 'There is no such API endpoint.'));

export const apiErrorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const requestId = String(req.id ?? '');
  let known: ApiError;
  if (error instanceof ApiError) known = error;
  else if ((error as { type?: string }).type === 'entity.parse.failed')
    known = new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
  else if ((error as { type?: string }).type === 'entity.too.large')
    known = new ApiError(413, 'body_too_large', 'The request body is too large.');
  else {
    req.log?.error({ err: error, requestId }, 'API request failed');
    known = new ApiError(500, 'internal_error', 'Something went wrong on our side.');
  }
  if (res.headersSent) return res.end();
  res.status(known.status).json({
    error: {
      code: known.code,
      message: known.message,
      ...(known.details === undefined ? {} : { details: known.details }),
      requestId,
    },
  });
};
