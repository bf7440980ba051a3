// Structured logs. Secrets never reach them: known sensitive keys are redacted wherever they appear.
import pino, { type Logger } from 'pino';

export const REDACT_PATHS = [
  'password',
  '*.password',
  'new_password',
  '*.new_password',
  'old_password',
  '*.old_password',
  'password_confirmation',
  '*.password_confirmation',
  'token',
  '*.token',
  'code',
  '*.code',
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'sessionId',
  '*.sessionId',
  'body',
  '*.body',
];

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } });
}
