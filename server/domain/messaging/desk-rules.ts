// The intake desk's automatic transitions (issue [22] item 2): what a new message in a conversation does to
// its desk status and snooze. Pure, so the whole table is unit-tested; desk.ts applies it where messages
// are written.

export const DESK_STATUSES = ['new', 'replied', 'consultation_booked', 'closed'] as const;
export type DeskStatus = (typeof DESK_STATUSES)[number];

export const isDeskStatus = (value: unknown): value is DeskStatus =>
  typeof value === 'string' && (DESK_STATUSES as readonly string[]).includes(value);

export const DESK_STATUS_LABELS: Record<DeskStatus, string> = {
  new: 'New',
  replied: 'Replied',
  consultation_booked: 'Consultation booked',
  closed: 'Closed',
};

export interface DeskState {
  status: DeskStatus;
  snoozedUntil: Date | null;
}

/** A message as the desk sees it: its type and who sent it. */
export interface DeskEvent {
  type: string;
  sender: 'provider' | 'client';
}

/**
 * The desk state after a message:
 * - a booking or a reschedule: consultation booked (whoever wrote it);
 * - the practice's reply: replied, except that a booked consultation stays booked (the further stage);
 * - a cancel by the practice: replied (the practice acted last); by the client: new (someone follows up);
 * - any other client message (a message, a referral): a replied or closed conversation reopens as new;
 * - anything the client sends wakes a snoozed conversation;
 * - the out-of-office reply (and any unknown type) changes nothing.
 */
export function deskAfterMessage(state: DeskState, event: DeskEvent): DeskState {
  const fromClient = event.sender === 'client';
  const snoozedUntil = fromClient ? null : state.snoozedUntil;
  let status = state.status;
  switch (event.type) {
    case 'booking_tool_intake':
    case 'reschedule_message':
      status = 'consultation_booked';
      break;
    case 'cancel_message':
      status = fromClient ? 'new' : 'replied';
      break;
    case 'message':
    case 'messaging_tool_intake':
      if (!fromClient) status = state.status === 'consultation_booked' ? state.status : 'replied';
      else if (state.status === 'replied' || state.status === 'closed') status = 'new';
      break;
    default:
      return state;
  }
  return { status, snoozedUntil };
}

/** Whether two desk states differ (a write is needed). */
export const deskChanged = (a: DeskState, b: DeskState): boolean =>
  a.status !== b.status || (a.snoozedUntil?.getTime() ?? null) !== (b.snoozedUntil?.getTime() ?? null);
