// Local mail: nothing leaves the machine; messages are kept in the outbox for /dev/outbox.
import type { Knex } from 'knex';
import { recordSent } from '../sent-messages';
import type { Mailer } from './port';

export function createLocalMailer(db: Knex): Mailer {
  return {
    async send(message) {
      await recordSent(db, {
        channel: 'email',
        recipient: message.to,
        subject: message.subject,
        body: message.text,
        html: message.html,
      });
    },
  };
}
