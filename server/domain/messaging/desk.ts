// The intake desk of the practice inbox (issue [22] item 2): each conversation's assignee, desk status and
// snooze. Changed by hand from the thread's Desk form (one transaction, written to the audit log), and by
// the messages themselves (desk-rules.ts, applied where messages are stored). Every change is announced on
// DESK_CHANNEL by a trigger, for the live thread.
import type { Knex } from 'knex';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { accountPeople, type AccountPerson, audit, peopleNamed, type RequestMeta } from '../accounts';
import { addDays, dateKeyOf, zonedDayStart } from '../calendar';
import { clinicianUserIdsOfAccountQuery } from '../providers';
import { type DeskEvent, type DeskStatus, deskAfterMessage, deskChanged, isDeskStatus } from './desk-rules';
import type { ConversationDesk } from './types';

type Db = Knex | Knex.Transaction;

/** The furthest a conversation may be snoozed: a year ahead. */
export const SNOOZE_MAX_DAYS = 365;

export const DESK_MESSAGES = {
  assignee: 'Choose a person who works in this inbox: an intake coordinator, a clinician or an owner of the practice',
  status: 'Choose a status',
  snoozeDate: 'Enter the snooze date as a real date, for example 2027-01-31',
  snoozePast: 'Choose a snooze date after today',
  snoozeFar: `Choose a snooze date within the next ${SNOOZE_MAX_DAYS} days`,
} as const;

/**
 * Who may hold a conversation of the account: its intake coordinators and owners, and the clinicians of
 * its profiles (the people the inbox's conversations are about), by name.
 */
export function deskPeople(db: Db, accountId: number): Promise<AccountPerson[]> {
  return accountPeople(db, accountId, ['owner', 'intake-coordinator'], clinicianUserIdsOfAccountQuery(db, accountId));
}

/** The names of assignees (any user: one who has since left the team keeps their name on the list). */
export function assigneeNames(db: Db, userIds: readonly number[]): Promise<AccountPerson[]> {
  return peopleNamed(db, [...new Set(userIds)]);
}

interface DeskRow {
  id: number;
  account_id: number;
  desk_status: DeskStatus;
  assignee_user_id: number | null;
  snoozed_until: Date | null;
}

const deskOf = (row: DeskRow): ConversationDesk => ({
  status: row.desk_status,
  assigneeUserId: row.assignee_user_id === null ? null : Number(row.assignee_user_id),
  snoozedUntil: row.snoozed_until,
});

/** The account's conversation's desk state, or null when it is not the account's. */
export async function conversationDesk(
  db: Db,
  owner: { accountId: number },
  conversationId: number,
): Promise<ConversationDesk | null> {
  const row: DeskRow | undefined = await db('conversations')
    .where({ id: conversationId, account_id: owner.accountId })
    .first('id', 'account_id', 'desk_status', 'assignee_user_id', 'snoozed_until');
  return row ? deskOf(row) : null;
}

/**
 * What a message does to its conversation's desk (desk-rules.ts), in the writer's transaction: the
 * conversation row is locked by the writer already (its upsert or lock), so concurrent messages queue.
 */
export async function applyDeskEvent(trx: Knex.Transaction, conversationId: number, event: DeskEvent): Promise<void> {
  const row: DeskRow | undefined = await trx('conversations')
    .where('id', conversationId)
    .first('id', 'account_id', 'desk_status', 'assignee_user_id', 'snoozed_until');
  if (!row) return;
  const before = { status: row.desk_status, snoozedUntil: row.snoozed_until };
  const after = deskAfterMessage(before, event);
  if (!deskChanged(before, after)) return;
  await trx('conversations')
    .where('id', conversationId)
    .update({ desk_status: after.status, snoozed_until: after.snoozedUntil });
}

/** Who changes the desk, where, and the zone their snooze dates are days of. */
export interface DeskActor {
  userId: number;
  accountId: number;
  meta: RequestMeta;
  /** The practice's zone: a snooze ends at the start of its day there. */
  timeZone: string;
}

/** The Desk form as posted: every field as text. */
export interface DeskInput {
  assignee: string;
  status: string;
  snoozeUntil: string;
}

const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A 'YYYY-MM-DD' that names a day of the calendar (not 2027-02-30). */
function isDateKey(value: string): boolean {
  const match = DATE_KEY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The snooze date a desk state shows in the form ('' when not snoozed), as a day of the practice's zone. */
export const snoozeDateOf = (desk: ConversationDesk, timeZone: string): string =>
  desk.snoozedUntil ? dateKeyOf(desk.snoozedUntil, timeZone) : '';

/**
 * Saves the Desk form of one of the account's conversations: the assignee ('' for no one; one of
 * deskPeople, or the one it has already), the status, and the snooze date ('' for none; after today and
 * within a year, in the practice's zone; it ends at the start of that day). One transaction; each change is
 * written to the audit log with who made it. Answers which fields changed (none: nothing was written).
 */
export async function updateDesk(
  db: Knex,
  actor: DeskActor,
  conversationId: number,
  input: DeskInput,
  now: Date = new Date(),
): Promise<(keyof DeskInput)[]> {
  return db.transaction(async (trx) => {
    const row: DeskRow | undefined = await trx('conversations')
      .where({ id: conversationId, account_id: actor.accountId })
      .forUpdate()
      .first('id', 'account_id', 'desk_status', 'assignee_user_id', 'snoozed_until');
    if (!row) throw new NotFoundError();
    const current = deskOf(row);
    const errors: Record<string, string> = {};

    let assigneeUserId: number | null = null;
    const assignee = input.assignee.trim();
    if (assignee !== '') {
      const id = /^\d{1,15}$/.test(assignee) ? Number(assignee) : 0;
      const allowed =
        id > 0 &&
        (id === current.assigneeUserId || (await deskPeople(trx, actor.accountId)).some((p) => p.userId === id));
      if (allowed) assigneeUserId = id;
      else errors.assignee = DESK_MESSAGES.assignee;
    }

    const status = input.status.trim();
    if (!isDeskStatus(status)) errors.status = DESK_MESSAGES.status;

    let snoozedUntil: Date | null = null;
    const snooze = input.snoozeUntil.trim();
    if (snooze !== '') {
      const today = dateKeyOf(now, actor.timeZone);
      if (!isDateKey(snooze)) errors.snooze_until = DESK_MESSAGES.snoozeDate;
      else if (snooze === snoozeDateOf(current, actor.timeZone)) snoozedUntil = current.snoozedUntil;
      else if (snooze <= today) errors.snooze_until = DESK_MESSAGES.snoozePast;
      else if (snooze > addDays(today, SNOOZE_MAX_DAYS)) errors.snooze_until = DESK_MESSAGES.snoozeFar;
      else snoozedUntil = zonedDayStart(snooze, actor.timeZone);
      // A snooze that has ended is no snooze (keeping it would hide nothing).
      if (snoozedUntil && snoozedUntil <= now) snoozedUntil = null;
    }
    // Closing ends a snooze: a closed conversation is out of the open list anyway, and a reopening
    // client message must not find it asleep.
    if (status === 'closed') snoozedUntil = null;
    if (Object.keys(errors).length) throw new ValidationError(errors);

    const next: ConversationDesk = { status: status as DeskStatus, assigneeUserId, snoozedUntil };
    const changed: (keyof DeskInput)[] = [];
    if (next.assigneeUserId !== current.assigneeUserId) changed.push('assignee');
    if (next.status !== current.status) changed.push('status');
    if ((next.snoozedUntil?.getTime() ?? null) !== (current.snoozedUntil?.getTime() ?? null))
      changed.push('snoozeUntil');
    if (changed.length === 0) return changed;
    await trx('conversations').where('id', row.id).update({
      assignee_user_id: next.assigneeUserId,
      desk_status: next.status,
      snoozed_until: next.snoozedUntil,
    });
    await audit(trx, actor.userId, 'practice_inbox_desk_changed', actor.meta, {
      account_id: actor.accountId,
      conversation_id: row.id,
      ...(changed.includes('assignee') && {
        assignee_user_id: { from: current.assigneeUserId, to: next.assigneeUserId },
      }),
      ...(changed.includes('status') && { desk_status: { from: current.status, to: next.status } }),
      ...(changed.includes('snoozeUntil') && {
        snoozed_until: {
          from: current.snoozedUntil?.toISOString() ?? null,
          to: next.snoozedUntil?.toISOString() ?? null,
        },
      }),
    });
    return changed;
  });
}

/** "Assign to me": the acting coordinator takes the conversation, whatever else its desk says. */
export async function assignToMe(db: Knex, actor: DeskActor, conversationId: number): Promise<boolean> {
  return db.transaction(async (trx) => {
    const row: DeskRow | undefined = await trx('conversations')
      .where({ id: conversationId, account_id: actor.accountId })
      .forUpdate()
      .first('id', 'account_id', 'desk_status', 'assignee_user_id', 'snoozed_until');
    if (!row) throw new NotFoundError();
    if (row.assignee_user_id !== null && Number(row.assignee_user_id) === actor.userId) return false;
    await trx('conversations').where('id', row.id).update({ assignee_user_id: actor.userId });
    await audit(trx, actor.userId, 'practice_inbox_desk_changed', actor.meta, {
      account_id: actor.accountId,
      conversation_id: row.id,
      assignee_user_id: {
        from: row.assignee_user_id === null ? null : Number(row.assignee_user_id),
        to: actor.userId,
      },
    });
    return true;
  });
}
