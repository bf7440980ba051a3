// Which module owns each table (issue [20] item 1): the one place that queries it. Everyone else asks
// the owner's functions. `npm run check:boundaries` (scripts/table-owners.ts) finds every knex query site
// and every table named in raw SQL in server/, and fails on one outside its table's owner, unless it is
// listed in TABLE_ACCESS_DEBT below, a list that may only shrink.
export const TABLE_OWNERS: Record<string, string> = {
  // accounts: people, their roles, sign-in and sign-up
  accounts: 'domain/accounts',
  account_roles: 'domain/accounts',
  audit_log: 'domain/accounts',
  auth_tokens: 'domain/accounts',
  invite_tokens: 'domain/accounts',
  sign_in_places: 'domain/accounts',
  users: 'domain/accounts',
  user_authenticators: 'domain/accounts',
  recovery_codes: 'domain/accounts',
  user_passkeys: 'domain/accounts',
  zpm_signups: 'domain/accounts',
  // providers: the profiles and who works on them
  providers: 'domain/providers',
  provider_clinicians: 'domain/providers',
  therapy_groups: 'domain/providers',
  unregistered_practice_providers: 'domain/providers',
  insurance_opt_outs: 'domain/providers',
  feedback: 'domain/providers',
  vetting_attempts: 'domain/providers',
  vetting_questions: 'domain/providers',
  events: 'domain/providers',
  contact_requests: 'domain/support-requests',
  support_requests: 'domain/support-requests',
  images: 'domain/images',
  licenses: 'domain/licenses',
  locations: 'domain/locations',
  us_states: 'domain/locations',
  tags: 'domain/tags',
  taggings: 'domain/tags',
  out_of_office_messages: 'domain/vacation-responder',
  // who read what (issue [22] item 4)
  read_records: 'domain/read-audit',
  // the directory's profile views and contact clicks (issue [22] item 3)
  profile_events: 'domain/profile-events',
  // the practice inbox's intake desk (issue [22] item 2): internal notes and saved replies
  conversation_notes: 'domain/conversation-notes',
  saved_replies: 'domain/saved-replies',
  // the calendar, bookings and messages
  availability_events: 'domain/calendar',
  appointments: 'domain/appointments',
  booking_rules: 'domain/appointments',
  reminder_settings: 'domain/appointments',
  consultation_links: 'domain/appointments',
  consultation_digests: 'domain/appointments',
  conversations: 'domain/messaging',
  messages: 'domain/messaging',
  message_search_tokens: 'domain/messaging',
  data_keys: 'domain/data-protection',
  external_calendars: 'domain/external-calendars',
  google_account_links: 'domain/external-calendars',
  calendar_account_links: 'domain/external-calendars',
  google_watch_channels: 'domain/external-calendars',
  calendar_write_backs: 'domain/external-calendars',
  // billing: the mirror of Stripe and the payment attempts
  billing_attempts: 'domain/billing',
  billing_charges: 'domain/billing',
  billing_customers: 'domain/billing',
  billing_dunning_notices: 'domain/billing',
  billing_invoices: 'domain/billing',
  billing_payment_methods: 'domain/billing',
  billing_prices: 'domain/billing',
  billing_purchases: 'domain/billing',
  billing_subscription_items: 'domain/billing',
  billing_subscriptions: 'domain/billing',
  billing_webhook_events: 'domain/billing',
  provider_paid_seats: 'domain/billing',
  // the infrastructure's own
  api_idempotency_keys: 'api',
  api_tokens: 'api',
  live_streams: 'http',
  sessions: 'http',
  rate_limits: 'http',
  sent_messages: 'integrations',
};

/**
 * The query sites of modules that do not own the table, as "module → table", that predate the rule.
 * When the rule came there were 98 pairs, 60 of them in features; the features' SQL has since moved
 * behind their domain modules (none is left, and none may come back: no feature owns a table). What is
 * left is the domain's own crossings, mostly joins for names, to move behind the owners' functions.
 */
export const TABLE_ACCESS_DEBT: string[] = [
  // Kept: an unpaid standalone sign-up holds its address only while its account has no profile
  // (domain/accounts/standalone-holds.ts). The accounts module sits below the providers module (which
  // imports it), so it cannot ask providers without an import circle; handing the question in would
  // thread a providers query through every sign-up caller and the clean-up job.
  'domain/accounts → providers',
  // Kept (found once raw SQL was read): the signed-in user is loaded on every request in one prepared
  // statement (viewer-repo.ts), with their profiles through provider_clinicians, as the providers pair
  // above: the providers module imports accounts, and a second query per request would slow every page.
  // (Each profile's unread count is messaging's SQL, handed in by the app.)
  'domain/accounts → provider_clinicians',
  // Kept (the five billing pairs): the billing module sits below the accounts and providers modules, which
  // import it (an unpaid sign-up's hold asks for the account's subscriptions; the premium setup and the
  // statements' prices are billing's), so it cannot import them, nor the locations module (which imports
  // accounts), without an import circle. What it reads of them: the mirror's plan columns on accounts and
  // providers (has_paid_plan, the subscription counts), a profile's sign-up source and referral code for
  // the offers, its locations' states for the seat's price, its photographer answer, and the account's
  // owners' e-mail for dunning. Moving them means moving those use cases above billing or handing the
  // facts in from the callers: a rework of the billing module, not a query to move.
  'domain/billing → account_roles',
  'domain/billing → accounts',
  'domain/billing → locations',
  'domain/billing → providers',
  'domain/billing → users',
  // Kept: a thread's messages show their consultation's start time through one LEFT JOIN of appointments
  // (messaging/repo.ts, messageQuery: the thread, its live updates and one message). The appointments
  // module imports messaging (a booking writes into the conversation), so messaging cannot import a join
  // helper from it without an import circle, and reading the times in a second query per page would
  // slow the thread, the page this rule must not slow.
  'domain/messaging → appointments',
  // Kept: the profile-content module is providers.custom_content, the profile's loose JSON, split from the
  // providers module so that the tags and locations modules (which the providers module imports) can read and
  // merge it without an import circle. Its queries touch that one column only.
  'domain/profile-content → providers',
];
