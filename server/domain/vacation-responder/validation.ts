// The vacation responder's form and its window (spec 2 §3 Out-of-office message, §4 Vacation responder,
// §5 Vacation responder, §9). Dates are calendar dates (YYYY-MM-DD); the responder runs from 00:00 UTC on
// the start date to 23:59 UTC on the end date. All date math goes through date-fns in UTC.
import { utc } from '@date-fns/utc';
import { addYears, differenceInCalendarDays, endOfDay, format, isValid, parseISO, startOfDay } from 'date-fns';
import { text } from '../../lib/form';

export const VACATION_MESSAGES = {
  endInFuture: 'The selected end date must be in the future.',
  updated: 'Your Vacation Responder has been updated!',
  turnedOn: 'Your Vacation Responder has been turned on!',
  turnedOff: 'Your Vacation Responder has been turned off!',
  // Not quoted in the spec (docs/decisions.md).
  startRequired: 'Enter a start date.',
  endRequired: 'Enter an end date.',
  messageRequired: 'Enter a message.',
  invalidDate: 'Please enter a date as YYYY-MM-DD.',
  oneDay: 'The end date must be at least one full day after the start date.',
  underAYear: 'The end date must be less than a year after the start date.',
  messageMax: 'Please keep your message under 2000 characters!',
  needsSavedData: 'Please save a start date, an end date and a message before turning on your Vacation Responder.',
  unsavedSwitch:
    'You have unsaved changes to your Vacation Responder. Switching it now will discard them. Do you want to continue?',
  noChanges: 'There were no changes to save.',
  error: 'There was an error updating your profile.',
} as const;

export const MESSAGE_MAX = 2000;

export interface VacationInput {
  start_date: string;
  end_date: string;
  message: string;
}

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD calendar date as midnight UTC, or null when it is not a real date. */
export function parseDay(text: string): Date | null {
  if (!DATE_SHAPE.test(text)) return null;
  const day = parseISO(text, { in: utc });
  return isValid(day) && format(day, 'yyyy-MM-dd') === text ? day : null;
}

/** When the responder starts and stops replying: 00:00 UTC on the start date, 23:59 UTC (to the last ms) on the end date. */
export function responderWindow(startDate: string, endDate: string): { startsAt: Date; endsAt: Date } | null {
  const start = parseDay(startDate);
  const end = parseDay(endDate);
  return start && end ? { startsAt: startOfDay(start, { in: utc }), endsAt: endOfDay(end, { in: utc }) } : null;
}

/** Today as a UTC calendar date (YYYY-MM-DD). */
export const todayUtc = (now: Date) => format(now, 'yyyy-MM-dd', { in: utc });

/**
 * The form (spec 2 §5): start, end and message required; the end date in the future (after today,
 * UTC); at least one full day after the start; less than a year after it.
 */
export function validateVacation(
  body: Record<string, unknown>,
  now = new Date(),
): { value: VacationInput | null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const startText = text(body.start_date).trim();
  const endText = text(body.end_date).trim();
  const message = text(body.message).trim();
  const start = startText ? parseDay(startText) : null;
  const end = endText ? parseDay(endText) : null;
  if (!startText) errors.start_date = VACATION_MESSAGES.startRequired;
  else if (!start) errors.start_date = VACATION_MESSAGES.invalidDate;
  if (!endText) errors.end_date = VACATION_MESSAGES.endRequired;
  else if (!end) errors.end_date = VACATION_MESSAGES.invalidDate;
  else if (differenceInCalendarDays(end, parseDay(todayUtc(now))!, { in: utc }) < 1)
    errors.end_date = VACATION_MESSAGES.endInFuture;
  else if (start && differenceInCalendarDays(end, start, { in: utc }) < 1) errors.end_date = VACATION_MESSAGES.oneDay;
  else if (start && end >= addYears(start, 1, { in: utc })) errors.end_date = VACATION_MESSAGES.underAYear;
  if (!message) errors.message = VACATION_MESSAGES.messageRequired;
  else if (message.length > MESSAGE_MAX) errors.message = VACATION_MESSAGES.messageMax;
  if (Object.keys(errors).length) return { value: null, errors };
  return { value: { start_date: startText, end_date: endText, message }, errors };
}
