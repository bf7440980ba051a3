// The messages page's bench data: one provider with 2,000 conversations and 50,000 messages (25 each,
// alternating client and provider, the newest client message unread in one conversation of ten), made
// by PostgreSQL itself with generate_series. The text is stored encrypted, as the portal stores it: each
// distinct text encrypted once (bench/encrypted-text.ts), its words indexed for search.
import type { Knex } from 'knex';
import { encryptTexts, indexEncryptedTexts } from './encrypted-text';
import { scaled } from './settings';

/** Fewer conversations at a BENCH_SCALE below 1. */
export const BENCH_MESSAGES = { conversations: scaled(2_000), messagesPerConversation: 25 };

export async function loadBenchMessages(db: Knex, providerId: number): Promise<void> {
  const { conversations, messagesPerConversation } = BENCH_MESSAGES;
  await db.transaction(async (trx) => {
    // A bulk load: no per-row triggers (live-thread notifications, change notifications), so the
    // conversation's account is written here rather than by its trigger.
    await trx.raw('set local session_replication_role = replica');
    const texts = await encryptTexts(
      trx,
      Array.from(
        { length: messagesPerConversation },
        (_, i) => `Message ${i + 1} of a bench conversation, long enough to look like a real one.`,
      ),
    );
    await trx.raw(
      `insert into users (email, first_name, last_name, full_name, scopes)
      select 'bench-client-' || g || '@client.test', 'Bench', 'Client ' || g, 'Bench Client ' || g, array['client']
      from generate_series(1, ?) g`,
      [conversations],
    );
    await trx.raw(
      `insert into conversations (provider_id, account_id, client_user_id, last_message_at, created_at)
      select p.id, p.account_id, u.id, now() - (row_number() over (order by u.id)) * interval '1 hour', now() - interval '400 days'
      from users u, providers p where u.email like 'bench-client-%@client.test' and p.id = ?`,
      [providerId],
    );
    await trx.raw(
      `insert into messages (conversation_id, provider_id, client_user_id, account_id, sender, message_content, send_date, read_at, created_at)
      select c.id, c.provider_id, c.client_user_id, null, case when k % 2 = 1 then 'client' else 'provider' end,
        (?::text[])[k],
        c.last_message_at - (? - k) * interval '1 minute',
        case when k = ? and c.id % 10 = 0 then null else c.last_message_at end,
        c.last_message_at - (? - k) * interval '1 minute'
      from conversations c, generate_series(1, ?) k
      where c.provider_id = ? and c.client_user_id in (select id from users where email like 'bench-client-%@client.test')`,
      [
        texts.ciphertexts as unknown as Knex.RawBinding,
        messagesPerConversation,
        messagesPerConversation,
        messagesPerConversation,
        messagesPerConversation,
        providerId,
      ],
    );
    await indexEncryptedTexts(
      trx,
      texts,
      `c.provider_id = ? and c.client_user_id in (select id from users where email like 'bench-client-%@client.test')`,
      [providerId],
    );
  });
  await db.raw('analyze conversations, messages, users');
}

/** The long thread's size (issue [19] item 1): one conversation of 10,000 messages (fewer at a BENCH_SCALE below 1). */
export const BENCH_LONG_THREAD = scaled(10_000);

/**
 * One client's conversation with the provider holding BENCH_LONG_THREAD messages, a minute apart,
 * alternating client and provider, all read. Returns the client's user id (the thread is /messages/{id}).
 */
export async function loadBenchLongThread(db: Knex, providerId: number): Promise<number> {
  return db.transaction(async (trx) => {
    await trx.raw('set local session_replication_role = replica');
    const texts = await encryptTexts(
      trx,
      Array.from(
        { length: BENCH_LONG_THREAD },
        (_, i) =>
          `Message ${i + 1} of the long thread: a few sentences, as people write them when they plan a first session.`,
      ),
    );
    const [client] = await trx('users')
      .insert({
        email: 'bench-long-thread@client.test',
        first_name: 'Lena',
        last_name: 'Long',
        full_name: 'Lena Long',
        scopes: ['client'],
      })
      .returning('id');
    const [conversation] = await trx
      .raw(
        `insert into conversations (provider_id, account_id, client_user_id, last_message_at, created_at)
       select p.id, p.account_id, ?, now() - interval '1 minute', now() - interval '30 days' from providers p where p.id = ?
       returning id`,
        [client.id, providerId],
      )
      .then((result: { rows: { id: number }[] }) => result.rows);
    await trx.raw(
      `insert into messages (conversation_id, provider_id, client_user_id, sender, message_content, send_date, read_at, created_at)
       select ?, ?, ?, case when k % 2 = 1 then 'client' else 'provider' end,
         (?::text[])[k],
         now() - (? - k + 1) * interval '1 minute', now(), now() - (? - k + 1) * interval '1 minute'
       from generate_series(1, ?) k`,
      [
        conversation!.id,
        providerId,
        client.id,
        texts.ciphertexts as unknown as Knex.RawBinding,
        BENCH_LONG_THREAD,
        BENCH_LONG_THREAD,
        BENCH_LONG_THREAD,
      ],
    );
    await indexEncryptedTexts(trx, texts, 'm.conversation_id = ?', [conversation!.id]);
    return Number(client.id);
  });
}
