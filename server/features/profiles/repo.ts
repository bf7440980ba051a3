// Loading the signed-in user with their roles and the profiles they have clinician access to.
import type { Knex } from 'knex';
import { providerDisplayName, type ProviderSummary, type Viewer } from '../../http/viewer';

interface ProviderRow {
  id: number; account_id: number; type: 'individual' | 'practice'; status: ProviderSummary['status'];
  first_name: string | null; last_name: string | null; company_name: string | null; slug: string | null;
  has_paid_plan: boolean; has_calendar: boolean; has_videos: boolean;
}

export async function loadViewer(db: Knex, userId: number, wantedProviderId?: number): Promise<Viewer | null> {
  const user = await db('users')
    .select('id', 'email', 'first_name', 'last_name', 'company_name', 'scopes', 'two_factor_enrolled_at', 'selected_provider_id')
    .where({ id: userId })
    .first();
  if (!user) return null;
  const [roles, providerRows] = await Promise.all([
    db('account_roles').select('account_id', 'role').where({ user_id: userId }),
    db('provider_clinicians as pc')
      .join('providers as p', 'p.id', 'pc.provider_id')
      .join('accounts as a', 'a.id', 'p.account_id')
      .where('pc.user_id', userId)
      .select<ProviderRow[]>(
        'p.id', 'p.account_id', 'p.type', 'p.status', 'p.first_name', 'p.last_name', 'p.company_name', 'p.slug',
        'a.has_paid_plan', 'p.has_calendar',
        db.raw(`coalesce(jsonb_array_length(case when jsonb_typeof(p.custom_content->'videos') = 'array' then p.custom_content->'videos' end), 0) > 0 as has_videos`),
      )
      .orderBy('p.id'),
  ]);
  const providers = providerRows.map(toSummary);
  const provider = chooseProvider(providers, wantedProviderId ?? user.selected_provider_id ?? undefined);
  return {
    user: {
      id: user.id,
      email: user.email,
      firstName: user.first_name,
      lastName: user.last_name,
      displayName: [user.first_name, user.last_name].filter(Boolean).join(' ') || user.company_name || user.email,
      scopes: user.scopes ?? [],
      twoFactorEnrolled: Boolean(user.two_factor_enrolled_at),
    },
    roles: roles.map((r: { account_id: number; role: string }) => ({ accountId: Number(r.account_id), role: r.role })),
    providers,
    provider,
  };
}

/** Default selection (spec 1 §4 Switching): the remembered one, else the first practice profile, else the first. */
export function chooseProvider(providers: ProviderSummary[], remembered?: number): ProviderSummary | null {
  return providers.find((p) => p.id === remembered) ?? providers.find((p) => p.type === 'practice') ?? providers[0] ?? null;
}

export async function rememberProvider(db: Knex, userId: number, providerId: number): Promise<void> {
  await db('users').where({ id: userId }).update({ selected_provider_id: providerId });
}

function toSummary(row: ProviderRow): ProviderSummary {
  return {
    id: Number(row.id),
    accountId: Number(row.account_id),
    type: row.type,
    status: row.status,
    firstName: row.first_name,
    lastName: row.last_name,
    companyName: row.company_name,
    displayName: providerDisplayName(row),
    slug: row.slug,
    hasPaidPlan: Boolean(row.has_paid_plan),
    hasVideos: Boolean(row.has_videos),
    hasCalendar: Boolean(row.has_calendar),
    unreadMessageCount: 0, // messaging arrives with its own issue
  };
}
