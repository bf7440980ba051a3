// Test clocks (https://docs.stripe.com/billing/testing/test-clocks): a frozen time that customers are
// created on, and that only moves when advanced; advancing does, in order, everything the time passed
// drives for those customers (renewals, trials, expiry, retries; renewals.ts). A request about a customer
// on a clock, or one of its objects, runs at the clock's time.
import type { Request } from 'express';
import type Stripe from 'stripe';
import { periodEnd, seconds } from '../billing';
import { newId } from '../store';
import { int, invalid, needStored, page, type ApiContext, type Route } from './common';
import { atTime, catchUp } from './renewals';
import { recurringOf } from './subscriptions';

type TestClock = Stripe.TestHelpers.TestClock;

const CLOCK = 'test_helpers.test_clock';
/** Stripe's limit of customers on one clock (https://docs.stripe.com/billing/testing/test-clocks). */
const CUSTOMERS_PER_CLOCK = 3;

export function testClockRoutes(route: Route, ctx: ApiContext): void {
  const base = '/v1/test_helpers/test_clocks';
  route('post', base, async (req) => {
    const frozenTime = int(req.body.frozen_time);
    if (frozenTime === undefined) throw invalid('Missing required param: frozen_time.', 'frozen_time');
    if (!Number.isInteger(frozenTime)) throw invalid('Invalid integer: frozen_time', 'frozen_time');
    const created = seconds(ctx.now());
    const clock = await ctx.store.put<TestClock>({
      id: newId('clock'),
      object: CLOCK,
      created,
      deletes_after: created + 7 * 24 * 3600,
      frozen_time: frozenTime,
      livemode: false,
      name: req.body.name ?? null,
      status: 'ready',
      status_details: {},
    });
    return clock;
  });
  route('get', base, async (req) => page(await ctx.store.list(CLOCK), req.path, req.query.limit));
  route('get', `${base}/:id`, async (req) => needStored(ctx, String(req.params.id), CLOCK, 'id', 'test_clock'));
  route('delete', `${base}/:id`, async (req) => {
    const clock = await needStored(ctx, String(req.params.id), CLOCK, 'id', 'test_clock');
    // Its customers go with it, and everything of theirs (subscriptions, invoices, cards…).
    for (const customer of await customersOn(ctx, clock.id)) {
      await ctx.store.remove({ customer: customer.id });
      await ctx.store.remove({ id: customer.id });
    }
    await ctx.store.remove({ id: clock.id });
    const deleted: Stripe.TestHelpers.DeletedTestClock = { id: clock.id, object: CLOCK, deleted: true };
    return deleted;
  });
  route('post', `${base}/:id/advance`, async (req) => {
    const clock = await needStored(ctx, String(req.params.id), CLOCK, 'id', 'test_clock');
    const target = int(req.body.frozen_time);
    if (target === undefined) throw invalid('Missing required param: frozen_time.', 'frozen_time');
    if (!Number.isInteger(target)) throw invalid('Invalid integer: frozen_time', 'frozen_time');
    if (target <= clock.frozen_time)
      throw invalid(
        `The test clock can only be advanced: frozen_time must be after its current frozen time (${clock.frozen_time}).`,
        'frozen_time',
      );
    const limit = await advanceLimit(ctx, clock);
    if (target > limit)
      throw invalid(
        `Cannot advance the test clock more than two intervals of its shortest subscription (or two years without one): frozen_time can be at most ${limit}.`,
        'frozen_time',
      );
    // The work is done inside this request, so the clock answers `ready` (Stripe answers `advancing`
    // and finishes later; callers poll until `ready` on both).
    await catchUp(ctx, clock.id, target);
    const previous = structuredClone(clock);
    clock.frozen_time = target;
    clock.status = 'ready';
    clock.status_details = {};
    await ctx.store.put(clock);
    await atTime(target, () => ctx.emit('test_helpers.test_clock.ready', clock, previous));
    return clock;
  });
}

async function customersOn(ctx: ApiContext, clockId: string): Promise<Stripe.Customer[]> {
  return ctx.store.list('customer', {}, (customer) => customer.test_clock === clockId);
}

/**
 * The furthest a clock may go in one advance: two intervals of the shortest subscription on it, or two
 * years without one (the `frozen_time` parameter of https://docs.stripe.com/api/test_clocks/advance).
 */
async function advanceLimit(ctx: ApiContext, clock: TestClock): Promise<number> {
  const ends = [periodEnd(clock.frozen_time, 'year', 2)];
  for (const subscription of await ctx.store.list(
    'subscription',
    {},
    (s) => s.test_clock === clock.id && !['canceled', 'incomplete_expired'].includes(s.status),
  ))
    for (const item of subscription.items.data) {
      const { interval, interval_count: count } = recurringOf(item.price);
      ends.push(periodEnd(clock.frozen_time, interval, 2 * count));
    }
  return Math.min(...ends);
}

/** The clock a new customer is put on (`test_clock`), refused when unknown or full, as Stripe refuses it. */
export async function clockForNewCustomer(ctx: ApiContext, id: unknown): Promise<string | null> {
  if (id === undefined || id === null || id === '') return null;
  const clock = await needStored(ctx, String(id), CLOCK, 'test_clock', 'test_clock');
  if ((await customersOn(ctx, clock.id)).length >= CUSTOMERS_PER_CLOCK)
    throw invalid(
      `The test clock ${clock.id} already has the maximum of ${CUSTOMERS_PER_CLOCK} customers.`,
      'test_clock',
    );
  return clock.id;
}

/**
 * The frozen time of the clock a request is about: the `test_clock` it names, the clock of the customer
 * it names (`customer`), or of the object in its path (a customer, or an object of one); none otherwise.
 */
async function clockOf(ctx: ApiContext, req: Request): Promise<number | null> {
  const body = (req.body ?? {}) as Record<string, unknown>;
  let clockId: unknown = body.test_clock;
  if (!clockId) {
    const customerId = typeof body.customer === 'string' ? body.customer : req.query.customer;
    let customer: Stripe.Customer | null =
      typeof customerId === 'string' ? await ctx.store.get(customerId, 'customer') : null;
    if (!customer && req.params.id && !req.path.startsWith('/v1/test_helpers/')) {
      // Any object of a customer: its `test_clock`, or its customer's.
      const object = await ctx.store.get(String(req.params.id));
      if (object?.object === 'customer') customer = object as unknown as Stripe.Customer;
      else if (object && typeof object.test_clock === 'string') clockId = object.test_clock;
      else if (object && typeof object.customer === 'string')
        customer = await ctx.store.get(object.customer, 'customer');
    }
    clockId ??= customer?.test_clock;
  }
  if (typeof clockId !== 'string' || !clockId) return null;
  const clock = await ctx.store.get(clockId, CLOCK);
  return clock ? clock.frozen_time : null;
}

/** Runs a request's handler at the time of the clock it is about (the server's own time otherwise). */
export async function onClockOf<T>(ctx: ApiContext, req: Request, work: () => Promise<T>): Promise<T> {
  return atTime(await clockOf(ctx, req), work);
}
