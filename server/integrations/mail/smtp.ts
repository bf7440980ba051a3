// Real mail through any SMTP relay (SMTP_URL). A copy of the envelope (not the body) stays in the outbox.
import type { Knex } from 'knex';
import nodemailer from 'nodemailer';
import { recordSent } from '../sent-messages';
import type { Mailer } from './port';

export function createSmtpMailer(db: Knex, smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await recordSent(db, {
        channel: 'email',
        recipient: message.to,
        subject: message.subject,
        body: '[sent through SMTP]',
      });
    },
  };
}
