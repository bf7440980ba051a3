// Encryption at rest of what clients write (issue [25] item 3): the tables hold no plaintext of messages,
// intake answers, benefits-check inputs or calendar tokens; key-encryption keys rotate without a stop
// (old keys decrypt until the re-wrap job has moved every data key); the practice inbox still finds a
// conversation by the words of its messages, never another account's; the referral export decrypts.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import { bookConsultation } from '../../server/domain/appointments';
import { createAvailability } from '../../server/domain/calendar';
import {
  activeKeyring,
  type DataKeyring,
  decryptText,
  encryptText,
  forgetDataKeys,
  parseDataEncryptionKeys,
  REWRAP_JOB,
  setDataEncryptionKeys,
  textEncrypter,
  wordsOf,
} from '../../server/domain/data-protection';
import { receiveClientMessage, sendProviderMessage } from '../../server/domain/messaging';
import { ctx } from '../support/context';
import { createProviderUser, type MadeUser } from '../support/factories';
import { agent, mainTextOf, signIn } from '../support/http';
import { drainJobs } from '../support/jobs';

const db = () => ctx().db;
const ZONE = 'America/New_York';

/** Everything a table holds, as one text (what a dump of it would show). */
async function dumpOf(table: string): Promise<string> {
  const result = await db().raw(`select coalesce(string_agg(t::text, E'\\n'), '') as dump from ${table} t`);
  return result.rows[0].dump as string;
}

async function practiceWithInbox(firstName: string): Promise<{ user: MadeUser; client: ReturnType<typeof agent> }> {
  const user = await createProviderUser(db(), {
    roles: ['intake-coordinator', 'intake-exporter'],
    providers: [{ firstName, lastName: 'Practice' }],
  });
  const client = agent();
  await signIn(client, user.email);
  return { user, client };
}

function clientWrites(providerId: number, email: string, content: string, extra: object = {}) {
  return receiveClientMessage(db(), ctx().integrations.jobs, {
    providerId,
    client: { email, firstName: 'Quinn', lastName: 'Sample' },
    content,
    type: 'message',
    now: new Date(),
    ...extra,
  });
}

/** A live message thread's texts, as the provider's thread page shows them. */
async function threadText(client: ReturnType<typeof agent>, clientUserId: number, providerId: number) {
  return mainTextOf((await client.get(`/practice-inbox/messages/${clientUserId}/${providerId}`).expect(200)).text);
}

const listNames = (html: string) =>
  [...html.matchAll(/class="messages-list__client">([^<]+)</g)].map((m) => m[1]!.trim()).sort();

describe('data protection: a dump of the tables shows no client text', () => {
  it('messages, intake answers, benefits-check inputs and consultation intakes are stored encrypted and read back decrypted', async () => {
    const { user, client } = await practiceWithInbox('Dora');
    const providerId = user.providerIds[0]!;
    const received = await clientWrites(providerId, 'quinn@example.test', 'My zebrafish insomnia keeps me awake.', {
      type: 'messaging_tool_intake',
      intakeForm: { state: 'NY', reason: 'Tangerine worries' },
      vobInputInfo: { insurance_name: 'Aetna', member_id: 'MEMBER-XYZZY-42' },
    });
    await sendProviderMessage(db(), ctx().integrations.jobs, {
      owner: { accountId: user.accountId },
      providerId,
      clientUserId: received.clientUserId,
      content: 'We can talk about the quokka plan on Tuesday.',
      accountId: user.accountId,
      now: new Date(),
    });
    // A consultation booked with intake answers.
    await db()('providers')
      .where({ id: providerId })
      .update({ has_calendar: true, calendar_open: true, timezone: ZONE });
    await db()('locations').insert({
      provider_id: providerId,
      state: 'NY',
      remote_location: true,
      accepting_patients: 40,
    });
    const day = Temporal.Now.plainDateISO(ZONE).add({ days: 3 });
    const atHour = (hour: number) => new Date(day.toPlainDateTime({ hour }).toZonedDateTime(ZONE).epochMilliseconds);
    await createAvailability(db(), providerId, {
      start: atHour(9),
      end: atHour(12),
      free: true,
      name: null,
      rrule: null,
      timeZone: ZONE,
    });
    await bookConsultation(
      db(),
      ctx().integrations.jobs,
      {
        providerId,
        start: atHour(10),
        client: { email: 'quinn@example.test', firstName: 'Quinn', lastName: 'Sample', phoneNumber: '+12125550123' },
        intakeForm: { reason: 'Marmalade anxieties' },
      },
      new Date(),
    );
    await drainJobs();

    const dumps = (
      await Promise.all(['messages', 'appointments', 'message_search_tokens', 'data_keys'].map(dumpOf))
    ).join('\n');
    for (const secret of ['zebrafish', 'Tangerine', 'MEMBER-XYZZY-42', 'quokka', 'Marmalade'])
      assert.ok(!dumps.toLowerCase().includes(secret.toLowerCase()), `${secret} is not in the tables`);
    const stored = await db()('messages').where({ provider_id: providerId }).select('message_content', 'intake_form');
    assert.ok(stored.length >= 2);
    for (const row of stored.filter((r) => r.message_content !== null))
      assert.match(row.message_content ?? '', /^v1:[\w-]+:[\w-]+:[\w-]+:[\w-]+$/, 'the versioned format');
    const intake = stored.find((r) => r.intake_form !== null)!.intake_form;
    assert.equal(typeof intake, 'string', 'the jsonb column holds one encrypted string');
    assert.match(String(intake), /^v1:/);
    // The trigram index on message text is gone.
    const index = await db().raw(`select to_regclass('messages_content_search_index') as name`);
    assert.equal(index.rows[0].name, null);

    // The pages decrypt what they show.
    const thread = await threadText(client, received.clientUserId, providerId);
    assert.match(thread, /My zebrafish insomnia keeps me awake\./);
    assert.match(thread, /We can talk about the quokka plan on Tuesday\./);
  });

  it('calendar tokens and app passwords are stored encrypted (the sync tests read them back decrypted)', async () => {
    // The external-calendar tests link real (sample) accounts; here the columns are checked to refuse
    // nothing and the stored form to be the envelope one, through the data-protection API.
    const sealed = await encryptText(db(), 'ya29.sample-access-token');
    assert.match(sealed, /^v1:/);
    assert.ok(!sealed.includes('sample-access-token'));
    assert.equal(await decryptText(db(), sealed), 'ya29.sample-access-token');
  });
});

describe('data protection: rotating the key-encryption key without a stop', () => {
  const keyringOf = (...keys: { id: string; key: Buffer }[]): DataKeyring =>
    parseDataEncryptionKeys(keys.map((k) => `${k.id}:${k.key.toString('base64')}`).join(','));

  let original: DataKeyring;
  /** Every key a test listed: the data keys go back under the original key after it. */
  const listed: { id: string; key: Buffer }[] = [];
  const use = (...keys: { id: string; key: Buffer }[]) => {
    listed.push(...keys);
    setDataEncryptionKeys(keyringOf(...keys));
    forgetDataKeys();
  };
  beforeEach(() => {
    original = activeKeyring();
  });
  afterEach(async () => {
    // The table keeps its rows between tests: every data key goes back under the original key.
    const others = new Map(listed.filter((k) => k.id !== original.current.id).map((k) => [k.id, k]));
    use(original.current, ...others.values());
    await ctx().integrations.jobs.enqueue(db(), REWRAP_JOB, {});
    await drainJobs();
    setDataEncryptionKeys(original);
    forgetDataKeys();
    listed.length = 0;
  });

  it('A writes, rotate to B and write more, both read; the re-wrap job moves every data key to B; without A all still read', async () => {
    const { user, client } = await practiceWithInbox('Rota');
    const providerId = user.providerIds[0]!;
    const a = original.current;
    const b = { id: 'rotation-b', key: crypto.randomBytes(32) };

    const first = await clientWrites(providerId, 'rota@example.test', 'Written under key A: aardvark.');
    // Rotate: B first (current), A still listed.
    use(b, a);
    await clientWrites(providerId, 'rota@example.test', 'Written after the rotation: bumblebee.');
    // A data key made now (next month's) is wrapped by B.
    const nextMonth = new Date(Date.now() + 40 * 24 * 3600 * 1000);
    const later = (await textEncrypter(db(), nextMonth))('Next month: chinchilla.');
    const kekOf = async (value: string) =>
      (await db()('data_keys')
        .where({ id: value.split(':')[1] })
        .first('kek_id'))!.kek_id as string;
    assert.equal(await kekOf(later), b.id);
    const storedFirst = (await db()('messages').where({ id: first.message.id }).first('message_content'))!
      .message_content as string;
    assert.equal(await kekOf(storedFirst), a.id, 'not re-wrapped yet');
    let page = await threadText(client, first.clientUserId, providerId);
    assert.match(page, /Written under key A: aardvark\./);
    assert.match(page, /Written after the rotation: bumblebee\./);

    // The re-wrap job (the queue's, as in production) moves every data key under B.
    await ctx().integrations.jobs.enqueue(db(), REWRAP_JOB, {});
    await drainJobs();
    const keks = await db()('data_keys').distinct('kek_id');
    assert.deepEqual(
      keks.map((r) => r.kek_id),
      [b.id],
    );

    // A is removed from the settings (and from memory): everything still reads.
    use(b);
    page = await threadText(client, first.clientUserId, providerId);
    assert.match(page, /Written under key A: aardvark\./);
    assert.match(page, /Written after the rotation: bumblebee\./);
    assert.equal(await decryptText(db(), later), 'Next month: chinchilla.');

    // A key the settings no longer list cannot be used: a data key still under it fails loudly.
    use(a);
    await assert.rejects(() => decryptText(db(), storedFirst), /DATA_ENCRYPTION_KEYS does not list/);
  });
});

describe('data protection: the practice inbox searches message words through the blind index', () => {
  it('finds the conversation by whole words of its messages, never another account’s; substrings are not matched', async () => {
    const { user, client } = await practiceWithInbox('Sage');
    const other = await practiceWithInbox('Otto');
    await clientWrites(user.providerIds[0]!, 'wren@example.test', 'Could we discuss my Agoraphobia next week?');
    await clientWrites(other.user.providerIds[0]!, 'wren-other@example.test', 'Agoraphobia here too.');
    const found = async (q: string) =>
      listNames((await client.get(`/practice-inbox/messages?q=${encodeURIComponent(q)}&status=all`).expect(200)).text);

    assert.deepEqual(await found('agoraphobia'), ['Quinn Sample']);
    assert.deepEqual(await found('AGORAPHOBIA next'), ['Quinn Sample']);
    // Every word must be in one message; a part of a word is not a word.
    assert.deepEqual(await found('agoraphobia yesterday'), []);
    assert.deepEqual(await found('agora'), []);
    // The other practice finds its own conversation only.
    const theirs = listNames(
      (await other.client.get('/practice-inbox/messages?q=agoraphobia&status=all').expect(200)).text,
    );
    assert.equal(theirs.length, 1);
    // The index holds tokens, never the words.
    const tokens = await dumpOf('message_search_tokens');
    assert.ok(!tokens.toLowerCase().includes('agoraphobia'));
    assert.deepEqual(wordsOf('Ça va? Agoraphobia, 42 & a'), ['ca', 'va', 'agoraphobia', '42']);
  });
});

describe('data protection: the referral export decrypts', () => {
  it('the CSV holds the intake answers the client gave, in plain text', async () => {
    const { user, client } = await practiceWithInbox('Exa');
    await clientWrites(user.providerIds[0]!, 'ex@example.test', 'Hello', {
      type: 'messaging_tool_intake',
      intakeForm: { state: 'NJ', insurance: 'Oxford Platypus Plan' },
    });
    const raw = await dumpOf('messages');
    assert.ok(!raw.includes('Platypus'));
    const csv = (await client.get('/referral-data/download').expect(200)).text;
    assert.match(csv, /Oxford Platypus Plan/);
  });
});
