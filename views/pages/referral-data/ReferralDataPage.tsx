// /referral-data (spec 3 §2 Referral Data): the Download button for the CSV of every referral, and the
// referrals per month of each year as inline SVG bar charts (no script; each chart says its numbers in
// its title, and the counts are printed above the bars).
import { ButtonLink } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';

export const REFERRAL_DATA_PATH = '/referral-data';
export const REFERRAL_DOWNLOAD_PATH = '/referral-data/download';

export interface ReferralYearView {
  year: number;
  /** Twelve counts, January first. */
  months: number[];
  total: number;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

// The chart's drawing box: twelve bars of 24 units with 6 between, a band for the counts above and the month letters below.
const BAR = 24;
const GAP = 6;
const PLOT_TOP = 16;
const PLOT_HEIGHT = 100;
const WIDTH = 12 * (BAR + GAP) + GAP;
const HEIGHT = PLOT_TOP + PLOT_HEIGHT + 20;

export function ReferralChart({ year }: { year: ReferralYearView }) {
  const peak = Math.max(1, ...year.months);
  const titleId = `referral-chart-${year.year}`;
  const summary = `Referrals in ${year.year} by month: ${year.months.map((count, i) => `${MONTHS[i]} ${count}`).join(', ')}.`;
  return (
    <figure className="referral-chart">
      <figcaption>
        <strong>{year.year}</strong>
        {` — ${year.total} ${year.total === 1 ? 'referral' : 'referrals'}`}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-labelledby={titleId} focusable="false">
        <title id={titleId}>{summary}</title>
        <line
          x1={0}
          x2={WIDTH}
          y1={PLOT_TOP + PLOT_HEIGHT}
          y2={PLOT_TOP + PLOT_HEIGHT}
          stroke="currentColor"
          strokeWidth={1}
        />
        {year.months.map((count, i) => {
          const height = Math.round((count / peak) * PLOT_HEIGHT);
          const x = GAP + i * (BAR + GAP);
          const y = PLOT_TOP + PLOT_HEIGHT - height;
          return (
            <g key={MONTHS[i]}>
              {count > 0 && <rect x={x} y={y} width={BAR} height={height} fill="currentColor" opacity={0.75} />}
              <text x={x + BAR / 2} y={y - 3} textAnchor="middle" fontSize={10} fill="currentColor">
                {count}
              </text>
              <text x={x + BAR / 2} y={HEIGHT - 4} textAnchor="middle" fontSize={10} fill="currentColor">
                {MONTHS[i]!.slice(0, 3)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

export function ReferralDataPage({ years }: { years: ReferralYearView[] }) {
  return (
    <div className="referral-data">
      <section className="card" aria-labelledby="referral-download-heading">
        <h2 id="referral-download-heading">Download your referrals</h2>
        <p>
          A CSV file of every referral your practice has received: the client, the profile they contacted, and any phone
          consultation. Times are in UTC.
        </p>
        <p className="actions">
          <ButtonLink variant="primary" href={REFERRAL_DOWNLOAD_PATH} download="referral_data.csv">
            Download
          </ButtonLink>
        </p>
      </section>
      <section className="card" aria-labelledby="referral-counts-heading">
        <h2 id="referral-counts-heading">Referrals by month</h2>
        {years.length === 0 ? (
          <EmptyState title="You don't have any referrals yet." />
        ) : (
          <>
            <p className="hint">Months are counted in UTC, as in the download.</p>
            {[...years].reverse().map((year) => (
              <ReferralChart key={year.year} year={year} />
            ))}
          </>
        )}
      </section>
    </div>
  );
}
