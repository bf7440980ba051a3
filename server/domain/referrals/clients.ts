// The Full Client List (spec 3 §2, §3 "Client list item", §9): a profile's or an account's referrals,
// newest first, ten per page; and the referral counts by month that the Referral Data page charts.
import type { Knex } from 'knex';
import { providerDisplayName } from '../accounts';
import * as repo from './repo';
import {
  CLIENT_LIST_PAGE_SIZE,
  type ClientListItem,
  type ClientListPage,
  type MonthlyReferralCounts,
  type ReferralOwner,
} from './types';

const trimmed = (value: string | null | undefined) => value?.trim() || null;

export function clientListItemOf(row: repo.ReferralSqlRow): ClientListItem {
  const redacted = row.client_redacted;
  // A client known only by a full name (a directory contact) still has a first and last name to show.
  const [fullFirst, ...fullRest] = (trimmed(row.full_name) ?? '').split(/\s+/);
  const firstName = trimmed(row.first_name) ?? (trimmed(row.last_name) ? null : fullFirst || null);
  const lastName = trimmed(row.last_name) ?? (trimmed(row.first_name) ? null : fullRest.join(' ') || null);
  return {
    contactDate: new Date(row.contact_date),
    firstName: redacted ? null : firstName,
    lastName: redacted ? null : lastName,
    email: redacted ? null : row.email,
    providerName: providerDisplayName({
      type: row.provider_type,
      first_name: row.provider_first_name,
      last_name: row.provider_last_name,
      company_name: row.provider_company_name,
    }),
    providerId: row.provider_id,
    clientId: row.client_user_id,
    type: row.type,
    data: {
      recordId: row.record_id,
      phone: redacted ? null : row.phone_number,
      appointment:
        row.start_time && row.end_time
          ? { startTime: new Date(row.start_time), endTime: new Date(row.end_time), canceled: row.canceled ?? false }
          : null,
      intakeForm: redacted ? {} : (row.intake_form ?? {}),
      clientRedacted: redacted,
    },
  };
}

/** One page of the owner's referrals; a page past the last shows the last. */
export async function listClients(db: Knex, owner: ReferralOwner, requestedPage: number): Promise<ClientListPage> {
  const total = await repo.countReferrals(db, owner);
  const pageCount = Math.max(1, Math.ceil(total / CLIENT_LIST_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.trunc(requestedPage) || 1), pageCount);
  const rows =
    total === 0
      ? []
      : await repo.listReferrals(db, owner, {
          limit: CLIENT_LIST_PAGE_SIZE,
          offset: (page - 1) * CLIENT_LIST_PAGE_SIZE,
        });
  return { items: rows.map(clientListItemOf), page, pageCount, total };
}

/** Each year with referrals, oldest first, with its twelve monthly counts (UTC months, like the export). */
export async function referralCountsByMonth(db: Knex, owner: ReferralOwner): Promise<MonthlyReferralCounts[]> {
  const years = new Map<number, MonthlyReferralCounts>();
  for (const { year, month, count } of await repo.countReferralsByMonth(db, owner)) {
    const entry = years.get(year) ?? { year, months: Array<number>(12).fill(0), total: 0 };
    entry.months[month - 1] = count;
    entry.total += count;
    years.set(year, entry);
  }
  return [...years.values()];
}
