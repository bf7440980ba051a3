// /dev/components (never in production): every view component of the design system in every state, so
// a change to one can be seen, and checked by the browser tests, in one place.
import { ConfirmStep } from '../../components/ui/ConfirmStep';
import { FormField } from '../../components/form/FormField';
import { ICON_NAMES, Icon } from '../../components/Icon';
import { Pager } from '../../components/ui/Pager';
import { RowActions, RowMenuButton } from '../../components/ui/RowActions';
import { TagCheckboxes } from '../../components/TagCheckboxes';
import { Checkbox } from '../../components/form/Checkbox';
import { CheckboxGroup, RadioGroup } from '../../components/form/ChoiceGroup';
import { FileField } from '../../components/form/FileField';
import { SelectField } from '../../components/form/SelectField';
import { TextAreaField } from '../../components/form/TextAreaField';
import { Avatar } from '../../components/ui/Avatar';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { DataTable } from '../../components/ui/DataTable';
import { EmptyState } from '../../components/ui/EmptyState';
import { Notice } from '../../components/ui/Notice';
import { SummaryList } from '../../components/ui/SummaryList';
import { Tabs } from '../../components/ui/Tabs';
import { Label, type LabelState } from '../../components/ui/Label';
import { FormError } from '../../components/form/FieldError';

const ACCEPTING = [
  { value: '40', label: 'Yes' },
  { value: '20', label: 'Waitlist', hint: '2-3 week wait' },
  { value: '0', label: 'No' },
];
const TIMES = [
  { value: 'mornings', label: 'Mornings' },
  { value: 'evenings', label: 'Evenings' },
  { value: 'weekends', label: 'Weekends' },
];
const LICENSES = [
  { state: 'New York', number: 'LCSW 1234', verified: true },
  { state: 'New Jersey', number: 'LPC 987', verified: false },
];
const STATES = [
  { value: 'NY', label: 'New York' },
  { value: 'NJ', label: 'New Jersey' },
];

/** The label's states and the words that take each (views/components/ui/Label.tsx). */
const LABEL_STATES: { state: LabelState; meaning: string; words: string[] }[] = [
  { state: 'success', meaning: 'working as it should', words: ['Live', 'Active', 'Verified', 'Paid'] },
  { state: 'attention', meaning: 'needs you soon', words: ['Trial · ends Dec 1', 'Unverified', 'Pending', 'Open'] },
  { state: 'danger', meaning: 'blocked or failed', words: ['Not found', 'Declined', 'Past due', 'Locked'] },
  { state: 'neutral', meaning: 'off or over', words: ['Inactive', 'Canceled', 'Not live', 'Off'] },
  { state: 'info', meaning: 'a fact to know', words: ['Default', 'Reviewing', 'Today'] },
];
const TEXT_SIZES = [
  ['--text-xl', 'Page heading (h1), 28 px'],
  ['--text-lg', 'Error summary title, 22 px'],
  ['--text-md', 'Card heading (h2), 18 px'],
  ['--text-base', 'Body text and h3, 16 px'],
  ['--text-sm', 'Hints, dates, tags, 14 px'],
] as const;
const SPACES = [
  ['--space-1', '4 px'],
  ['--space-2', '8 px'],
  ['--space-3', '12 px'],
  ['--space-4', '16 px'],
  ['--space-5', '24 px'],
  ['--space-6', '32 px'],
] as const;

export function ComponentsPage() {
  return (
    <div className="components-page">
      <Tabs
        label="Component groups"
        current="/dev/components"
        tabs={[
          { label: 'All components', href: '/dev/components' },
          { label: 'Jobs', href: '/dev/jobs' },
          { label: 'Outbox', href: '/dev/outbox' },
        ]}
      />

      <Card
        id="buttons"
        title="Buttons"
        footer={
          <>
            <Button type="button">Primary</Button>
            <Button type="button" variant="secondary">
              Secondary
            </Button>
            <Button type="button" variant="link">
              Link
            </Button>
          </>
        }
      >
        <p className="actions">
          <Button type="button">Save</Button>
          <Button type="button" variant="secondary">
            Cancel
          </Button>
          <Button type="button" variant="danger-outline">
            <Icon name="trash-2" /> Delete selected locations
          </Button>
          <Button type="button" variant="danger">
            Delete license
          </Button>
          <Button type="button" variant="link">
            <Icon name="pencil" /> Edit
          </Button>
          <Button type="button" disabled>
            Disabled
          </Button>
          <ButtonLink href="#buttons" variant="secondary">
            <Icon name="plus" /> Add a location
          </ButtonLink>
        </p>
      </Card>

      <Card id="type-and-spacing" title="Type and spacing">
        <h3>Type scale</h3>
        <ul className="scale">
          {TEXT_SIZES.map(([token, use]) => (
            <li key={token}>
              <code>{token}</code>
              <span className={`scale__${token.slice(2)}`}>{use}</span>
            </li>
          ))}
        </ul>
        <h3>Spacing scale</h3>
        <ul className="scale">
          {SPACES.map(([token, size]) => (
            <li key={token}>
              <code>{`${token} (${size})`}</code>
              <span className={`scale__bar scale__${token.slice(2)}`} />
            </li>
          ))}
        </ul>
      </Card>

      <Card
        id="card-header"
        title="A card with a header action"
        actions={
          <a href="#card-header">
            Edit<span className="visually-hidden"> the card</span>
          </a>
        }
      >
        <p>The heading on the left, its own actions on the right; the heading wraps, the actions stay.</p>
      </Card>

      <Card id="fields" title="Form fields">
        <form action="#fields" noValidate>
          <FormField name="plain" label="Location Name" defaultValue="Downtown office" />
          <FormField
            name="hinted"
            label="Zip"
            hint="Five digits."
            inputMode="numeric"
            className="input--10ch"
            defaultValue="10001"
          />
          <FormField name="phone" label="Phone" type="tel" className="input--15ch" defaultValue="(212) 555-0142" />
          <FormField name="broken" label="Address" defaultValue="" error="Address required." />
          <SelectField
            id="state"
            name="state"
            label="State"
            value=""
            options={STATES}
            placeholder="Choose a state"
            error="Please choose a state."
          />
          <TextAreaField
            name="short_description"
            label="Short description"
            hint="No URLs, phone numbers or email addresses."
            value="Weekly group for new parents."
            maxLength={255}
          />
          <TextAreaField name="description" label="Description" value="" error="Description required." />
          <FileField name="image" label="Image" hint="A colorful photo of at least 100 KB." />
          <Checkbox id="ada" name="ada" label="Wheelchair accessible" checked />
          <RadioGroup
            idPrefix="accepting"
            name="accepting"
            legend="Accepting new clients?"
            value="20"
            options={ACCEPTING}
          />
          <CheckboxGroup
            idPrefix="times"
            legend="When are you accepting new clients?"
            values={{ evenings: true }}
            options={TIMES}
            error="Please choose at least one time."
          />
          <TagCheckboxes
            name="specialties"
            legend="Specialties"
            hint="Chosen ones come first."
            selected={[3]}
            options={['Anxiety', 'Depression', 'Grief', 'Trauma'].map((name, i) => ({ id: i + 1, name }))}
          />
        </form>
      </Card>

      <Card id="error-summary" title="Error summary">
        <p>
          A refused form&rsquo;s page opens on the summary above its heading, as this page does: &ldquo;There is a
          problem&rdquo; and a link to each message the page shows, focused when the page loads, with the title starting
          &ldquo;Error: &rdquo;. The messages of the fields above and the one below make it; no page builds it itself.
        </p>
        <FormError id="payment-failure-example" message="Your card was declined." />
      </Card>

      <Card id="read-views" title="Summary list and table">
        <SummaryList
          rows={[
            {
              label: 'Name',
              value: 'Dana Rivera',
              action: (
                <a href="#read-views">
                  Edit<span className="visually-hidden"> the name</span>
                </a>
              ),
            },
            { label: 'Phone', value: '(212) 555-0142' },
            { label: 'Pronouns', value: '' },
          ]}
        />
        <DataTable
          caption="Licenses"
          density="compact"
          rows={LICENSES}
          rowKey={(l) => l.number}
          columns={[
            { heading: 'State', cell: (l) => l.state },
            { heading: 'Number', cell: (l) => l.number },
            {
              heading: 'Status',
              cell: (l) => (
                <Label state={l.verified ? 'success' : 'attention'}>{l.verified ? 'Verified' : 'Unverified'}</Label>
              ),
            },
            {
              heading: 'Actions',
              hidden: true,
              cell: (l) => (
                <Button type="button" variant="danger-outline">
                  Delete<span className="visually-hidden"> {l.number}</span>
                </Button>
              ),
            },
          ]}
        />
      </Card>

      <Card id="labels" title="Status labels">
        <p>
          One label per state, each in its fixed colour; the word says the state, an explanation stays text beside it.
        </p>
        <dl className="label-states">
          {LABEL_STATES.map(({ state, meaning, words }) => (
            <div key={state}>
              <dt>
                <code>{state}</code>: {meaning}
              </dt>
              <dd>
                {words.map((word) => (
                  <Label key={word} state={state}>
                    {word}
                  </Label>
                ))}
              </dd>
            </div>
          ))}
        </dl>
        <p className="label-with-action">
          <Label state="attention">Trial · ends Dec 1</Label>
          <a href="#labels">Add Practice Management</a>
        </p>
      </Card>

      <Card id="status" title="Notices and avatars">
        <Notice tone="success" title="Saved">
          Your availability is up to date.
        </Notice>
        <Notice tone="info">New licenses are verified within 48 business hours.</Notice>
        <Notice tone="warning" title="Not live yet">
          Finish your profile to go live.
        </Notice>
        <Notice tone="error">We could not verify this license.</Notice>
        <p className="actions">
          <Avatar name="Dana Rivera" />
          <Avatar name="Harbor Light Counseling" small />
          <Icon name="lock" label="locked: needs a membership" />
        </p>
        <p className="actions">
          {ICON_NAMES.map((name) => (
            <Icon key={name} name={name} label={name} />
          ))}
        </p>
      </Card>

      <Card id="lists" title="Empty state and pagination">
        <EmptyState
          title="No therapy groups yet"
          action={
            <ButtonLink href="#lists" variant="primary">
              <Icon name="plus" /> Add a group
            </ButtonLink>
          }
        >
          Groups you run appear on your profile.
        </EmptyState>
        <Pager page={2} pageCount={3} label="Pages of examples" href={(n) => `/dev/components?page=${n}#lists`} />
      </Card>

      <Card id="row-actions" title="Row actions">
        <p className="hint">One visible action per row; the others in More, the dangerous one last.</p>
        <div className="member">
          <div className="member__who">
            <strong>Priya Shah</strong>
          </div>
          <RowActions name="Priya Shah" primary={<ButtonLink href="#row-actions">Switch to Priya Shah</ButtonLink>}>
            <RowMenuButton type="button">Move up</RowMenuButton>
            <RowMenuButton type="button" disabled>
              Move down
            </RowMenuButton>
            <RowMenuButton type="button" danger>
              Remove
            </RowMenuButton>
          </RowActions>
        </div>
      </Card>

      <h2>Dialog (its page form, without JavaScript)</h2>
      <ConfirmStep
        question="Are you sure you want to delete this license?"
        details="New York license LCSW 1234 will be removed."
        action="/dev/components"
        confirmLabel="Delete license"
        cancelHref="#lists"
      />
    </div>
  );
}
