// The intake desk as the practice inbox's views need it: the labels of a list item, the thread's Desk form
// (people, statuses, the typed values and their messages) and the JSON the thread island shows live.
import type { AccountPerson } from '../../domain/accounts';
import { addDays, dateKeyOf } from '../../domain/calendar';
import type { ConversationDesk, ConversationFilter, DeskStatus } from '../../domain/messaging';
import { DESK_STATUS_LABELS, DESK_STATUSES, SNOOZE_MAX_DAYS, snoozeDateOf } from '../../domain/messaging';
import type { SelectOption } from '../../../views/components/form/SelectField';
import type { LabelState } from '../../../views/components/ui/Label';
import type { DeskLive } from '../../../views/components/messaging/types';
import type { InboxDeskPane } from '../../../views/pages/practice-inbox/InboxDesk';
import { dateFormatIn } from '../../../views/components/format';

/** What each status asks of the practice: new needs someone, replied waits on the client, booked is on track. */
export const STATUS_STATES: Record<DeskStatus, LabelState> = {
  new: 'attention',
  replied: 'info',
  consultation_booked: 'success',
  closed: 'neutral',
};

const dayOf = (date: Date, timeZone: string) =>
  dateFormatIn(timeZone, { month: 'short', day: 'numeric', year: 'numeric' }).format(date);

/** Snoozed until a moment still ahead (a snooze that has ended is none). */
export const isSnoozed = (desk: ConversationDesk, now: Date): desk is ConversationDesk & { snoozedUntil: Date } =>
  desk.snoozedUntil !== null && desk.snoozedUntil > now && desk.status !== 'closed';

/** The names the list and the thread give assignees, by user id. */
export type PeopleNames = ReadonlyMap<number, string>;

export const peopleNames = (people: readonly AccountPerson[]): Map<number, string> =>
  new Map(people.map((p) => [p.userId, p.name]));

const assigneeOf = (desk: ConversationDesk, names: PeopleNames): string | null =>
  desk.assigneeUserId === null ? null : (names.get(desk.assigneeUserId) ?? 'Someone no longer on the team');

/** A list item's desk: its status label (and snooze), and who has it. */
export function deskListView(
  desk: ConversationDesk,
  names: PeopleNames,
  options: { now: Date; timeZone: string },
): { labels: { text: string; state: LabelState }[]; note: string } {
  const labels: { text: string; state: LabelState }[] = [
    { text: DESK_STATUS_LABELS[desk.status], state: STATUS_STATES[desk.status] },
  ];
  if (isSnoozed(desk, options.now))
    labels.push({ text: `Snoozed until ${dayOf(desk.snoozedUntil, options.timeZone)}`, state: 'neutral' });
  const assignee = assigneeOf(desk, names);
  return { labels, note: assignee ? `Assigned to ${assignee}` : 'Unassigned' };
}

/** The desk as the thread island shows it, live (JSON only). */
export function deskLive(
  desk: ConversationDesk,
  names: PeopleNames,
  options: { now: Date; timeZone: string },
): DeskLive {
  return {
    status: DESK_STATUS_LABELS[desk.status],
    statusState: STATUS_STATES[desk.status],
    assignee: assigneeOf(desk, names),
    snoozedUntil: isSnoozed(desk, options.now) ? dayOf(desk.snoozedUntil, options.timeZone) : null,
  };
}

/** The Desk form's values as the desk has them. */
export const deskValues = (desk: ConversationDesk, options: { now: Date; timeZone: string }) => ({
  assignee: desk.assigneeUserId === null ? '' : String(desk.assigneeUserId),
  status: desk.status,
  snoozeUntil: isSnoozed(desk, options.now) ? snoozeDateOf(desk, options.timeZone) : '',
});

/**
 * The thread's Desk form: the people who may hold it (and its current holder, who may have left the team),
 * the statuses, the values (as typed after a refused post) and their messages.
 */
export function deskPane(
  desk: ConversationDesk,
  options: {
    people: readonly AccountPerson[];
    names: PeopleNames;
    viewerUserId: number;
    now: Date;
    timeZone: string;
    /** The thread's path, and the list's state it carries. */
    threadPath: string;
    query: string;
    typed?: { assignee: string; status: string; snoozeUntil: string } | undefined;
    errors?: Record<string, string> | undefined;
  },
): InboxDeskPane {
  const people = options.people.map((p) => ({
    value: String(p.userId),
    label: p.userId === options.viewerUserId ? `${p.name} (you)` : p.name,
  }));
  if (desk.assigneeUserId !== null && !options.people.some((p) => p.userId === desk.assigneeUserId))
    people.push({ value: String(desk.assigneeUserId), label: assigneeOf(desk, options.names)! });
  const today = dateKeyOf(options.now, options.timeZone);
  return {
    action: `${options.threadPath}/desk${options.query}`,
    assignToMeAction:
      desk.assigneeUserId === options.viewerUserId ? null : `${options.threadPath}/assignment${options.query}`,
    people,
    statuses: DESK_STATUSES.map((status) => ({ value: status, label: DESK_STATUS_LABELS[status] })),
    values: options.typed ?? deskValues(desk, options),
    errors: options.errors ?? {},
    firstSnoozeDate: addDays(today, 1),
    lastSnoozeDate: addDays(today, SNOOZE_MAX_DAYS),
    live: deskLive(desk, options.names, options),
  };
}

/** The list's desk filters: who has it (anyone, me, no one, a person) and the desk's view (open by default). */
export function deskFilters(
  filter: ConversationFilter,
  people: readonly AccountPerson[],
  viewerUserId: number,
): { assignees: SelectOption[]; assignee: string; statuses: SelectOption[]; status: string } {
  const id = filter.assigneeUserId;
  return {
    assignees: [
      { value: 'me', label: 'Me' },
      { value: 'none', label: 'Unassigned' },
      ...people.filter((p) => p.userId !== viewerUserId).map((p) => ({ value: String(p.userId), label: p.name })),
    ],
    assignee: id === undefined ? '' : id === null ? 'none' : id === viewerUserId ? 'me' : String(id),
    statuses: [
      ...DESK_STATUSES.map((status) => ({ value: status, label: DESK_STATUS_LABELS[status] })),
      { value: 'snoozed', label: 'Snoozed' },
      { value: 'all', label: 'All' },
    ],
    status: !filter.desk || filter.desk === 'open' ? '' : filter.desk,
  };
}
