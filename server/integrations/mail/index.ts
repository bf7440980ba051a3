// The mail port's public face: SMTP with SMTP_URL, the local outbox without.
export type { MailMessage, Mailer } from './port';
