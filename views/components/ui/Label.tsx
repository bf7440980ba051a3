// One status label for every state the portal shows (GitHub Primer's StateLabel is the model): a short
// state word in a pill whose colour is fixed by the state's meaning. The word carries the meaning; the
// colour only repeats it, so an explanation stays plain text next to the label. The states:
//   success    working as it should: Live, Active, On, Verified, Paid, Synced, Ready, Displayed, Done,
//              Shown on your public profile
//   attention  needs the provider soon: Trial · ends …, Unverified, Pending, Open, Incomplete, Trial ended,
//              Not shown
//   danger     blocked or failed: Not found, Declined, Past due, Unpaid, Locked, Not synced
//   neutral    off or over, nothing to do: Inactive, Off, Canceled, Not live, Draft, Past, Hidden
//   info       a fact to know: Default, Reviewing, Today, Waiting for the first sync
export type LabelState = 'success' | 'attention' | 'danger' | 'neutral' | 'info';

export function Label({ state = 'neutral', children }: { state?: LabelState; children: string }) {
  return <span className={`label label--${state}`}>{children}</span>;
}
