// Local SMS: kept in the outbox and readable at /dev/outbox.
import type { Knex } from 'knex';
import { recordOutgoing } from '../outbox/outbox';
import type { SmsSender } from './port';

export function createLocalSms(db: Knex): SmsSender {
  return { send: (to, text) => recordOutgoing(db, { channel: 'sms', recipient: to, body: text }) };
}
