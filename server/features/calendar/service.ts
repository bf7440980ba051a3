// /calendar (spec 3 §2 Calendar page, §4 Calendar): the calendar of the viewer's selected profile, its
// settings and its availability. Every event is found through that provider (another one's id is not
// found), and each post is one transaction.
import type { Knex } from 'knex';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { canEditProfile, type Viewer } from '../../domain/accounts';
import * as calendar from '../../domain/calendar';
import {
  CALENDAR_MESSAGES,
  type AvailabilityEvent,
  type AvailabilityInstance,
  type AvailabilityInput,
  type CalendarState,
} from '../../domain/calendar';
import { activeAbsence, type Absence } from '../../domain/vacation-responder';
import { askFirst, type ConfirmationNeeded } from '../../lib/confirmation';
import { appointmentsBetween, type WeekAppointment } from '../../domain/appointments';

export const CALENDAR_TEXTS = {
  statusRequired: 'Choose Show Calendar or Hide Calendar.',
  deleteBlock: 'Delete this block from your calendar?',
  deleteSeries: 'Delete every event of this series?',
  scopeRequired: 'Choose this event only or all events in the series.',
  zoneQuestion: 'Keep your hours in the new time zone?',
} as const;

/** The selected profile's id, when the viewer may edit it. */
function selectedProviderId(viewer: Viewer): number {
  const provider = viewer.provider;
  if (!provider || !canEditProfile(viewer, provider)) throw new NotFoundError();
  return provider.id;
}

/** The selected profile's calendar, with or without one attached (the page says so). */
export async function calendarOf(db: Knex, viewer: Viewer): Promise<CalendarState> {
  return calendar.calendarStateOf(db, selectedProviderId(viewer));
}

/** Turns the selected profile's practice-management booking link off (one statement, so one transaction). */
export async function hideBookingLink(db: Knex, viewer: Viewer): Promise<void> {
  await calendar.hideBookingLink(db, selectedProviderId(viewer));
}

/** The selected profile's calendar; a profile without one has nothing to edit. */
export async function requireCalendar(db: Knex | Knex.Transaction, viewer: Viewer): Promise<CalendarState> {
  const state = await calendar.calendarStateOf(db, selectedProviderId(viewer));
  if (!state.hasCalendar) throw new NotFoundError();
  return state;
}

/** The absence of an active vacation responder (its days take no bookings), for the page's banner. */
export async function absenceOf(db: Knex, state: CalendarState): Promise<Absence | null> {
  return activeAbsence(db, state.providerId);
}

// ---------------------------------------------------------------------------------------------- the week

export interface WeekData {
  week: calendar.Week;
  instances: AvailabilityInstance[];
  appointments: WeekAppointment[];
  /** The rule of each series with an instance this week (for "Every weekday" and the like). */
  rules: Map<number, string>;
}

export async function loadWeek(db: Knex, state: CalendarState, weekDate: string): Promise<WeekData> {
  const week = calendar.weekOf(weekDate, state.timeZone);
  const [events, appointments] = await Promise.all([
    calendar.eventsOverlapping(db, state.providerId, week.from, week.to),
    appointmentsBetween(db, state.providerId, week.from, week.to),
  ]);
  const instances = calendar.expandEvents(events, week.from, week.to);
  const rules = new Map(events.flatMap((event) => (event.rrule ? [[event.id, event.rrule] as [number, string]] : [])));
  return { week, instances, appointments, rules };
}

// ------------------------------------------------------------------------------------------- settings

/** What a zone change asks before it saves (issue [19] item 2), with the next free block as an example. */
export interface ZoneQuestion {
  from: string;
  to: string;
  example: AvailabilityInstance | null;
}

/**
 * Status and timezone (spec 3 §4): each keeps the other. Answers whether the calendar was just opened.
 * A new zone, while there is availability it would move, asks first whether to keep its hours (move it
 * to the new zone) or its moments (`zone_move` hours or instants); the answer is saved in the same
 * transaction as the zone.
 */
export async function saveSettings(
  db: Knex,
  viewer: Viewer,
  body: Record<string, unknown>,
  now = new Date(),
): Promise<{ opened: boolean } | ConfirmationNeeded<ZoneQuestion>> {
  return db.transaction(async (trx) => {
    const state = await requireCalendar(trx, viewer);
    const errors: Record<string, string> = {};
    let timeZone: string | undefined;
    let open: boolean | undefined;
    if (body.timezone !== undefined) {
      if (calendar.isTimeZone(body.timezone)) timeZone = body.timezone;
      else errors.timezone = CALENDAR_MESSAGES.timeZone;
    }
    // The status radios are disabled while no location accepts new clients: the status stays.
    if (body.open !== undefined && state.accepting) {
      if (body.open === '1' || body.open === '0') open = body.open === '1';
      else errors.open = CALENDAR_TEXTS.statusRequired;
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);
    if (timeZone !== undefined && timeZone !== state.timeZone) {
      const keep = calendar.isZoneMove(body.zone_move) ? body.zone_move : null;
      if (!keep && (await calendar.hasAvailabilityToMove(trx, state.providerId, now))) {
        const example = await calendar.nextFreeInstance(trx, state.providerId, now);
        return askFirst(CALENDAR_TEXTS.zoneQuestion, { from: state.timeZone, to: timeZone, example });
      }
      await calendar.changeTimeZone(
        trx,
        state.providerId,
        { from: state.timeZone, to: timeZone, keep: keep ?? 'hours' },
        now,
      );
    }
    if (open !== undefined) await calendar.updateCalendarSettings(trx, state.providerId, { open });
    return { opened: open === true && !state.open };
  });
}

// --------------------------------------------------------------------------------------- availability

/** What an editor URL names: a single block, one instance of a series, an edited instance, or busy time read from elsewhere. */
export type EditTarget =
  | { kind: 'single'; event: AvailabilityEvent }
  | { kind: 'instance'; series: AvailabilityEvent; instance: AvailabilityInstance }
  | { kind: 'exception'; event: AvailabilityEvent; series: AvailabilityEvent }
  | { kind: 'external'; event: AvailabilityEvent };

const MINUTE = 60_000;

/** An ISO instant, or null. */
export function instantOf(value: unknown): Date | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The block an editor URL names, found through the provider. A series is edited one instance at a time
 * (its start given as ?instance= or original_start; without one, its first); an instance that is not
 * the series' is not found.
 */
export async function findTarget(
  db: Knex | Knex.Transaction,
  providerId: number,
  eventId: number,
  instanceStart: unknown,
): Promise<EditTarget> {
  const event = await calendar.findEvent(db, providerId, eventId);
  if (!event) throw new NotFoundError();
  if (event.externalCalendarId !== null) return { kind: 'external', event };
  if (event.parentId !== null) {
    const series = event.removed ? null : await calendar.findEvent(db, providerId, event.parentId);
    if (!series) throw new NotFoundError();
    return { kind: 'exception', event, series };
  }
  if (!event.isRecurring) return { kind: 'single', event };
  const start = instanceStart === undefined || instanceStart === '' ? event.start : instantOf(instanceStart);
  if (!start) throw new NotFoundError();
  const around = await calendar.instancesBetween(db, providerId, start, new Date(start.getTime() + MINUTE));
  const instance = around.find(
    (i) => i.seriesId === event.id && !i.isException && i.originalStart?.getTime() === start.getTime(),
  );
  if (!instance) throw new NotFoundError();
  return { kind: 'instance', series: event, instance };
}

export async function loadTarget(
  db: Knex,
  viewer: Viewer,
  eventId: number,
  instanceStart: unknown,
): Promise<{ state: CalendarState; target: EditTarget }> {
  const state = await requireCalendar(db, viewer);
  return { state, target: await findTarget(db, state.providerId, eventId, instanceStart) };
}

/** The form as the domain reads it: text fields as text, the weekdays as a list. */
export function formValuesOf(body: Record<string, unknown>): Partial<calendar.AvailabilityFormValues> {
  const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
  const weekdays = body.weekdays;
  return {
    date: textOf(body.date),
    start_time: textOf(body.start_time),
    end_time: textOf(body.end_time),
    free: textOf(body.free),
    name: textOf(body.name),
    recurrence: textOf(body.recurrence),
    frequency: textOf(body.frequency),
    interval: textOf(body.interval),
    weekdays: (Array.isArray(weekdays) ? weekdays : weekdays === undefined ? [] : [weekdays]).filter(
      (d): d is string => typeof d === 'string',
    ),
    monthly_type: textOf(body.monthly_type),
    ends: textOf(body.ends),
    until: textOf(body.until),
    count: textOf(body.count),
  };
}

function parsed(
  values: Partial<calendar.AvailabilityFormValues>,
  timeZone: string,
  now: Date,
  requireWindow = true,
): AvailabilityInput {
  const result = calendar.parseAvailabilityForm(values, { timeZone, now, requireWindow });
  if (!result.ok) throw new ValidationError(result.errors);
  return result.input;
}

/** The Sunday of the week an instant falls in, in the calendar's zone: the week shown after a change. */
const weekStartOf = (state: CalendarState, instant: Date) =>
  calendar.weekOf(calendar.dateKeyOf(instant, state.timeZone), state.timeZone).start;

/** Adds a block; answers the week to show. */
export async function addAvailability(
  db: Knex,
  viewer: Viewer,
  body: Record<string, unknown>,
  now = new Date(),
): Promise<string> {
  return db.transaction(async (trx) => {
    const state = await requireCalendar(trx, viewer);
    const event = await calendar.createAvailability(
      trx,
      state.providerId,
      parsed(formValuesOf(body), state.timeZone, now),
    );
    return weekStartOf(state, event.start);
  });
}

/**
 * Saves an editor's form; answers the week to show. A block keeps a date before today when the date was
 * not changed (an old series is edited from its own start); a changed instance never repeats on its own.
 */
export async function changeAvailability(
  db: Knex,
  viewer: Viewer,
  eventId: number,
  body: Record<string, unknown>,
  now = new Date(),
): Promise<string> {
  return db.transaction(async (trx) => {
    const state = await requireCalendar(trx, viewer);
    return weekStartOf(state, await saveTarget(trx, state, eventId, body, now));
  });
}

async function saveTarget(
  trx: Knex.Transaction,
  state: CalendarState,
  eventId: number,
  body: Record<string, unknown>,
  now: Date,
): Promise<Date> {
  const zone = state.timeZone;
  const target = await findTarget(trx, state.providerId, eventId, body.original_start);
  const values = formValuesOf(body);
  const unchanged = (date: Date) => values.date === calendar.dateKeyOf(date, zone);
  switch (target.kind) {
    case 'external':
      throw new ForbiddenError(CALENDAR_MESSAGES.external);
    case 'single': {
      const input = parsed(values, zone, now, !unchanged(target.event.start));
      return (await calendar.updateAvailability(trx, state.providerId, target.event.id, input)).start;
    }
    case 'exception': {
      const input = parsed({ ...values, recurrence: 'none' }, zone, now, !unchanged(target.event.start));
      return (await calendar.updateAvailability(trx, state.providerId, target.event.id, input)).start;
    }
    case 'instance': {
      const { series, instance } = target;
      if (body.scope === 'all') {
        // The instance's date unchanged: the series keeps its own first date.
        const keepStart = unchanged(instance.start);
        const input = parsed(
          keepStart ? { ...values, date: calendar.dateKeyOf(series.start, zone) } : values,
          zone,
          now,
          !keepStart,
        );
        await calendar.updateAvailability(trx, state.providerId, series.id, input);
        return instance.start;
      }
      if (body.scope !== 'instance') throw new ValidationError({ scope: CALENDAR_TEXTS.scopeRequired });
      const input = parsed({ ...values, recurrence: 'none' }, zone, now, !unchanged(instance.start));
      return (await calendar.editInstance(trx, state.providerId, series.id, instance.originalStart!, input)).start;
    }
  }
}

export interface DeletePlan {
  question: string;
  warning: string | null;
  weekStart: string;
}

/** What a delete asks first (spec 3 §4: deleting free time loses therapy-seeker bookings). */
export function deletePlanOf(target: EditTarget, scope: unknown, weekStart = ''): DeletePlan {
  const free = target.kind === 'instance' ? target.instance.free : target.event.free;
  const warning = free ? CALENDAR_MESSAGES.deleteFreeWarning : null;
  if (target.kind === 'single') return { question: CALENDAR_TEXTS.deleteBlock, warning, weekStart };
  return {
    question: scope === 'all' ? CALENDAR_TEXTS.deleteSeries : CALENDAR_MESSAGES.deleteInstance,
    warning,
    weekStart,
  };
}

/**
 * Deletes a single block, one instance of a series (or an edited one), or the whole series; asks first
 * unless the post is confirmed. Answers the week to show (that of what was deleted).
 */
export async function removeAvailability(
  db: Knex,
  viewer: Viewer,
  eventId: number,
  body: Record<string, unknown>,
  confirmed: boolean,
): Promise<string | ConfirmationNeeded<DeletePlan>> {
  return db.transaction(async (trx) => {
    const state = await requireCalendar(trx, viewer);
    const target = await findTarget(trx, state.providerId, eventId, body.original_start);
    if (target.kind === 'external') throw new ForbiddenError(CALENDAR_MESSAGES.external);
    const plan = deletePlanOf(
      target,
      body.scope,
      weekStartOf(state, target.kind === 'instance' ? target.instance.start : target.event.start),
    );
    if (!confirmed) return askFirst(plan.question, plan);
    const providerId = state.providerId;
    if (target.kind === 'single') await calendar.deleteAvailability(trx, providerId, target.event.id);
    else {
      const series = target.series;
      const originalStart = target.kind === 'instance' ? target.instance.originalStart! : target.event.originalStart!;
      if (body.scope === 'all') await calendar.deleteAvailability(trx, providerId, series.id);
      else await calendar.removeInstance(trx, providerId, series.id, originalStart);
    }
    return plan.weekStart;
  });
}

/** An edited instance goes back to what its series says (?restoreOriginalInstance=true); answers the week to show. */
export async function restoreInstance(db: Knex, viewer: Viewer, eventId: number): Promise<string> {
  return db.transaction(async (trx) => {
    const state = await requireCalendar(trx, viewer);
    const target = await findTarget(trx, state.providerId, eventId, undefined);
    if (target.kind !== 'exception') throw new NotFoundError();
    await calendar.restoreOriginalInstance(trx, state.providerId, target.event.id);
    return weekStartOf(state, target.event.originalStart!);
  });
}
