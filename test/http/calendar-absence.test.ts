// Issue [19] item 3: an active vacation responder (an absence) closes its days. The directory API offers
// no slot on them, a booking there is refused, and the calendar page says so; an inactive one changes nothing.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { createToken } from '../../server/api';
import { createAvailability } from '../../server/domain/calendar';
import { expectAccessibleHtml } from '../support/accessible-html';
import { ctx } from '../support/context';
import { textOf } from '../support/http';
import { NEW_YORK, at, bookableProvider, dayFromToday, iso, slotStarts } from './calendar-rules-helpers';

const db = () => ctx().db;

/** Every day from 3 to 7 days ahead: free 9:00–10:00am and 11:30pm–midnight, New York time. */
async function week(providerId: number) {
  for (let day = 3; day <= 7; day++) {
    for (const [from, to] of [
      ['09:00', '10:00'],
      ['23:30', '24:00'],
    ] as const) {
      const end = to === '24:00' ? at(day + 1, '00:00') : at(day, to);
      await createAvailability(db(), providerId, {
        start: at(day, from),
        end,
        free: true,
        name: null,
        rrule: null,
        timeZone: NEW_YORK,
      });
    }
  }
}

const absence = (providerId: number, status: 'active' | 'inactive', startDays: number, endDays: number) =>
  db()('out_of_office_messages').insert({
    provider_id: providerId,
    status,
    start_date: dayFromToday(startDays),
    end_date: dayFromToday(endDays),
    message: 'I am away until next week.',
  });

const daysOf = (starts: string[]) =>
  [...new Set(starts.map((start) => new Date(start).toLocaleDateString('en-CA', { timeZone: NEW_YORK })))].sort();

describe('an active vacation responder closes its days to bookings (issue [19] item 3)', () => {
  it('the API offers no slot from the first moment of its start date to the last of its end date (the calendar’s zone)', async () => {
    const { providerId } = await bookableProvider();
    await week(providerId);
    await absence(providerId, 'active', 4, 5);
    const starts = await slotStarts(providerId);
    assert.deepEqual(daysOf(starts), [dayFromToday(3), dayFromToday(6), dayFromToday(7)]);
    // The evening before and the morning after stay open; the last evening of the absence does not.
    assert.ok(starts.includes(iso(at(3, '23:45'))));
    assert.ok(starts.includes(iso(at(6, '09:00'))));
    assert.ok(!starts.includes(iso(at(5, '23:45'))));
    assert.ok(!starts.includes(iso(at(4, '09:00'))));
  });

  it('a booking on one of its days is refused (409 slot_unavailable)', async () => {
    const { providerId } = await bookableProvider();
    await week(providerId);
    await absence(providerId, 'active', 4, 5);
    const { token } = await createToken(db(), 'Directory (test)');
    const answer = await supertest(ctx().app)
      .post(`/api/v1/providers/${providerId}/consultations`)
      .set('Authorization', `Bearer ${token}`)
      .set('Idempotency-Key', randomUUID())
      .send({
        start_time: iso(at(4, '09:00')),
        client: {
          email: 'casey@example.test',
          first_name: 'Casey',
          last_name: 'Client',
          phone_number: '(212) 555-0142',
        },
        intake_form: {},
      })
      .expect(409);
    assert.equal(answer.body.error.code, 'slot_unavailable');
    assert.equal((await db()('appointments').where({ provider_id: providerId })).length, 0);
  });

  it('a responder that is off closes nothing, and the page says nothing', async () => {
    const { client, providerId } = await bookableProvider();
    await week(providerId);
    await absence(providerId, 'inactive', 4, 5);
    assert.deepEqual(
      daysOf(await slotStarts(providerId)),
      [3, 4, 5, 6, 7].map((d) => dayFromToday(d)),
    );
    assert.doesNotMatch(textOf((await client.get('/calendar').expect(200)).text), /You are away/);
  });

  it('the calendar page shows the absence with its days and a link to the responder', async () => {
    const { client, providerId } = await bookableProvider();
    await absence(providerId, 'active', 4, 5);
    const page = await client.get('/calendar').expect(200);
    const text = textOf(page.text);
    assert.match(text, /You are away/);
    const longDay = (days: number) =>
      new Date(`${dayFromToday(days)}T12:00:00Z`).toLocaleDateString('en-US', {
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      });
    assert.ok(
      text.includes(
        `Your vacation responder is on from ${longDay(4)} to ${longDay(5)}. Clients cannot book phone consultations on those days.`,
      ),
      text,
    );
    assert.match(page.text, /href="\/profile\/availability-locations#vacation-responder"/);
    await expectAccessibleHtml(page.text);
  });
});
