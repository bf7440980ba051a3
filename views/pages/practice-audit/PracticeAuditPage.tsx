// /practice/audit (issue [22] item 4): who read what on the account, newest first, ten a page, filtered
// by person and by client name with a plain GET form (no JavaScript needed).
import { FormField } from '../../components/form/FormField';
import { SelectField, type SelectOption } from '../../components/form/SelectField';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { DataTable } from '../../components/ui/DataTable';
import { EmptyState } from '../../components/ui/EmptyState';
import { Label } from '../../components/ui/Label';
import { Pager } from '../../components/ui/Pager';

export const AUDIT_PATH = '/practice/audit';

export interface ReadRecordView {
  id: number;
  when: string;
  who: string;
  /** What was done: "Opened a conversation", "Downloaded the referral data". */
  what: string;
  /** The client read about, or the list or file read. */
  which: string;
}

export interface AuditFilters {
  person: string;
  client: string;
  people: SelectOption[];
}

export function PracticeAuditPage({
  records,
  filters,
  page,
  pageCount,
  total,
  timeZoneLabel,
  retentionYears,
  pageHref,
}: {
  records: ReadRecordView[];
  filters: AuditFilters;
  page: number;
  pageCount: number;
  total: number;
  timeZoneLabel: string;
  retentionYears: number;
  pageHref: (page: number) => string;
}) {
  const filtered = Boolean(filters.person || filters.client);
  return (
    <div className="practice-audit">
      <p className="hint">
        Every opening of a conversation or a client list page, and every download of client data, by the people of your
        account. {`Records are kept ${retentionYears} years and cannot be changed or deleted.`}
      </p>
      <Card id="audit-records" title="Records">
        <form method="get" action={AUDIT_PATH} className="record-filters" aria-label="Filter the records">
          <SelectField
            id="audit-person"
            name="person"
            label="Person"
            value={filters.person}
            placeholder="Everyone"
            options={filters.people}
          />
          <FormField
            id="audit-client"
            name="client"
            type="search"
            label="Client name"
            defaultValue={filters.client}
            maxLength={100}
          />
          <Button variant="secondary">Filter</Button>
        </form>
        <p className="hint">{`Times are in ${timeZoneLabel}. ${total === 1 ? '1 record' : `${total} records`}.`}</p>
        {records.length === 0 ? (
          <EmptyState title={filtered ? 'No records match these filters' : 'Nothing has been read yet'} />
        ) : (
          <DataTable
            caption="Who read what, newest first"
            density="compact"
            rows={records}
            rowKey={(r) => r.id}
            columns={[
              { heading: 'When', cell: (r) => r.when },
              { heading: 'Who', cell: (r) => r.who },
              { heading: 'What', cell: (r) => <Label state="info">{r.what}</Label> },
              { heading: 'Client or export', cell: (r) => r.which },
            ]}
          />
        )}
        <Pager page={page} pageCount={pageCount} href={pageHref} label="Pages of records" />
      </Card>
    </div>
  );
}
