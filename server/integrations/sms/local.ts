// Local SMS: kept in the outbox and readable at /dev/outbox.
import type { Knex } from 'knex';
import { recordSent } from '../sent-messages';
import type { SmsSender } from './port';

export function createLocalSms(db: Knex): SmsSender {
  return { send: (to, text) => recordSent(db, { channel: 'sms', recipient: to, body: text }) };
}
