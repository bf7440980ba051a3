// The booking rules a provider sets (issue [23] item 2), at their edges, through the directory API with a
// fixed clock: the minimum notice and no same-day bookings, the horizon, the consultation's length, the
// buffers, the weekly cap (also under a race) and approve-before-confirm. Each rule holds both in the slots
// listing and inside the booking's transaction.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import express from 'express';
import supertest from 'supertest';
import { apiRouter, createToken } from '../../server/api';
import { saveBookingRules } from '../../server/domain/appointments';
import { createAvailability } from '../../server/domain/calendar';
import { bookingApi } from '../../server/features/booking-api/routes';
import { ctx } from '../support/context';
import { at, bookableProvider, iso, NEW_YORK } from './calendar-rules-helpers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const db = () => ctx().db;

/** The rules as the settings form posts them: today's defaults, with `changes`. */
const RULES = {
  consultation_minutes: '15',
  buffer_before_minutes: '0',
  buffer_after_minutes: '0',
  notice_hours: '2',
  horizon_days: '90',
  weekly_cap: '',
};
const setRules = (providerId: number, changes: Record<string, string> = {}) =>
  saveBookingRules(db(), providerId, { ...RULES, ...changes });

const free = (providerId: number, start: Date, end: Date) =>
  createAvailability(db(), providerId, { start, end, free: true, name: null, rrule: null, timeZone: NEW_YORK });
const busy = (providerId: number, start: Date, end: Date) =>
  createAvailability(db(), providerId, { start, end, free: false, name: null, rrule: null, timeZone: NEW_YORK });

/** The directory API as the portal mounts it, on a clock that reads `now`. */
async function directoryAt(now: () => Date) {
  const app = express();
  app.use(
    '/api/v1',
    apiRouter({ db: db(), ratePerMinute: 10_000, contractCheck: ctx().config.apiContractCheck }, [
      bookingApi({ db: db(), jobs: ctx().integrations.jobs, now }),
    ]),
  );
  const { token } = await createToken(db(), 'Directory (rules)');
  const auth = (call: supertest.Test) => call.set('Authorization', `Bearer ${token}`);
  return {
    starts: async (providerId: number, from: Date, to: Date) =>
      (
        (
          await auth(supertest(app).get(`/api/v1/providers/${providerId}/slots`))
            .query({ from: iso(from), to: iso(to) })
            .expect(200)
        ).body.slots as { start_time: string; end_time: string }[]
      ).map((s) => s.start_time),
    slots: async (providerId: number, from: Date, to: Date) =>
      (
        await auth(supertest(app).get(`/api/v1/providers/${providerId}/slots`))
          .query({ from: iso(from), to: iso(to) })
          .expect(200)
      ).body.slots as { start_time: string; end_time: string }[],
    book: (providerId: number, start: Date, email = `client-${randomUUID().slice(0, 8)}@example.test`) =>
      auth(supertest(app).post(`/api/v1/providers/${providerId}/consultations`))
        .set('Idempotency-Key', randomUUID())
        .send({
          start_time: iso(start),
          client: { email, first_name: 'Casey', last_name: 'Clientson', phone_number: '(212) 555-0142' },
          intake_form: { reason: 'Panic attacks at work' },
        }),
  };
}

const plus = (instant: Date, ms: number) => new Date(instant.getTime() + ms);
const isos = (...instants: Date[]) => instants.map(iso);
const codeOf = (answer: { status: number; body: { error?: { code: string } } }) =>
  answer.status === 201 ? '201' : `${answer.status} ${answer.body.error?.code}`;

describe('booking rules: minimum notice (a start exactly the notice ahead is allowed)', () => {
  it('24 hours: the slot exactly 24 hours ahead is offered and books; a minute later it is neither', async () => {
    const { providerId } = await bookableProvider();
    await setRules(providerId, { notice_hours: '24' });
    const start = at(3, '10:00');
    await free(providerId, at(3, '09:00'), at(3, '11:00'));
    const day = [at(3, '00:00'), at(4, '00:00')] as const;

    let now = plus(start, -24 * HOUR);
    const api = await directoryAt(() => now);
    assert.deepEqual(await api.starts(providerId, ...day), isos(start, at(3, '10:15'), at(3, '10:30'), at(3, '10:45')));

    now = plus(start, -24 * HOUR + MINUTE);
    assert.deepEqual(await api.starts(providerId, ...day), isos(at(3, '10:15'), at(3, '10:30'), at(3, '10:45')));
    assert.equal(codeOf(await api.book(providerId, start)), '409 slot_unavailable');

    now = plus(start, -24 * HOUR);
    assert.equal(codeOf(await api.book(providerId, start)), '201');
  });

  it('0 hours: any slot still ahead; one that has started is not', async () => {
    const { providerId } = await bookableProvider();
    await setRules(providerId, { notice_hours: '0' });
    await free(providerId, at(3, '09:00'), at(3, '10:00'));
    let now = at(3, '09:15');
    const api = await directoryAt(() => now);
    assert.deepEqual(
      await api.starts(providerId, at(3, '00:00'), at(4, '00:00')),
      isos(at(3, '09:15'), at(3, '09:30'), at(3, '09:45')),
    );
    now = plus(at(3, '09:15'), 1);
    assert.equal(codeOf(await api.book(providerId, at(3, '09:15'))), '409 slot_unavailable');
    assert.equal(codeOf(await api.book(providerId, at(3, '09:30'))), '201');
  });
});

describe("booking rules: no same-day bookings (days of the calendar's zone)", () => {
  it('at 11:20pm nothing today is offered or booked; midnight tomorrow is', async () => {
    const { providerId } = await bookableProvider();
    await setRules(providerId, { notice_hours: '0', no_same_day: '1' });
    await free(providerId, at(3, '23:00'), at(4, '01:00'));
    const now = at(3, '23:20');
    const api = await directoryAt(() => now);
    assert.deepEqual(
      await api.starts(providerId, at(3, '00:00'), at(5, '00:00')),
      isos(at(4, '00:00'), at(4, '00:15'), at(4, '00:30'), at(4, '00:45')),
    );
    assert.equal(codeOf(await api.book(providerId, at(3, '23:45'))), '409 slot_unavailable');
    assert.equal(codeOf(await api.book(providerId, at(4, '00:00'))), '201');
  });

  it('off (the default), the same evening is offered past the notice', async () => {
    const { providerId } = await bookableProvider();
    await setRules(providerId, { notice_hours: '0' });
    await free(providerId, at(3, '23:00'), at(4, '00:30'));
    const api = await directoryAt(() => at(3, '23:20'));
    assert.deepEqual(
      await api.starts(providerId, at(3, '00:00'), at(5, '00:00')),
      isos(at(3, '23:30'), at(3, '23:45'), at(4, '00:00'), at(4, '00:15')),
    );
  });
});

describe('booking rules: the horizon (a start exactly the horizon ahead is allowed)', () => {
  it('1 day: the slot exactly 24 hours ahead is the last one offered and booked', async () => {
    const { providerId } = await bookableProvider();
    await setRules(providerId, { notice_hours: '0', horizon_days: '1' });
    await free(providerId, at(3, '09:00'), at(3, '10:00'));
    const edge = at(3, '09:15');
    const api = await directoryAt(() => plus(edge, -24 * HOUR));
    assert.deepEqual(await api.starts(providerId, at(3, '00:00'), at(4, '00:00')), isos(at(3, '09:00'), edge));
    assert.equal(codeOf(await api.book(providerId, at(3, '09:30'))), '409 slot_unavailable');
    assert.equal(codeOf(await api.book(providerId, edge)), '201');
  });
});

describe('booking rules: consultation length', () => {
  it('30 minutes: slots of 30 minutes on the quarter hours that fit, and the booking lasts 30 minutes', async () => {
    const { providerId } = await bookableProvider();
    await setRules(providerId, { consultation_minutes: '30' });
    await free(providerId, at(3, '09:00'), at(3, '10:00'));
    const api = await directoryAt(() => at(1, '09:00'));
    const slots = await api.slots(providerId, at(3, '00:00'), at(4, '00:00'));
    assert.deepEqual(
      slots.map((s) => [s.start_time, s.end_time]),
      [
        [iso(at(3, '09:00')), iso(at(3, '09:30'))],
        [iso(at(3, '09:15')), iso(at(3, '09:45'))],
        [iso(at(3, '09:30')), iso(at(3, '10:00'))],
      ],
    );
    const booked = await api.book(providerId, at(3, '09:15')).expect(201);
    assert.equal(booked.body.consultation.end_time, iso(at(3, '09:45')));
    // The rest of the hour holds no 30 minutes on either side of it.
    assert.deepEqual(await api.starts(providerId, at(3, '00:00'), at(4, '00:00')), []);
  });

  it('20 minutes: the last slot ends by the end of the free time', async () => {
    const { providerId } = await bookableProvider();
    await setRules(providerId, { consultation_minutes: '20' });
    await free(providerId, at(3, '09:00'), at(3, '09:50'));
    const api = await directoryAt(() => at(1, '09:00'));
    assert.deepEqual(
      await api.starts(providerId, at(3, '00:00'), at(4, '00:00')),
      isos(at(3, '09:00'), at(3, '09:15'), at(3, '09:30')),
    );
    assert.equal(codeOf(await api.book(providerId, at(3, '09:45'))), '409 slot_unavailable');
  });
});

describe('booking rules: buffers before and after (exactly the buffer apart is allowed)', () => {
  it('15 minutes each side of a consultation: 15 minutes apart is offered and books, closer is not', async () => {
    const { providerId } = await bookableProvider();
    await free(providerId, at(3, '09:00'), at(3, '11:00'));
    const api = await directoryAt(() => at(1, '09:00'));
    await api.book(providerId, at(3, '10:00')).expect(201);
    await setRules(providerId, { buffer_before_minutes: '15', buffer_after_minutes: '15' });
    const day = [at(3, '00:00'), at(4, '00:00')] as const;
    // 9:30–9:45 ends 15 minutes before 10:00; 10:30 starts 15 minutes after 10:15.
    assert.deepEqual(
      await api.starts(providerId, ...day),
      isos(at(3, '09:00'), at(3, '09:15'), at(3, '09:30'), at(3, '10:30'), at(3, '10:45')),
    );
    assert.equal(codeOf(await api.book(providerId, at(3, '09:45'))), '409 slot_unavailable');
    assert.equal(codeOf(await api.book(providerId, at(3, '10:15'))), '409 slot_unavailable');
    assert.equal(codeOf(await api.book(providerId, at(3, '10:30'))), '201');
  });

  it('16 minutes: the slot 15 minutes away is no longer offered; the buffers keep clear of busy blocks too', async () => {
    const { providerId } = await bookableProvider();
    await free(providerId, at(3, '09:00'), at(3, '12:00'));
    await busy(providerId, at(3, '10:00'), at(3, '10:15'));
    await setRules(providerId, { buffer_before_minutes: '16', buffer_after_minutes: '10' });
    const api = await directoryAt(() => at(1, '09:00'));
    // After busy time ends at 10:15: 16 minutes → 10:31, so 10:45. Before it starts at 10:00: a slot must
    // end by 9:50, so 9:30 is the last.
    assert.deepEqual(
      await api.starts(providerId, at(3, '00:00'), at(3, '11:00')),
      isos(at(3, '09:00'), at(3, '09:15'), at(3, '09:30'), at(3, '10:45')),
    );
    assert.equal(codeOf(await api.book(providerId, at(3, '10:30'))), '409 slot_unavailable');
    assert.equal(codeOf(await api.book(providerId, at(3, '09:45'))), '409 slot_unavailable');
  });

  it('a buffer sees busy time just outside the range asked for', async () => {
    const { providerId } = await bookableProvider();
    await free(providerId, at(3, '09:00'), at(3, '12:00'));
    await busy(providerId, at(3, '09:45'), at(3, '10:00'));
    await setRules(providerId, { buffer_before_minutes: '30' });
    const api = await directoryAt(() => at(1, '09:00'));
    assert.deepEqual(
      await api.starts(providerId, at(3, '10:00'), at(3, '11:00')),
      isos(at(3, '10:30'), at(3, '10:45')),
    );
  });
});

describe('booking rules: the weekly cap (Sunday to Saturday, confirmed and held bookings count)', () => {
  /** A Wednesday at least a week ahead, and its week's other days. */
  function nextWeek() {
    const wednesday = [...Array(7).keys()].map((i) => i + 8).find((d) => at(d, '12:00').getUTCDay() === 3)!;
    return { day: (offset: number, time: string) => at(wednesday + offset, time), wednesday };
  }

  it('a cap of 2: the 2nd booking of the week is taken, the 3rd is refused and the week offers nothing; the next week is open', async () => {
    const { providerId } = await bookableProvider();
    const week = nextWeek();
    for (const offset of [0, 1, 7]) await free(providerId, week.day(offset, '09:00'), week.day(offset, '10:00'));
    await setRules(providerId, { weekly_cap: '2' });
    const api = await directoryAt(() => at(1, '09:00'));
    const range = [week.day(-3, '00:00'), week.day(11, '00:00')] as const;
    assert.equal((await api.starts(providerId, ...range)).length, 12);
    await api.book(providerId, week.day(0, '09:00')).expect(201);
    assert.equal((await api.starts(providerId, ...range)).length, 11);
    await api.book(providerId, week.day(1, '09:00')).expect(201);
    // The week (Sunday to Saturday) is full: only the next Wednesday's four slots are left.
    assert.deepEqual(
      await api.starts(providerId, ...range),
      isos(week.day(7, '09:00'), week.day(7, '09:15'), week.day(7, '09:30'), week.day(7, '09:45')),
    );
    assert.equal(codeOf(await api.book(providerId, week.day(1, '09:30'))), '409 slot_unavailable');
    assert.equal(codeOf(await api.book(providerId, week.day(7, '09:30'))), '201');
  });

  it('a canceled booking frees its place in the week', async () => {
    const { providerId } = await bookableProvider();
    const week = nextWeek();
    await free(providerId, week.day(0, '09:00'), week.day(0, '10:00'));
    await setRules(providerId, { weekly_cap: '1' });
    const api = await directoryAt(() => at(1, '09:00'));
    const first = await api.book(providerId, week.day(0, '09:00')).expect(201);
    assert.equal(codeOf(await api.book(providerId, week.day(0, '09:30'))), '409 slot_unavailable');
    await db()('appointments')
      .where({ id: Number(first.body.consultation.id) })
      .update({ canceled: true, canceled_at: new Date() });
    assert.equal(codeOf(await api.book(providerId, week.day(0, '09:30'))), '201');
  });

  it('two bookings racing for the last place of the week: one wins, the other gets 409', async function () {
    this.timeout(30_000);
    const { providerId } = await bookableProvider();
    const week = nextWeek();
    await free(providerId, week.day(0, '09:00'), week.day(0, '12:00'));
    await setRules(providerId, { weekly_cap: '1' });
    const api = await directoryAt(() => at(1, '09:00'));
    const answers = await Promise.all(
      ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'].map((time) => api.book(providerId, week.day(0, time))),
    );
    assert.deepEqual(answers.map(codeOf).sort(), ['201', ...Array(5).fill('409 slot_unavailable')]);
    assert.equal((await db()('appointments').where({ provider_id: providerId, canceled: false })).length, 1);
  });
});

describe('booking rules: the settings are checked', () => {
  it('each field refuses what it cannot take, with its message; nothing is saved', async () => {
    const { providerId } = await bookableProvider();
    await assert.rejects(
      setRules(providerId, {
        consultation_minutes: '25',
        buffer_before_minutes: '-5',
        buffer_after_minutes: '121',
        notice_hours: '1.5',
        horizon_days: '0',
        weekly_cap: '0',
      }),
      (error: { fields?: Record<string, string> }) => {
        assert.deepEqual(Object.keys(error.fields ?? {}).sort(), [
          'buffer_after_minutes',
          'buffer_before_minutes',
          'consultation_minutes',
          'horizon_days',
          'notice_hours',
          'weekly_cap',
        ]);
        assert.equal(error.fields!.consultation_minutes, 'Choose 15, 20 or 30 minutes.');
        return true;
      },
    );
    await assert.rejects(
      setRules(providerId, { notice_hours: '48', horizon_days: '2' }),
      (error: { fields?: Record<string, string> }) => {
        assert.deepEqual(error.fields, {
          notice_hours: 'The minimum notice must be shorter than how far ahead clients can book.',
        });
        return true;
      },
    );
    assert.equal((await db()('booking_rules').where({ provider_id: providerId })).length, 0);
  });
});
