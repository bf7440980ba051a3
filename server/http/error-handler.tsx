// The one error middleware: known errors become their page (or JSON for island requests); anything
// unknown is logged with the request id and shown as a friendly 500.
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import {
  ForbiddenPage,
  NotFoundPage,
  ProfileLoadErrorPage,
  ServerErrorPage,
} from '../../views/pages/errors/ErrorPages';
import { BusyError, HttpError, NotFoundError } from '../lib/errors';
import { PROFILE_LOAD_FAILED } from '../lib/save-failures';
import { isProfileLoad, retryHref } from './profile-load-failure';
import { render } from './render';

const wantsJson = (req: Request) => Boolean(req.accepts(['html', 'json']) === 'json' || req.xhr);

export const notFound: RequestHandler = (_req, _res, next) => next(new NotFoundError());

export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  if (res.headersSent) return res.end();
  const requestId = String(req.id ?? '');
  if ((error as { code?: string }).code === 'EBADCSRFTOKEN') {
    return respond(
      req,
      res,
      403,
      'Your form has expired',
      'This form was open too long or came from elsewhere, so it was not sent. Go back, reload the page and try again.',
    );
  }
  // A control character no validator caught (PostgreSQL refuses NUL in text and JSON): the user's input
  // is at fault, not the server.
  if (['22021', '22P05'].includes(String((error as { code?: string }).code))) {
    return respond(
      req,
      res,
      422,
      'Something is not right',
      'The form contains an invisible control character that cannot be saved. Go back, remove it and try again.',
    );
  }
  if (error instanceof HttpError) {
    if (error instanceof BusyError) res.setHeader('Retry-After', String(error.retryAfterSeconds));
    if (error.status === 404) return respond(req, res, 404, 'Page Not Found');
    const title =
      error.status === 403
        ? 'Access denied'
        : error.status === 503
          ? 'Please try again'
          : error.status === 429
            ? 'Too many attempts'
            : 'Something is not right';
    return respond(req, res, error.status, title, error.message);
  }
  const status = (error as { status?: number; expose?: boolean }).expose ? (error as { status: number }).status : 500;
  if (status >= 500) req.log?.error({ err: error, requestId }, 'request failed');
  if (status < 500) return respond(req, res, status, 'Something is not right', (error as Error).message);
  if (wantsJson(req)) return res.status(500).json({ message: 'Something went wrong on our side.', requestId });
  if (isProfileLoad(req, res)) return profileLoadFailed(req, res, requestId);
  try {
    render(req, res, {
      title: 'Something went wrong',
      page: <ServerErrorPage requestId={requestId} />,
      layout: 'plain',
      status: 500,
    });
  } catch {
    res.status(500).type('text').send(`Something went wrong on our side. Reference: ${requestId}`);
  }
};

/** Spec 1 §8: the profile could not be read; the menu stays when the user is known, with a retry link. */
function profileLoadFailed(req: Request, res: Response, requestId: string) {
  const page = <ProfileLoadErrorPage message={PROFILE_LOAD_FAILED} retryHref={retryHref(req)} requestId={requestId} />;
  for (const layout of res.locals.viewer ? (['dashboard', 'plain'] as const) : (['plain'] as const)) {
    try {
      return render(req, res, { title: 'Profile not loaded', page, layout, status: 500 });
    } catch {
      // The dashboard layout reads the viewer's profile as well: fall back to the plain one.
    }
  }
  res.status(500).type('text').send(`${PROFILE_LOAD_FAILED} Reference: ${requestId}`);
}

function respond(req: Request, res: Response, status: number, title: string, message?: string) {
  if (wantsJson(req)) return res.status(status).json({ message: message ?? title });
  const back = safeBack(req);
  const page = status === 404 ? <NotFoundPage /> : <ForbiddenPage message={message ?? title} backHref={back} />;
  // The 404 and 403 pages must not depend on the session being healthy.
  try {
    render(req, res, { title, page, layout: res.locals.viewer && status === 404 ? 'dashboard' : 'plain', status });
  } catch {
    res
      .status(status)
      .type('text')
      .send(`${title}. ${message ?? ''}`);
  }
}

/** A same-site path to go back to; never an outside address. */
function safeBack(req: Request): string {
  const referer = req.get('referer');
  if (!referer) return '/';
  try {
    const url = new URL(referer);
    return url.host === req.get('host') ? url.pathname + url.search : '/';
  } catch {
    return '/';
  }
}
