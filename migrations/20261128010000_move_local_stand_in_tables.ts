// The local EHR's and the local benefits tool's tables leave the portal's schema: they are the state of
// outside services' stand-ins, which now create it themselves, one schema each (local_ehr,
// local_benefits_tool; server/integrations/local-state.ts), never in a database that only talks to the real
// services. Migrations 20261126010000 and 20261126020000, which made them in public, now make nothing.
// A database that has them keeps what it holds: a table with rows (a demo's clinics and tool accounts)
// moves to its stand-in's schema, under its short name; an empty one (a production database, which never
// used a stand-in) is dropped. Moved, it loses its change trigger and its foreign key to providers: an
// outside service's state is read through its port only, never cached, and knows nothing of our tables.
// down() moves what the stand-ins hold back into public as it was (a provider's tool account that lost its
// provider meanwhile is dropped, as the old cascade would have).
import type { Knex } from 'knex';

interface Move {
  /** The table in the portal's schema, as migrations 20261126010000/20261126020000 made it. */
  from: string;
  schema: string;
  to: string;
  columns: string[];
  /** The foreign key to providers the old table had. */
  foreignKey?: string;
  /** The serial column, whose sequence must pass the copied ids. */
  serial?: string;
}

const MOVES: Move[] = [
  {
    from: 'local_ehr_clinics',
    schema: 'local_ehr',
    to: 'clinics',
    columns: ['clinic_id', 'provider_id', 'account_id', 'subdomain', 'status', 'trial_end', 'created_at', 'updated_at'],
  },
  {
    from: 'local_ehr_booking_pages',
    schema: 'local_ehr',
    to: 'booking_pages',
    columns: ['provider_id', 'ready', 'link_status', 'updated_at'],
  },
  {
    from: 'local_benefits_tool_accounts',
    schema: 'local_benefits_tool',
    to: 'accounts',
    columns: ['id', 'provider_id', 'email', 'tier', 'standalone', 'created_at'],
    foreignKey: 'local_benefits_tool_accounts_provider_id_foreign',
    serial: 'id',
  },
  {
    from: 'local_benefits_tool_sso_tokens',
    schema: 'local_benefits_tool',
    to: 'sso_tokens',
    columns: ['id', 'provider_id', 'user_id', 'issued_at', 'expires_at', 'used_at'],
  },
];

const exists = async (knex: Knex, qualified: string): Promise<boolean> =>
  Boolean((await knex.raw('select to_regclass(?) as t', [qualified])).rows[0].t);

const hasRows = async (knex: Knex, qualified: string): Promise<boolean> =>
  (await knex.raw(`select exists (select 1 from ${qualified}) as any`)).rows[0].any;

/** The portal's own schema (public, unless the database's search path says otherwise). */
const portalSchema = async (knex: Knex): Promise<string> => (await knex.raw('select current_schema() as s')).rows[0].s;

/** The stand-in's install takes the same lock (local-state.ts installLockKey): the two never interleave. */
const lockStandIn = (knex: Knex, schema: string) =>
  knex.raw('select pg_advisory_xact_lock(hashtext(?))', [`${schema}.schema`]);

export async function up(knex: Knex): Promise<void> {
  const home = await portalSchema(knex);
  for (const move of MOVES) {
    const from = `${home}.${move.from}`;
    if (!(await exists(knex, from))) continue;
    if (!(await hasRows(knex, from))) {
      await knex.raw(`drop table ${from}`);
      continue;
    }
    await lockStandIn(knex, move.schema);
    await knex.raw(`drop trigger if exists ${move.from}_notify_change on ${from}`);
    if (move.foreignKey) await knex.raw(`alter table ${from} drop constraint if exists ${move.foreignKey}`);
    await knex.raw(`create schema if not exists ${move.schema}`);
    const target = `${move.schema}.${move.to}`;
    if (await exists(knex, target)) {
      // The stand-in already started on the new code (before this migration ran): its rows win.
      const columns = move.columns.join(', ');
      await knex.raw(`insert into ${target} (${columns}) select ${columns} from ${from} on conflict do nothing`);
      if (move.serial)
        await knex.raw(
          `select setval(pg_get_serial_sequence(?, ?), greatest((select max(${move.serial}) from ${target}), 1))`,
          [target, move.serial],
        );
      await knex.raw(`drop table ${from}`);
    } else {
      await knex.raw(`alter table ${from} set schema ${move.schema}`);
      await knex.raw(`alter table ${move.schema}.${move.from} rename to ${move.to}`);
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  const home = await portalSchema(knex);
  for (const move of [...MOVES].reverse()) {
    const target = `${move.schema}.${move.to}`;
    const from = `${home}.${move.from}`;
    if (!(await exists(knex, target)) || (await exists(knex, from))) continue;
    await lockStandIn(knex, move.schema);
    // Renamed first: the portal has tables of the short names (accounts).
    await knex.raw(`alter table ${target} rename to ${move.from}`);
    await knex.raw(`alter table ${move.schema}.${move.from} set schema ${home}`);
    if (move.foreignKey) {
      await knex.raw(`delete from ${from} a where not exists (select 1 from providers p where p.id = a.provider_id)`);
      await knex.raw(
        `alter table ${from} add constraint ${move.foreignKey} foreign key (provider_id) references providers (id) on delete cascade`,
      );
    }
    await knex.raw(
      `create trigger ${move.from}_notify_change after insert or update or delete or truncate on ${from} for each statement execute function portal_notify_change()`,
    );
  }
}
