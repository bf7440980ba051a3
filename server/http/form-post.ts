// The form round trip of STYLE.md for any POST handler: a ValidationError re-renders the form with 422
// and the messages beside their fields; any other failure is logged and the form re-rendered with the
// feature's error flash (spec 1 §8) and 500, so what the user typed is never lost.
import type { Request, RequestHandler, Response } from 'express';
import { HttpError, ValidationError } from '../lib/errors';
import { flash } from './flash';

export type Reshow = (req: Request, res: Response, errors: Record<string, string>, status: number) => Promise<void> | void;

export function formPost(failure: string, reshow: Reshow, act: (req: Request, res: Response) => Promise<void>): RequestHandler {
  return async (req, res) => {
    try {
      await act(req, res);
    } catch (error) {
      if (error instanceof ValidationError) return reshow(req, res, error.fields, 422);
      // 403/404 and friends are answers, not failures: the error handler renders them.
      if (error instanceof HttpError) throw error;
      req.log?.error({ err: error }, failure);
      flash(req, 'error', failure);
      return reshow(req, res, {}, 500);
    }
  };
}
