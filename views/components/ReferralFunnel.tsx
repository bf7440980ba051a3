// The referral funnel's pieces (issue [22] item 3), shared by the dashboard and the owners' page: a small
// chart drawn on the server (inline SVG, no script; its title and description name it and say its
// figures), the figures as a table that stacks into one card per row on a phone, and "How we count".
import { DataTable } from './ui/DataTable';

/** The figures, in the funnel's order: from a profile view to a client who came back. */
export const FUNNEL_FIGURES = [
  {
    key: 'profileViews',
    heading: 'Profile views',
    counts: 'Views of your profile in the directory, as the directory reports them, by when they happened.',
  },
  {
    key: 'contactClicks',
    heading: 'Contact clicks',
    counts: 'Clicks on a way to reach you in the directory (message, call, booking), by when they happened.',
  },
  {
    key: 'conversationsStarted',
    heading: 'Conversations started',
    counts: 'New conversations with a client, by when the client first wrote or booked.',
  },
  {
    key: 'referrals',
    heading: 'Referrals',
    counts: "Intake messages: a client's message or booking through the directory's forms, by when it was sent.",
  },
  {
    key: 'consultationsBooked',
    heading: 'Consultations booked',
    counts:
      'Phone consultations booked in the month, even if canceled later. Requests you declined or let expire are not counted.',
  },
  {
    key: 'consultationsHeld',
    heading: 'Consultations held',
    counts: 'Phone consultations that started in the month, were not canceled and have ended.',
  },
  {
    key: 'benefitsChecks',
    heading: 'Benefits checks',
    counts: 'Benefits checks clients ran and sent you with a message, by when they were sent.',
  },
  {
    key: 'firstReply',
    heading: 'First reply (median)',
    counts:
      "For the conversations started in the month: the time from the client's first message to your first reply (automatic replies and appointment notices are not replies). Half of your first replies were faster, half slower. A dash means none of them has a reply yet.",
  },
  {
    key: 'clientsBack',
    heading: 'Clients back',
    counts: 'Clients of a consultation held in the month who wrote to you again after it (each client once a month).',
  },
] as const;

export type FunnelFigureKey = (typeof FUNNEL_FIGURES)[number]['key'];

/** One row of figures, already written out ("12", "2 h 5 min", "–"). */
export interface FunnelRowView {
  key: string;
  /** The month ("June 2026") or the profile ("Dr. Priya Shah") the row is about. */
  label: string;
  figures: Record<FunnelFigureKey, string>;
}

export interface FunnelChartView {
  /** Short month names under the bars, oldest first ("Jun"). */
  months: { key: string; label: string }[];
  conversations: number[];
  booked: number[];
  views: number[];
  /** One sentence per month with its three figures, for the chart's description. */
  description: string;
}

// The drawing's own units (it scales to the card's width; the text scales with it, never below 320 px).
const WIDTH = 320;
const HEIGHT = 150;
const TOP = 12;
const BOTTOM = 20;
const LEFT = 4;
const RIGHT = 4;

/** The chart: bars of conversations started and consultations booked, profile views as a line on its own scale. */
export function FunnelChart({ chart, id }: { chart: FunnelChartView; id: string }) {
  const n = chart.months.length;
  const slot = (WIDTH - LEFT - RIGHT) / Math.max(1, n);
  const bar = Math.min(18, slot / 3);
  const plot = HEIGHT - TOP - BOTTOM;
  const barPeak = Math.max(1, ...chart.conversations, ...chart.booked);
  const viewsTop = Math.max(0, ...chart.views);
  const viewPeak = Math.max(1, viewsTop);
  const barHeight = (v: number) => (v / barPeak) * plot;
  const viewY = (v: number) => TOP + plot - (v / viewPeak) * plot;
  const center = (i: number) => LEFT + slot * i + slot / 2;
  const line = chart.views.map((v, i) => `${center(i).toFixed(1)},${viewY(v).toFixed(1)}`).join(' ');
  return (
    <figure className="funnel-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="funnel-chart__svg"
        focusable="false"
      >
        <title id={`${id}-title`}>Conversations started, consultations booked and profile views by month</title>
        <desc id={`${id}-desc`}>{chart.description}</desc>
        <line className="funnel-chart__axis" x1={LEFT} x2={WIDTH - RIGHT} y1={TOP + plot} y2={TOP + plot} />
        {chart.months.map((m, i) => {
          const conversations = barHeight(chart.conversations[i] ?? 0);
          const booked = barHeight(chart.booked[i] ?? 0);
          return (
            <g key={m.key}>
              <rect
                className="funnel-chart__conversations"
                x={center(i) - bar - 1}
                y={TOP + plot - conversations}
                width={bar}
                height={conversations}
              />
              <rect
                className="funnel-chart__booked"
                x={center(i) + 1}
                y={TOP + plot - booked}
                width={bar}
                height={booked}
              />
              <text className="funnel-chart__month" x={center(i)} y={HEIGHT - 6} textAnchor="middle">
                {m.label}
              </text>
            </g>
          );
        })}
        <polyline className="funnel-chart__views" points={line} />
        {chart.views.map((v, i) => (
          <circle key={chart.months[i]!.key} className="funnel-chart__view-dot" cx={center(i)} cy={viewY(v)} r={2.5} />
        ))}
      </svg>
      <figcaption className="funnel-chart__legend">
        <span className="funnel-chart__key funnel-chart__key--conversations">Conversations started</span>
        <span className="funnel-chart__key funnel-chart__key--booked">Consultations booked</span>
        <span className="funnel-chart__key funnel-chart__key--views">
          {viewsTop > 0 ? `Profile views (line, up to ${viewsTop.toLocaleString('en-US')})` : 'Profile views (line)'}
        </span>
      </figcaption>
    </figure>
  );
}

/** The figures as a table: one row per month or per profile; on a phone, one card per row. */
export function FunnelTable({
  caption,
  rowHeading,
  rows,
}: {
  caption: string;
  rowHeading: string;
  rows: FunnelRowView[];
}) {
  return (
    <DataTable
      caption={caption}
      density="compact"
      className="funnel-table"
      rows={rows}
      rowKey={(r) => r.key}
      columns={[
        { heading: rowHeading, cell: (r) => r.label },
        ...FUNNEL_FIGURES.map((f) => ({ heading: f.heading, cell: (r: FunnelRowView) => r.figures[f.key] })),
      ]}
    />
  );
}

/** What each figure counts, folded away. */
export function HowWeCount({ timeZoneLabel }: { timeZoneLabel: string }) {
  return (
    <details className="funnel-how">
      <summary>How we count</summary>
      <p>{`Months are calendar months in ${timeZoneLabel}. Deleted messages are not counted.`}</p>
      <dl>
        {FUNNEL_FIGURES.map((f) => (
          <div key={f.key}>
            <dt>{f.heading}</dt>
            <dd>{f.counts}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** The dashboard's card: the chart, the figures behind it, and how they are counted. */
export function FunnelCard({
  chart,
  rows,
  timeZoneLabel,
  practiceHref,
}: {
  chart: FunnelChartView;
  rows: FunnelRowView[];
  timeZoneLabel: string;
  /** The owners' page of every profile's figures, for an owner. */
  practiceHref?: string | null;
}) {
  return (
    <section className="card funnel" aria-labelledby="funnel-heading">
      <h2 id="funnel-heading">Your referrals</h2>
      <p className="hint">{`The last ${chart.months.length} months, from profile views to consultations.`}</p>
      <FunnelChart chart={chart} id="funnel-chart" />
      <details className="funnel-figures">
        <summary>Show the figures</summary>
        <FunnelTable caption="Your referral figures by month" rowHeading="Month" rows={rows} />
      </details>
      <HowWeCount timeZoneLabel={timeZoneLabel} />
      {practiceHref && (
        <p className="link-row">
          <a href={practiceHref}>See every profile of your practice</a>
        </p>
      )}
    </section>
  );
}
