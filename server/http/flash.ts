// Flash messages live in the session until the next page shows them (spec 1 §8: kinds and 7 s lifetime).
import type { Request } from 'express';

import type { FlashKind, FlashMessage } from '../../views/page-context';

export type { FlashKind };
export type Flash = FlashMessage;

declare module 'express-session' {
  interface SessionData {
    flash?: Flash[];
  }
}

export function flash(req: Request, kind: FlashKind, text: string, options: { permanent?: boolean } = {}): void {
  if (!req.session) return;
  req.session.flash = [...(req.session.flash ?? []), { kind, text, ...(options.permanent ? { permanent: true } : {}) }];
}

export function takeFlash(req: Request): Flash[] {
  const messages = req.session?.flash ?? [];
  if (req.session && messages.length) delete req.session.flash;
  return messages;
}
