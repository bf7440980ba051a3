// The form round trip of STYLE.md for any POST handler: a ValidationError re-renders the form with 422
// and the messages beside their fields; any other failure is logged with the request id and the form
// re-rendered with the feature's error flash (spec 1 §8, spec 2 §8) and 500, so what the user typed is
// never lost. The act runs its writes in one transaction, so a failure leaves nothing half-saved.
// A NUL byte anywhere in the body is the input's fault, never a failure: 422 with each field's message.
import type { Request, RequestHandler, Response } from 'express';
import { HttpError, ValidationError } from '../lib/errors';
import { CONTROL_CHARACTER, controlCharacterErrors } from '../lib/validation';
import { flash } from './flash';

export type Reshow = (
  req: Request,
  res: Response,
  errors: Record<string, string>,
  status: number,
) => Promise<void> | void;

/** True for an error that is an answer (404, 403, 409, a field message) rather than a failure. */
export const isAnswer = (error: unknown): boolean => error instanceof HttpError;

/**
 * An unexpected failure of a form post: logged with the request id, and the spec's message flashed for
 * the page that is re-rendered next (the caller re-renders it with what was typed).
 */
export function reportFailedSave(req: Request, error: unknown, message: string): void {
  req.log?.error({ err: error, requestId: req.id }, message);
  flash(req, 'error', message);
}

/** PostgreSQL's refusal of a NUL byte in text (22P05) or of a malformed character (22021): bad input. */
const isRefusedCharacter = (error: unknown): boolean =>
  ['22021', '22P05'].includes(String((error as { code?: unknown } | null)?.code));

export function formPost(
  failure: string,
  reshow: Reshow,
  act: (req: Request, res: Response) => Promise<void>,
): RequestHandler {
  return async (req, res) => {
    // Refused before the act runs, so no field of any shape (nested, repeated, JSON) reaches the database.
    const refused = controlCharacterErrors(req.body);
    if (Object.keys(refused).length) return reshow(req, res, refused, 422);
    try {
      await act(req, res);
    } catch (error) {
      if (error instanceof ValidationError) return reshow(req, res, error.fields, 422);
      if (isRefusedCharacter(error) && !res.headersSent) return reshow(req, res, { form: CONTROL_CHARACTER }, 422);
      // 403/404 and friends are answers, not failures: the error handler renders them.
      if (error instanceof HttpError) throw error;
      // Headers already sent (a redirect, then a failure after it): nothing can be re-rendered.
      if (res.headersSent) throw error;
      reportFailedSave(req, error, failure);
      return reshow(req, res, {}, 500);
    }
  };
}
