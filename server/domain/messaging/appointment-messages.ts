// What bookings write into the client's conversation with the provider (the booking's intake, a cancel,
// a reschedule), and what the development client reads back of a client's own messages. The
// appointments module calls these inside its own transactions.
import type { Knex } from 'knex';
import { userIdsWithEmail } from '../accounts';
import { decryptTexts, encryptJson, encryptText } from '../data-protection';
import { applyDeskEvent } from './desk';
import { indexMessageWords } from './repo';

type Db = Knex | Knex.Transaction;

/** The client's conversation with the provider, made when it does not exist yet; its last activity is now `at`. */
export async function conversationWith(db: Db, providerId: number, clientUserId: number, at: Date): Promise<number> {
  const [row] = await db('conversations')
    .insert({ provider_id: providerId, client_user_id: clientUserId, last_message_at: at })
    .onConflict(['provider_id', 'client_user_id'])
    .merge({ last_message_at: at })
    .returning('id');
  return row!.id;
}

export interface AppointmentMessage {
  conversationId: number;
  providerId: number;
  clientUserId: number;
  appointmentId: number;
  /** message: a plain message about the appointment (the client's request for another time, sent from a reminder). */
  type: 'booking_tool_intake' | 'cancel_message' | 'reschedule_message' | 'message';
  sender: 'provider' | 'client';
  content: string | null;
  /** The booking's intake answers (a booking's message only). */
  intakeForm?: Record<string, unknown> | null;
  at: Date;
}

/**
 * A message about an appointment, in a conversation whose last activity the caller already moved
 * (conversationWith, openConversation), in the booking's transaction; the conversation's desk follows it
 * (a booking: consultation booked).
 */
export async function addAppointmentMessage(trx: Knex.Transaction, message: AppointmentMessage): Promise<void> {
  const [row] = await trx('messages')
    .insert({
      conversation_id: message.conversationId,
      provider_id: message.providerId,
      client_user_id: message.clientUserId,
      appointment_id: message.appointmentId,
      type: message.type,
      sender: message.sender,
      message_content: await encryptText(trx, message.content),
      intake_form: message.intakeForm ? JSON.stringify(await encryptJson(trx, message.intakeForm)) : null,
      send_date: message.at,
    })
    .returning('id');
  if (message.content) await indexMessageWords(trx, row!.id, message.content);
  await applyDeskEvent(trx, message.conversationId, { type: message.type, sender: message.sender });
}

export interface MessageFromClient {
  id: number;
  type: string;
  content: string | null;
  sentAt: Date;
  deleted: boolean;
}

/**
 * What the client (by e-mail) wrote to the provider, oldest first, at most 200: the directory keeps its
 * own copy of these, so the API only gives the provider's replies (read by the development client).
 */
export async function messagesFromClient(db: Knex, providerId: number, email: string): Promise<MessageFromClient[]> {
  const rows = await db('messages')
    .whereIn('client_user_id', userIdsWithEmail(db, email.toLowerCase()))
    .where({ provider_id: providerId, sender: 'client' })
    .orderBy('send_date')
    .limit(200)
    .select('id', 'type', 'message_content', 'send_date', 'deleted_at');
  const texts = await decryptTexts(
    db,
    rows.map((row) => row.message_content),
  );
  return rows.map((row, i) => ({
    id: row.id,
    type: row.type,
    content: texts[i] ?? null,
    sentAt: new Date(row.send_date),
    deleted: row.deleted_at !== null,
  }));
}
