// The details a directory client gave one provider (the client as a user is the accounts module's). The
// directory cannot prove who owns an e-mail address: the name and phone given belong to the conversation
// with that provider (conversations.client_*), which is what the provider sees, and never change the user.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { clientUserRowSql, type DirectoryClient as MessagingClient } from '../accounts';

export { clientUserFor, type DirectoryClient as MessagingClient } from '../accounts';

export interface OpenedConversation {
  id: number;
  /** The conversation token, only when this call made the conversation: the directory's key to its replies. */
  token: string | null;
}

export const hashConversationToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * The client's conversation with the provider, made on the first contact with the details given and a
 * new conversation token. Later contacts only fill details still empty (a phone number given later):
 * whoever else writes with the same address cannot rename the client, even in this conversation.
 */
export async function openConversation(
  trx: Knex.Transaction,
  providerId: number,
  clientUserId: number,
  client: Omit<MessagingClient, 'email'>,
  at: Date,
): Promise<OpenedConversation> {
  const token = `cvt_${crypto.randomBytes(32).toString('base64url')}`;
  const fill = (column: string) => trx.raw(`coalesce(conversations.${column}, excluded.${column})`);
  const [row] = await trx('conversations')
    .insert({
      provider_id: providerId,
      client_user_id: clientUserId,
      last_message_at: at,
      client_first_name: client.firstName,
      client_last_name: client.lastName,
      client_phone_number: client.phoneNumber,
      client_token_hash: hashConversationToken(token),
    })
    .onConflict(['provider_id', 'client_user_id'])
    .merge({
      last_message_at: trx.raw(
        'greatest(coalesce(conversations.last_message_at, excluded.last_message_at), excluded.last_message_at)',
      ),
      client_first_name: fill('client_first_name'),
      client_last_name: fill('client_last_name'),
      client_phone_number: fill('client_phone_number'),
    })
    // xmax is 0 on a row this statement inserted (rather than updated).
    .returning<{ id: number; created: boolean }[]>(['id', trx.raw('(xmax = 0) as created')]);
  return { id: row!.id, token: row!.created ? token : null };
}

/**
 * A LEFT JOIN LATERAL that exposes, as `alias`, the client user as the provider knows them: id and
 * email of the user; name and phone as given in their conversation, all three from there once it has
 * them (so nothing given to another provider shows through), else the user's.
 */
export function clientAsGivenJoin(alias: string, providerIdColumn: string, clientUserIdColumn: string): string {
  return `LEFT JOIN LATERAL (
    SELECT cu.id, cu.email,
           CASE WHEN cc.client_first_name IS NULL THEN cu.first_name ELSE cc.client_first_name END AS first_name,
           CASE WHEN cc.client_first_name IS NULL THEN cu.last_name ELSE cc.client_last_name END AS last_name,
           CASE WHEN cc.client_first_name IS NULL THEN cu.full_name ELSE concat_ws(' ', cc.client_first_name, cc.client_last_name) END AS full_name,
           CASE WHEN cc.client_first_name IS NULL THEN cu.phone_number ELSE cc.client_phone_number END AS phone_number
      FROM ${clientUserRowSql('cu', clientUserIdColumn)}
      LEFT JOIN conversations cc ON cc.provider_id = ${providerIdColumn} AND cc.client_user_id = cu.id
  ) ${alias} ON true`;
}
