// /practice/funnel (issue [22] item 3): for the account's owners, each profile's referral funnel in one
// month, chosen with a plain GET form (no JavaScript needed), with the practice's totals last.
import { SelectField, type SelectOption } from '../../components/form/SelectField';
import { FunnelTable, type FunnelRowView, HowWeCount } from '../../components/ReferralFunnel';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Pager } from '../../components/ui/Pager';

export const PRACTICE_FUNNEL_PATH = '/practice/funnel';

export function PracticeFunnelPage({
  month,
  monthLabel,
  months,
  rows,
  total,
  timeZoneLabel,
  page,
  pageCount,
  pageHref,
}: {
  /** The month shown, "2026-06". */
  month: string;
  monthLabel: string;
  /** The months offered, newest first. */
  months: SelectOption[];
  /** One row per profile of the account on this page (20 a page). */
  rows: FunnelRowView[];
  /** Every profile together. */
  total: FunnelRowView;
  timeZoneLabel: string;
  page: number;
  pageCount: number;
  pageHref: (page: number) => string;
}) {
  return (
    <div className="practice-funnel">
      <p className="hint">
        How clients found and reached each profile of your practice: from profile views to consultations and clients who
        came back.
      </p>
      <Card id="practice-funnel-figures" title={`Referrals in ${monthLabel}`}>
        <form method="get" action={PRACTICE_FUNNEL_PATH} className="record-filters" aria-label="Choose a month">
          <SelectField id="funnel-month" name="month" label="Month" value={month} options={months} />
          <Button variant="secondary">Show</Button>
        </form>
        <FunnelTable
          caption={`Referral figures of each profile in ${monthLabel}, with the practice's totals last`}
          rowHeading="Profile"
          rows={[...rows, total]}
        />
        <Pager page={page} pageCount={pageCount} href={pageHref} label="Pages of profiles" />
        <HowWeCount timeZoneLabel={timeZoneLabel} />
        <p className="hint">
          The totals add up each profile's figures; their first reply time is the median over all the practice's
          conversations.
        </p>
      </Card>
    </div>
  );
}
