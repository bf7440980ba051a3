// Signing a person in on this request, and the request facts the account rules record.
import type { Request } from 'express';
import { deviceFacts } from './device-sessions';

/** Who is asking, for the audit trail and the per-IP throttle. */
export const requestMeta = (req: Request): { ip?: string; userAgent?: string } => ({
  ip: req.ip,
  userAgent: req.get('user-agent'),
});

/** passport's req.login as a promise: it issues a new session id (no fixation) and drops the old data. */
export function logIn(req: Request, userId: number): Promise<void> {
  return new Promise((resolve, reject) => {
    req.login({ id: userId }, (error) => {
      if (error) return reject(error);
      req.session.signedInAt = Date.now();
      // What the sessions page shows of this device (Account Settings, Signed-in devices).
      req.session.device = deviceFacts(req.get('user-agent'), req.ip);
      resolve();
    });
  });
}
