// The referral funnel (issue [22] item 3): each figure per profile and calendar month in the profile's
// time zone, checked against a hand-made data set on the owners' page (/practice/funnel) and the
// dashboard's chart and table; the owners' page refuses every other role; months are Temporal's.
//
// The data set lives in Los Angeles time (UTC−8 in winter, UTC−7 in summer), in the two months before the
// current one there: A (two months back) and B (last month). Each moment below is a wall-clock time in
// Los Angeles, made an instant by Temporal (`at`).
import assert from 'node:assert/strict';
import type { Knex } from 'knex';
import { Temporal } from 'temporal-polyfill';
import { referralFunnel } from '../../server/domain/referral-funnel';
import { FUNNEL_CACHE_MS } from '../../server/domain/referral-funnel';
import { MONTH_NAMES } from '../../views/components/format';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, signIn, textOf } from '../support/http';
import { clientUser, completeProfile } from './dashboard-helpers';
import { signedInAtPractice } from './practice-helpers';

const ZONE = 'America/Los_Angeles';
const FUNNEL = '/practice/funnel';
const DENIED = /Oops! You are unable to access this resource\.\.\./;

/** The current month in Los Angeles, and the one `back` months before it. */
function monthBack(back: number): Temporal.PlainYearMonth {
  return Temporal.Now.zonedDateTimeISO(ZONE).toPlainDate().toPlainYearMonth().subtract({ months: back });
}
const A = monthBack(2);
const B = monthBack(1);
const C = monthBack(0);
const BEFORE_A = monthBack(3);
const label = (m: Temporal.PlainYearMonth) => `${MONTH_NAMES[m.month - 1]} ${m.year}`;
const key = (m: Temporal.PlainYearMonth) => m.toString();

/** Day `day` of month `m` at hh:mm:ss in Los Angeles, as an instant; day 0 is the month's last day. */
function at(m: Temporal.PlainYearMonth, day: number, time: string): Date {
  const date = m.toPlainDate({ day: day === 0 ? m.daysInMonth : day });
  const zoned = date.toZonedDateTime({ timeZone: ZONE, plainTime: Temporal.PlainTime.from(time) });
  return new Date(zoned.epochMilliseconds);
}

let eventSeq = 0;
async function events(db: Knex, providerId: number, kind: 'profile_view' | 'contact_click', ...when: Date[]) {
  for (const occurredAt of when)
    await db('profile_events').insert({
      provider_id: providerId,
      kind,
      occurred_at: occurredAt,
      event_id: `funnel-test-${++eventSeq}`,
    });
}

/** A conversation made at `startedAt` with the client's first message then. */
async function startConversation(
  db: Knex,
  providerId: number,
  clientUserId: number,
  startedAt: Date,
  first: { type?: string; vob?: boolean } = {},
): Promise<number> {
  const [row] = await db('conversations')
    .insert({
      provider_id: providerId,
      client_user_id: clientUserId,
      last_message_at: startedAt,
      created_at: startedAt,
    })
    .returning('id');
  const id = Number(row.id);
  await message(db, id, 'client', startedAt, { type: first.type ?? 'message', vob: first.vob });
  return id;
}

async function message(
  db: Knex,
  conversationId: number,
  sender: 'client' | 'provider',
  sentAt: Date,
  options: { type?: string; deleted?: boolean; vob?: boolean } = {},
): Promise<void> {
  const conversation = (await db('conversations')
    .where({ id: conversationId })
    .first('provider_id', 'client_user_id'))!;
  await db('messages').insert({
    conversation_id: conversationId,
    provider_id: conversation.provider_id,
    client_user_id: conversation.client_user_id,
    sender,
    type: options.type ?? 'message',
    message_content: options.deleted ? null : 'Hello',
    send_date: sentAt,
    created_at: sentAt,
    deleted_at: options.deleted ? sentAt : null,
    deleted_by: options.deleted ? sender : null,
    vob_data: options.vob ? JSON.stringify({ status: 'complete' }) : null,
  });
}

/** A 30-minute phone consultation booked at `bookedAt`. */
async function consultation(
  db: Knex,
  providerId: number,
  clientUserId: number,
  bookedAt: Date,
  start: Date,
  canceled = false,
): Promise<void> {
  await db('appointments').insert({
    provider_id: providerId,
    client_user_id: clientUserId,
    start_time: start,
    end_time: new Date(start.getTime() + 30 * 60_000),
    created_at: bookedAt,
    canceled,
    canceled_at: canceled ? bookedAt : null,
  });
}

/**
 * An owner of Harbor Light Counseling (a practice profile, P0, and a clinician's, P1, both in Los Angeles),
 * and another account's profile with figures of its own that must show nowhere.
 *
 * P0 (the practice profile):
 *   Profile views: the 1st of A at 00:00:00 (A), the last day of the month before A at 23:59:59 (that
 *     month, not A: in UTC it is already the 1st of A, 07:59:59 or 08:59:59), the 15th of A twice (A), the
 *     10th of B (B) → A 3, B 1, the month before A 1.
 *   Contact clicks: the 15th of A, the 10th of B → A 1, B 1.
 *   Conversations, each begun with the client's first message:
 *     c1 the 2nd of A 09:00, an intake (messaging form); the provider's reply at 10:00 → 60 min.
 *     c2 the 3rd of A 09:00, a plain message; a provider reply at 09:10 that was deleted, then one at 12:00 → 180 min.
 *     c3 the 4th of A 09:00, a booking's intake; the out-of-office reply at 09:01 (no reply), the provider at
 *        09:30 → 30 min.
 *     c4 the 5th of A 09:00, a message with a benefits check; a second intake the same day that was deleted;
 *        the provider's reply the 6th at 09:00 → 1,440 min.
 *     c5 the last day of B at 23:30 (B; in UTC the 1st of the current month), no reply.
 *   → A: started 4; referrals 2 (c1's intake, c3's booking intake; c4's deleted one not); benefits checks 1;
 *        first replies 30, 60, 180, 1,440 min: an even count, the median is (60 + 180) / 2 = 120 min = "2 h".
 *     B: started 1, no reply: "–".
 *   Consultations (booked → start, 30 min each):
 *     ap1 c1 booked the 2nd of A → the 20th of A 10:00 (held in A)
 *     ap2 c2 booked the 3rd of A → the 5th of B 10:00 (held in B)
 *     ap3 c3 booked the 4th of A → the 10th of A 10:00, canceled (booked, never held)
 *     ap4 c4 booked the 1st of B at 00:00:00 (B; in UTC still the last day of A) → the 12th of B 10:00 (held in B)
 *     ap5 c1 booked the 2nd of B → the 15th of B 10:00 (held in B)
 *     ap6 c1 booked the 3rd of B → the 25th of B 10:00 (held in B)
 *   → booked: A 3 (ap1, ap2, ap3), B 3 (ap4, ap5, ap6); held: A 1 (ap1), B 4 (ap2, ap4, ap5, ap6).
 *   Clients back: c1 writes the 21st of A (after ap1: back in A) and the 26th of B (after ap5 and ap6: once
 *     in B); c2 writes the 6th of B, after ap2, but that message was deleted (not back); c4 never writes
 *     again. → A 1, B 1.
 * P1 (the clinician): one view the 8th of A; c7 begins the 8th of A 09:00, the provider replies at 09:20
 *   → A: views 1, started 1, median 20 min.
 * Totals in A: views 4, clicks 1, started 5, referrals 2, booked 3, held 1, benefits checks 1, clients back 1,
 *   and the median over all five first replies (20, 30, 60, 180, 1,440 min) = 60 min = "1 h" (not a sum).
 */
async function practiceWithFigures() {
  const { db } = ctx();
  const owner = await createProviderUser(db, {
    providers: [
      { type: 'practice', companyName: 'Harbor Light Counseling' },
      { firstName: 'Priya', lastName: 'Shah' },
    ],
  });
  const [p0, p1] = owner.providerIds as [number, number];
  await db('providers').whereIn('id', [p0, p1]).update({ timezone: ZONE });
  await db('users').where({ id: owner.userId }).update({ selected_provider_id: p0 });
  await completeProfile(db, p0, 'practice');

  await events(
    db,
    p0,
    'profile_view',
    at(A, 1, '00:00:00'),
    at(BEFORE_A, 0, '23:59:59'),
    at(A, 15, '11:00'),
    at(A, 15, '12:00'),
    at(B, 10, '11:00'),
  );
  await events(db, p0, 'contact_click', at(A, 15, '11:05'), at(B, 10, '11:05'));

  const [c1, c2, c3, c4, c5] = [
    await clientUser(db, 'Casey', 'One'),
    await clientUser(db, 'Sam', 'Two'),
    await clientUser(db, 'Robin', 'Three'),
    await clientUser(db, 'Alex', 'Four'),
    await clientUser(db, 'Jo', 'Five'),
  ];
  const k1 = await startConversation(db, p0, c1, at(A, 2, '09:00'), { type: 'messaging_tool_intake' });
  await message(db, k1, 'provider', at(A, 2, '10:00'));
  await message(db, k1, 'client', at(A, 21, '09:00'));
  await message(db, k1, 'client', at(B, 26, '09:00'));
  const k2 = await startConversation(db, p0, c2, at(A, 3, '09:00'));
  await message(db, k2, 'provider', at(A, 3, '09:10'), { deleted: true });
  await message(db, k2, 'provider', at(A, 3, '12:00'));
  await message(db, k2, 'client', at(B, 6, '09:00'), { deleted: true });
  const k3 = await startConversation(db, p0, c3, at(A, 4, '09:00'), { type: 'booking_tool_intake' });
  await message(db, k3, 'provider', at(A, 4, '09:01'), { type: 'automated_message_out_of_office' });
  await message(db, k3, 'provider', at(A, 4, '09:30'));
  const k4 = await startConversation(db, p0, c4, at(A, 5, '09:00'), { vob: true });
  await message(db, k4, 'client', at(A, 5, '09:05'), { type: 'messaging_tool_intake', deleted: true });
  await message(db, k4, 'provider', at(A, 6, '09:00'));
  await startConversation(db, p0, c5, at(B, 0, '23:30'));

  await consultation(db, p0, c1, at(A, 2, '09:05'), at(A, 20, '10:00'));
  await consultation(db, p0, c2, at(A, 3, '09:05'), at(B, 5, '10:00'));
  await consultation(db, p0, c3, at(A, 4, '09:00'), at(A, 10, '10:00'), true);
  await consultation(db, p0, c4, at(B, 1, '00:00:00'), at(B, 12, '10:00'));
  await consultation(db, p0, c1, at(B, 2, '09:00'), at(B, 15, '10:00'));
  await consultation(db, p0, c1, at(B, 3, '09:00'), at(B, 25, '10:00'));

  await events(db, p1, 'profile_view', at(A, 8, '10:00'));
  const c7 = await clientUser(db, 'Lee', 'Seven');
  const k7 = await startConversation(db, p1, c7, at(A, 8, '09:00'));
  await message(db, k7, 'provider', at(A, 8, '09:20'));

  // Another account, the same months: none of it may show.
  const other = await createProviderUser(db, {});
  const stranger = await clientUser(db, 'Pat', 'Elsewhere');
  await db('providers').where({ id: other.providerIds[0] }).update({ timezone: ZONE });
  await events(db, other.providerIds[0]!, 'profile_view', at(A, 15, '11:00'), at(A, 16, '11:00'));
  const ko = await startConversation(db, other.providerIds[0]!, stranger, at(A, 2, '09:00'), {
    type: 'messaging_tool_intake',
  });
  await message(db, ko, 'provider', at(A, 2, '09:01'));
  await consultation(db, other.providerIds[0]!, stranger, at(A, 2, '09:05'), at(A, 20, '10:00'));

  const client = agent();
  await signIn(client, owner.email);
  return { owner, p0, p1, client, other };
}

const HEADINGS = [
  'Profile views',
  'Contact clicks',
  'Conversations started',
  'Referrals',
  'Consultations booked',
  'Consultations held',
  'Benefits checks',
  'First reply (median)',
  'Clients back',
];

/** The funnel table's rows: the row's first cell, then its figures by heading. */
function funnelRows(html: string): Map<string, Record<string, string>> {
  const table = /<table class="[^"]*funnel-table[^"]*">([\s\S]*?)<\/table>/.exec(html);
  assert.ok(table, 'the figures table is on the page');
  const rows = new Map<string, Record<string, string>>();
  for (const [, row] of table[1]!.matchAll(/<tr>([\s\S]*?)<\/tr>/g)) {
    const cells = [...row!.matchAll(/<td data-label="([^"]*)">([\s\S]*?)<\/td>/g)].map(
      ([, heading, cell]) => [textOf(heading!).trim(), textOf(cell!).trim()] as const,
    );
    if (cells.length === 0) continue;
    rows.set(cells[0]![1], Object.fromEntries(cells.slice(1)));
  }
  return rows;
}

const figures = (...values: string[]) => Object.fromEntries(HEADINGS.map((h, i) => [h, values[i]!]));

describe('referral funnel: the owners’ page (/practice/funnel)', () => {
  it('each profile’s figures of month A and the practice’s totals, by the hand counts above', async () => {
    const { client } = await practiceWithFigures();
    const res = await client.get(`${FUNNEL}?month=${key(A)}`).expect(200);
    assert.match(mainTextOf(res.text), new RegExp(`Referrals in ${label(A)}`));
    const rows = funnelRows(res.text);
    assert.deepEqual([...rows.keys()], ['Harbor Light Counseling', 'Priya Shah', 'All profiles']);
    //                                                 views clicks started referrals booked held checks reply back
    assert.deepEqual(rows.get('Harbor Light Counseling'), figures('3', '1', '4', '2', '3', '1', '1', '2 h', '1'));
    assert.deepEqual(rows.get('Priya Shah'), figures('1', '0', '1', '0', '0', '0', '0', '20 min', '0'));
    assert.deepEqual(rows.get('All profiles'), figures('4', '1', '5', '2', '3', '1', '1', '1 h', '1'));
  });

  it('month B: the month’s edges in Los Angeles time, a conversation without a reply shows “–”', async () => {
    const { client } = await practiceWithFigures();
    const rows = funnelRows((await client.get(`${FUNNEL}?month=${key(B)}`).expect(200)).text);
    assert.deepEqual(rows.get('Harbor Light Counseling'), figures('1', '1', '1', '0', '3', '4', '0', '–', '1'));
    assert.deepEqual(rows.get('Priya Shah'), figures('0', '0', '0', '0', '0', '0', '0', '–', '0'));
    // The month before A holds the view of its last second, in Los Angeles time.
    const before = funnelRows((await client.get(`${FUNNEL}?month=${key(BEFORE_A)}`).expect(200)).text);
    assert.equal(before.get('Harbor Light Counseling')!['Profile views'], '1');
    assert.equal(before.get('Harbor Light Counseling')!['Conversations started'], '0');
  });

  it('shows the current month by default and for a month it does not offer; bad input is no error', async () => {
    const { client } = await practiceWithFigures();
    for (const query of [
      '',
      '?month=garbage',
      '?month=1999-01',
      '?month=2026-13',
      '?month[]=x',
      '?page=abc&month=x',
      `?month=${key(C.add({ months: 1 }))}`,
    ]) {
      const res = await client.get(`${FUNNEL}${query}`).expect(200);
      assert.match(mainTextOf(res.text), new RegExp(`Referrals in ${label(C)}`), query);
      // c5 began on the last day of B at 23:30 in Los Angeles: already this month in UTC, still B here.
      assert.equal(funnelRows(res.text).get('Harbor Light Counseling')!['Conversations started'], '0');
    }
    assert.match(mainTextOf((await client.get(FUNNEL)).text), /How we count/);
  });

  it('refuses every role but owner with the spec’s words (403), and sends a signed-out visitor to sign in', async () => {
    for (const roles of [[], ['billing-manager'], ['intake-coordinator'], ['intake-exporter']]) {
      const { client } = await signedInAtPractice(roles);
      const res = await client.get(FUNNEL);
      assert.equal(res.status, 403, roles.join() || 'no role');
      assert.match(mainTextOf(res.text), DENIED);
      assert.doesNotMatch(res.text, /href="\/practice\/funnel"/);
    }
    const signedOut = await agent().get(FUNNEL).expect(303);
    assert.match(signedOut.headers.location ?? '', /\/login/);
    const { client } = await signedInAtPractice(['owner']);
    assert.match((await client.get(FUNNEL).expect(200)).text, /href="\/practice\/funnel"[^>]*>Referral Funnel/);
  });

  it('shows 20 profiles a page, the totals over every profile on each page', async () => {
    const { db } = ctx();
    const owner = await createProviderUser(db, {
      providers: [
        { type: 'practice', companyName: 'Big Practice' },
        ...Array.from({ length: 21 }, (_, i) => ({
          firstName: 'Clinician',
          lastName: `${String(i + 1).padStart(2, '0')}`,
        })),
      ],
    });
    await db('providers').whereIn('id', owner.providerIds).update({ timezone: ZONE });
    // One view on the last profile (on page 2), the 15th of A.
    await events(db, owner.providerIds.at(-1)!, 'profile_view', at(A, 15, '11:00'));
    const client = agent();
    await signIn(client, owner.email);
    const first = await client.get(`${FUNNEL}?month=${key(A)}`).expect(200);
    const firstRows = funnelRows(first.text);
    assert.equal(firstRows.size, 21);
    assert.equal(firstRows.get('All profiles')!['Profile views'], '1');
    assert.match(mainTextOf(first.text), /Page 1 of 2/);
    const next = /<a href="([^"]+)" rel="next">/.exec(first.text)![1]!.replace(/&amp;/g, '&');
    assert.equal(next, `${FUNNEL}?month=${key(A)}&page=2`);
    const secondRows = funnelRows((await client.get(next).expect(200)).text);
    assert.deepEqual([...secondRows.keys()], ['Clinician 20', 'Clinician 21', 'All profiles']);
    assert.equal(secondRows.get('Clinician 21')!['Profile views'], '1');
    assert.equal(secondRows.get('All profiles')!['Profile views'], '1');
  });

  it('another account’s owner sees their own profiles only', async () => {
    const { other } = await practiceWithFigures();
    const client = agent();
    await signIn(client, other.email);
    const rows = funnelRows((await client.get(`${FUNNEL}?month=${key(A)}`).expect(200)).text);
    assert.deepEqual([...rows.keys()], ['Taylor Test', 'All profiles']);
    assert.deepEqual(rows.get('Taylor Test'), figures('2', '0', '1', '1', '1', '1', '0', '1 min', '0'));
  });
});

describe('referral funnel: the dashboard', () => {
  it('draws the last six months as a chart with a name and a description, and the same figures in a table', async () => {
    const { client } = await practiceWithFigures();
    const html = (await client.get('/').expect(200)).text;
    const svg = /<svg[^>]*role="img"[^>]*>([\s\S]*?)<\/svg>/.exec(html.slice(html.indexOf('funnel-chart')));
    assert.ok(svg, 'the chart is an image with a name');
    assert.match(
      svg[1]!,
      /<title id="funnel-chart-title">Conversations started, consultations booked and profile views by month<\/title>/,
    );
    const desc = textOf(/<desc[^>]*>([\s\S]*?)<\/desc>/.exec(svg[1]!)![1]!);
    assert.match(desc, new RegExp(`${label(A)}: 4 conversations started, 3 consultations booked, 3 profile views\\.`));
    assert.match(desc, new RegExp(`${label(B)}: 1 conversation started, 3 consultations booked, 1 profile view\\.`));
    assert.match(
      desc,
      new RegExp(`${label(BEFORE_A)}: 0 conversations started, 0 consultations booked, 1 profile view\\.`),
    );
    // Two bars a month, six months: the current one and the five before it.
    assert.equal([...svg[1]!.matchAll(/<rect /g)].length, 12);
    assert.equal([...svg[1]!.matchAll(/class="funnel-chart__month"/g)].length, 6);
    assert.match(html, /<summary>Show the figures<\/summary>/);
    const rows = funnelRows(html);
    assert.deepEqual(
      [...rows.keys()],
      [0, 1, 2, 3, 4, 5].map((back) => label(monthBack(back))),
    );
    assert.deepEqual(rows.get(label(A)), figures('3', '1', '4', '2', '3', '1', '1', '2 h', '1'));
    assert.deepEqual(rows.get(label(B)), figures('1', '1', '1', '0', '3', '4', '0', '–', '1'));
    // An owner of several profiles is offered every profile's figures.
    assert.match(html, /href="\/practice\/funnel"[^>]*>See every profile of your practice/);
    assert.match(html, /<summary>How we count<\/summary>/);
  });
});

describe('referral funnel: the dashboard reads it from the read cache', () => {
  it('a conversation started shows at once, though the figures come from the cache', async () => {
    const { db, changes } = ctx();
    await changes.whenLive();
    const { client, p0: providerId } = await practiceWithFigures();
    const viewsOfC = async () => {
      const desc = textOf(/<desc[^>]*>([\s\S]*?)<\/desc>/.exec((await client.get('/').expect(200)).text)![1]!);
      return new RegExp(
        `${label(C)}: (\\d+) conversations? started, \\d+ consultations? booked, (\\d+) profile views?`,
      ).exec(desc)!;
    };
    const [, startedBefore, viewsBefore] = await viewsOfC();
    // profile_events is not watched (a row at every profile visit): the cached figures may stand until a
    // watched change or FUNNEL_CACHE_MS (not asserted: any watched write in between empties the cache too).
    await events(db, providerId, 'profile_view', at(C, 1, '00:30'));
    await viewsOfC();
    // A conversation is watched: its change empties the cache, and both figures are read again.
    await startConversation(db, providerId, await clientUser(db, 'Lee', 'Six'), at(C, 1, '01:00'));
    const [, startedAfter, viewsAfter] = await viewsOfC();
    assert.equal(Number(startedAfter), Number(startedBefore) + 1);
    assert.equal(Number(viewsAfter), Number(viewsBefore) + 1);
    assert.equal(FUNNEL_CACHE_MS, 5 * 60_000);
  });

  it('so does the owners’ page: a conversation started shows at once in its profile’s row and the totals', async () => {
    const { db, changes } = ctx();
    await changes.whenLive();
    const { client, p0: providerId } = await practiceWithFigures();
    const started = async () => {
      const rows = funnelRows((await client.get(FUNNEL).expect(200)).text);
      return [rows.get('Harbor Light Counseling')!, rows.get('All profiles')!].map((r) =>
        Number(r['Conversations started']),
      );
    };
    const before = await started();
    assert.deepEqual(await started(), before, 'read again, from memory');
    await startConversation(db, providerId, await clientUser(db, 'Lee', 'Seven'), at(C, 1, '02:00'));
    assert.deepEqual(await started(), [before[0]! + 1, before[1]! + 1]);
  });
});

describe('referral funnel: a reply deleted later is no longer the first (fixed dates)', () => {
  it('the median follows a deletion made after the reply was counted', async () => {
    const { db } = ctx();
    const user = await createProviderUser(db, {});
    const id = user.providerIds[0]!;
    const casey = await clientUser(db, 'Casey', 'Deleted');
    const march = [{ year: 2026, month: 3 }];
    const read = async () =>
      (
        await referralFunnel(db, {
          providerIds: [id],
          months: march,
          timeZone: ZONE,
          now: new Date('2026-04-02T12:00:00Z'),
        })
      ).profiles.get(id)![0]!;
    // The client writes March 10 at 09:00 (Los Angeles, UTC−7 by then); replies at 09:10 and 10:00.
    const k = await startConversation(db, id, casey, new Date('2026-03-10T16:00:00Z'));
    await message(db, k, 'provider', new Date('2026-03-10T16:10:00Z'));
    await message(db, k, 'provider', new Date('2026-03-10T17:00:00Z'));
    assert.equal((await read()).firstReplyMedianSeconds, 10 * 60);
    // The provider deletes the 09:10 reply: the first reply is now the one at 10:00, 60 minutes in.
    await db('messages')
      .where({ conversation_id: k, send_date: new Date('2026-03-10T16:10:00Z') })
      .update({ deleted_at: new Date('2026-03-11T00:00:00Z'), deleted_by: 'provider', message_content: null });
    assert.equal((await read()).firstReplyMedianSeconds, 60 * 60);
  });
});

describe('referral funnel: held means ended by now, counted in the zone’s months (fixed dates)', () => {
  it('a consultation still running at `now` is not held yet; one that ended is', async () => {
    const { db } = ctx();
    const user = await createProviderUser(db, {});
    const id = user.providerIds[0]!;
    const casey = await clientUser(db, 'Casey', 'Held');
    // 2026-03-08 is the day Los Angeles moves to summer time. March there is [2026-03-01T08:00Z, 2026-04-01T07:00Z).
    const now = new Date('2026-03-20T18:15:00Z');
    await consultation(db, id, casey, new Date('2026-03-01T08:00:00Z'), new Date('2026-03-20T17:00:00Z')); // ended 17:30: held
    await consultation(db, id, casey, new Date('2026-03-01T07:59:59Z'), new Date('2026-03-20T18:00:00Z')); // ends 18:30: not yet
    const funnel = await referralFunnel(db, {
      providerIds: [id],
      months: [
        { year: 2026, month: 2 },
        { year: 2026, month: 3 },
      ],
      timeZone: ZONE,
      now,
    });
    const [february, march] = funnel.profiles.get(id)!;
    // Booked: 2026-03-01T07:59:59Z is still February 28 at 23:59:59 in Los Angeles; 08:00:00Z is March 1.
    assert.equal(february!.consultationsBooked, 1);
    assert.equal(march!.consultationsBooked, 1);
    assert.equal(march!.consultationsHeld, 1);
    assert.equal(funnel.total[1]!.consultationsHeld, 1);
  });
});
