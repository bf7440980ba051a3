// The dashboard's rules (spec 2 §2): which screen, checklist, cards and widgets a provider sees, and
// the card events (follow or dismiss) recorded as therapist_portal_cta_event.
import type { Knex } from 'knex';
import type { ReadCache } from '../../db/read-cache';
import { HttpError, NotFoundError } from '../../lib/errors';
import type { ProviderSummary } from '../../domain/accounts';
import { type PolicyActor, editableProviderId } from '../../domain/accounts';
import { actionCards, findCard } from './cards';
import { priceIdsByLookupKey } from '../../domain/billing';
import { CHECKLIST_STATUSES, profileChecklist, showsOnboardingScreen } from './checklist';
import { greetingFor } from './greeting';
import { upcomingAppointments } from '../../domain/appointments';
import { dashboardRecords, type DashboardProfile } from '../../domain/providers';
import { formatUpcoming, groupFormatted, type FormattedAppointment } from './upcoming';
import { loadAppointmentPanel } from '../../presenters';
import { calendarStateOf } from '../../domain/calendar';
import { listConversations } from '../../domain/messaging';
import { FUNNEL_CACHE_MS, monthOf, monthsEndingIn, referralFunnel } from '../../domain/referral-funnel';
import { timeZoneLabel } from '../../domain/calendar';
import { profileFunnelView } from '../../presenters';
import type { Viewer } from '../../domain/accounts';
import { canManageTeam } from '../../domain/accounts';
import type { DashboardPageProps } from '../../../views/pages/dashboard/DashboardPage';
import { PRACTICE_FUNNEL_PATH } from '../../../views/pages/practice-funnel/PracticeFunnelPage';
import type { DashboardViewModel as DashboardView } from '../../../views/pages/dashboard/DashboardPage';
export const CTA_EVENT = 'therapist_portal_cta_event';
export const CTA_ACTIONS = ['follow_cta_link', 'dismiss_cta'] as const;
export type CtaAction = (typeof CTA_ACTIONS)[number];

/** How many unread conversations the widget names (the rest are counted). */
const UNREAD_LISTED = 5;

/** The dashboard's reads are served from the read cache for at most this long (or until a change). */
const DASHBOARD_CACHE_MS = 60_000;
/** Two calendar days ahead in any time zone end within 48 h (+ a DST hour) of now; grouping trims the rest. */
const UPCOMING_WINDOW_MS = 49 * 3600_000;

interface DashboardData {
  profile: DashboardProfile;
  onboarding: boolean;
  unmet: ReturnType<typeof profileChecklist>;
  /** Only for an active profile past onboarding; appointments cover [readAt, readAt + window + cache time). */
  widgets: {
    /** How many conversations are unread, and the newest UNREAD_LISTED of them (the list grows with the provider's history). */
    unread: { count: number; conversations: { clientUserId: number; clientName: string }[] };
    upcoming: FormattedAppointment[];
    bookingLink: string | null;
  } | null;
}

/** What the dashboard reads from the database, at most DASHBOARD_CACHE_MS old (never older than a change). */
function dashboardData(db: Knex, reads: ReadCache, providerId: number): Promise<DashboardData | null> {
  return reads.read(`dashboard:${providerId}`, DASHBOARD_CACHE_MS, async () => {
    const readAt = new Date();
    const profile = await dashboardRecords.loadDashboardProfile(db, providerId);
    if (!profile) return null;
    const unmet = profileChecklist(profile);
    const onboarding = showsOnboardingScreen(profile.status, unmet);
    if (profile.status !== 'active' || onboarding) return { profile, onboarding, unmet, widgets: null };
    const [unread, upcoming, calendar] = await Promise.all([
      listConversations(db, { providerId }, { limit: UNREAD_LISTED }, { unread: true }).then((page) => ({
        count: page.total,
        conversations: page.conversations.map(({ clientUserId, clientName }) => ({ clientUserId, clientName })),
      })),
      upcomingAppointments(
        db,
        providerId,
        readAt,
        new Date(readAt.getTime() + UPCOMING_WINDOW_MS + DASHBOARD_CACHE_MS),
      ),
      calendarStateOf(db, providerId),
    ]);
    return {
      profile,
      onboarding,
      unmet,
      widgets: { unread, upcoming: formatUpcoming(upcoming, profile.timezone), bookingLink: calendar.bookingLink },
    };
  });
}

/** Everything / shows for the selected profile at `now`; `appointmentId` is ?id= (null when absent or not this provider's). */
/**
 * `mayStartMembership` is asked only when the checklist would offer Start membership: spec 1 §6 shows it
 * only to whom may manage billing for the provider, with no inconsistent basic + practice-management account.
 */
export async function dashboardView(
  db: Knex,
  reads: ReadCache,
  provider: ProviderSummary,
  now: Date,
  appointmentId: number | null,
  mayStartMembership: () => Promise<boolean>,
  portalUrl: string,
): Promise<DashboardView> {
  const data = await dashboardData(db, reads, provider.id);
  if (!data) throw new NotFoundError();
  const { profile, onboarding } = data;
  const offersMembership = data.unmet.some((item) => item.key === 'start-membership');
  const unmet =
    offersMembership && !(await mayStartMembership())
      ? data.unmet.filter((item) => item.key !== 'start-membership')
      : data.unmet;
  const timeZone = profile.timezone;
  let widgets: DashboardView['widgets'] = null;
  if (data.widgets) {
    const { unread } = data.widgets;
    const until = now.getTime() + UPCOMING_WINDOW_MS;
    const upcoming = data.widgets.upcoming.filter((a) => a.endTime > now && a.startTime.getTime() < until);
    widgets = {
      unread,
      upcoming: groupFormatted(upcoming, now, timeZone),
      // An active practice-management booking link replaces the calendar widget (spec 2 §2).
      bookingLink: data.widgets.bookingLink,
    };
  }
  // Read fresh (never from the cache): the panel offers cancel and reschedule, which need the current state.
  const appointment = appointmentId ? await loadAppointmentPanel(db, provider.id, appointmentId, now, portalUrl) : null;
  return {
    providerId: provider.id,
    greeting: greetingFor(now, timeZone),
    name: (profile.type === 'practice' ? profile.companyName : profile.firstName) ?? provider.displayName,
    status: profile.status,
    type: profile.type,
    onboarding,
    checklist: CHECKLIST_STATUSES.includes(profile.status) && unmet.length > 0 ? unmet : null,
    cards: onboarding
      ? []
      : actionCards(profile).map(({ name, title, text, linkLabel, dismissable }) => ({
          name,
          title,
          text,
          linkLabel,
          dismissable,
        })),
    widgets,
    appointment,
  };
}

export interface CtaInput {
  type?: unknown;
  action?: unknown;
  card_name?: unknown;
}

/**
 * A card was followed or dismissed: the event is recorded and, for a dismissal, the card's cta flag
 * set to false, in one transaction. Returns where to go next: the card's link, or back to /.
 * A provider outside the user's clinician access, or an unknown card, is not found.
 */
export async function logCtaEvent(
  db: Knex,
  actor: PolicyActor & { user: { id: number } },
  providerId: number,
  input: CtaInput,
): Promise<string> {
  editableProviderId(actor, providerId);
  const card = findCard(input.card_name);
  if (!card) throw new NotFoundError();
  const action = input.action as CtaAction;
  if (input.type !== CTA_EVENT || !CTA_ACTIONS.includes(action)) throw new HttpError(400, 'This event is not known.');
  if (action === 'dismiss_cta' && !card.dismissable) throw new HttpError(400, 'This card cannot be dismissed.');
  await db.transaction(async (trx) => {
    await dashboardRecords.recordEvent(trx, {
      type: CTA_EVENT,
      providerId,
      userId: actor.user.id,
      data: { action, provider_id: providerId, card_name: card.name },
    });
    if (action === 'dismiss_cta') await dashboardRecords.dismissCard(trx, providerId, card.name);
  });
  if (action !== 'follow_cta_link') return '/';
  if (!card.href.startsWith('checkout:')) return card.href;
  const priceId = (await priceIdsByLookupKey(db)).get(card.href.slice('checkout:'.length));
  return priceId ? `/checkout/${priceId}` : '/';
}

/** The referral funnel's months on the dashboard: the current one and the five before it. */
export const FUNNEL_MONTHS = 6;

/**
 * The profile's referral funnel of the last FUNNEL_MONTHS months in its time zone, from the read cache
 * (FUNNEL_CACHE_MS). An owner of a practice with several profiles is offered every profile's figures.
 */
export async function dashboardFunnel(
  db: Knex,
  reads: ReadCache,
  viewer: Viewer,
  provider: ProviderSummary,
  now: Date,
): Promise<NonNullable<DashboardPageProps['funnel']>> {
  const timeZone = provider.timezone;
  const months = monthsEndingIn(monthOf(now, timeZone), FUNNEL_MONTHS);
  const last = months.at(-1)!;
  const key = `dashboard-funnel:${provider.id}:${timeZone}:${last.year}-${last.month}`;
  const funnel = await reads.read(key, FUNNEL_CACHE_MS, () =>
    referralFunnel(db, { providerIds: [provider.id], months, timeZone, now }),
  );
  const practice =
    canManageTeam(viewer, provider.accountId) &&
    viewer.providers.filter((p) => p.accountId === provider.accountId).length > 1;
  return {
    ...profileFunnelView(funnel, provider.id),
    timeZoneLabel: timeZoneLabel(timeZone),
    practiceHref: practice ? PRACTICE_FUNNEL_PATH : null,
  };
}
