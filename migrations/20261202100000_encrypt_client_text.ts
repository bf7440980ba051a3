// Encryption at rest of what clients write (issue [25] item 3): the data keys table, the blind index that
// replaces the trigram index on message text, and the existing rows encrypted in batches: messages'
// text, intake answers and benefits-check inputs, consultations' intake answers, and calendar tokens and
// app passwords. A migration imports no application code, so the envelope format (server/domain/
// data-protection) is written out again here, frozen: "v1:<data key id>:<iv>:<tag>:<ciphertext>", AES-256-GCM,
// data keys wrapped (iv|tag|ciphertext, their id as additional data) by the first key of DATA_ENCRYPTION_KEYS
// (outside production, when unset, the fixed development key).
//
// It runs outside one big transaction: each batch commits on its own (locks stay short on a large table),
// and a run stopped half-way starts again where it was (encrypted values and indexed messages are skipped).
import crypto from 'node:crypto';
import type { Knex } from 'knex';

export const config = { transaction: false };

const BATCH = 1000;

/** Arrays bound as PostgreSQL arrays (knex's binding type knows flat values only). */
const bind = (...values: unknown[]) => values as Knex.RawBinding[];

/** A table by a name held in a variable, untyped (the frozen migration knows no row types). */
const table = (knex: Knex, name: string) => (knex as unknown as (n: string) => Knex.QueryBuilder)(name);

interface Kek {
  id: string;
  key: Buffer;
}

function keksFromEnvironment(): { current: Kek; byId: Map<string, Kek> } {
  const setting = process.env.DATA_ENCRYPTION_KEYS?.trim();
  if (!setting) {
    if (process.env.NODE_ENV === 'production') throw new Error('DATA_ENCRYPTION_KEYS is required in production');
    const dev = {
      id: 'dev',
      key: crypto.createHash('sha256').update('members-portal development data-encryption key').digest(),
    };
    return { current: dev, byId: new Map([[dev.id, dev]]) };
  }
  const keys = setting
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((entry) => {
      const [id = '', key = ''] = entry.split(':');
      return { id, key: Buffer.from(key, 'base64') };
    });
  if (!keys.length || keys.some((k) => !k.id || k.key.length !== 32))
    throw new Error('DATA_ENCRYPTION_KEYS must list id:base64 keys of 32 bytes, the current one first');
  return { current: keys[0]!, byId: new Map(keys.map((k) => [k.id, k])) };
}

function seal(key: Buffer, plaintext: Buffer, aad?: Buffer) {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
  if (aad) cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), ciphertext };
}

function open(key: Buffer, iv: Buffer, tag: Buffer, ciphertext: Buffer, aad?: Buffer): Buffer {
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
  if (aad) decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
}

/** The data key of a purpose and period: the stored one, or a new one stored wrapped by the current KEK. */
async function dataKey(knex: Knex, purpose: 'data' | 'search', period: string): Promise<{ id: string; key: Buffer }> {
  const keks = keksFromEnvironment();
  const row = await knex('data_keys').where({ purpose, period }).first('id', 'kek_id', 'wrapped_key');
  if (row) {
    const kek = keks.byId.get(row.kek_id);
    if (!kek)
      throw new Error(`data key ${row.id} is wrapped by "${row.kek_id}", which DATA_ENCRYPTION_KEYS does not list`);
    const w: Buffer = row.wrapped_key;
    return {
      id: row.id,
      key: open(kek.key, w.subarray(0, 12), w.subarray(12, 28), w.subarray(28), Buffer.from(row.id)),
    };
  }
  const id = crypto.randomBytes(12).toString('base64url');
  const key = crypto.randomBytes(32);
  const { iv, tag, ciphertext } = seal(keks.current.key, key, Buffer.from(id));
  await knex('data_keys')
    .insert({ id, purpose, period, kek_id: keks.current.id, wrapped_key: Buffer.concat([iv, tag, ciphertext]) })
    .onConflict(['purpose', 'period'])
    .ignore();
  return dataKey(knex, purpose, period);
}

const encrypted = (value: unknown) => typeof value === 'string' && value.startsWith('v1:');

function encrypter(dk: { id: string; key: Buffer }) {
  return (text: string) => {
    const { iv, tag, ciphertext } = seal(dk.key, Buffer.from(text, 'utf8'));
    return `v1:${dk.id}:${iv.toString('base64url')}:${tag.toString('base64url')}:${ciphertext.toString('base64url')}`;
  };
}

function decrypter(knex: Knex) {
  const keys = new Map<string, Buffer>();
  return async (value: string): Promise<string> => {
    const [, id = '', iv = '', tag = '', ct = ''] = value.split(':');
    if (!keys.has(id)) {
      const row = await knex('data_keys').where({ id }).first('purpose', 'period');
      keys.set(id, (await dataKey(knex, row.purpose, row.period)).key);
    }
    return open(
      keys.get(id)!,
      Buffer.from(iv, 'base64url'),
      Buffer.from(tag, 'base64url'),
      Buffer.from(ct, 'base64url'),
    ).toString('utf8');
  };
}

/** The words a blind index keeps (as server/domain/data-protection wordsOf), as 8-byte HMAC tokens. */
function tokenizer(key: Buffer) {
  return (text: string): string[] => {
    const normalised = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
    const words = new Set<string>();
    for (const m of normalised.matchAll(/[\p{L}\p{N}]+/gu)) if (m[0].length >= 2) words.add(m[0].slice(0, 40));
    return [...words].map((w) =>
      crypto.createHmac('sha256', key).update(w, 'utf8').digest().readBigInt64BE(0).toString(),
    );
  };
}

/** Runs `step` on batches of the table's rows by id until it has seen them all. */
async function inBatches<R extends { id: number }>(
  knex: Knex,
  read: (afterId: number) => Promise<R[]>,
  step: (trx: Knex.Transaction, rows: R[]) => Promise<void>,
): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await read(after);
    if (!rows.length) return;
    await knex.transaction((trx) => step(trx, rows));
    after = Number(rows[rows.length - 1]!.id);
  }
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE IF NOT EXISTS data_keys (
    id text PRIMARY KEY,
    purpose text NOT NULL CHECK (purpose IN ('data', 'search')),
    period text NOT NULL,
    kek_id text NOT NULL,
    wrapped_key bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    rewrapped_at timestamptz,
    UNIQUE (purpose, period)
  )`);
  await knex.raw('CREATE INDEX IF NOT EXISTS data_keys_kek_id_index ON data_keys (kek_id)');
  await knex.raw(`CREATE TABLE IF NOT EXISTS message_search_tokens (
    message_id bigint NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    token bigint NOT NULL,
    conversation_id bigint NOT NULL,
    provider_id bigint NOT NULL,
    account_id bigint,
    PRIMARY KEY (message_id, token)
  )`);
  await knex.raw(
    'CREATE INDEX IF NOT EXISTS message_search_tokens_account_index ON message_search_tokens (account_id, token, conversation_id)',
  );
  await knex.raw(
    'CREATE INDEX IF NOT EXISTS message_search_tokens_provider_index ON message_search_tokens (provider_id, token, conversation_id)',
  );

  // The JSON columns now hold an object (the empty default, or a legacy row) or an encrypted string.
  await knex.raw('ALTER TABLE appointments DROP CONSTRAINT IF EXISTS appointments_intake_form_check');
  await knex.raw(
    `ALTER TABLE appointments ADD CONSTRAINT appointments_intake_form_check CHECK (jsonb_typeof(intake_form) = 'object' OR (intake_form #>> '{}') LIKE 'v1:%')`,
  );
  await knex.raw('ALTER TABLE messages DROP CONSTRAINT IF EXISTS messages_vob_input_info_check');
  await knex.raw(
    `ALTER TABLE messages ADD CONSTRAINT messages_vob_input_info_check CHECK (vob_input_info IS NULL OR jsonb_typeof(vob_input_info) = 'object' OR (vob_input_info #>> '{}') LIKE 'v1:%')`,
  );

  const encrypt = encrypter(await dataKey(knex, 'data', new Date().toISOString().slice(0, 7)));
  const tokens = tokenizer((await dataKey(knex, 'search', 'always')).key);
  // A jsonb value as the text of the JSON string that holds it encrypted.
  const encryptJson = (value: unknown): string | null =>
    value === null || value === undefined
      ? null
      : JSON.stringify(encrypted(value) ? value : encrypt(JSON.stringify(value)));

  // Messages: the text (and its blind index), intake answers and benefits-check inputs.
  await inBatches(
    knex,
    (after) =>
      knex('messages')
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .select('id', 'message_content', 'intake_form', 'vob_input_info'),
    async (trx, rows) => {
      const plain = rows.filter(
        (r) =>
          (r.message_content !== null && !encrypted(r.message_content)) ||
          (r.intake_form !== null && !encrypted(r.intake_form)) ||
          (r.vob_input_info !== null && !encrypted(r.vob_input_info)),
      );
      if (plain.length)
        await trx.raw(
          `UPDATE messages m SET message_content = u.content, intake_form = u.intake::jsonb, vob_input_info = u.vob::jsonb
             FROM unnest(?::bigint[], ?::text[], ?::text[], ?::text[]) AS u(id, content, intake, vob) WHERE m.id = u.id`,
          bind(
            plain.map((r) => r.id),
            plain.map((r) =>
              r.message_content === null || encrypted(r.message_content)
                ? r.message_content
                : encrypt(r.message_content),
            ),
            plain.map((r) => encryptJson(r.intake_form)),
            plain.map((r) => encryptJson(r.vob_input_info)),
          ),
        );
      const ids: number[] = [];
      const hashes: string[] = [];
      for (const r of plain)
        if (r.message_content !== null && !encrypted(r.message_content))
          for (const token of tokens(r.message_content)) {
            ids.push(r.id);
            hashes.push(token);
          }
      if (ids.length)
        await trx.raw(
          `INSERT INTO message_search_tokens (message_id, token, conversation_id, provider_id, account_id)
           SELECT u.id, u.token, m.conversation_id, m.provider_id, c.account_id
             FROM unnest(?::bigint[], ?::bigint[]) AS u(id, token)
             JOIN messages m ON m.id = u.id JOIN conversations c ON c.id = m.conversation_id
           ON CONFLICT DO NOTHING`,
          bind(ids, hashes),
        );
    },
  );

  // Consultations' intake answers.
  await inBatches(
    knex,
    (after) => knex('appointments').where('id', '>', after).orderBy('id').limit(BATCH).select('id', 'intake_form'),
    async (trx, rows) => {
      const plain = rows.filter((r) => r.intake_form !== null && !encrypted(r.intake_form));
      if (plain.length)
        await trx.raw(
          'UPDATE appointments a SET intake_form = u.intake::jsonb FROM unnest(?::bigint[], ?::text[]) AS u(id, intake) WHERE a.id = u.id',
          bind(
            plain.map((r) => r.id),
            plain.map((r) => encryptJson(r.intake_form)),
          ),
        );
    },
  );

  // Calendar tokens and app passwords.
  for (const [name, columns, key] of [
    ['calendar_account_links', ['access_token', 'refresh_token', 'password'], 'id'],
    ['google_account_links', ['access_token', 'refresh_token'], 'provider_id'],
  ] as const) {
    const rows = await table(knex, name).select(key, ...columns);
    for (const row of rows) {
      const changes: Record<string, string> = {};
      for (const column of columns) {
        const value = row[column];
        if (typeof value === 'string' && !encrypted(value)) changes[column] = encrypt(value);
      }
      if (Object.keys(changes).length) await table(knex, name).where(key, row[key]).update(changes);
    }
  }

  // No index of plain text is left: the trigram index on message text goes (the blind index replaces it).
  await knex.raw('DROP INDEX IF EXISTS messages_content_search_index');
}

/** A jsonb value's text for a ?::text[] binding (the encrypted string as a JSON string). */
function asJsonText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export async function down(knex: Knex): Promise<void> {
  const decrypt = decrypter(knex);
  const plainJson = async (value: unknown) => (encrypted(value) ? await decrypt(value as string) : asJsonText(value));
  await inBatches(
    knex,
    (after) =>
      knex('messages')
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .select('id', 'message_content', 'intake_form', 'vob_input_info'),
    async (trx, rows) => {
      const content: (string | null)[] = [];
      const intake: (string | null)[] = [];
      const vob: (string | null)[] = [];
      for (const r of rows) {
        content.push(encrypted(r.message_content) ? await decrypt(r.message_content as string) : r.message_content);
        intake.push(await plainJson(r.intake_form));
        vob.push(await plainJson(r.vob_input_info));
      }
      await trx.raw(
        `UPDATE messages m SET message_content = u.content, intake_form = u.intake::jsonb, vob_input_info = u.vob::jsonb
           FROM unnest(?::bigint[], ?::text[], ?::text[], ?::text[]) AS u(id, content, intake, vob) WHERE m.id = u.id`,
        bind(
          rows.map((r) => r.id),
          content,
          intake,
          vob,
        ),
      );
    },
  );
  await inBatches(
    knex,
    (after) => knex('appointments').where('id', '>', after).orderBy('id').limit(BATCH).select('id', 'intake_form'),
    async (trx, rows) => {
      const intake: (string | null)[] = [];
      for (const r of rows) intake.push(await plainJson(r.intake_form));
      await trx.raw(
        'UPDATE appointments a SET intake_form = u.intake::jsonb FROM unnest(?::bigint[], ?::text[]) AS u(id, intake) WHERE a.id = u.id',
        bind(
          rows.map((r) => r.id),
          intake,
        ),
      );
    },
  );
  for (const [name, columns, key] of [
    ['calendar_account_links', ['access_token', 'refresh_token', 'password'], 'id'],
    ['google_account_links', ['access_token', 'refresh_token'], 'provider_id'],
  ] as const) {
    for (const row of await table(knex, name).select(key, ...columns)) {
      const changes: Record<string, string> = {};
      for (const column of columns) {
        const value = row[column];
        if (encrypted(value)) changes[column] = await decrypt(value as string);
      }
      if (Object.keys(changes).length) await table(knex, name).where(key, row[key]).update(changes);
    }
  }
  await knex.raw('ALTER TABLE appointments DROP CONSTRAINT IF EXISTS appointments_intake_form_check');
  await knex.raw(
    `ALTER TABLE appointments ADD CONSTRAINT appointments_intake_form_check CHECK (jsonb_typeof(intake_form) = 'object')`,
  );
  await knex.raw('ALTER TABLE messages DROP CONSTRAINT IF EXISTS messages_vob_input_info_check');
  await knex.raw(
    `ALTER TABLE messages ADD CONSTRAINT messages_vob_input_info_check CHECK (vob_input_info IS NULL OR jsonb_typeof(vob_input_info) = 'object')`,
  );
  await knex.raw(
    'CREATE INDEX IF NOT EXISTS messages_content_search_index ON messages USING gin (message_content gin_trgm_ops) WHERE deleted_at IS NULL AND redacted_at IS NULL',
  );
  await knex.raw('DROP TABLE IF EXISTS message_search_tokens');
  await knex.raw('DROP TABLE IF EXISTS data_keys');
}
