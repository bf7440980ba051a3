// The view models of /calendar: the week as the grid island's blocks and as the table, and the editor's
// form, built from what the service loads (routes stay thin).
import { utc } from '@date-fns/utc';
import { format } from 'date-fns';
import type { CalendarGridProps, GridBlock, GridWeek } from '../../../islands/calendar-grid-types';
import {
  AVAILABILITY_PATH,
  CALENDAR_PATH,
  type AvailabilityFields,
  type AvailabilityKind,
  type CalendarPageView,
  type DeleteAction,
  type EditorView,
  type ExternalBlockView,
  type TableBlock,
  type TableDay,
} from '../../../views/pages/calendar/view';
import * as calendar from '../../domain/calendar';
import type { Absence } from '../../domain/vacation-responder';
import {
  CALENDAR_MESSAGES,
  CALENDAR_RULES,
  type AvailabilityInstance,
  type CalendarState,
} from '../../domain/calendar';
import type { ConfirmationNeeded } from '../../lib/confirmation';
import type { ZoneChangeView } from '../../../views/pages/calendar/ZoneChangePage';
import {
  CALENDAR_TEXTS,
  deletePlanOf,
  formValuesOf,
  type EditTarget,
  type WeekData,
  type ZoneQuestion,
} from './service';

export const WEEK_JSON_PATH = `${CALENDAR_PATH}/week.json`;
export const NEW_PATH = `${AVAILABILITY_PATH}/new`;

const MIDNIGHT = 24 * 60;
const dayOf = (dateKey: string) => new Date(`${dateKey}T00:00:00Z`);
const longDayLabel = (dateKey: string) => format(dayOf(dateKey), 'EEEE, MMMM d', { in: utc });
const shortDayLabel = (dateKey: string) => format(dayOf(dateKey), 'EEE d', { in: utc });

export const isDateKey = (value: unknown): value is string =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(dayOf(value).getTime()) &&
  dayOf(value).toISOString().startsWith(value);

export const weekHref = (weekStart: string) => `${CALENDAR_PATH}?week=${weekStart}`;

/** The editor of an availability instance: the block itself, or the series at this instance. */
export function editorHref(instance: AvailabilityInstance): string {
  if (instance.isException || instance.seriesId === null || !instance.originalStart)
    return `${AVAILABILITY_PATH}/${instance.eventId}/edit`;
  return `${AVAILABILITY_PATH}/${instance.seriesId}/edit?instance=${encodeURIComponent(instance.originalStart.toISOString())}`;
}

function deleteActionOf(instance: AvailabilityInstance): DeleteAction {
  const warning = instance.free ? CALENDAR_MESSAGES.deleteFreeWarning : null;
  const action = `${AVAILABILITY_PATH}/${instance.eventId}/delete`;
  if (instance.seriesId === null)
    return { label: 'Delete', action, fields: {}, question: CALENDAR_TEXTS.deleteBlock, warning };
  const fields: Record<string, string> = { scope: 'instance' };
  if (!instance.isException && instance.originalStart) fields.original_start = instance.originalStart.toISOString();
  return { label: 'Delete', action, fields, question: CALENDAR_MESSAGES.deleteInstance, warning };
}

const timeTextOf = (start: Date, end: Date, timeZone: string) =>
  `${calendar.formatClockTime(calendar.minutesIntoDay(start, timeZone))} – ${calendar.formatClockTime(calendar.minutesIntoDay(end, timeZone))}`;

export const ALL_DAY = 'All day';
/** A block read on one of its days: a piece that fills the day (busy all day) reads "All day". */
const pieceTimeText = (block: { timeText: string }, piece: Piece) =>
  piece.startMinute === 0 && piece.endMinute === MIDNIGHT ? ALL_DAY : block.timeText;

/** A block of the week before it is cut into days. */
interface WeekBlock {
  key: string;
  kind: GridBlock['kind'];
  label: string;
  name: string | null;
  start: Date;
  end: Date;
  recurring: boolean;
  exception: boolean;
  readOnly: boolean;
  href: string;
  recurrenceText: string | null;
  remove: DeleteAction | null;
  /** '9:00am – 10:00am' in the calendar's zone. */
  timeText: string;
  /** The days of the week it covers, with its minutes on each. */
  pieces: Piece[];
}

interface Piece {
  day: string;
  startMinute: number;
  endMinute: number;
}

// A week's blocks serve the grid and the table of one page: each is read in the calendar's zone once.
const blocksOfWeek = new WeakMap<WeekData, WeekBlock[]>();

function weekBlocks(data: WeekData, timeZone: string): WeekBlock[] {
  let blocks = blocksOfWeek.get(data);
  if (!blocks) blocksOfWeek.set(data, (blocks = readWeekBlocks(data, timeZone)));
  return blocks;
}

function readWeekBlocks(data: WeekData, timeZone: string): WeekBlock[] {
  // A series' rule reads the same on each of its instances.
  const descriptions = new Map<string, string>();
  const describe = (rule: string) => {
    let text = descriptions.get(rule);
    if (text === undefined) descriptions.set(rule, (text = calendar.describeRecurrence(rule, timeZone)));
    return text;
  };
  const located = (block: Omit<WeekBlock, 'timeText' | 'pieces'>): WeekBlock => ({
    ...block,
    timeText: timeTextOf(block.start, block.end, timeZone),
    pieces: piecesOf(block, data.week.days, timeZone),
  });
  const availability = data.instances.map((instance): WeekBlock => {
    const rule = instance.seriesId === null ? null : (data.rules.get(instance.seriesId) ?? null);
    return located({
      key: `a${instance.eventId}@${instance.start.toISOString()}`,
      kind: instance.free ? 'available' : 'unavailable',
      label: instance.free ? 'Available' : 'Unavailable',
      name: instance.name,
      start: instance.start,
      end: instance.end,
      recurring: instance.isRecurring,
      exception: instance.isException,
      readOnly: instance.external,
      href: editorHref(instance),
      recurrenceText: rule ? describe(rule) : null,
      remove: instance.external ? null : deleteActionOf(instance),
    });
  });
  const appointments = data.appointments.map(
    (appointment): WeekBlock =>
      located({
        key: `c${appointment.id}`,
        kind: 'appointment',
        label: 'Phone Consult',
        name: appointment.clientName,
        start: appointment.start,
        end: appointment.end,
        recurring: false,
        exception: false,
        readOnly: false,
        href: `${CALENDAR_PATH}?week=${data.week.start}&id=${appointment.id}`,
        recurrenceText: null,
        remove: null,
      }),
  );
  return [...availability, ...appointments].sort(
    (a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime(),
  );
}

/** The days of the week a block covers, with its minutes on each (a block crossing midnight is two pieces). */
function piecesOf(block: { start: Date; end: Date }, days: string[], timeZone: string): Piece[] {
  const firstDay = calendar.dateKeyOf(block.start, timeZone);
  // An end at midnight belongs to the day before it.
  const lastInstant = new Date(block.end.getTime() - 1);
  const lastDay = calendar.dateKeyOf(lastInstant, timeZone);
  const pieces: Piece[] = [];
  for (const day of days) {
    if (day < firstDay || day > lastDay) continue;
    const startMinute = day === firstDay ? calendar.minutesIntoDay(block.start, timeZone) : 0;
    const endMinute = day === lastDay ? calendar.minutesIntoDay(lastInstant, timeZone) + 1 : MIDNIGHT;
    pieces.push({ day, startMinute, endMinute: Math.min(MIDNIGHT, Math.max(endMinute, startMinute + 1)) });
  }
  return pieces;
}

export function gridWeekOf(data: WeekData, timeZone: string, now: Date): GridWeek {
  const today = calendar.dateKeyOf(now, timeZone);
  const blocks = weekBlocks(data, timeZone).flatMap((block) =>
    block.pieces.map(
      (piece, index): GridBlock => ({
        key: index === 0 ? block.key : `${block.key}:${piece.day}`,
        kind: block.kind,
        label: block.label,
        name: block.name,
        ...piece,
        timeText: pieceTimeText(block, piece),
        past: block.end <= now,
        readOnly: block.readOnly,
        recurring: block.recurring,
        href: block.href,
      }),
    ),
  );
  return {
    weekStart: data.week.start,
    today,
    nowMinute: calendar.minutesIntoDay(now, timeZone),
    prevWeek: calendar.addDays(data.week.start, -7),
    nextWeek: calendar.addDays(data.week.start, 7),
    days: data.week.days.map((date) => ({
      date,
      shortLabel: shortDayLabel(date),
      longLabel: longDayLabel(date),
      isToday: date === today,
    })),
    blocks,
  };
}

/** The day of the week a phone shows first: the one asked for, else today when in the week, else the first. */
function selectedDayOf(days: string[], today: string, asked: unknown): string {
  if (typeof asked === 'string' && days.includes(asked)) return asked;
  return days.includes(today) ? today : days[0]!;
}

const dayHref = (date: string) => `${CALENDAR_PATH}?week=${date}&day=${date}#week`;

function tableDaysOf(data: WeekData, timeZone: string, now: Date, askedDay: unknown): TableDay[] {
  const today = calendar.dateKeyOf(now, timeZone);
  const blocks = weekBlocks(data, timeZone);
  const selected = selectedDayOf(data.week.days, today, askedDay);
  return data.week.days.map((date) => ({
    date,
    longLabel: longDayLabel(date),
    isToday: date === today,
    selected: date === selected,
    previousDayHref: dayHref(calendar.addDays(date, -1)),
    nextDayHref: dayHref(calendar.addDays(date, 1)),
    nowText: date === today ? `Now, ${calendar.formatClockTime(calendar.minutesIntoDay(now, timeZone))}` : null,
    blocks: blocks.flatMap((block) =>
      block.pieces
        .filter((piece) => piece.day === date)
        .map(
          (piece): TableBlock => ({
            key: block.key,
            kind: block.kind,
            label: block.label,
            name: block.name,
            timeText: pieceTimeText(block, piece),
            recurrenceText: block.recurrenceText,
            exception: block.exception,
            past: block.end <= now,
            readOnly: block.readOnly,
            href: block.href,
            remove: block.remove,
          }),
        ),
    ),
  }));
}

const VACATION_RESPONDER_HREF = '/profile/availability-locations#vacation-responder';
const absenceDayLabel = (dateKey: string) => format(dayOf(dateKey), 'EEEE, MMMM d, yyyy', { in: utc });

/** The page's view; `askedDay` is the ?day= of a phone without JavaScript (one day of the table at a time). */
export function calendarPageView(
  state: CalendarState,
  data: WeekData,
  now: Date,
  askedDay?: unknown,
  absence: Absence | null = null,
): Omit<CalendarPageView, 'clientSlots' | 'bookingRules'> {
  const zone = state.timeZone;
  const timeZoneLabel = calendar.timeZoneLabel(zone);
  const grid: CalendarGridProps = {
    week: gridWeekOf(data, zone, now),
    timeZoneLabel,
    inert: !state.open || !state.accepting,
    weekUrl: WEEK_JSON_PATH,
    newUrl: NEW_PATH,
    pageUrl: CALENDAR_PATH,
  };
  const start = data.week.start;
  return {
    open: state.open,
    accepting: state.accepting,
    timeZone: zone,
    timeZoneLabel,
    timeZones: calendar.TIME_ZONES.map((zoneOption) => ({ value: zoneOption.id, label: zoneOption.label })),
    // An absence over (its last day behind the calendar's today) says nothing any more.
    absence:
      absence && absence.endDate >= calendar.dateKeyOf(now, zone)
        ? {
            from: absenceDayLabel(absence.startDate),
            to: absenceDayLabel(absence.endDate),
            settingsHref: VACATION_RESPONDER_HREF,
          }
        : null,
    bookingLink: state.bookingLink ? { href: state.bookingLink } : null,
    grid,
    table: {
      title: `Week of ${format(dayOf(start), 'MMMM d, yyyy', { in: utc })}`,
      previousHref: `${weekHref(calendar.addDays(start, -7))}#week`,
      todayHref: `${CALENDAR_PATH}#week`,
      nextHref: `${weekHref(calendar.addDays(start, 7))}#week`,
      days: tableDaysOf(data, zone, now, askedDay),
    },
    addLinks: [
      { label: 'Add recurring availability', href: `${NEW_PATH}?kind=recurring` },
      { label: 'Add one-time availability', href: `${NEW_PATH}?kind=once` },
      { label: 'Block availability', href: `${NEW_PATH}?kind=block` },
    ],
    cannotAddText: CALENDAR_MESSAGES.providersCannotBook,
  };
}

// ------------------------------------------------------------------------------------------ the editor

const KINDS: AvailabilityKind[] = ['recurring', 'once', 'block'];
export const kindOf = (value: unknown): AvailabilityKind | null =>
  KINDS.includes(value as AvailabilityKind) ? (value as AvailabilityKind) : null;

// A click on the grid opens a one-time block: it is titled as the plain Add.
const NEW_TITLES: Record<AvailabilityKind, string> = {
  recurring: 'Add Recurring Availability',
  once: 'Add Availability',
  block: 'Block Availability',
};
export const newTitleOf = (kind: AvailabilityKind | null) => (kind ? NEW_TITLES[kind] : 'Add Availability');
export const EDIT_TITLE = 'Edit Availability';
export const EXTERNAL_TITLE = 'Busy Time';

const fieldsOf = (values: Partial<calendar.AvailabilityFormValues>): AvailabilityFields => ({
  date: values.date ?? '',
  start_time: values.start_time ?? '',
  end_time: values.end_time ?? '',
  free: values.free || 'free',
  name: values.name ?? '',
  recurrence: values.recurrence || 'none',
  frequency: values.frequency || 'week',
  interval: values.interval || '1',
  weekdays: values.weekdays ?? [],
  monthly_type: values.monthly_type || 'date',
  ends: values.ends || 'never',
  until: values.until ?? '',
  count: values.count ?? '',
});

/** Minutes of a clock time given in a link ('9:00am' or '09:00'). */
const clockOf = (value: unknown) => (typeof value === 'string' ? calendar.parseClockTime(value) : null);

/**
 * A new block's starting values (spec 3 §4): one day plus two hours from the next hour, one hour long,
 * unless the link names a day and time (a click on the grid); clipped at midnight.
 */
export function newBlockFields(
  query: Record<string, unknown>,
  kind: AvailabilityKind | null,
  timeZone: string,
  now: Date,
): AvailabilityFields {
  const nextHour = Math.floor(calendar.minutesIntoDay(now, timeZone) / 60) * 60 + 60;
  const defaultStart = nextHour + 120;
  let date = calendar.addDays(calendar.dateKeyOf(now, timeZone), 1 + Math.floor(defaultStart / MIDNIGHT));
  let start = defaultStart % MIDNIGHT;
  if (isDateKey(query.date)) date = query.date;
  const askedStart = clockOf(query.start_time);
  if (askedStart !== null) start = askedStart;
  const askedEnd = clockOf(query.end_time);
  const end =
    askedEnd !== null && askedEnd > start ? askedEnd : askedEnd === 0 ? MIDNIGHT : Math.min(start + 60, MIDNIGHT);
  return fieldsOf({
    date,
    start_time: calendar.formatClockTime(start),
    end_time: calendar.formatClockTime(end),
    free: kind === 'block' ? 'busy' : 'free',
    recurrence: kind === 'recurring' ? 'weekdays' : 'none',
    weekdays: [],
  });
}

const recurrenceOptions = calendar.RECURRENCE_OPTIONS.map((o) => ({ value: o.value, label: o.label }));

function dateWindow(timeZone: string, now: Date) {
  const today = calendar.dateKeyOf(now, timeZone);
  return { dateMin: today, dateMax: calendar.addDays(today, CALENDAR_RULES.windowDays) };
}

export function newEditorView(
  state: CalendarState,
  kind: AvailabilityKind | null,
  values: AvailabilityFields,
  now: Date,
  options: { opened: boolean; weekStart: string | null },
): EditorView {
  return {
    title: newTitleOf(kind),
    action: AVAILABILITY_PATH,
    kind,
    showFreeChoice: kind === null,
    scope: null,
    restoreAction: null,
    deletes: [],
    reminder: options.opened
      ? `${CALENDAR_MESSAGES.checkTimeZone} It is set to ${calendar.timeZoneLabel(state.timeZone)}.`
      : null,
    values,
    timeZoneLabel: calendar.timeZoneLabel(state.timeZone),
    ...dateWindow(state.timeZone, now),
    repeatable: true,
    recurrenceOptions,
    cancelHref: options.weekStart ? weekHref(options.weekStart) : CALENDAR_PATH,
  };
}

/** The stored block's values as the form shows them; an instance of a series shows the series' repeat. */
export function storedFields(target: Exclude<EditTarget, { kind: 'external' }>, timeZone: string): AvailabilityFields {
  if (target.kind === 'instance') {
    const occurrence = calendar.availabilityFormOf(target.instance, timeZone);
    const series = calendar.availabilityFormOf(target.series, timeZone);
    return fieldsOf({
      ...series,
      date: occurrence.date,
      start_time: occurrence.start_time,
      end_time: occurrence.end_time,
      free: occurrence.free,
      name: occurrence.name,
    });
  }
  return fieldsOf(calendar.availabilityFormOf(target.event, timeZone));
}

export const typedFields = (body: Record<string, unknown>): AvailabilityFields => fieldsOf(formValuesOf(body));

export function editEditorView(
  state: CalendarState,
  target: Exclude<EditTarget, { kind: 'external' }>,
  values: AvailabilityFields,
  now: Date,
  scope: unknown,
): EditorView {
  const zone = state.timeZone;
  const id = target.kind === 'instance' ? target.series.id : target.event.id;
  const start = target.kind === 'instance' ? target.instance.start : target.event.start;
  const action = `${AVAILABILITY_PATH}/${id}`;
  const deleteAction = `${action}/delete`;
  const originalStart = target.kind === 'instance' ? target.instance.originalStart!.toISOString() : null;
  const deleteOf = (label: string, deleteScope: 'instance' | 'all' | null): DeleteAction => {
    const plan = deletePlanOf(target, deleteScope);
    const fields: Record<string, string> = {};
    if (deleteScope) fields.scope = deleteScope;
    if (originalStart) fields.original_start = originalStart;
    return { label, action: deleteAction, fields, question: plan.question, warning: plan.warning };
  };
  return {
    title: EDIT_TITLE,
    action,
    kind: null,
    showFreeChoice: true,
    scope: originalStart ? { value: scope === 'all' ? 'all' : 'instance', originalStart } : null,
    restoreAction: target.kind === 'exception' ? `${deleteAction}?restoreOriginalInstance=true` : null,
    deletes:
      target.kind === 'single'
        ? [deleteOf('Delete', null)]
        : [deleteOf('Delete this event', 'instance'), deleteOf('Delete all events', 'all')],
    reminder: null,
    values,
    timeZoneLabel: calendar.timeZoneLabel(zone),
    ...dateWindow(zone, now),
    // An edited instance does not repeat on its own.
    repeatable: target.kind !== 'exception',
    recurrenceOptions,
    cancelHref: weekHref(calendar.weekOf(calendar.dateKeyOf(start, zone), zone).start),
  };
}

export function externalBlockView(event: calendar.AvailabilityEvent, timeZone: string): ExternalBlockView {
  const date = calendar.dateKeyOf(event.start, timeZone);
  return {
    dateText: longDayLabel(date),
    timeText: timeTextOf(event.start, event.end, timeZone),
    name: event.name,
    backHref: weekHref(calendar.weekOf(date, timeZone).start),
  };
}

// ------------------------------------------------------------------------------------- the zone change

const clockIn = (instant: Date, timeZone: string) =>
  calendar.formatClockTime(calendar.minutesIntoDay(instant, timeZone));
const hoursIn = (start: Date, end: Date, timeZone: string) => `${clockIn(start, timeZone)} – ${clockIn(end, timeZone)}`;

/** The question a zone change asks, with the next free block as each choice would leave it. */
export function zoneChangeView(outcome: ConfirmationNeeded<ZoneQuestion>): ZoneChangeView {
  const { from, to, example } = outcome.details;
  return {
    question: outcome.question,
    action: `${CALENDAR_PATH}/settings`,
    timeZone: to,
    fromLabel: calendar.timeZoneLabel(from),
    toLabel: calendar.timeZoneLabel(to),
    example: example && {
      day: longDayLabel(calendar.dateKeyOf(example.start, from)),
      now: hoursIn(example.start, example.end, from),
      keepHours: hoursIn(example.start, example.end, from),
      keepInstants: hoursIn(example.start, example.end, to),
    },
    cancelHref: `${CALENDAR_PATH}#calendar-settings`,
  };
}
