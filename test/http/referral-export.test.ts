// Referral Data (spec 3 §2, §6, §7 "export-intakes ... CSV download named referral_data"): intake
// exporters only; the CSV holds every referral of the account (appointments booked and conversations a
// client started), times in UTC; it is streamed, so 100,000 rows take bounded memory; the page charts
// the referrals per month.
import assert from 'node:assert/strict';
import { JSDOM } from 'jsdom';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Knex } from 'knex';
import { ctx } from '../support/context';
import { createProviderUser, type MadeUser, type ProviderSpec } from '../support/factories';
import { agent, mainTextOf, signIn, type Agent } from '../support/http';
import { REFERRAL_EXPORT_COLUMNS } from '../../server/domain/referrals';

const DENIED = 'Oops! You are unable to access this resource...';

async function signedIn(roles: string[], providers?: ProviderSpec[]): Promise<{ user: MadeUser; client: Agent }> {
  const user = await createProviderUser(ctx().db, { roles, providers });
  const client = agent();
  await signIn(client, user.email);
  return { user, client };
}

async function clientUser(db: Knex, email: string, first: string, last: string): Promise<number> {
  const [row] = await db('users')
    .insert({ email, first_name: first, last_name: last, scopes: ['client'], phone_number: '+12125550100' })
    .returning('id');
  return Number(row.id);
}

/** A conversation the client opened with a message (a referral), at `at`. */
async function clientConversation(
  db: Knex,
  providerId: number,
  clientUserId: number,
  at: Date,
  intake: Record<string, unknown> | null = null,
) {
  const [c] = await db('conversations')
    .insert({ provider_id: providerId, client_user_id: clientUserId, last_message_at: at })
    .returning('id');
  await db('messages').insert({
    conversation_id: c.id,
    provider_id: providerId,
    client_user_id: clientUserId,
    sender: 'client',
    send_date: at,
    type: intake ? 'messaging_tool_intake' : 'message',
    message_content: 'Hello',
    intake_form: intake ? JSON.stringify(intake) : null,
  });
}

/** A full garbage collection on demand (the flag takes effect for contexts made after it is set). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** Reads a CSV of simple quoted cells (what csv-stringify writes for these values). */
function parseCsv(text: string): string[][] {
  return text
    .trim()
    .split('\n')
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
        .slice(0, -1)
        .map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"')),
    );
}

describe('Referral Data: who may', () => {
  it(`others see "${DENIED}" with the contact-support link (403), page and download alike`, async () => {
    const { client } = await signedIn(['owner', 'intake-coordinator']);
    for (const path of ['/referral-data', '/referral-data/download']) {
      const page = await client.get(path).expect(403);
      assert.match(mainTextOf(page.text), /Oops! You are unable to access this resource\.\.\./, path);
      assert.match(page.text, /href="\/contact"/);
      assert.doesNotMatch(page.headers['content-type'] ?? '', /csv/);
    }
  });

  it('an intake exporter sees the heading, the Download button and the menu entry', async () => {
    const { client } = await signedIn(['intake-exporter']);
    const page = await client.get('/referral-data').expect(200);
    assert.match(page.text, /<h1>Referral Data<\/h1>/);
    assert.match(page.text, /<a class="button" href="\/referral-data\/download"[^>]*>Download referrals \(CSV\)<\/a>/);
    assert.match(page.text, /href="\/referral-data"[^>]*>Referral Data/);
  });
});

describe('Referral Data: the CSV', () => {
  it('is named referral_data, has the header, every referral of the account (not another account’s), times in UTC', async () => {
    const { db } = ctx();
    const { user, client } = await signedIn(
      ['intake-exporter'],
      [
        { firstName: 'Ada', lastName: 'Lovelace' },
        { firstName: 'Alan', lastName: 'Turing' },
      ],
    );
    const other = await createProviderUser(db, {});
    const jane = await clientUser(db, 'jane@example.test', 'Jane', 'Doe');
    const sam = await clientUser(db, 'sam@example.test', '=cmd', '+SUM(A1)');
    // A booking (2026-03-02 09:30 New York = 14:30 UTC) and a contact request on the two profiles, a client's first message, and another account's booking.
    await db('appointments').insert({
      provider_id: user.providerIds[0],
      client_user_id: jane,
      start_time: '2026-03-02T14:30:00Z',
      end_time: '2026-03-02T14:45:00Z',
      created_at: '2026-02-20T10:00:00Z',
      intake_form: JSON.stringify({ state: 'NY' }),
    });
    await db('appointments').insert({
      provider_id: user.providerIds[1],
      client_user_id: sam,
      type: 'provider_contact',
      start_time: '2026-04-01T12:00:00Z',
      end_time: '2026-04-01T12:15:00Z',
      created_at: '2026-03-30T08:00:00Z',
      canceled: true,
    });
    await clientConversation(db, user.providerIds[1]!, jane, new Date('2026-05-05T05:05:05Z'), {
      state: 'NJ',
      insurance: 'Aetna',
      source: 'directory',
    });
    await db('appointments').insert({
      provider_id: other.providerIds[0],
      client_user_id: jane,
      start_time: '2026-03-03T14:30:00Z',
      end_time: '2026-03-03T14:45:00Z',
    });

    const response = await client.get('/referral-data/download').expect(200);
    assert.match(response.headers['content-type']!, /^text\/csv/);
    assert.match(response.headers['content-disposition']!, /attachment; filename="?referral_data\.csv"?/);
    const [header, ...rows] = parseCsv(response.text);
    assert.deepEqual(header, [...REFERRAL_EXPORT_COLUMNS]);
    assert.equal(rows.length, 3, 'the account’s three referrals, not the other account’s');
    const column = (row: string[], name: string) =>
      row[header!.indexOf(name as (typeof REFERRAL_EXPORT_COLUMNS)[number])];
    const [booking, contact, conversation] = rows as [string[], string[], string[]];
    assert.equal(column(booking, 'contact_date_utc'), '2026-02-20T10:00:00Z');
    assert.equal(column(booking, 'type'), 'acuity_appointment');
    assert.equal(column(booking, 'appointment_start_utc'), '2026-03-02T14:30:00Z');
    assert.equal(column(booking, 'appointment_end_utc'), '2026-03-02T14:45:00Z');
    assert.equal(column(booking, 'email'), 'jane@example.test');
    assert.equal(column(booking, 'provider_name'), 'Ada Lovelace');
    assert.equal(column(booking, 'state'), 'NY');
    assert.equal(column(contact, 'type'), 'provider_contact');
    assert.equal(column(contact, 'appointment_canceled'), 'yes');
    assert.equal(column(contact, 'first_name'), "'=cmd", 'a formula-looking cell is defused');
    assert.equal(column(contact, 'last_name'), "'+SUM(A1)", 'a + that starts a formula is defused');
    assert.equal(column(booking, 'phone'), '+12125550100', 'a phone number (+ and digits only) is no formula');
    assert.equal(column(conversation, 'type'), 'conversation');
    assert.equal(column(conversation, 'contact_date_utc'), '2026-05-05T05:05:05Z');
    assert.equal(column(conversation, 'appointment_start_utc'), '');
    assert.equal(column(conversation, 'insurance'), 'Aetna');
    assert.equal(column(conversation, 'provider_name'), 'Alan Turing');
  });

  it('a conversation opened by a booking is counted once, as the booking', async () => {
    const { db } = ctx();
    const { user, client } = await signedIn(['intake-exporter']);
    const jane = await clientUser(db, 'jane@example.test', 'Jane', 'Doe');
    const [a] = await db('appointments')
      .insert({
        provider_id: user.providerIds[0],
        client_user_id: jane,
        start_time: '2026-03-02T14:30:00Z',
        end_time: '2026-03-02T14:45:00Z',
      })
      .returning('id');
    const [c] = await db('conversations')
      .insert({ provider_id: user.providerIds[0], client_user_id: jane })
      .returning('id');
    await db('messages').insert({
      conversation_id: c.id,
      provider_id: user.providerIds[0],
      client_user_id: jane,
      sender: 'client',
      type: 'booking_tool_intake',
      appointment_id: a.id,
    });
    await db('messages').insert({
      conversation_id: c.id,
      provider_id: user.providerIds[0],
      client_user_id: jane,
      sender: 'client',
      type: 'message',
      message_content: 'Hi again',
    });
    const rows = parseCsv((await client.get('/referral-data/download').expect(200)).text).slice(1);
    assert.deepEqual(
      rows.map((row) => row[1]),
      ['acuity_appointment'],
    );
  });

  it('streams 100,000 rows in bounded memory', async function () {
    this.timeout(120_000);
    const { db } = ctx();
    const { user, client } = await signedIn(['intake-exporter']);
    const jane = await clientUser(db, 'jane@example.test', 'Jane', 'Doe');
    // Canceled: the no-overlap constraint's index skips them, so the insert takes a second, not ten.
    await db.raw(
      `
      INSERT INTO appointments (provider_id, client_user_id, start_time, end_time, created_at, canceled, intake_form)
      SELECT ?, ?, t, t + interval '15 minutes', t - interval '1 day', true, '{"state":"NY","source":"directory"}'::jsonb
        FROM (SELECT timestamptz '2020-01-01T00:00:00Z' + n * interval '30 minutes' AS t FROM generate_series(1, 100000) n) s`,
      [user.providerIds[0], jane],
    );
    const gc = collector();
    gc();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let sampledAt = 0;
    let lines = 0;
    let bytes = 0;
    // A counting sink: the body is never kept, only measured, so the heap shows what the server holds.
    await client
      .get('/referral-data/download')
      .buffer(true)
      .parse((res, done) => {
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
          // What the server holds, not garbage not yet collected: a full collection every 2 MB of file.
          if (bytes - sampledAt > 2_000_000) {
            sampledAt = bytes;
            gc();
            peak = Math.max(peak, process.memoryUsage().heapUsed);
          }
        });
        res.on('end', () => done(null, null));
      })
      .expect(200);
    assert.equal(lines, 100_001, 'the header and 100,000 rows');
    assert.ok(bytes > 10_000_000, `a file of ${bytes} bytes`);
    const growth = peak - before;
    // Holding the rows (or the file, 15 MB) at once costs far more than this.
    assert.ok(growth < 16 * 1024 * 1024, `heap grew by ${Math.round(growth / 1024 / 1024)} MB while streaming`);
  });
});

describe('Referral Data: referrals by month', () => {
  it('is a months × years table, newest year first, with the totals, months to come blank, and no script', async () => {
    const { db } = ctx();
    const { user, client } = await signedIn(['intake-exporter']);
    const jane = await clientUser(db, 'jane@example.test', 'Jane', 'Doe');
    for (const [created, start] of [
      ['2025-12-31T23:30:00Z', '2026-01-05T15:00:00Z'],
      ['2026-03-01T10:00:00Z', '2026-03-09T15:00:00Z'],
      ['2026-03-15T10:00:00Z', '2026-03-19T15:00:00Z'],
    ]) {
      await db('appointments').insert({
        provider_id: user.providerIds[0],
        client_user_id: jane,
        created_at: created,
        start_time: start,
        end_time: new Date(Date.parse(start!) + 900_000),
      });
    }
    const page = (await client.get('/referral-data').expect(200)).text;
    const table = new JSDOM(page).window.document.querySelector('table.referral-table')!;
    const rows = [...table.querySelectorAll('tr')].map((tr) =>
      [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent!.trim()),
    );
    const thisYear = new Date().getUTCFullYear();
    const years = rows[0]!.slice(1).map(Number);
    assert.deepEqual(rows[0]![0], 'Month');
    assert.deepEqual(
      years,
      [...years].sort((a, b) => b - a),
      'newest year first',
    );
    assert.equal(years[0], Math.max(thisYear, 2026));
    const column = (year: number) => rows.map((row) => row[years.indexOf(year) + 1]);
    // By hand: one referral made on 2025-12-31 (UTC), two in March 2026.
    assert.deepEqual(column(2025).slice(1), ['0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '1', '1']);
    assert.deepEqual(column(2026).slice(1, 4), ['0', '0', '2']);
    assert.equal(column(2026).at(-1), '2', 'the total');
    assert.deepEqual(
      rows.map((row) => row[0]),
      ['Month', 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec', 'Total'],
    );
    if (years[0] === thisYear) {
      const month = new Date().getUTCMonth() + 1;
      const newest = column(thisYear);
      assert.notEqual(newest[month], '', 'this month is counted');
      for (let later = month + 1; later <= 12; later += 1) assert.equal(newest[later], '', `month ${later} is to come`);
    }
    // The bars are drawn at their own size beside fixed-size numbers: the busiest month's is the longest.
    const bars = [...table.querySelectorAll('svg.referral-bar')];
    assert.ok(bars.every((bar) => bar.getAttribute('aria-hidden') === 'true' && !bar.hasAttribute('viewBox')));
    const longest = Math.max(...bars.map((bar) => Number(bar.querySelector('rect')?.getAttribute('width') ?? 0)));
    assert.equal(longest, 36);
    assert.doesNotMatch(/<main\b[\s\S]*<\/main>/.exec(page)![0], /<script/);
  });
});
