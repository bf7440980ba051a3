// /referral-data (spec 3 §2 Referral Data): the Download button for the CSV of every referral, and the
// referrals per month as a months × years table, each count with a small bar drawn at a fixed size (no
// script; the text never scales with a drawing).
import { ButtonLink } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { MONTH_NAMES } from '../../components/format';

export const REFERRAL_DATA_PATH = '/referral-data';
export const REFERRAL_DOWNLOAD_PATH = '/referral-data/download';

export interface ReferralYearView {
  year: number;
  /** Twelve counts, January first. */
  months: number[];
  total: number;
}

/** The longest bar, in pixels: a bar is drawn at its own size, so the numbers beside it never scale. */
const BAR_MAX = 36;
const BAR_HEIGHT = 8;

/** A month's bar: its length is its share of the busiest month shown; the number beside it says it. */
function MonthBar({ count, peak }: { count: number; peak: number }) {
  const length = count === 0 ? 0 : Math.max(2, Math.round((count / peak) * BAR_MAX));
  return (
    <svg className="referral-bar" width={BAR_MAX} height={BAR_HEIGHT} aria-hidden="true" focusable="false">
      {length > 0 && <rect width={length} height={BAR_HEIGHT} rx={2} />}
    </svg>
  );
}

/**
 * Months down, years across (newest first), one count and a small bar per cell, the totals last. A month
 * still to come is left blank rather than shown as 0.
 */
export function ReferralTable({
  years,
  thisMonth,
}: {
  years: ReferralYearView[];
  thisMonth: { year: number; month: number };
}) {
  const newestFirst = [...years].reverse();
  const peak = Math.max(1, ...years.flatMap((y) => y.months));
  const toCome = (year: number, month: number) =>
    year > thisMonth.year || (year === thisMonth.year && month > thisMonth.month);
  return (
    <div className="table-scroll">
      <table className="referral-table">
        <caption className="visually-hidden">Referrals by month and year</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            {newestFirst.map((y) => (
              <th scope="col" key={y.year}>
                {y.year}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {MONTH_NAMES.map((name, i) => (
            <tr key={name}>
              <th scope="row">{name.slice(0, 3)}</th>
              {newestFirst.map((y) =>
                toCome(y.year, i + 1) ? (
                  <td key={y.year} />
                ) : (
                  <td key={y.year}>
                    <span className="referral-count">{y.months[i]}</span>
                    <MonthBar count={y.months[i] ?? 0} peak={peak} />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            {newestFirst.map((y) => (
              <td key={y.year}>
                <span className="referral-count">{y.total}</span>
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export function ReferralDataPage({
  years,
  thisMonth,
}: {
  years: ReferralYearView[];
  /** Today's year and month (1–12) in UTC, as the counts are: later months are still to come. */
  thisMonth: { year: number; month: number };
}) {
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
            Download referrals (CSV)
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
            <ReferralTable years={years} thisMonth={thisMonth} />
          </>
        )}
      </section>
    </div>
  );
}
