// An ICS feed read as busy time (RFC 5545, parsed by node-ical): each event that blocks time becomes a
// span, recurring ones expanded within the window with their exceptions (EXDATE, RECURRENCE-ID) applied.
// Not busy: cancelled events or instances, and events marked free (TRANSP:TRANSPARENT). All-day events
// come back as dates, floating times (no zone in the feed) are read in the provider's calendar zone.
// Titles, places and notes are never read.
import ical, { type CalendarResponse, type EventInstance, type VEvent, type VFreebusy } from 'node-ical';
import { Temporal } from 'temporal-polyfill';
import type { ExternalBusy } from '../../integrations/calendar-sync';
import { FeedError, FETCH_MESSAGES } from './safe-fetch';

/** Spans read from one feed at most; a feed with more is cut (a guard against feeds that explode). */
export const MAX_BUSY_SPANS = 2000;

const DAY_MS = 24 * 3_600_000;
/** Rules that would repeat more often than this within the window are skipped rather than expanded. */
const MAX_INSTANCES_PER_EVENT = 1000;
const FREQUENCY_MS: Record<string, number> = { SECONDLY: 1000, MINUTELY: 60_000, HOURLY: 3_600_000, DAILY: DAY_MS, WEEKLY: 7 * DAY_MS, MONTHLY: 28 * DAY_MS, YEARLY: 365 * DAY_MS };

export interface Window { from: Date; to: Date }

/** The date a node-ical all-day value stands for: it is built at local midnight of this process. */
const localDateKey = (value: Date) => `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;

/** A floating time (no zone in the feed) was read as this process's local time; read it in `timeZone` instead. */
function inZone(value: Date, timeZone: string): Date {
  const wallClock = new Temporal.PlainDateTime(value.getFullYear(), value.getMonth() + 1, value.getDate(), value.getHours(), value.getMinutes(), value.getSeconds());
  return new Date(wallClock.toZonedDateTime(timeZone, { disambiguation: 'compatible' }).epochMilliseconds);
}

const isFloating = (value: unknown) => value instanceof Date && !(value as { tz?: string }).tz && !(value as { dateOnly?: boolean }).dateOnly;

/** Too many repetitions for the window (FREQ=MINUTELY and the like): expanding them would be the feed's attack, not its data. */
function repeatsTooOften(event: VEvent, window: Window): boolean {
  if (!event.rrule) return false;
  const rule = event.rrule.toString();
  const frequency = /FREQ=([A-Z]+)/.exec(rule)?.[1] ?? '';
  const interval = Number(/INTERVAL=(\d+)/.exec(rule)?.[1] ?? 1) || 1;
  const count = Number(/COUNT=(\d+)/.exec(rule)?.[1] ?? Infinity);
  const period = (FREQUENCY_MS[frequency] ?? DAY_MS) * interval;
  return Math.min(count, (window.to.getTime() - window.from.getTime()) / period) > MAX_INSTANCES_PER_EVENT;
}

function instanceBusy(event: VEvent, instance: EventInstance, timeZone: string): ExternalBusy | null {
  const source = instance.event;
  if (source.status === 'CANCELLED' || source.transparency === 'TRANSPARENT') return null;
  // The instance's own name: the start it has in the series, which an exception keeps as RECURRENCE-ID.
  const original = source.recurrenceid ?? instance.start;
  const uid = instance.isRecurring || instance.isOverride || event.rrule ? `${event.uid}/${original.toISOString()}` : event.uid;
  if (instance.isFullDay) {
    const startDate = localDateKey(instance.start);
    let endDate = localDateKey(instance.end);
    if (endDate <= startDate) endDate = Temporal.PlainDate.from(startDate).add({ days: 1 }).toString();
    return { uid, startDate, endDate };
  }
  const floating = isFloating(source.start);
  const start = floating ? inZone(instance.start, timeZone) : new Date(instance.start.getTime());
  const end = floating ? inZone(instance.end, timeZone) : new Date(instance.end.getTime());
  return { uid, start, end: end > start ? end : start };
}

function eventBusy(event: VEvent, window: Window, timeZone: string): ExternalBusy[] {
  if (!event.uid || !event.start || event.status === 'CANCELLED' || repeatsTooOften(event, window)) return [];
  // A day's slack each side: all-day and floating values move by up to a day once placed in a zone.
  let instances: EventInstance[];
  try {
    instances = ical.expandRecurringEvent(event, { from: new Date(window.from.getTime() - DAY_MS), to: new Date(window.to.getTime() + DAY_MS), expandOngoing: true });
  } catch {
    // One unreadable rule does not cost the feed its other events.
    return [];
  }
  return instances.map((instance) => instanceBusy(event, instance, timeZone)).filter((b): b is ExternalBusy => b !== null);
}

/** A published free/busy block (VFREEBUSY): its BUSY periods. */
function freeBusyPeriods(component: VFreebusy): ExternalBusy[] {
  return (component.freebusy ?? [])
    .filter((period) => period.type !== 'FREE')
    .map((period) => ({ uid: `${component.uid ?? 'freebusy'}/${new Date(period.start).toISOString()}`, start: new Date(period.start), end: new Date(period.end) }))
    .filter((b) => !Number.isNaN(b.start.getTime()) && b.end > b.start);
}

/** The busy time of a feed's text within (about) the window; FeedError when the text is no calendar. */
export function busyFromIcs(text: string, window: Window, timeZone: string): ExternalBusy[] {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) throw new FeedError(FETCH_MESSAGES.unreadable);
  let data: CalendarResponse;
  try {
    data = ical.sync.parseICS(text);
  } catch {
    throw new FeedError(FETCH_MESSAGES.unreadable);
  }
  const busy: ExternalBusy[] = [];
  for (const [key, component] of Object.entries(data)) {
    if (key === 'vcalendar' || !component || typeof component !== 'object' || !('type' in component)) continue;
    if (component.type === 'VEVENT') busy.push(...eventBusy(component as VEvent, window, timeZone));
    else if (component.type === 'VFREEBUSY') busy.push(...freeBusyPeriods(component as VFreebusy));
    if (busy.length >= MAX_BUSY_SPANS * 2) break;
  }
  return busy;
}
