// The referral funnel (issue [22] item 3): per profile and calendar month in one time zone, how clients
// found and reached the provider, from a profile view to coming back after a consultation. Each figure is
// counted by the module that owns its table (profile-events, messaging, appointments), each in one
// indexed query over the months asked for, all four at once; this module puts them together (and the
// owners' SQL text for the consultations held and the clients back, repo.ts). What each figure counts:
// docs/decisions.md, "Referral funnel".
import type { Knex } from 'knex';
import { consultationsBookedByMonth } from '../appointments';
import { conversationFunnelCounts } from '../messaging';
import { profileEventsByMonth } from '../profile-events';
import { type CalendarMonth, monthBounds } from './months';
import { heldAndBackByMonth } from './repo';

export interface FunnelFigures {
  profileViews: number;
  contactClicks: number;
  conversationsStarted: number;
  /** Intake messages: the directory's message form and its booking form. */
  referrals: number;
  consultationsBooked: number;
  consultationsHeld: number;
  benefitsChecks: number;
  /** Median time to the first reply, over the conversations begun that month that have one; null: none has. */
  firstReplyMedianSeconds: number | null;
  /** Conversations begun that month that have a reply. */
  repliedConversations: number;
  /** Clients of the consultations held that month who wrote again after theirs. */
  clientsBack: number;
}

export interface FunnelQuestion {
  providerIds: readonly number[];
  /** Consecutive months, oldest first. */
  months: readonly CalendarMonth[];
  timeZone: string;
  now: Date;
}

export interface Funnel {
  months: CalendarMonth[];
  /** Each profile's figures, one entry per month (in the order of `months`); every profile asked is there. */
  profiles: Map<number, FunnelFigures[]>;
  /** All the profiles together: the counts added up, the median over all their conversations. */
  total: FunnelFigures[];
}

export const emptyFigures = (): FunnelFigures => ({
  profileViews: 0,
  contactClicks: 0,
  conversationsStarted: 0,
  referrals: 0,
  consultationsBooked: 0,
  consultationsHeld: 0,
  benefitsChecks: 0,
  firstReplyMedianSeconds: null,
  repliedConversations: 0,
  clientsBack: 0,
});

/**
 * Funnel figures shown from the read cache (the dashboard's, the practice's) were read at most this long
 * ago. Their conversations and bookings are watched tables (a change empties the cache at once); the
 * directory's profile views and contact clicks are not (they arrive on every visit to a profile), so those
 * counts may be this far behind.
 */
export const FUNNEL_CACHE_MS = 5 * 60_000;

/** Reads nothing for months not asked and profiles not asked; a month or a profile without any figure is all zeros. */
export async function referralFunnel(db: Knex, question: FunnelQuestion): Promise<Funnel> {
  const months = [...question.months];
  const ids = [...new Set(question.providerIds)];
  const bounds = monthBounds(months, question.timeZone);
  const profiles = new Map(ids.map((id) => [id, months.map(emptyFigures)]));
  const total = months.map(emptyFigures);
  // width_bucket numbers the months from 1; anything outside the range (it is not read) would be 0 or n+1.
  const figuresOf = (providerId: number | null, month: number): FunnelFigures | undefined =>
    providerId === null ? total[month - 1] : profiles.get(providerId)?.[month - 1];
  const each = (providerId: number, month: number, add: (f: FunnelFigures) => void) => {
    const own = figuresOf(providerId, month);
    const all = figuresOf(null, month);
    if (own && all) {
      add(own);
      add(all);
    }
  };

  const [events, conversations, booked, held] = await Promise.all([
    profileEventsByMonth(db, ids, bounds),
    conversationFunnelCounts(db, ids, bounds),
    consultationsBookedByMonth(db, ids, bounds),
    heldAndBackByMonth(db, ids, bounds, question.now),
  ]);
  for (const row of events)
    each(row.providerId, row.month, (f) => {
      f.profileViews += row.views;
      f.contactClicks += row.clicks;
    });
  for (const row of conversations) {
    const f = figuresOf(row.providerId, row.month);
    if (!f) continue;
    f.conversationsStarted = row.started;
    f.referrals = row.referrals;
    f.benefitsChecks = row.benefitsChecks;
    f.firstReplyMedianSeconds = row.replyMedianSeconds;
    f.repliedConversations = row.replied;
  }
  for (const row of booked) each(row.providerId, row.month, (f) => (f.consultationsBooked += row.booked));
  // A client counts once per profile and month, however many of their consultations that month they wrote after.
  for (const row of held)
    each(row.providerId, row.month, (f) => {
      f.consultationsHeld += row.held;
      f.clientsBack += row.clientsBack;
    });
  return { months, profiles, total };
}
