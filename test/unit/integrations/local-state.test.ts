// The stand-ins' state is theirs, not the portal's: the migrations make none of it, each stand-in makes its
// own schema when it starts, a portal set up with the real services never gets any, and a database that
// had the old tables in the portal's schema keeps their rows in the stand-ins' schemas.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import pg from 'pg';
import { down, up } from '../../../migrations/20261128010000_move_local_stand_in_tables';
import { ensureDatabase } from '../../../server/db/embedded';
import { createKnex } from '../../../server/db/knex';
import { createLocalBenefitsTool } from '../../../server/integrations/benefits-tool/local';
import { createLocalEhr } from '../../../server/integrations/ehr/local';
import { LOCAL_SCHEMAS, LOCAL_STATE_TABLES } from '../../../server/integrations/local-state';
import { startLocalStripe } from '../../../server/integrations/payments/local-stripe';
import { createPortalIntegrations } from '../../../server/wiring';
import { runSeeds } from '../../../seeds/index';
import { ctx, testConfig } from '../../support/context';
import { databasePrefix, runId } from '../../support/parallel';

/** A database of its own on the tests' server, migrated as `knex migrate` leaves it; dropped after. */
function freshDatabase() {
  const name = `${databasePrefix(runId())}${process.pid}_fresh_${crypto.randomBytes(3).toString('hex')}`;
  const at = (database: string) => Object.assign(new URL(ctx().database.url), { pathname: `/${database}` }).toString();
  let db: Knex | undefined;
  return {
    async open(): Promise<Knex> {
      await ensureDatabase(at('postgres'), name);
      db = createKnex(at(name));
      await db.migrate.latest();
      return db;
    },
    async drop(): Promise<void> {
      await db?.destroy();
      const admin = new pg.Client({ connectionString: at('postgres') });
      await admin.connect();
      await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
      await admin.end();
    },
  };
}

/** The stand-ins' tables found in the database: in their schemas, or under their old names anywhere. */
async function standInTables(db: Knex): Promise<string[]> {
  const rows: { name: string }[] = (
    await db.raw(
      `select schemaname || '.' || tablename as name from pg_tables
       where schemaname = any(?) or tablename like 'local\\_%'
       order by 1`,
      [[...LOCAL_SCHEMAS]],
    )
  ).rows;
  return rows.map((row) => row.name);
}

async function standInSchemas(db: Knex): Promise<string[]> {
  return (
    await db.raw('select nspname from pg_namespace where nspname = any(?) order by 1', [[...LOCAL_SCHEMAS]])
  ).rows.map((row: { nspname: string }) => row.nspname);
}

describe('the stand-ins’ state lives outside the production migrations', function () {
  this.timeout(60_000);
  const fresh = freshDatabase();
  let db: Knex;
  before(async () => {
    db = await fresh.open();
  });
  after(() => fresh.drop());

  it('a freshly migrated database has no stand-in schema and no stand-in table', async () => {
    assert.deepEqual(await standInSchemas(db), []);
    assert.deepEqual(await standInTables(db), []);
  });

  it('a portal set up with the real card processor, EHR and benefits tool makes none, even in production', async () => {
    const config = testConfig({
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: 'sk_test_real',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_real',
      STRIPE_WEBHOOK_SECRET: 'whsec_real',
      EHR_API_URL: 'https://ehr.example.com/api',
      EHR_API_TOKEN: 'ehr-token',
      BENEFITS_TOOL_API_URL: 'https://tool.example.com/api',
      BENEFITS_TOOL_API_TOKEN: 'tool-token',
      BENEFITS_TOOL_SIGN_IN_URL: 'https://tool.example.com/sso',
    });
    // What the portal's start does before it listens (server/main.ts): seeds, integrations, the card server.
    await runSeeds(db, { demo: false });
    const integrations = createPortalIntegrations(config, db);
    assert.equal(integrations.ehr.provider, 'http');
    assert.equal(integrations.benefitsTool.provider, 'http');
    assert.equal(await integrations.payments.local(), null);
    await integrations.payments.close();
    assert.deepEqual(await standInSchemas(db), []);
    assert.deepEqual(await standInTables(db), []);
  });

  it('each stand-in makes its own schema and tables when it starts, and only those', async () => {
    await createLocalEhr(db, { practiceManagementUrl: 'https://{subdomain}.example.com', portalUrl: '' }).listClinics(
      1,
    );
    assert.deepEqual(await standInTables(db), ['local_ehr.booking_pages', 'local_ehr.clinics']);

    const tool = createLocalBenefitsTool({ db, linkTemplate: 'https://tool.example.com/{providerId}', ssoSecret: 's' });
    assert.equal(await tool.hasStandaloneAccount(1), false);
    assert.deepEqual(await standInTables(db), [
      'local_benefits_tool.accounts',
      'local_benefits_tool.sso_tokens',
      'local_ehr.booking_pages',
      'local_ehr.clinics',
    ]);

    const cardServer = await startLocalStripe(db, { webhookSecret: 'whsec_local' });
    await cardServer.close();
    assert.deepEqual(await standInTables(db), [...LOCAL_STATE_TABLES].sort());
    assert.deepEqual(await standInSchemas(db), ['local_benefits_tool', 'local_ehr', 'local_stripe']);
  });
});

describe('a database migrated before the move keeps its stand-ins’ rows (migration 20261128010000)', function () {
  this.timeout(60_000);
  const fresh = freshDatabase();
  let db: Knex;
  before(async () => {
    db = await fresh.open();
    // The tables as migrations 20261126010000 and 20261126020000 made them in the portal's schema (the
    // parts that matter here): a clinic with its change trigger, and never-used sign-in tokens.
    await db.raw(`create table local_ehr_clinics (
      clinic_id text primary key, provider_id bigint, account_id bigint,
      subdomain text not null constraint local_ehr_clinics_subdomain_unique unique,
      status text not null default 'pending', trial_end timestamptz,
      created_at timestamptz not null default now(), updated_at timestamptz not null default now())`);
    await db.raw(`create trigger local_ehr_clinics_notify_change after insert or update or delete or truncate
      on local_ehr_clinics for each statement execute function portal_notify_change()`);
    await db.raw(`create table local_benefits_tool_sso_tokens (
      id uuid primary key, provider_id bigint not null, user_id bigint not null,
      issued_at timestamptz not null, expires_at timestamptz not null, used_at timestamptz)`);
    await db('local_ehr_clinics').insert({
      clinic_id: 'local-demo-harbor-light',
      provider_id: 7,
      subdomain: 'harbor-light',
      status: 'active',
    });
  });
  after(() => fresh.drop());

  it('moves a table with rows to its stand-in’s schema, without the portal’s trigger, and drops an empty one', async () => {
    await db.transaction((trx) => up(trx));
    assert.deepEqual(await standInTables(db), ['local_ehr.clinics']);
    const triggers = await db.raw(`select tgname from pg_trigger where tgrelid = 'local_ehr.clinics'::regclass`);
    assert.deepEqual(triggers.rows, []);
    // The local EHR finds the demo's clinic where it now looks, and its install adds only what was missing.
    const ehr = createLocalEhr(db, { practiceManagementUrl: 'https://{subdomain}.example.com', portalUrl: '' });
    assert.deepEqual(
      (await ehr.listClinics(7)).map((clinic) => [clinic.clinicId, clinic.subdomain, clinic.status, clinic.link]),
      [['local-demo-harbor-light', 'harbor-light', 'active', 'https://harbor-light.example.com']],
    );
    assert.deepEqual(await standInTables(db), ['local_ehr.booking_pages', 'local_ehr.clinics']);
  });

  it('down() moves the stand-ins’ tables back into the portal’s schema as they were', async () => {
    await db.transaction((trx) => down(trx));
    assert.deepEqual(await standInTables(db), ['public.local_ehr_booking_pages', 'public.local_ehr_clinics']);
    assert.deepEqual(await db('local_ehr_clinics').pluck('subdomain'), ['harbor-light']);
    const triggers = await db.raw(`select tgname from pg_trigger where tgrelid = 'local_ehr_clinics'::regclass`);
    assert.deepEqual(triggers.rows, [{ tgname: 'local_ehr_clinics_notify_change' }]);
  });
});
