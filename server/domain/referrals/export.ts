// The referral export (spec 3 §2 Referral Data, §7 "export-intakes"): every referral the account ever
// received as CSV, times in UTC. Rows go from a database cursor through csv-stringify to the response
// with back-pressure, so a file of any length is written in constant memory.
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Knex } from 'knex';
import { clientListItemOf } from './clients';
import * as repo from './repo';
import { INTAKE_FIELDS, type ReferralOwner } from './types';

/** The download's file name (spec 3 §7: "named referral_data"). */
export const REFERRAL_EXPORT_FILE = 'referral_data.csv';

/** Rows fetched from the cursor at a time. */
const BATCH_SIZE = 1000;

export const REFERRAL_EXPORT_COLUMNS = [
  'contact_date_utc',
  'type',
  'client_id',
  'first_name',
  'last_name',
  'email',
  'phone',
  'provider_id',
  'provider_name',
  'appointment_start_utc',
  'appointment_end_utc',
  'appointment_canceled',
  ...INTAKE_FIELDS,
] as const;

/** "2026-11-23T14:30:00Z": ISO 8601 in UTC, to the second. */
const utc = (date: Date | null | undefined) => (date ? date.toISOString().replace(/\.\d{3}Z$/, 'Z') : '');

/**
 * A cell a spreadsheet would run as a formula gets a leading apostrophe (client-typed names and answers).
 * A "+" followed by digits only is a phone number as the portal stores it (+12125550188): a spreadsheet
 * reads it as that number, never as a call, so it is left as it is.
 */
function safeCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^\+\d+$/.test(text)) return text;
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function recordOf(row: repo.ReferralSqlRow): string[] {
  const item = clientListItemOf(row);
  const appointment = item.data.appointment;
  return [
    utc(item.contactDate),
    item.type,
    item.clientId === null ? '' : String(item.clientId),
    safeCell(item.firstName),
    safeCell(item.lastName),
    safeCell(item.email),
    safeCell(item.data.phone),
    String(item.providerId),
    safeCell(item.providerName),
    utc(appointment?.startTime),
    utc(appointment?.endTime),
    appointment ? (appointment.canceled ? 'yes' : 'no') : '',
    ...INTAKE_FIELDS.map((field) => safeCell(item.data.intakeForm[field])),
  ];
}

/** Bytes gathered before a write to the response: a write per row would cost a compression call per row. */
const CHUNK_BYTES = 64 * 1024;

/** Joins the stringifier's small per-row chunks into writes of about CHUNK_BYTES. */
function coalesce(): Transform {
  let pending: Buffer[] = [];
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      size += chunk.length;
      if (size < CHUNK_BYTES) return done();
      const joined = Buffer.concat(pending, size);
      pending = [];
      size = 0;
      done(null, joined);
    },
    flush(done) {
      done(null, size > 0 ? Buffer.concat(pending, size) : undefined);
    },
  });
}

/** Writes the owner's referral CSV into `out` (ended when done); rejects if the reader goes away. */
export async function writeReferralCsv(db: Knex, owner: ReferralOwner, out: Writable): Promise<void> {
  async function* records() {
    for await (const row of repo.streamReferrals(db, owner, BATCH_SIZE)) yield recordOf(row);
  }
  await pipeline(
    Readable.from(records()),
    stringify({ header: true, columns: [...REFERRAL_EXPORT_COLUMNS] }),
    coalesce(),
    out,
  );
}
