// Loading the signed-in user with their roles and the profiles they have clinician access to.
import type { Knex } from 'knex';
import type pg from 'pg';
import { type ProviderSummary, providerDisplayName, type Viewer } from './viewer';

interface ProviderRow {
  id: number;
  account_id: number;
  type: 'individual' | 'practice';
  status: ProviderSummary['status'];
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  slug: string | null;
  has_paid_plan: boolean;
  has_calendar: boolean;
  has_videos: boolean;
  timezone: string | null;
  unread_message_count: number;
}

/**
 * What the viewer's statement embeds of a module that imports this one (so this one cannot import it),
 * handed in by the app: the count of a profile's unread client messages, a scalar subquery of SQL text on
 * the profile id column it is given (the messaging module's).
 */
export interface ViewerSql {
  unreadMessageCount: (providerIdColumn: string) => string;
}

/**
 * The user, their roles and their profiles in one round trip, aggregated by PostgreSQL. Accounts with
 * an error are ignored everywhere (spec 1 §3): neither their roles nor their profiles are listed. It runs on
 * every signed-in request, so it is a named prepared statement: each connection plans it once.
 */
const loadViewerSql = (
  sql: ViewerSql,
) => `select u.id, u.email, u.first_name, u.last_name, u.company_name, u.scopes, u.two_factor_enrolled_at, u.selected_provider_id,
       coalesce((select json_agg(json_build_object('account_id', r.account_id, 'role', r.role))
         from account_roles r join accounts ra on ra.id = r.account_id
         where r.user_id = u.id and ra.error is null), '[]') as roles,
       coalesce((select json_agg(json_build_object(
           'id', p.id, 'account_id', p.account_id, 'type', p.type, 'status', p.status, 'first_name', p.first_name,
           'last_name', p.last_name, 'company_name', p.company_name, 'slug', p.slug, 'timezone', p.timezone,
           'has_paid_plan', p.has_paid_plan, 'has_calendar', p.has_calendar,
           'unread_message_count', ${sql.unreadMessageCount('p.id')},
           'has_videos', jsonb_typeof(p.custom_content->'videos') = 'array' and jsonb_array_length(p.custom_content->'videos') > 0
         ) order by p.id)
         from provider_clinicians pc join providers p on p.id = pc.provider_id join accounts pa on pa.id = p.account_id
         where pc.user_id = u.id and pa.error is null), '[]') as providers
     from users u where u.id = $1`;

async function queryViewer(db: Knex, statement: string, userId: number) {
  const connection = await db.client.acquireConnection();
  try {
    return await (connection as pg.Client).query({ name: 'load-viewer', text: statement, values: [userId] });
  } finally {
    await db.client.releaseConnection(connection);
  }
}

export async function loadViewer(
  db: Knex,
  sql: ViewerSql,
  userId: number,
  wantedProviderId?: number,
): Promise<Viewer | null> {
  return viewerFromRow(await loadViewerRow(db, loadViewerSql(sql), userId), wantedProviderId);
}

/** The row behind a Viewer (null: no such user); kept as it came, so it can be cached and shared. */
async function loadViewerRow(db: Knex, statement: string, userId: number): Promise<ViewerRow | null> {
  return ((await queryViewer(db, statement, userId)).rows[0] as ViewerRow | undefined) ?? null;
}

/** The columns loadViewerSql's statement selects; roles and providers arrive as JSON arrays. */
interface ViewerRow {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  scopes: string[] | null;
  two_factor_enrolled_at: Date | null;
  selected_provider_id: number | null;
  roles: { account_id: number; role: string }[];
  providers: ProviderRow[];
}

/** Builds a fresh Viewer from its row, which it never changes. */
export function viewerFromRow(user: ViewerRow | null, wantedProviderId?: number): Viewer | null {
  if (!user) return null;
  const providers = user.providers.map(toSummary);
  const provider = chooseProvider(providers, wantedProviderId ?? user.selected_provider_id ?? undefined);
  return {
    user: {
      id: user.id,
      email: user.email,
      firstName: user.first_name,
      lastName: user.last_name,
      displayName: [user.first_name, user.last_name].filter(Boolean).join(' ') || user.company_name || user.email,
      scopes: [...(user.scopes ?? [])],
      twoFactorEnrolled: Boolean(user.two_factor_enrolled_at),
    },
    roles: user.roles.map((r) => ({ accountId: r.account_id, role: r.role })),
    providers,
    provider,
  };
}

/** Default selection (spec 1 §4 Switching): the remembered one, else the first practice profile, else the first. */
export function chooseProvider(providers: ProviderSummary[], remembered?: number): ProviderSummary | null {
  return (
    providers.find((p) => p.id === remembered) ?? providers.find((p) => p.type === 'practice') ?? providers[0] ?? null
  );
}

export async function rememberProvider(db: Knex, userId: number, providerId: number): Promise<void> {
  await db('users').where({ id: userId }).update({ selected_provider_id: providerId });
}

function toSummary(row: ProviderRow): ProviderSummary {
  return {
    id: row.id,
    accountId: row.account_id,
    type: row.type,
    status: row.status,
    firstName: row.first_name,
    lastName: row.last_name,
    companyName: row.company_name,
    displayName: providerDisplayName(row),
    slug: row.slug,
    hasPaidPlan: row.has_paid_plan,
    hasVideos: row.has_videos,
    hasCalendar: row.has_calendar,
    timezone: row.timezone ?? 'America/New_York',
    unreadMessageCount: row.unread_message_count ?? 0,
  };
}

/** The viewer's facts as the web layer's viewer loader asks for them (server/http/load-viewer.ts). */
export const viewerSource = (db: Knex, sql: ViewerSql) => {
  const statement = loadViewerSql(sql);
  return {
    loadRow: (userId: number) => loadViewerRow(db, statement, userId),
    fromRow: (row: unknown, wantedProviderId?: number) => viewerFromRow(row as ViewerRow | null, wantedProviderId),
    rememberProvider: (userId: number, providerId: number) => rememberProvider(db, userId, providerId),
  };
};
