// The big database of `npm run bench:scale`: about 100 times the demo data, made by PostgreSQL itself
// with generate_series (one statement per table, no row-by-row inserts from Node), on top of the demo
// seeds. The demo individual (Dana) becomes the busiest provider and the demo practice grows to 60
// profiles, so the same people can be measured on both databases.
import type { Knex } from 'knex';
import { DEMO_EMAILS } from '../seeds/demo';
import { encryptedJsonText, encryptTexts, indexEncryptedTexts } from './encrypted-text';
import { scaled } from './settings';

/** The sizes below are at BENCH_SCALE=1; a smaller BENCH_SCALE makes that share of each (the bench-scripts test runs tiny). */
export const SCALE = {
  accounts: scaled(8_000),
  providers: scaled(20_000),
  practiceProfiles: scaled(60),
  clients: scaled(50_000),
  conversations: scaled(200_000),
  messagesPerConversation: 5,
  appointments: scaled(500_000),
  licenses: scaled(40_000),
  locations: scaled(100_000),
  sessions: scaled(50_000),
  /** The directory's profile views and contact clicks (one click in ten events), over three years. */
  profileEvents: scaled(200_000),
  /** The busiest provider's share: a full caseload over three years. */
  busiest: {
    conversations: scaled(5_000),
    appointments: scaled(4_000),
    licenses: scaled(12),
    locations: scaled(10),
    profileEvents: scaled(40_000),
  },
  /** Each of the big practice's 60 profiles, over the same years (the referral funnel reads them all). */
  perPracticeProfile: { conversations: scaled(200), appointments: scaled(100) },
};

const STATES = `array['NY','NJ','MA','CA','TX','FL','IL','PA','OH','WA','OR','CO','GA','NC','VA','MI','MN','AZ','MD','CT']`;

export interface ScaleTargets {
  busiestEmail: string;
  practiceOwnerEmail: string;
  rows: Record<string, number>;
}

export async function loadScaleData(db: Knex): Promise<ScaleTargets> {
  const s = SCALE;
  const b = s.busiest;
  await db.transaction(async (trx) => {
    const one = async (sql: string, bindings: Knex.RawBinding[] = []) =>
      (await trx.raw(sql, bindings)).rows[0] as Record<string, string>;
    // Bulk load: no per-row triggers (change notifications, updated_at) and no foreign-key checks; the
    // rows are built valid. The portal starts after the load, so no notification is missed.
    await trx.raw(`set local session_replication_role = replica`);
    await trx.raw(`set local synchronous_commit = off`);

    const dana = await one(
      `select pc.provider_id from provider_clinicians pc join users u on u.id = pc.user_id
      join providers p on p.id = pc.provider_id where u.email = ? and p.type = 'individual' order by p.id limit 1`,
      [DEMO_EMAILS.individual],
    );
    const practice = await one(
      `select pc.provider_id, pc.user_id, p.account_id from provider_clinicians pc join users u on u.id = pc.user_id
      join providers p on p.id = pc.provider_id where u.email = ? and p.type = 'practice' order by p.id limit 1`,
      [DEMO_EMAILS.practice],
    );
    const danaId = Number(dana.provider_id);

    const accountBase = Number(
      (
        await one(
          `with ins as (
        insert into accounts (name, has_paid_plan) select 'Scale account ' || g, g % 3 = 0 from generate_series(1, ?) g returning id)
      select min(id) as id from ins`,
          [s.accounts],
        )
      ).id,
    );
    const ownerBase = Number(
      (
        await one(
          `with ins as (
        insert into users (email, first_name, last_name, full_name, email_confirmed_at)
        select 'scale-owner-' || g || '@scale.test', 'Owner', 'Number ' || g, 'Owner Number ' || g, now() - interval '400 days'
        from generate_series(1, ?) g returning id)
      select min(id) as id from ins`,
          [s.accounts],
        )
      ).id,
    );
    await trx.raw(
      `insert into account_roles (user_id, account_id, role) select ? + g, ? + g, 'owner' from generate_series(0, ? - 1) g`,
      [ownerBase, accountBase, s.accounts],
    );

    // Providers: spread over the accounts; every tenth one is a practice profile.
    const providerBase = Number(
      (
        await one(
          `with ins as (
        insert into providers (account_id, type, status, first_name, last_name, company_name, slug, contact_email, professional_statement, custom_content, went_live_at)
        select ? + (g % ?), case when g % 10 = 0 then 'practice' else 'individual' end,
          (array['active','active','active','incomplete','reviewing','inactive'])[1 + g % 6],
          'Scale', 'Provider ' || g, case when g % 10 = 0 then 'Scale Practice ' || g end, 'scale-provider-' || g,
          'scale-provider-' || g || '@scale.test', repeat('A calm and practical therapist. ', 20),
          '{"session_fee_ongoing": 150, "session_length_ongoing": 50}'::jsonb, now() - interval '300 days'
        from generate_series(0, ? - 1) g returning id)
      select min(id) as id from ins`,
          [accountBase, s.accounts, s.providers],
        )
      ).id,
    );
    await trx.raw(
      `insert into provider_clinicians (user_id, provider_id) select ? + (g % ?), ? + g from generate_series(0, ? - 1) g`,
      [ownerBase, s.accounts, providerBase, s.providers],
    );
    await trx.raw(
      `update users u set selected_provider_id = pc.provider_id from (
        select user_id, min(provider_id) as provider_id from provider_clinicians where user_id >= ? group by user_id) pc
      where u.id = pc.user_id`,
      [ownerBase],
    );

    // The big practice: clinician profiles under the demo practice until its owner has 60 profiles to choose from.
    await trx.raw(
      `with have as (select count(*)::int as n from provider_clinicians where user_id = ?),
      ins as (
        insert into providers (account_id, type, status, first_name, last_name, slug, practice_id, practice_sort_order, custom_content)
        select ?, 'individual', 'active', 'Clinician', 'Number ' || g, 'scale-clinician-' || g, ?, g, '{}'::jsonb
        from have, generate_series(1, greatest(0, ? - have.n)) g returning id)
      insert into provider_clinicians (user_id, provider_id) select ?, id from ins`,
      [practice.user_id!, practice.account_id!, practice.provider_id!, s.practiceProfiles, practice.user_id!],
    );

    // Tags: eight per provider.
    await trx.raw(
      `with t as (select array_agg(id order by id) as ids from tags)
      insert into taggings (provider_id, tag_id, is_top)
      select distinct on (p, tag) p, tag, k = 1 from (
        select p, t.ids[1 + ((p * 7 + k * 131) % cardinality(t.ids))] as tag, k
        from t, generate_series(?, ? - 1) p, generate_series(1, 8) k) x
      order by p, tag, k`,
      [providerBase, providerBase + s.providers],
    );

    const clientBase = Number(
      (
        await one(
          `with ins as (
        insert into users (email, first_name, last_name, scopes, phone_number, email_confirmed_at)
        select 'scale-client-' || g || '@scale.test', 'Client', 'Number ' || g, '{client}', '+1212555' || lpad((g % 10000)::text, 4, '0'), now() - interval '200 days'
        from generate_series(1, ?) g returning id)
      select min(id) as id from ins`,
          [s.clients],
        )
      ).id,
    );

    // Conversations: the busiest provider's caseload, then the rest spread so (provider, client) stays unique.
    // A conversation is made with its first message, four hours before its last (the messages below).
    const rest = s.conversations - b.conversations;
    // The bulk load skips triggers, so each conversation's account is written here.
    await trx.raw(
      `insert into conversations (provider_id, account_id, client_user_id, last_message_at, created_at)
      select ?, (select account_id from providers where id = ?), ? + g, now() - (g % 900) * interval '1 day',
        now() - (g % 900) * interval '1 day' - interval '4 hours' from generate_series(0, ? - 1) g`,
      [danaId, danaId, clientBase, b.conversations],
    );
    await trx.raw(
      `insert into conversations (provider_id, account_id, client_user_id, last_message_at, created_at)
      select p.id, p.account_id, ? + (g / ?), now() - (g % 900) * interval '1 day', now() - (g % 900) * interval '1 day' - interval '4 hours'
      from generate_series(0, ? - 1) g join providers p on p.id = ? + (g % ?)`,
      [clientBase, s.providers, rest, providerBase, s.providers],
    );
    // The big practice's profiles (its own and the clinicians'): a caseload each, for the owners' funnel.
    const pp = s.perPracticeProfile;
    await trx.raw(
      `insert into conversations (provider_id, account_id, client_user_id, last_message_at, created_at)
      select p.id, p.account_id, ? + g, now() - ((g * 7 + p.id) % 900) * interval '1 day',
        now() - ((g * 7 + p.id) % 900) * interval '1 day' - interval '4 hours'
      from providers p, generate_series(0, ? - 1) g where p.account_id = ?`,
      [clientBase, pp.conversations, practice.account_id!],
    );
    // Five messages each, alternating client and provider; the client's last one is unread in 1 of 200
    // conversations. A third of the conversations open with the directory's intake, and one in ten of the
    // client's second messages carries a benefits check (the funnel counts both).
    // The text is stored encrypted as the portal stores it: one text per position in the conversation,
    // encrypted once here; the intake answer likewise.
    const texts = await encryptTexts(
      trx,
      Array.from({ length: s.messagesPerConversation }, (_, i) => `Message ${i + 1} of a conversation`),
    );
    const intake = await encryptedJsonText(trx, { reason: 'Anxiety' });
    await trx.raw(
      `insert into messages (conversation_id, provider_id, client_user_id, sender, type, message_content, intake_form, vob_data, send_date, read_at, created_at)
      select c.id, c.provider_id, c.client_user_id, case when k % 2 = 1 then 'client' else 'provider' end,
        case when k = 1 and c.id % 3 = 0 then 'messaging_tool_intake' else 'message' end,
        (?::text[])[k],
        case when k = 1 and c.id % 3 = 0 then ?::jsonb end,
        case when k = 3 and c.id % 10 = 0 then '{"status": "complete"}'::jsonb end,
        c.last_message_at - (5 - k) * interval '1 hour',
        case when k = 5 and c.id % 200 = 0 then null else c.last_message_at end, c.last_message_at - (5 - k) * interval '1 hour'
      from conversations c, generate_series(1, ?) k where c.client_user_id >= ?`,
      [texts.ciphertexts as unknown as Knex.RawBinding, intake, s.messagesPerConversation, clientBase],
    );
    await indexEncryptedTexts(trx, texts, 'c.client_user_id >= ?', [clientBase]);
    // The big practice's intake desk: four more coordinators beside its owner, and the conversations spread
    // over the statuses (a fifth new, a third replied, a sixth booked, the rest closed), the people (a sixth
    // unassigned) and a snooze on one open conversation in 25.
    const coordinators = await trx.raw(
      `with ins as (
        insert into users (email, first_name, last_name, full_name, email_confirmed_at)
        select 'scale-coordinator-' || g || '@scale.test', 'Coordinator', 'Number ' || g, 'Coordinator Number ' || g, now() - interval '400 days'
        from generate_series(1, 4) g returning id)
      insert into account_roles (user_id, account_id, role) select id, ?, 'intake-coordinator' from ins returning user_id`,
      [practice.account_id!],
    );
    const deskPeople = [
      Number(practice.user_id),
      ...coordinators.rows.map((r: { user_id: string }) => Number(r.user_id)),
    ];
    await trx.raw(
      `update conversations c set
        desk_status = case when c.id % 30 < 6 then 'new' when c.id % 30 < 16 then 'replied' when c.id % 30 < 21 then 'consultation_booked' else 'closed' end,
        assignee_user_id = case when c.id % 6 = 0 then null else (?::bigint[])[1 + c.id % 5] end,
        snoozed_until = case when c.id % 25 = 0 and c.id % 30 < 21 then now() + (1 + c.id % 30) * interval '1 day' end
      where c.account_id = ?`,
      [`{${deskPeople.join(',')}}`, practice.account_id!],
    );
    // What the messages' trigger (off for the load) keeps on each conversation: the client's first message
    // (the first above), the provider's first reply (the second) and the client's last message (the fifth).
    await trx.raw(
      `update conversations set first_client_message_at = last_message_at - interval '4 hours',
        first_reply_at = last_message_at - interval '3 hours', last_client_message_at = last_message_at
      where client_user_id >= ?`,
      [clientBase],
    );

    // Appointments: the busiest provider's over three years (a few a day, some ahead), the rest spread
    // (one a day at most per provider: live appointments of a provider never overlap); each booked a week ahead.
    await trx.raw(
      `insert into appointments (provider_id, client_user_id, start_time, end_time, canceled, created_at)
      select ?, ? + (g % ?), st, st + interval '30 minutes', g % 20 = 0, st - interval '7 days'
      from generate_series(0, ? - 1) g, lateral (select date_trunc('hour', now()) - interval '1000 days' + g * (interval '1060 days' / ?) as st) x
      -- The demo seeds' consultations of hers stay; a generated one that would overlap one is skipped
      -- (appointments_no_overlap refuses two live consultations of a provider at one moment).
      where not exists (select 1 from appointments a where a.provider_id = ? and not a.canceled
        and tstzrange(a.start_time, a.end_time, '[)') && tstzrange(st, st + interval '30 minutes', '[)'))`,
      [danaId, clientBase, b.conversations, b.appointments, b.appointments, danaId],
    );
    await trx.raw(
      `insert into appointments (provider_id, client_user_id, start_time, end_time, canceled, created_at)
      select ? + (g % ?), ? + (g % ?), st, st + interval '50 minutes', g % 20 = 0, st - interval '7 days'
      from generate_series(0, ? - 1) g, lateral (select date_trunc('hour', now()) - interval '700 days' + (g % 800 + g / ?) * interval '1 day' + (g % 9) * interval '1 hour' as st) x`,
      [providerBase, s.providers, clientBase, s.clients, s.appointments - b.appointments, s.providers],
    );

    // The big practice's profiles: one consultation every eight days each, booked two weeks ahead, at 4am
    // UTC, but where the demo's own consultations are.
    await trx.raw(
      `insert into appointments (provider_id, client_user_id, start_time, end_time, canceled, created_at)
      select p.id, ? + g, st, st + interval '30 minutes', g % 20 = 0, st - interval '14 days'
      from providers p, generate_series(0, ? - 1) g,
        lateral (select date_trunc('day', now()) - interval '780 days' + g * interval '8 days' + interval '4 hours' as st) x
      where p.account_id = ? and (g % 20 = 0 or not exists (
        select 1 from appointments d where d.provider_id = p.id and not d.canceled
           and tstzrange(d.start_time, d.end_time) && tstzrange(st, st + interval '30 minutes')))`,
      [clientBase, pp.appointments, practice.account_id!],
    );

    // The directory's profile events: the busiest provider's, then the rest spread over every profile.
    await trx.raw(
      `insert into profile_events (provider_id, kind, occurred_at, event_id)
      select ?, case when g % 10 = 0 then 'contact_click' else 'profile_view' end,
        now() - (g % 1000) * interval '1 day' - (g % 1440) * interval '1 minute', 'scale-busiest-' || g
      from generate_series(0, ? - 1) g`,
      [danaId, b.profileEvents],
    );
    await trx.raw(
      `with ids as (select array_agg(id order by id) as ids from providers)
      insert into profile_events (provider_id, kind, occurred_at, event_id)
      select ids[1 + g % cardinality(ids)], case when g % 10 = 0 then 'contact_click' else 'profile_view' end,
        now() - (g % 1000) * interval '1 day' - (g % 1440) * interval '1 minute', 'scale-' || g
      from ids, generate_series(0, ? - 1) g`,
      [s.profileEvents - b.profileEvents],
    );

    await trx.raw(
      `insert into licenses (provider_id, state, number, license_type, expiration, verification)
      select case when g < ? then ? else ? + (g % ?) end, (${STATES})[1 + g % 20], 'SC-' || g, 'LCSW', 2027 + g % 3,
        (array['Verified','Unverified','Legacy','Not found'])[1 + g % 4]
      from generate_series(0, ? - 1) g`,
      [b.licenses, danaId, providerBase, s.providers, s.licenses],
    );
    await trx.raw(
      `insert into locations (provider_id, location_name, address, city, state, zip, accepting_patients, hours)
      select case when g < ? then ? else ? + (g % ?) end, 'Office ' || g, g || ' Main Street', 'Springfield', (${STATES})[1 + g % 20],
        lpad((g % 99999)::text, 5, '0'), (array[40, 20, 0])[1 + g % 3],
        '["9am - 5pm","9am - 5pm","9am - 5pm","9am - 5pm","9am - 3pm","Closed","Closed"]'::jsonb
      from generate_series(0, ? - 1) g`,
      [b.locations, danaId, providerBase, s.providers, s.locations],
    );

    // Sessions of other people, signed in (user_id set as the trigger would) or not; none expired.
    await trx.raw(
      `insert into sessions (sid, sess, expire, user_id)
      select 'scale-session-' || g, json_build_object('cookie', json_build_object('originalMaxAge', 43200000, 'httpOnly', true, 'path', '/'),
          'passport', json_build_object('user', ? + g % ?)), now() + (g % 720) * interval '1 minute', ? + g % ?
      from generate_series(0, ? - 1) g`,
      [ownerBase, s.accounts, ownerBase, s.accounts, s.sessions],
    );
  });
  // Vacuumed as well as analyzed: the load's updates (the desk's spread, the funnel's facts) leave a dead
  // version of most conversations, which autovacuum clears within minutes in life; measuring before it
  // would read them all (and index-only scans would not be).
  await db.raw('vacuum analyze');
  const rows: Record<string, number> = {};
  for (const table of [
    'accounts',
    'users',
    'providers',
    'provider_clinicians',
    'taggings',
    'conversations',
    'messages',
    'appointments',
    'profile_events',
    'licenses',
    'locations',
    'sessions',
  ]) {
    rows[table] = Number((await db(table).count({ n: '*' }))[0]!.n);
  }
  return { busiestEmail: DEMO_EMAILS.individual, practiceOwnerEmail: DEMO_EMAILS.practice, rows };
}
