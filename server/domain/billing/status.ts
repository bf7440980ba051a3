// How a subscription's status is shown (spec 3 §4): trialing shows as Active, incomplete_expired as
// Expired; a payment that failed (past due, unpaid) is a danger, one not yet finished (incomplete) needs
// attention. The tones are the status label's states (docs/decisions.md, one status label).
export type StatusTone = 'success' | 'attention' | 'danger' | 'neutral';

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
  const tone: StatusTone = ['past_due', 'unpaid'].includes(status)
    ? 'danger'
    : status === 'incomplete'
      ? 'attention'
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
