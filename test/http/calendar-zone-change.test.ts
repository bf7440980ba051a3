// Issue [19] item 2: a time-zone change asks whether the availability keeps its hours (the default: every
// running series and every block ahead moves to the new zone, 9–12 stays 9–12) or its moments (nothing
// moves, 9–12 New York reads 6–9 in Los Angeles). Checked where it counts: the grid's week and the slots
// the directory API offers, across a DST change too. Each post is one transaction; JavaScript off works.
import assert from 'node:assert/strict';
import { Temporal } from 'temporal-polyfill';
import { createAvailability, editInstance } from '../../server/domain/calendar';
import { expectAccessibleHtml } from '../support/accessible-html';
import { ctx } from '../support/context';
import { open, redirected } from '../support/served-form';
import { NEW_YORK, at, bookableProvider, dayFromToday, iso, on, slotStarts, wallTime } from './calendar-rules-helpers';

const LA = 'America/Los_Angeles';
const LONDON = 'Europe/London';
const db = () => ctx().db;
const WEEKDAYS_NO_END = 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20380120T045959Z';
// The series began in the summer (New York on EDT): today's instances are in EST, past a DST change.
const SERIES_START = '2026-09-01';

interface GridBlock {
  kind: string;
  day: string;
  startMinute: number;
  endMinute: number;
  recurring: boolean;
}

/** Dana: weekdays 9:00am–12:00pm New York time since September, one block of 2:00–3:00pm ten days ahead. */
async function dana() {
  const made = await bookableProvider(NEW_YORK);
  await createAvailability(db(), made.providerId, {
    start: on(SERIES_START, '09:00', NEW_YORK),
    end: on(SERIES_START, '12:00', NEW_YORK),
    free: true,
    name: null,
    rrule: WEEKDAYS_NO_END,
    timeZone: NEW_YORK,
  });
  await createAvailability(db(), made.providerId, {
    start: at(10, '14:00'),
    end: at(10, '15:00'),
    free: true,
    name: null,
    rrule: null,
    timeZone: NEW_YORK,
  });
  return made;
}

/** The next weekday at least `days` ahead (a date in the zone). */
function weekdayAhead(days: number, zone: string): string {
  let day = Temporal.Now.plainDateISO(zone).add({ days });
  while (day.dayOfWeek > 5) day = day.add({ days: 1 });
  return day.toString();
}

const zoneOf = async (providerId: number) =>
  (await db()('providers').where({ id: providerId }).first('timezone'))!.timezone as string;

async function gridBlocks(client: Awaited<ReturnType<typeof dana>>['client'], week: string): Promise<GridBlock[]> {
  const answer = await client.get('/calendar/week.json').query({ week }).set('Accept', 'application/json').expect(200);
  return answer.body.blocks as GridBlock[];
}

/** The [start, end] minutes of the blocks of one day. */
const hoursOn = (blocks: GridBlock[], day: string) =>
  blocks.filter((block) => block.day === day && block.kind === 'available').map((b) => [b.startMinute, b.endMinute]);

const H = (hour: number) => hour * 60;

/** The slots of one day (in the zone), as wall-clock times of that zone. */
async function slotTimesOn(providerId: number, day: string, zone: string): Promise<string[]> {
  const starts = await slotStarts(
    providerId,
    on(day, '00:00', zone),
    on(Temporal.PlainDate.from(day).add({ days: 1 }).toString(), '00:00', zone),
  );
  return starts.map((start) => wallTime(start, zone));
}

/** Posts a zone through the page's own form, as a browser without JavaScript does. */
async function chooseZone(made: Awaited<ReturnType<typeof dana>>, zone: string) {
  const page = await open(made.client, '/calendar');
  return page.fill('Timezone', zone).submit(made.client, 'Save timezone');
}

describe('a time-zone change asks first, then keeps the hours or the moments (issue [19] item 2)', () => {
  it('asks, with keeping the hours chosen, and changes nothing until answered', async () => {
    const made = await dana();
    const question = await chooseZone(made, LA);
    assert.equal(question.status, 200);
    assert.match(question.text, /Keep your hours in the new time zone\?/);
    assert.match(question.text, /from New York \(Eastern\) to Los Angeles \(Pacific\)/);
    assert.equal((question.field('Keep my hours') as HTMLInputElement).checked, true);
    assert.equal((question.field('Keep the same moments') as HTMLInputElement).checked, false);
    // The example is the next free block: 9:00am–12:00pm stays, or becomes 6:00am–9:00am.
    assert.match(question.text, /9:00am – 12:00pm stays 9:00am – 12:00pm/);
    assert.match(question.text, /9:00am – 12:00pm becomes 6:00am – 9:00am/);
    await expectAccessibleHtml(question.html);
    assert.equal(await zoneOf(made.providerId), NEW_YORK);
    // Cancel goes back with nothing changed.
    assert.equal(question.link('Cancel').getAttribute('href'), '/calendar#calendar-settings');
  });

  it('keeping the hours (the default): Dana’s grid shows 9:00–12:00 in Los Angeles and the API offers 9:00am Los Angeles slots', async () => {
    const made = await dana();
    const saved = await (await chooseZone(made, LA)).submit(made.client, 'Change time zone');
    redirected(saved);
    assert.ok(saved.flashes.includes('Your calendar has been updated.'), saved.flashes.join());
    assert.equal(await zoneOf(made.providerId), LA);

    const day = weekdayAhead(3, LA);
    assert.deepEqual(hoursOn(await gridBlocks(made.client, day), day), [[H(9), H(12)]]);
    const slots = await slotTimesOn(made.providerId, day, LA);
    assert.equal(slots[0], '09:00');
    assert.equal(slots.at(-1), '11:45');
    assert.equal(slots.length, 12);
    // The block ahead moved too: 2:00pm stays 2:00pm.
    const blockDay = dayFromToday(10, NEW_YORK);
    assert.ok(hoursOn(await gridBlocks(made.client, blockDay), blockDay).some(([s, e]) => s === H(14) && e === H(15)));
  });

  it('keeping the moments: the grid shows 6:00–9:00am Los Angeles and the slots are the same instants as before', async () => {
    const made = await dana();
    const day = weekdayAhead(3, LA);
    const before = await slotStarts(made.providerId, on(day, '00:00', LA), on(day, '23:59', LA));
    const question = await chooseZone(made, LA);
    redirected(await question.check('Keep the same moments').submit(made.client, 'Change time zone'));
    assert.equal(await zoneOf(made.providerId), LA);
    assert.deepEqual(hoursOn(await gridBlocks(made.client, day), day), [[H(6), H(9)]]);
    assert.deepEqual(await slotStarts(made.providerId, on(day, '00:00', LA), on(day, '23:59', LA)), before);
    assert.equal((await slotTimesOn(made.providerId, day, LA))[0], '06:00');
  });

  it('across DST: to London keeping the hours is 9:00am London on both sides of the US and the UK changes', async () => {
    const made = await dana();
    redirected(await (await chooseZone(made, LONDON)).submit(made.client, 'Change time zone'));
    // 2027-03-08: both on winter time; 2027-03-15: New York on summer time, London not yet; 2027-03-29: both on summer time.
    for (const day of ['2027-03-08', '2027-03-15', '2027-03-29'])
      assert.deepEqual(hoursOn(await gridBlocks(made.client, day), day), [[H(9), H(12)]], day);
    const slotDay = weekdayAhead(3, LONDON);
    assert.equal((await slotTimesOn(made.providerId, slotDay, LONDON))[0], '09:00');
    // The series began in September (EDT): its instants now are 09:00 UTC in the London winter.
    assert.ok((await slotStarts(made.providerId)).some((start) => start === iso(on(slotDay, '09:00', LONDON))));
  });

  it('across DST: to London keeping the moments is 2:00pm London, then 1:00pm while only New York is on summer time', async () => {
    const made = await dana();
    const question = await chooseZone(made, LONDON);
    redirected(await question.check('Keep the same moments').submit(made.client, 'Change time zone'));
    assert.deepEqual(hoursOn(await gridBlocks(made.client, '2027-03-08'), '2027-03-08'), [[H(14), H(17)]]);
    assert.deepEqual(hoursOn(await gridBlocks(made.client, '2027-03-15'), '2027-03-15'), [[H(13), H(16)]]);
    assert.deepEqual(hoursOn(await gridBlocks(made.client, '2027-03-29'), '2027-03-29'), [[H(14), H(17)]]);
  });

  it('an edited instance moves with its series and still replaces the instance it stands for', async () => {
    const made = await dana();
    const day = weekdayAhead(5, NEW_YORK);
    await editInstance(
      db(),
      made.providerId,
      (await db()('availability_events').where({ provider_id: made.providerId, is_recurring: true }).first('id'))!.id,
      on(day, '09:00', NEW_YORK),
      {
        start: on(day, '10:00', NEW_YORK),
        end: on(day, '11:00', NEW_YORK),
        free: true,
        name: null,
        rrule: null,
        timeZone: NEW_YORK,
      },
    );
    redirected(await (await chooseZone(made, LA)).submit(made.client, 'Change time zone'));
    assert.deepEqual(hoursOn(await gridBlocks(made.client, day), day), [[H(10), H(11)]]);
  });

  it('a calendar with nothing to move changes its zone at once; an unknown choice asks again', async () => {
    const empty = await bookableProvider(NEW_YORK);
    const page = await open(empty.client, '/calendar');
    redirected(await page.fill('Timezone', LA).submit(empty.client, 'Save timezone'));
    assert.equal(await zoneOf(empty.providerId), LA);

    const made = await dana();
    const again = await (await chooseZone(made, LA)).submit(made.client, 'Change time zone', {
      values: { zone_move: 'sideways' },
    });
    assert.equal(again.status, 200);
    assert.match(again.text, /Keep your hours in the new time zone\?/);
    assert.equal(await zoneOf(made.providerId), NEW_YORK);
  });
});
