// The cancel and reschedule forms (spec 3 §5 Reschedule: time required, date required, start time in
// the 1:00pm format, the 90-day window). The spec gives no wording but the format's; the rest is ours.
import { text } from '../../lib/form';
import { isDateKey, parseFormTime } from './time';

export const APPOINTMENT_MESSAGES = {
  cancelled: 'Your phone consultation has been cancelled.',
  cancelQuestion: 'Cancel this consultation?',
  rescheduled: 'Your phone consultation has been rescheduled.',
  rescheduleSuccessful: 'Reschedule successful!',
  canceling: 'Canceling...',
  rescheduling: 'Rescheduling...',
  cancelFailed: 'We are sorry but there was an error submitting your cancel request. Please email the support address.',
  rescheduleFailed: 'We are sorry but there was an error rescheduling this phone consultation. Please try again.',
  dateRequired: 'Enter a date.',
  dateInvalid: 'Enter a date in the YYYY-MM-DD format.',
  timeRequired: 'Enter a time.',
  timeInvalid: 'Start time invalid. Use 1:00pm format',
  window: 'Choose a date within the next 90 days.',
  passed: 'This time has already passed. Choose a later time.',
  sameTime: 'The phone consultation is already at this time.',
  overlap: 'You have another phone consultation at this time. Choose another time.',
  messageMax: 'Please keep your message under 2000 characters!',
  legacy: 'This phone consultation was booked in the previous scheduling system and cannot be changed here.',
  canceled: 'This phone consultation has been cancelled and cannot be changed.',
  ended: 'This phone consultation has already ended and cannot be changed.',
  answerFirst: 'This phone consultation is a request: accept or decline it first.',
} as const;

export const MESSAGE_MAX = 2000;

/** The provider's optional note to the client: trimmed, null when empty. */
function note(value: unknown, errors: Record<string, string>, field: string): string | null {
  const message = text(value).trim();
  if (message.length > MESSAGE_MAX) errors[field] = APPOINTMENT_MESSAGES.messageMax;
  return message || null;
}

export interface CancelInput {
  message: string | null;
}

export function validateCancel(body: Record<string, unknown>): { value: CancelInput; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  return { value: { message: note(body.cancel_message, errors, 'cancel_message') }, errors };
}

export interface RescheduleInput {
  /** YYYY-MM-DD in the calendar's zone. */
  date: string;
  /** Minutes after midnight. */
  startMinutes: number;
  message: string | null;
}

/** The form's own rules; the window and the overlap need the calendar and are the service's. */
export function validateReschedule(body: Record<string, unknown>): {
  value: RescheduleInput | null;
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const date = text(body.date).trim();
  const time = text(body.start_time).trim();
  if (!date) errors.date = APPOINTMENT_MESSAGES.dateRequired;
  else if (!isDateKey(date)) errors.date = APPOINTMENT_MESSAGES.dateInvalid;
  const startMinutes = time ? parseFormTime(time) : null;
  if (!time) errors.start_time = APPOINTMENT_MESSAGES.timeRequired;
  else if (startMinutes === null) errors.start_time = APPOINTMENT_MESSAGES.timeInvalid;
  const message = note(body.reschedule_message, errors, 'reschedule_message');
  if (Object.keys(errors).length > 0 || startMinutes === null) return { value: null, errors };
  return { value: { date, startMinutes, message }, errors };
}
