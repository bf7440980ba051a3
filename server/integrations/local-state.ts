// The local stand-ins' own state: what the card server, the EHR and the benefits tool would hold on their
// side, one PostgreSQL schema each. A stand-in creates its schema when it starts (never `knex migrate`), so
// a database that only ever talks to the real services has none of it, and an administrator can drop a
// stand-in's state with its schema (`drop schema local_ehr cascade`) without touching the portal's data.
import type { Knex } from 'knex';

/** The outside services with a local stand-in that keeps state. */
export type StandIn = 'cardServer' | 'ehr' | 'benefitsTool';

/** Every table of the stand-ins, schema-qualified (knex reads `schema.table`). */
export const LOCAL_TABLES = {
  /** The card server's Stripe objects (customers, cards, subscriptions, invoices, the catalog, …) as JSON. */
  cardObjects: 'local_stripe.objects',
  /** The card server's answers to idempotent requests, by key. */
  cardIdempotency: 'local_stripe.idempotency',
  /** The card server's events, and whether each was delivered. */
  cardEvents: 'local_stripe.events',
  /** The EHR's clinics: one per subdomain, pending until set up, with its trial's end. */
  ehrClinics: 'local_ehr.clinics',
  /** The EHR's booking pages: per provider, ready or not, and the booking link's status the portal last sent. */
  ehrBookingPages: 'local_ehr.booking_pages',
  /** The benefits tool's accounts: one per provider, Pro or Premium, bought through the portal or standalone. */
  benefitsToolAccounts: 'local_benefits_tool.accounts',
  /** The benefits tool's issued sign-in tokens, by id only (never the token), so their one use can be enforced. */
  benefitsToolSsoTokens: 'local_benefits_tool.sso_tokens',
} as const;

interface StandInState {
  schema: string;
  tables: readonly string[];
  /** Idempotent statements (`if not exists`): run at every start, they change nothing the second time. */
  install: readonly string[];
}

// No foreign key reaches the portal's tables and no change trigger calls the portal's functions: an
// outside service knows nothing of our database, and the portal's migrations (a rollback that drops
// providers) must never trip over tables they did not make. The portal reads this state only through
// its ports, never through the read cache, so it needs no change notifications.
// Index and constraint names are those the tables had when migrations made them (public.local_ehr_*,
// public.local_benefits_tool_*; migration 20261128010000 moved them here), so a moved table and a new one
// are alike.
const STATE: Record<StandIn, StandInState> = {
  cardServer: {
    schema: 'local_stripe',
    tables: [LOCAL_TABLES.cardObjects, LOCAL_TABLES.cardIdempotency, LOCAL_TABLES.cardEvents],
    install: [
      'create schema if not exists local_stripe',
      `create table if not exists local_stripe.objects (
        id text primary key, type text not null, customer text, data jsonb not null, seq bigserial)`,
      'create index if not exists objects_type_customer on local_stripe.objects (type, customer)',
      `create table if not exists local_stripe.idempotency (
        key text primary key, status integer not null, body jsonb not null, created_at timestamptz not null default now())`,
      `create table if not exists local_stripe.events (
        id text primary key, data jsonb not null, seq bigserial, delivered_at timestamptz)`,
    ],
  },
  ehr: {
    schema: 'local_ehr',
    tables: [LOCAL_TABLES.ehrClinics, LOCAL_TABLES.ehrBookingPages],
    install: [
      'create schema if not exists local_ehr',
      // A member profile's clinic (provider_id) or a standalone account's (account_id, bought on /zpm-signup).
      `create table if not exists local_ehr.clinics (
        clinic_id text primary key,
        provider_id bigint,
        account_id bigint,
        subdomain text not null constraint local_ehr_clinics_subdomain_unique unique,
        status text not null default 'pending'
          constraint local_ehr_clinics_status_check check (status in ('pending', 'active')),
        trial_end timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint local_ehr_clinics_owner_check check (provider_id is not null or account_id is not null))`,
      'create index if not exists local_ehr_clinics_provider_id_index on local_ehr.clinics (provider_id)',
      `create table if not exists local_ehr.booking_pages (
        provider_id bigint primary key,
        ready boolean not null default false,
        link_status text not null default 'inactive'
          constraint local_ehr_booking_pages_link_status_check check (link_status in ('active', 'inactive')),
        updated_at timestamptz not null default now())`,
    ],
  },
  benefitsTool: {
    schema: 'local_benefits_tool',
    tables: [LOCAL_TABLES.benefitsToolAccounts, LOCAL_TABLES.benefitsToolSsoTokens],
    install: [
      'create schema if not exists local_benefits_tool',
      // standalone: bought from the tool directly, not through the portal (the portal must not sell a second one).
      `create table if not exists local_benefits_tool.accounts (
        id bigserial primary key,
        provider_id bigint not null constraint local_benefits_tool_accounts_provider_id_unique unique,
        email text not null,
        tier text not null constraint local_benefits_tool_accounts_tier_check check (tier in ('pro', 'premium')),
        standalone boolean not null default false,
        created_at timestamptz not null default now())`,
      `create table if not exists local_benefits_tool.sso_tokens (
        id uuid primary key,
        provider_id bigint not null,
        user_id bigint not null,
        issued_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz)`,
      'create index if not exists local_benefits_tool_sso_tokens_expires_at_index on local_benefits_tool.sso_tokens (expires_at)',
    ],
  },
};

/** Every stand-in that keeps state. */
export const STAND_INS = Object.keys(STATE) as StandIn[];

/** The schemas of all stand-ins (none of them is the portal's). */
export const LOCAL_SCHEMAS: readonly string[] = Object.values(STATE).map((state) => state.schema);

/** The tables of all stand-ins, schema-qualified: what a data reset empties besides the portal's own. */
export const LOCAL_STATE_TABLES: readonly string[] = Object.values(STATE).flatMap((state) => state.tables);

/** The advisory lock a stand-in's install holds (the migration that moved the old tables takes the same). */
export const installLockKey = (standIn: StandIn) => `${STATE[standIn].schema}.schema`;

/**
 * Creates a stand-in's schema and tables where missing. Processes starting at once (tests, a web process
 * and a worker) take turns on an advisory lock rather than race on CREATE. Inside a transaction (the demo
 * seed's) it is part of it.
 */
export async function installLocalState(db: Knex, standIn: StandIn): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [installLockKey(standIn)]);
    for (const statement of STATE[standIn].install) await trx.raw(statement);
  });
}

const installs = new WeakMap<Knex, Map<StandIn, Promise<void>>>();

/**
 * The stand-in's state, installed once per database handle: what its every call waits for. A failed
 * install (the database was down) is tried again at the next call.
 */
export function localStateReady(db: Knex, standIn: StandIn): Promise<void> {
  let byStandIn = installs.get(db);
  if (!byStandIn) installs.set(db, (byStandIn = new Map()));
  let install = byStandIn.get(standIn);
  if (install === undefined) {
    install = installLocalState(db, standIn).catch((error: unknown) => {
      byStandIn.delete(standIn);
      throw error;
    });
    byStandIn.set(standIn, install);
  }
  return install;
}
