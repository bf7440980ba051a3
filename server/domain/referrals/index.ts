// The referrals module's public face (spec 3 §2 Full Client List and Referral Data, §3 "Client list
// item"): the client list, the monthly counts and the CSV export. Everything outside imports from here.
export {
  CLIENT_LIST_PAGE_SIZE,
  INTAKE_FIELDS,
  type ClientListItem,
  type ClientListPage,
  type MonthlyReferralCounts,
  type ReferralOwner,
  type ReferralType,
} from './types';
export { listClients, referralCountsByMonth } from './clients';
export { REFERRAL_EXPORT_COLUMNS, REFERRAL_EXPORT_FILE, writeReferralCsv } from './export';
