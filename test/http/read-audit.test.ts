// Who read what (issue [22] item 4): opening a thread (the provider's and the practice inbox's), a client
// list page (each page), the referral CSV and an appointment's calendar file each write one read record
// with who, when and which client; the owner reads the account's records at /practice/audit, ten a page,
// by person and by client; the table refuses UPDATE and DELETE from the app's connection.
import assert from 'node:assert/strict';
import type { Knex } from 'knex';
import { deleteExpiredReads } from '../../server/domain/read-audit';
import { ctx } from '../support/context';
import { signedInAtPractice } from './practice-helpers';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf } from '../support/http';
import { clientUser, conversation } from './dashboard-helpers';

const DENIED = /Oops! You are unable to access this resource\.\.\./;
const AUDIT = '/practice/audit';

interface Row {
  account_id: number;
  user_id: number;
  action: string;
  client_user_id: number | null;
  detail: Record<string, unknown>;
  created_at: Date;
}
const recordsOf = async (db: Knex): Promise<Row[]> => (await db('read_records').orderBy('id').select('*')) as Row[];

/** Asserts exactly one new record, made within the last minute, and returns it. */
async function onlyRecord(db: Knex, before: number): Promise<Row> {
  const rows = (await recordsOf(db)).slice(before);
  assert.equal(rows.length, 1, JSON.stringify(rows));
  const row = rows[0]!;
  assert.ok(Date.now() - row.created_at.getTime() < 60_000);
  return row;
}

describe('read records: what is recorded', () => {
  it('opening a thread on /messages/{clientId}: who, which account, which client; a missing thread is not', async () => {
    const { db } = ctx();
    const { user, client } = await signedInAtPractice(['owner']);
    const casey = await clientUser(db, 'Casey', 'Client');
    await conversation(db, user.providerIds[0]!, casey, 'Hello there');
    await client.get(`/messages/${casey}`).expect(200);
    const row = await onlyRecord(db, 0);
    assert.equal(Number(row.account_id), user.accountId);
    assert.equal(Number(row.user_id), user.userId);
    assert.equal(row.action, 'thread');
    assert.equal(Number(row.client_user_id), casey);
    assert.deepEqual(row.detail, { providerId: user.providerIds[0] });
    await client.get(`/messages/${casey + 1000}`).expect(404);
    assert.equal((await recordsOf(db)).length, 1);
  });

  it('opening a practice inbox thread, and each client list page of the inbox', async () => {
    const { db } = ctx();
    const { user, client } = await signedInAtPractice(['intake-coordinator']);
    const sam = await clientUser(db, 'Sam', 'Client');
    await conversation(db, user.providerIds[0]!, sam, 'Hello there');
    await client.get(`/practice-inbox/messages/${sam}/${user.providerIds[0]}`).expect(200);
    const thread = await onlyRecord(db, 0);
    assert.equal(thread.action, 'thread');
    assert.equal(Number(thread.client_user_id), sam);
    assert.equal(Number(thread.user_id), user.userId);
    await client.get('/practice-inbox/client-list').expect(200);
    const list = await onlyRecord(db, 1);
    assert.equal(list.action, 'client_list');
    assert.equal(list.client_user_id, null);
    assert.deepEqual(list.detail, { list: 'practice-inbox', page: 1 });
  });

  it('each page of the Full Client List', async () => {
    const { db } = ctx();
    const { user, client } = await signedInAtPractice(['owner']);
    const path = (await client.get('/client-list')).headers.location ?? '/client-list';
    await client.get(path).expect(200);
    const row = await onlyRecord(db, 0);
    assert.equal(row.action, 'client_list');
    assert.equal(Number(row.account_id), user.accountId);
    assert.deepEqual(row.detail, { list: 'profile', providerId: user.providerIds[0], page: 1 });
  });

  it('downloading the referral CSV, and an appointment’s calendar file', async () => {
    const { db } = ctx();
    const { user, client } = await signedInAtPractice(['intake-exporter']);
    await client.get('/referral-data/download').expect(200);
    const row = await onlyRecord(db, 0);
    assert.equal(row.action, 'referral_export');
    assert.equal(Number(row.user_id), user.userId);
    assert.equal(Number(row.account_id), user.accountId);
    assert.match(String(row.detail.file), /referral_data/);

    const coordinator = await signedInAtPractice(['intake-coordinator']);
    const lee = await clientUser(db, 'Lee', 'Client');
    const [appointment] = await db('appointments')
      .insert({
        provider_id: coordinator.user.providerIds[0],
        client_user_id: lee,
        start_time: new Date(Date.now() + 86_400_000),
        end_time: new Date(Date.now() + 87_300_000),
      })
      .returning('id');
    await coordinator.client.get(`/practice-inbox/appointments/${appointment.id}/ics`).expect(200);
    const file = await onlyRecord(db, 1);
    assert.equal(file.action, 'appointment_file');
    assert.equal(Number(file.client_user_id), lee);
    assert.equal(file.detail.appointmentId, Number(appointment.id));
  });

  it('the table refuses UPDATE and DELETE from the app’s connection; the retention job deletes only old rows', async () => {
    const { db } = ctx();
    const { user, client } = await signedInAtPractice(['owner']);
    await client.get(AUDIT).expect(200);
    await db('read_records').insert({ account_id: user.accountId, user_id: user.userId, action: 'thread' });
    await assert.rejects(db.raw(`update read_records set user_id = 1`), /kept as written: UPDATE refused/);
    await assert.rejects(db.raw(`delete from read_records`), /kept as written: DELETE refused/);
    await assert.rejects(db.raw(`truncate read_records`), /kept as written: TRUNCATE refused/);
    // Nothing is past six years yet; seven years on, the row is.
    const later = new Date(Date.now() + 7 * 366 * 86_400_000);
    assert.equal(await deleteExpiredReads(db, 6, new Date()), 0);
    assert.equal(await deleteExpiredReads(db, 6, later), 1);
    assert.equal((await recordsOf(db)).length, 0);
  });
});

describe('read records: the owner’s page (/practice/audit)', () => {
  const others: string[][] = [[], ['billing-manager'], ['intake-coordinator'], ['intake-exporter']];

  it('refuses every role but owner with the spec’s words (403), and sends a signed-out visitor to sign in', async () => {
    for (const roles of others) {
      const { client } = await signedInAtPractice(roles);
      const res = await client.get(AUDIT);
      assert.equal(res.status, 403, roles.join() || 'no role');
      assert.match(mainTextOf(res.text), DENIED);
      assert.doesNotMatch(res.text, /href="\/practice\/audit"/);
    }
    const signedOut = await agent().get(AUDIT).expect(303);
    assert.match(signedOut.headers.location ?? '', /\/login/);
    const { client } = await signedInAtPractice(['owner']);
    assert.match((await client.get(AUDIT).expect(200)).text, /href="\/practice\/audit"[^>]*>Who Read What/);
  });

  /** `count` records of `userId` on the account, a minute apart, the newest first in time order. */
  async function seed(db: Knex, accountId: number, userId: number, clientUserId: number | null, count: number) {
    const start = Date.UTC(2026, 10, 1, 15);
    for (let i = 0; i < count; i++)
      await db('read_records').insert({
        account_id: accountId,
        user_id: userId,
        action: clientUserId === null ? 'client_list' : 'thread',
        client_user_id: clientUserId,
        detail: JSON.stringify(clientUserId === null ? { list: 'profile', page: i + 1 } : {}),
        created_at: new Date(start + i * 60_000),
      });
  }

  it('lists the account’s records newest first, ten a page, never another account’s', async () => {
    const { db } = ctx();
    const { user, client } = await signedInAtPractice(['owner']);
    await seed(db, user.accountId, user.userId, null, 12);
    const other = await createProviderUser(db, {});
    const hidden = await clientUser(db, 'Hidden', 'Person');
    await seed(db, other.accountId, other.userId, hidden, 3);

    const first = mainTextOf((await client.get(AUDIT).expect(200)).text);
    assert.match(first, /12 records/);
    assert.match(first, /Page 1 of 2/);
    assert.doesNotMatch(first, /Hidden Person/);
    const pages = [...first.matchAll(/Full Client List, page (\d+)/g)].map((m) => Number(m[1]));
    assert.deepEqual(pages, [12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    assert.match(first, /Nov 1, 2026, 10:11am/);
    const second = mainTextOf((await client.get(`${AUDIT}?page=2`).expect(200)).text);
    assert.deepEqual(
      [...second.matchAll(/Full Client List, page (\d+)/g)].map((m) => Number(m[1])),
      [2, 1],
    );
    // Bad input is no error: a page past the end is the last, words are page 1.
    await client.get(`${AUDIT}?page=99`).expect(200);
    await client.get(`${AUDIT}?page=abc&person=x&client=${'%25'.repeat(200)}`).expect(200);
  });

  it('filters by person and by client name; a person of another account is not a filter', async () => {
    const { db } = ctx();
    const { user, client } = await signedInAtPractice(['owner']);
    const [mate] = await db('users')
      .insert({ email: 'mate@example.test', first_name: 'Jordan', last_name: 'Blake', scopes: ['provider'] })
      .returning('id');
    await db('account_roles').insert({ user_id: mate.id, account_id: user.accountId, role: 'intake-coordinator' });
    const casey = await clientUser(db, 'Casey', 'Quinn');
    const robin = await clientUser(db, 'Robin', 'Hart');
    await seed(db, user.accountId, user.userId, casey, 2);
    await seed(db, user.accountId, Number(mate.id), robin, 3);

    const all = mainTextOf((await client.get(AUDIT).expect(200)).text);
    assert.match(all, /5 records/);
    const byMate = mainTextOf((await client.get(`${AUDIT}?person=${mate.id}`).expect(200)).text);
    assert.match(byMate, /3 records/);
    assert.match(byMate, /Jordan Blake/);
    assert.doesNotMatch(byMate, /Casey Quinn/);
    const byClient = mainTextOf((await client.get(`${AUDIT}?client=quin`).expect(200)).text);
    assert.match(byClient, /2 records/);
    assert.doesNotMatch(byClient, /Robin Hart/);
    const none = mainTextOf((await client.get(`${AUDIT}?person=${mate.id}&client=Quinn`).expect(200)).text);
    assert.match(none, /No records match these filters/);
    const other = await createProviderUser(db, {});
    assert.match(mainTextOf((await client.get(`${AUDIT}?person=${other.userId}`).expect(200)).text), /5 records/);
  });
});
