// The demo client's page data: the API's slots grouped by the provider's calendar day, the client's
// bookings written out in the provider's zone, and the client's conversation with a provider.
import type { BookingRow, ConversationEntry, SlotDay } from '../../../views/pages/dev-client/DevClientPage';
import type { devClientRecords } from '../../domain/appointments';
import type { MessageFromClient } from '../../domain/messaging';

type ClientBooking = devClientRecords.ClientBooking;

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string, kind: 'day' | 'date' | 'time' | 'zone'): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  let made = formats.get(key);
  if (!made) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'day'
        ? { year: 'numeric', month: '2-digit', day: '2-digit' }
        : kind === 'date'
          ? { weekday: 'long', month: 'long', day: 'numeric' }
          : kind === 'time'
            ? { hour: 'numeric', minute: '2-digit' }
            : { timeZoneName: 'short' };
    // en-CA writes a day as YYYY-MM-DD, a key that sorts.
    formats.set(key, (made = new Intl.DateTimeFormat(kind === 'day' ? 'en-CA' : 'en-US', { ...options, timeZone })));
  }
  return made;
}

const zoneName = (instant: Date, timeZone: string) =>
  format(timeZone, 'zone')
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName')?.value ?? timeZone;

/** Slots as the API gave them ({ start_time }), by day in the provider's zone, in order. */
export function slotDays(slots: { start_time: string }[], timeZone: string): SlotDay[] {
  const days = new Map<string, SlotDay>();
  for (const slot of slots) {
    const start = new Date(slot.start_time);
    if (Number.isNaN(start.getTime())) continue;
    const key = format(timeZone, 'day').format(start);
    let day = days.get(key);
    if (!day) days.set(key, (day = { key, date: format(timeZone, 'date').format(start), slots: [] }));
    day.slots.push({ start: slot.start_time, time: format(timeZone, 'time').format(start) });
  }
  return [...days.values()];
}

/** "Monday, December 1, 10:00 AM – 10:15 AM EST". */
export const whenOf = (start: Date, end: Date, timeZone: string) =>
  `${format(timeZone, 'date').format(start)}, ${format(timeZone, 'time').format(start)} – ${format(timeZone, 'time').format(end)} ${zoneName(end, timeZone)}`;

export function bookingRows(bookings: ClientBooking[], now: Date): BookingRow[] {
  return bookings.map((b) => {
    const status = b.canceled
      ? b.requestStatus === 'declined'
        ? 'Declined'
        : b.requestStatus === 'expired'
          ? 'Not answered in time'
          : 'Canceled'
      : b.end <= now
        ? 'Ended'
        : b.legacy
          ? 'Imported'
          : b.requestStatus === 'pending'
            ? 'Requested: waiting for the provider'
            : 'Booked';
    return {
      id: b.id,
      provider: b.providerName,
      when: whenOf(b.start, b.end, b.timeZone),
      status,
      cancelable: !b.canceled && b.end > now && !b.legacy,
    };
  });
}

export interface ApiMessage {
  id: string;
  type: string;
  sender: 'client' | 'provider';
  status: string;
  message_content: string | null;
  send_date: string;
}

const MESSAGE_KINDS: Record<string, string> = {
  messaging_tool_intake: 'Referral',
  automated_message_out_of_office: 'Automatic reply',
  booking_tool_intake: 'Booking',
  reschedule_message: 'Rescheduled',
  cancel_message: 'Canceled',
};

/** "Monday, December 1, 10:00 AM EST": one instant. */
export const momentOf = (instant: Date, timeZone: string) =>
  `${format(timeZone, 'date').format(instant)}, ${format(timeZone, 'time').format(instant)} ${zoneName(instant, timeZone)}`;

/** The client's own messages and the provider's replies (from the API), oldest first. */
export function conversationEntries(
  sent: MessageFromClient[],
  replies: ApiMessage[],
  providerName: string,
  timeZone: string,
): ConversationEntry[] {
  const entries = [
    ...sent.map((m) => ({
      key: `c${m.id}`,
      at: m.sentAt,
      sender: 'client' as const,
      author: 'You',
      text: m.deleted ? 'This message has been deleted.' : (m.content ?? '(the intake form only)'),
      kind: MESSAGE_KINDS[m.type] ?? null,
    })),
    ...replies.map((m) => ({
      key: `p${m.id}`,
      at: new Date(m.send_date),
      sender: 'provider' as const,
      author: providerName,
      text:
        m.status === 'deleted'
          ? 'This message has been deleted.'
          : (m.message_content ?? 'This message is no longer available.'),
      kind: MESSAGE_KINDS[m.type] ?? null,
    })),
  ];
  entries.sort((a, b) => a.at.getTime() - b.at.getTime() || a.key.localeCompare(b.key));
  return entries.map(({ at, ...entry }) => ({ ...entry, when: momentOf(at, timeZone) }));
}
