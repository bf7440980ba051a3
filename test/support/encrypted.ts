// What clients write is stored encrypted (server/domain/data-protection): tests that read the tables
// directly decrypt the rows they read, as the application does.
import type { Knex } from 'knex';
import { decryptJsons, decryptTexts } from '../../server/domain/data-protection';

type StoredMessage = { message_content?: string | null; intake_form?: unknown; vob_input_info?: unknown };

/** The rows with message_content, intake_form and vob_input_info (those selected) decrypted. */
export async function decryptedMessages<R extends StoredMessage>(db: Knex, rows: R[]): Promise<R[]> {
  const texts = await decryptTexts(
    db,
    rows.map((row) => row.message_content ?? null),
  );
  const intakes = await decryptJsons(
    db,
    rows.map((row) => row.intake_form ?? null),
  );
  const vobInputs = await decryptJsons(
    db,
    rows.map((row) => row.vob_input_info ?? null),
  );
  return rows.map((row, i) => {
    const copy = { ...row };
    if ('message_content' in row) copy.message_content = texts[i] ?? null;
    if ('intake_form' in row) copy.intake_form = intakes[i] ?? null;
    if ('vob_input_info' in row) copy.vob_input_info = vobInputs[i] ?? null;
    return copy;
  });
}

/** One row (or none) decrypted as decryptedMessages does. */
export async function decryptedMessage<R extends StoredMessage>(db: Knex, row: R | undefined): Promise<R | undefined> {
  return row ? (await decryptedMessages(db, [row]))[0] : undefined;
}

type StoredLink = { access_token?: string | null; refresh_token?: string | null; password?: string | null };

/** A calendar account link's row (or none) with its tokens and app password decrypted. */
export async function decryptedLink<R extends StoredLink>(db: Knex, row: R | undefined): Promise<R | undefined> {
  if (!row) return undefined;
  const [accessToken, refreshToken, password] = await decryptTexts(db, [
    row.access_token ?? null,
    row.refresh_token ?? null,
    row.password ?? null,
  ]);
  const copy = { ...row };
  if ('access_token' in row) copy.access_token = accessToken ?? null;
  if ('refresh_token' in row) copy.refresh_token = refreshToken ?? null;
  if ('password' in row) copy.password = password ?? null;
  return copy;
}
