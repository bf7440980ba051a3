// How a subscription's status is shown (spec 3 §4): trialing shows as Active, incomplete_expired as
// Expired, and the statuses that need the provider's attention in the warning colour.
export type StatusTone = 'success' | 'warning' | 'neutral';

const LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Active',
  past_due: 'Past due',
  unpaid: 'Unpaid',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  canceled: 'Canceled',
  paused: 'Paused',
};

export function statusDisplay(status: string): { label: string; tone: StatusTone } {
  const tone: StatusTone = ['incomplete', 'past_due', 'unpaid'].includes(status)
    ? 'warning'
    : status === 'active' || status === 'trialing'
      ? 'success'
      : 'neutral';
  return { label: LABELS[status] ?? status, tone };
}

/** Which section of Plan Management a subscription belongs in. */
export function sectionOf(status: string): 'pending' | 'active' | 'canceled' {
  if (status === 'incomplete') return 'pending';
  if (status === 'canceled' || status === 'incomplete_expired') return 'canceled';
  return 'active';
}
