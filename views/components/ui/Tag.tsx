// A short status word in a coloured tag (Live, Reviewing, Unverified...). The word carries the meaning;
// the colour only repeats it.
export type Tone = 'success' | 'warning' | 'error' | 'info' | 'neutral';

export function Tag({ tone = 'neutral', children }: { tone?: Tone; children: string }) {
  return <span className={`tag tag--${tone}`}>{children}</span>;
}
