// The referral funnel's view models: the domain's figures written out for the chart, the tables and
// "How we count" (views/components/ReferralFunnel.tsx).
import type { CalendarMonth, Funnel, FunnelFigures } from '../domain/referral-funnel';
import { monthKey } from '../domain/referral-funnel';
import type { FunnelChartView, FunnelFigureKey, FunnelRowView } from '../../views/components/ReferralFunnel';
import { MONTH_NAMES } from '../../views/components/format';

/** "June 2026". */
export const monthLabel = (m: CalendarMonth): string => `${MONTH_NAMES[m.month - 1]} ${m.year}`;

/** "Jun". */
const shortMonth = (m: CalendarMonth): string => MONTH_NAMES[m.month - 1]!.slice(0, 3);

/**
 * A reply time as a person says it, to the minute: "under 1 min", "45 min", "2 h 5 min", "3 d 4 h";
 * "–" when there is none.
 */
export function replyTimeText(seconds: number | null): string {
  if (seconds === null) return '–';
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return 'under 1 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

export function figuresView(f: FunnelFigures): Record<FunnelFigureKey, string> {
  const count = (n: number) => n.toLocaleString('en-US');
  return {
    profileViews: count(f.profileViews),
    contactClicks: count(f.contactClicks),
    conversationsStarted: count(f.conversationsStarted),
    referrals: count(f.referrals),
    consultationsBooked: count(f.consultationsBooked),
    consultationsHeld: count(f.consultationsHeld),
    benefitsChecks: count(f.benefitsChecks),
    firstReply: replyTimeText(f.firstReplyMedianSeconds),
    clientsBack: count(f.clientsBack),
  };
}

/** One profile's months: the chart (oldest first) and the table (newest first). */
export function profileFunnelView(
  funnel: Funnel,
  providerId: number,
): { chart: FunnelChartView; rows: FunnelRowView[] } {
  const figures = funnel.profiles.get(providerId) ?? [];
  const months = funnel.months.map((m, i) => ({ month: m, figures: figures[i]! }));
  const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
  return {
    chart: {
      months: months.map(({ month }) => ({ key: monthKey(month), label: shortMonth(month) })),
      conversations: months.map(({ figures: f }) => f.conversationsStarted),
      booked: months.map(({ figures: f }) => f.consultationsBooked),
      views: months.map(({ figures: f }) => f.profileViews),
      description: months
        .map(
          ({ month, figures: f }) =>
            `${monthLabel(month)}: ${plural(f.conversationsStarted, 'conversation started', 'conversations started')}, ` +
            `${plural(f.consultationsBooked, 'consultation booked', 'consultations booked')}, ` +
            `${plural(f.profileViews, 'profile view', 'profile views')}.`,
        )
        .join(' '),
    },
    rows: [...months]
      .reverse()
      .map(({ month, figures: f }) => ({ key: monthKey(month), label: monthLabel(month), figures: figuresView(f) })),
  };
}
