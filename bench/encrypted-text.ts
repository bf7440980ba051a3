// The bench data's message text, encrypted as the portal stores it (server/domain/data-protection): each
// distinct text is encrypted once in Node and reused by the SQL that makes the rows, and its words'
// blind-index tokens are written with one statement, so the bulk load stays one statement per table.
import type { Knex } from 'knex';
import { encryptJson, searchTokenizer, textEncrypter } from '../server/domain/data-protection';

export interface EncryptedTexts {
  /** The stored form of each text, in the order given (bind as ?::text[] and index it from SQL, 1-based). */
  ciphertexts: string[];
  /** (ciphertext, token) pairs: every word of every text. */
  pairs: { ciphertexts: string[]; tokens: string[] };
}

export async function encryptTexts(db: Knex | Knex.Transaction, texts: string[]): Promise<EncryptedTexts> {
  const encrypt = await textEncrypter(db);
  const tokenize = await searchTokenizer(db);
  const ciphertexts = texts.map((text) => encrypt(text));
  const pairs = { ciphertexts: [] as string[], tokens: [] as string[] };
  texts.forEach((text, i) => {
    for (const token of tokenize(text)) {
      pairs.ciphertexts.push(ciphertexts[i]!);
      pairs.tokens.push(token);
    }
  });
  return { ciphertexts, pairs };
}

/** An intake answer (or any JSON the portal stores encrypted), as the text to bind as ?::jsonb. */
export async function encryptedJsonText(db: Knex | Knex.Transaction, value: Record<string, unknown>): Promise<string> {
  return JSON.stringify(await encryptJson(db, value));
}

/**
 * Indexes the words of the messages `where` selects (SQL on `m`, the messages, and `c`, their conversations),
 * whose text is one of `texts`: a hash join on the stored text, no decryption.
 */
export async function indexEncryptedTexts(
  trx: Knex.Transaction,
  texts: EncryptedTexts,
  where: string,
  bindings: Knex.RawBinding[],
): Promise<void> {
  await trx.raw(
    `insert into message_search_tokens (message_id, token, conversation_id, provider_id, account_id)
     select m.id, x.token, m.conversation_id, c.provider_id, c.account_id
       from messages m join conversations c on c.id = m.conversation_id
       join unnest(?::text[], ?::bigint[]) as x(content, token) on x.content = m.message_content
      where ${where}
     on conflict do nothing`,
    [
      texts.pairs.ciphertexts as unknown as Knex.RawBinding,
      texts.pairs.tokens as unknown as Knex.RawBinding,
      ...bindings,
    ],
  );
}
