// The appointments table (with the client's user and the provider's name and calendar zone): the only
// place that queries it for the list, the panel, cancel and reschedule. Every read is scoped by owner.
import type { Knex } from 'knex';
import type { Row } from '../../db/rows';
import { providerDisplayName } from '../accounts';
import { decryptJsons } from '../data-protection';
import { clientAsGivenJoin } from '../messaging';
import { joinProviderColumns, providerIdsOfAccountQuery } from '../providers';

export type Db = Knex | Knex.Transaction;

export interface AppointmentRecord {
  id: number;
  type: 'phone_consultation' | 'provider_contact';
  providerId: number;
  providerName: string;
  /** The provider's calendar zone. */
  timeZone: string;
  start: Date;
  end: Date;
  canceled: boolean;
  cancelMessage: string | null;
  legacy: boolean;
  rescheduledAt: Date | null;
  /** A booking held until the provider accepts it (approve-before-confirm); null for one confirmed at once. */
  request: { status: RequestStatus; deadline: Date } | null;
  clientUserId: number | null;
  client: { name: string; firstName: string | null; phoneNumber: string | null; email: string | null };
  intakeForm: Record<string, unknown>;
}

/** Whose appointments a read may see: one provider's, or every provider's of an account (the practice inbox). */
export type AppointmentOwner = { providerId: number } | { accountId: number };

export type AppointmentTab = 'upcoming' | 'past' | 'canceled';

/** A request waits (pending), then is accepted, declined by the provider, or expired (declined by the deadline). */
export type RequestStatus = 'pending' | 'accepted' | 'declined' | 'expired';

const COLUMNS = [
  'a.id',
  'a.type',
  'a.provider_id',
  'a.start_time',
  'a.end_time',
  'a.canceled',
  'a.cancel_message',
  'a.legacy',
  'a.rescheduled_at',
  'a.request_status',
  'a.request_deadline',
  'a.client_user_id',
  'a.intake_form',
  'u.first_name',
  'u.last_name',
  'u.phone_number',
  'u.email',
];

/** The profile's columns a record shows, joined into the same query (selected as provider_<column>). */
const PROVIDER_COLUMNS = ['type', 'first_name', 'last_name', 'company_name', 'timezone'] as const;
const withProvider = <Q extends Knex.QueryBuilder>(query: Q) =>
  joinProviderColumns(query, 'a.provider_id', PROVIDER_COLUMNS);

const clientName = (row: { first_name?: string | null; last_name?: string | null }) =>
  [row.first_name, row.last_name].filter(Boolean).join(' ') || 'Client';

/** The columns the appointment queries select (see the column list above): the appointment's as the schema types them. */
type AppointmentSqlRow = Pick<
  Row<'appointments'>,
  | 'id'
  | 'provider_id'
  | 'start_time'
  | 'end_time'
  | 'canceled'
  | 'cancel_message'
  | 'legacy'
  | 'rescheduled_at'
  | 'request_deadline'
  | 'client_user_id'
> & {
  request_status: RequestStatus | null;
  type: AppointmentRecord['type'];
  intake_form: Record<string, unknown> | null;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  email: string | null;
  provider_type: string;
  provider_first_name: string | null;
  provider_last_name: string | null;
  provider_company_name: string | null;
  provider_timezone: string | null;
};

function toRecord(row: AppointmentSqlRow): AppointmentRecord {
  return {
    id: row.id,
    type: row.type,
    providerId: row.provider_id,
    providerName: providerDisplayName({
      type: row.provider_type,
      first_name: row.provider_first_name,
      last_name: row.provider_last_name,
      company_name: row.provider_company_name,
    }),
    timeZone: row.provider_timezone || 'America/New_York',
    start: new Date(row.start_time),
    end: new Date(row.end_time),
    canceled: row.canceled,
    cancelMessage: row.cancel_message,
    legacy: row.legacy,
    rescheduledAt: row.rescheduled_at,
    request:
      row.request_status && row.request_deadline
        ? { status: row.request_status, deadline: new Date(row.request_deadline) }
        : null,
    clientUserId: row.client_user_id,
    client: {
      name: clientName(row),
      firstName: row.first_name ?? null,
      phoneNumber: row.phone_number ?? null,
      email: row.email ?? null,
    },
    intakeForm: row.intake_form ?? {},
  };
}

function baseQuery(db: Db, owner: AppointmentOwner) {
  const query = db('appointments as a')
    // The client as this provider knows them: the details given in their conversation.
    .joinRaw(clientAsGivenJoin('u', 'a.provider_id', 'a.client_user_id'));
  return 'providerId' in owner
    ? query.where('a.provider_id', owner.providerId)
    : query.whereIn('a.provider_id', providerIdsOfAccountQuery(db, owner.accountId));
}

/** One appointment of the owner; another's id is simply not found. `forUpdate` locks the row for a change. */
export async function findAppointment(
  db: Db,
  owner: AppointmentOwner,
  appointmentId: number,
  options: { forUpdate?: boolean } = {},
): Promise<AppointmentRecord | null> {
  const query = withProvider(baseQuery(db, owner)).where('a.id', appointmentId).first(COLUMNS);
  const row = await (options.forUpdate ? query.forUpdate('a') : query);
  return row ? ((await readable(db, [row]))[0] ?? null) : null;
}

/** The rows with their intake answers decrypted (stored encrypted: what the client wrote). */
async function readable(db: Db, rows: AppointmentSqlRow[]): Promise<AppointmentRecord[]> {
  const intakes = await decryptJsons(
    db,
    rows.map((row) => row.intake_form),
  );
  return rows.map((row, i) => toRecord({ ...row, intake_form: intakes[i] ?? null }));
}

/** The practice inbox's search: the client's name (first, last or both) or e-mail contains the term. */
function matchingClient(query: Knex.QueryBuilder, search: string | undefined) {
  const term = search?.trim();
  if (!term) return query;
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return query.where((q) =>
    q
      .whereRaw(`concat_ws(' ', u.first_name, u.last_name) ILIKE ?`, [pattern])
      .orWhereRaw(`u.email::text ILIKE ?`, [pattern]),
  );
}

function tabQuery(db: Db, owner: AppointmentOwner, tab: AppointmentTab, now: Date, search?: string) {
  const query = matchingClient(baseQuery(db, owner), search);
  if (tab === 'upcoming') return query.where('a.canceled', false).where('a.end_time', '>', now);
  if (tab === 'past') return query.where('a.canceled', false).where('a.end_time', '<=', now);
  return query.where('a.canceled', true);
}

/**
 * One page of a tab (spec 3 §4): upcoming = not canceled, end still ahead, soonest first; past = not
 * canceled, ended, newest first; canceled = every canceled one, newest first.
 */
export async function listAppointments(
  db: Db,
  owner: AppointmentOwner,
  tab: AppointmentTab,
  now: Date,
  page: { limit: number; offset: number },
  search?: string,
): Promise<AppointmentRecord[]> {
  const order = tab === 'upcoming' ? 'asc' : 'desc';
  const rows = await withProvider(tabQuery(db, owner, tab, now, search))
    .select(COLUMNS)
    .orderBy([
      { column: 'a.start_time', order },
      { column: 'a.id', order },
    ])
    .limit(page.limit)
    .offset(page.offset);
  return readable(db, rows);
}

export async function countAppointments(
  db: Db,
  owner: AppointmentOwner,
  tab: AppointmentTab,
  now: Date,
  search?: string,
): Promise<number> {
  const [row] = await tabQuery(db, owner, tab, now, search).count<{ count: number }[]>({ count: '*' });
  return row?.count ?? 0;
}

export async function markCanceled(
  db: Db,
  appointmentId: number,
  cancelMessage: string | null,
  at: Date,
): Promise<void> {
  await db('appointments')
    .where('id', appointmentId)
    .update({ canceled: true, canceled_at: at, cancel_message: cancelMessage });
}

export async function moveAppointment(db: Db, appointmentId: number, start: Date, end: Date, at: Date): Promise<void> {
  await db('appointments').where('id', appointmentId).update({ start_time: start, end_time: end, rescheduled_at: at });
}

/** Live (not canceled) appointments overlapping [from, to): the busy time a booking cannot take. */
export async function liveAppointmentTimes(
  db: Db,
  providerId: number,
  from: Date,
  to: Date,
): Promise<{ start: Date; end: Date }[]> {
  const rows = await db('appointments')
    .where({ provider_id: providerId, canceled: false })
    .where('start_time', '<', to)
    .where('end_time', '>', from)
    .select('start_time', 'end_time');
  return rows.map((row) => ({ start: new Date(row.start_time), end: new Date(row.end_time) }));
}

/** The starts of the provider's live phone consultations (confirmed or held) in [from, to): the weekly cap's count. */
export async function liveConsultationStarts(db: Db, providerId: number, from: Date, to: Date): Promise<Date[]> {
  const rows = await db('appointments')
    .where({ provider_id: providerId, canceled: false, type: 'phone_consultation' })
    .where('start_time', '>=', from)
    .where('start_time', '<', to)
    .select('start_time');
  return rows.map((row) => new Date(row.start_time));
}

/** The request's answer: accepted (it stays), or declined or expired (canceled, so its slot is free again). */
export async function decideRequest(
  db: Db,
  appointmentId: number,
  status: Exclude<RequestStatus, 'pending'>,
  at: Date,
): Promise<void> {
  await db('appointments')
    .where({ id: appointmentId, request_status: 'pending' })
    .update({
      request_status: status,
      request_decided_at: at,
      ...(status === 'accepted' ? {} : { canceled: true, canceled_at: at }),
    });
}

/** Requests still waiting whose deadline has passed, locked (others running the same sweep skip them). */
export async function lockOverdueRequests(
  db: Db,
  now: Date,
  limit: number,
): Promise<{ id: number; providerId: number }[]> {
  const rows = await db('appointments')
    .where({ request_status: 'pending', canceled: false })
    .where('request_deadline', '<=', now)
    .orderBy('request_deadline')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .select('id', 'provider_id');
  return rows.map((row) => ({ id: row.id, providerId: row.provider_id }));
}
