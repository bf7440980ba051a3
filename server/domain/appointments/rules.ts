// The booking rules a provider sets (issue [23] item 2), stored in booking_rules, one row per provider:
// buffers, minimum notice and "no same-day bookings", the horizon, the consultation's length, a weekly cap
// and approve-before-confirm. A provider without a row books by the defaults, which are what the portal
// did before (DEFAULT_SLOT_RULES: 15 minutes, 2 hours' notice, 90 days, back to back, no cap, no approval).
import type { Knex } from 'knex';
import type { Row } from '../../db/rows';
import { ValidationError } from '../../lib/errors';
import { isChecked, text } from '../../lib/form';
import { DEFAULT_SLOT_RULES, type SlotRules } from '../calendar';

type Db = Knex | Knex.Transaction;

export interface BookingRules extends SlotRules {
  /** At most this many live consultations (confirmed or held) a week (Sunday to Saturday, the calendar's zone); null: no cap. */
  weeklyCap: number | null;
  /** Bookings are held as requests until the provider accepts them. */
  approvalRequired: boolean;
}

export const DEFAULT_BOOKING_RULES: BookingRules = { ...DEFAULT_SLOT_RULES, weeklyCap: null, approvalRequired: false };

export const CONSULTATION_LENGTHS = [15, 20, 30] as const;

export const BOOKING_RULE_LIMITS = {
  bufferMaxMinutes: 120,
  noticeMaxHours: 168,
  horizonMaxDays: 365,
  capMax: 100,
  /** A request waits this long for the provider's answer, or until its start when that comes first. */
  requestHours: 24,
} as const;

const L = BOOKING_RULE_LIMITS;

export const BOOKING_RULE_MESSAGES = {
  length: 'Choose 15, 20 or 30 minutes.',
  bufferBefore: `Enter the break before a consultation as a whole number of minutes from 0 to ${L.bufferMaxMinutes}.`,
  bufferAfter: `Enter the break after a consultation as a whole number of minutes from 0 to ${L.bufferMaxMinutes}.`,
  notice: `Enter the minimum notice as a whole number of hours from 0 to ${L.noticeMaxHours}.`,
  horizon: `Enter how far ahead clients can book as a whole number of days from 1 to ${L.horizonMaxDays}.`,
  noticeBeyondHorizon: 'The minimum notice must be shorter than how far ahead clients can book.',
  cap: `Enter the weekly limit as a whole number from 1 to ${L.capMax}, or leave it empty for no limit.`,
  saved: 'Your booking rules have been updated.',
} as const;

const M = BOOKING_RULE_MESSAGES;

/** The form's fields, as typed (strings) or as saved rules write them. */
export interface BookingRulesForm {
  consultation_minutes: string;
  buffer_before_minutes: string;
  buffer_after_minutes: string;
  notice_hours: string;
  no_same_day: boolean;
  horizon_days: string;
  weekly_cap: string;
  approval_required: boolean;
}

export function bookingRulesFormOf(rules: BookingRules): BookingRulesForm {
  return {
    consultation_minutes: String(rules.consultationMinutes),
    buffer_before_minutes: String(rules.bufferBeforeMinutes),
    buffer_after_minutes: String(rules.bufferAfterMinutes),
    notice_hours: String(rules.noticeMinutes / 60),
    no_same_day: rules.noSameDay,
    horizon_days: String(rules.horizonDays),
    weekly_cap: rules.weeklyCap === null ? '' : String(rules.weeklyCap),
    approval_required: rules.approvalRequired,
  };
}

/** What was posted, kept as typed for the form shown again. */
export function typedBookingRules(body: Record<string, unknown>): BookingRulesForm {
  return {
    consultation_minutes: text(body.consultation_minutes).trim(),
    buffer_before_minutes: text(body.buffer_before_minutes).trim(),
    buffer_after_minutes: text(body.buffer_after_minutes).trim(),
    notice_hours: text(body.notice_hours).trim(),
    no_same_day: isChecked(body.no_same_day),
    horizon_days: text(body.horizon_days).trim(),
    weekly_cap: text(body.weekly_cap).trim(),
    approval_required: isChecked(body.approval_required),
  };
}

/** A whole number from min to max written plainly ("10", not "10.0" or "1e1"); null otherwise. */
function wholeNumber(value: string, min: number, max: number): number | null {
  if (!/^\d{1,4}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

/** The posted form as rules, or every field's message. */
export function parseBookingRules(body: Record<string, unknown>): {
  value: BookingRules | null;
  errors: Record<string, string>;
} {
  const form = typedBookingRules(body);
  const errors: Record<string, string> = {};
  const length = wholeNumber(form.consultation_minutes, 15, 30);
  if (length === null || !(CONSULTATION_LENGTHS as readonly number[]).includes(length))
    errors.consultation_minutes = M.length;
  const before = wholeNumber(form.buffer_before_minutes, 0, L.bufferMaxMinutes);
  if (before === null) errors.buffer_before_minutes = M.bufferBefore;
  const after = wholeNumber(form.buffer_after_minutes, 0, L.bufferMaxMinutes);
  if (after === null) errors.buffer_after_minutes = M.bufferAfter;
  const notice = wholeNumber(form.notice_hours, 0, L.noticeMaxHours);
  if (notice === null) errors.notice_hours = M.notice;
  const horizon = wholeNumber(form.horizon_days, 1, L.horizonMaxDays);
  if (horizon === null) errors.horizon_days = M.horizon;
  if (notice !== null && horizon !== null && notice >= horizon * 24) errors.notice_hours = M.noticeBeyondHorizon;
  const cap = form.weekly_cap === '' ? null : wholeNumber(form.weekly_cap, 1, L.capMax);
  if (form.weekly_cap !== '' && cap === null) errors.weekly_cap = M.cap;
  if (Object.keys(errors).length > 0) return { value: null, errors };
  return {
    value: {
      consultationMinutes: length!,
      bufferBeforeMinutes: before!,
      bufferAfterMinutes: after!,
      noticeMinutes: notice! * 60,
      noSameDay: form.no_same_day,
      horizonDays: horizon!,
      weeklyCap: cap,
      approvalRequired: form.approval_required,
    },
    errors,
  };
}

type RulesRow = Row<'booking_rules'>;

const rulesOf = (row: RulesRow): BookingRules => ({
  consultationMinutes: row.consultation_minutes,
  bufferBeforeMinutes: row.buffer_before_minutes,
  bufferAfterMinutes: row.buffer_after_minutes,
  noticeMinutes: row.notice_hours * 60,
  noSameDay: row.no_same_day,
  horizonDays: row.horizon_days,
  weeklyCap: row.weekly_cap,
  approvalRequired: row.approval_required,
});

/** A provider's rules: the saved ones, else the defaults. */
export async function bookingRulesOf(db: Db, providerId: number): Promise<BookingRules> {
  const row = await db('booking_rules').where({ provider_id: providerId }).first();
  return row ? rulesOf(row) : DEFAULT_BOOKING_RULES;
}

/**
 * Saves the posted rules of a provider (the caller has checked the provider is the viewer's), in one
 * statement. Bookings already made keep their length and stay as they are; the rules apply to new ones.
 */
export async function saveBookingRules(
  db: Db,
  providerId: number,
  body: Record<string, unknown>,
): Promise<BookingRules> {
  const { value, errors } = parseBookingRules(body);
  if (!value) throw new ValidationError(errors);
  const columns = {
    consultation_minutes: value.consultationMinutes,
    buffer_before_minutes: value.bufferBeforeMinutes,
    buffer_after_minutes: value.bufferAfterMinutes,
    notice_hours: value.noticeMinutes / 60,
    no_same_day: value.noSameDay,
    horizon_days: value.horizonDays,
    weekly_cap: value.weeklyCap,
    approval_required: value.approvalRequired,
  };
  await db('booking_rules')
    .insert({ provider_id: providerId, ...columns })
    .onConflict('provider_id')
    .merge({ ...columns, updated_at: db.fn.now() });
  return value;
}
