// /calendar/connections (spec 3 §3 Calendar state: Google calendar list, external calendars, Google link
// status; spec 2 §6 "Events from an external calendar are view-only"): the provider's Google account and
// its linked calendars, and ICS feeds. Every action is a plain form post, so the page works without
// JavaScript; a destructive one asks first (data-confirm, or the browser's own page without a script).
import { PostForm } from '../../components/PostForm';
import { RadioGroup } from '../../components/form/ChoiceGroup';
import { FormField } from '../../components/form/FormField';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { DataTable } from '../../components/ui/DataTable';
import { EmptyState } from '../../components/ui/EmptyState';
import { Notice } from '../../components/ui/Notice';
import { SummaryList } from '../../components/ui/SummaryList';
import { Label } from '../../components/ui/Label';

export const PAGE_PATH = '/calendar/connections';
export const PAGE_TITLE = 'Calendar Connections';
export const NO_CALENDAR = 'This provider does not have a calendar attached!';

export const REMOVE_FEED_QUESTION = 'Remove this calendar feed? Its busy times will no longer block your calendar.';
export const UNLINK_CALENDAR_QUESTION =
  'Unlink this Google calendar? Its busy times will no longer block your calendar.';
export const UNLINK_ACCOUNT_QUESTION =
  'Unlink your Google account? The busy times of all its calendars will be removed from your calendar.';

/** Said of a feed refused for what it holds, after the reason. */
export const REFUSED_FEED_HELP = 'We stopped reading this feed. Correct the calendar, then choose Try again.';

/** How the last sync went, in words. refused: not read again until the provider chooses Try again. */
export interface SyncStatusView {
  state: 'synced' | 'error' | 'waiting' | 'refused';
  lastSyncedText: string | null;
  lastError: string | null;
  busyCount: number;
}

export interface FeedView {
  id: number;
  name: string;
  host: string;
  status: SyncStatusView;
}
export interface LinkedCalendarView {
  id: number;
  name: string;
  status: SyncStatusView;
}

export interface GoogleView {
  /** off: no OAuth client on this server; sample: the stand-in account; google: the real one. */
  mode: 'off' | 'sample' | 'google';
  linked: boolean;
  email: string | null;
  linkedAtText: string | null;
  /** Why the account's calendars could not be listed (access withdrawn, Google down). */
  listError: string | null;
  potential: { id: string; name: string; primary: boolean }[];
  calendars: LinkedCalendarView[];
}

/** A Microsoft account, as Google's: the same states and lists. */
export interface MicrosoftView extends Omit<GoogleView, 'mode'> {
  mode: 'off' | 'sample' | 'microsoft';
}

/** A CalDAV account (iCloud, Fastmail, Nextcloud), connected with an app password. */
export interface CaldavView {
  linked: boolean;
  username: string | null;
  server: string | null;
  linkedAtText: string | null;
  listError: string | null;
  potential: { id: string; name: string; primary: boolean }[];
  calendars: LinkedCalendarView[];
  /** Outside production: the stand-in server's address and sample account. */
  sample: { serverUrl: string; username: string; password: string } | null;
}

export const UNLINK_CALDAV_CALENDAR_QUESTION =
  'Unlink this calendar? Its busy times will no longer block your calendar.';
export const UNLINK_CALDAV_ACCOUNT_QUESTION =
  'Disconnect this calendar account? The busy times of all its calendars will be removed from your calendar.';

/** Where booked consultations are written (write-back): the linked calendars that can take them. */
export interface WriteBackView {
  options: { id: number; label: string }[];
  /** The chosen calendar's id, or null (off, the default). */
  chosen: number | null;
  /** Why the last write to the chosen calendar failed. */
  error: string | null;
}

export interface ConnectionsPageProps {
  hasCalendar: boolean;
  feeds: FeedView[];
  google: GoogleView;
  microsoft: MicrosoftView;
  caldav: CaldavView;
  writeBack: WriteBackView;
  /** What the feed form shows: the typed values after a refused post. */
  feedForm: { name: string; url: string };
  /** What the CalDAV form shows: the typed values after a refused post (never the password). */
  caldavForm: { serverUrl: string; username: string };
  chosenCaldavCalendar: string;
  chosenGoogleCalendar: string;
  chosenMicrosoftCalendar: string;
  errors: Record<string, string>;
}

/** One element, so a stacked table row keeps the tag and its words together. */
function SyncStatus({ status }: { status: SyncStatusView }) {
  if (status.state === 'waiting')
    return (
      <span className="sync-status">
        <Label state="info">Waiting for the first sync</Label>
      </span>
    );
  const failed = status.state === 'error' || status.state === 'refused';
  const detail = failed
    ? `${status.lastError}${status.lastSyncedText ? ` Last synced ${status.lastSyncedText}.` : ''}${status.state === 'refused' ? ` ${REFUSED_FEED_HELP}` : ''}`
    : `${status.lastSyncedText}, ${status.busyCount === 1 ? '1 busy time' : `${status.busyCount} busy times`}`;
  return (
    <span className="sync-status">
      {failed ? <Label state="danger">Not synced</Label> : <Label state="success">Synced</Label>} {detail}
    </span>
  );
}

function RemoveButton({ id, verb, name, question }: { id: number; verb: string; name: string; question: string }) {
  return (
    <PostForm action={`${PAGE_PATH}/calendars/${id}/delete`} data-confirm={question}>
      <Button variant="link">
        {verb}
        <span className="visually-hidden"> {name}</span>
      </Button>
    </PostForm>
  );
}

/** The words of one OAuth calendar service's card. */
interface ServiceTexts {
  id: string;
  title: string;
  path: string;
  field: string;
  notSetUp: string;
  sample: string;
  intro: string;
  linkButton: string;
  unlinkButton: string;
  accountLabel: string;
  caption: string;
  none: string;
  allLinked: string;
  unlinkCalendar: string;
  unlinkAccount: string;
}

const GOOGLE_TEXTS: ServiceTexts = {
  id: 'google',
  title: 'Google Calendar',
  path: `${PAGE_PATH}/google`,
  field: 'google_calendar_id',
  notSetUp:
    'Google Calendar is not set up on this portal yet. You can still add your Google calendar as a feed below, using its secret address in iCal format.',
  sample:
    'Google Calendar is not set up on this server: a sample Google account stands in for it, so linking can be tried.',
  intro:
    'Link your Google account, then choose the calendars whose busy times should block your calendar. Only when you are busy is read: event titles and details stay in Google.',
  linkButton: 'Link Google account',
  unlinkButton: 'Unlink Google account',
  accountLabel: 'Google account',
  caption: 'Linked Google calendars',
  none: 'No Google calendar linked yet.',
  allLinked: 'Every calendar of this Google account is linked.',
  unlinkCalendar: UNLINK_CALENDAR_QUESTION,
  unlinkAccount: UNLINK_ACCOUNT_QUESTION,
};

export const UNLINK_OUTLOOK_CALENDAR_QUESTION =
  'Unlink this Outlook calendar? Its busy times will no longer block your calendar.';
export const UNLINK_MICROSOFT_ACCOUNT_QUESTION =
  'Unlink your Microsoft account? The busy times of all its calendars will be removed from your calendar.';

const MICROSOFT_TEXTS: ServiceTexts = {
  id: 'microsoft',
  title: 'Microsoft 365 / Outlook',
  path: `${PAGE_PATH}/microsoft`,
  field: 'microsoft_calendar_id',
  notSetUp:
    'Outlook is not set up on this portal yet. You can still add your Outlook calendar as a feed below: in Outlook on the web, publish it (Settings, Calendar, Shared calendars) and copy its ICS link.',
  sample:
    'Outlook is not set up on this server: a stand-in for Microsoft 365 with a sample account takes its place, so linking can be tried.',
  intro:
    'Link your Microsoft 365 or Outlook.com account, then choose the calendars whose busy times should block your calendar. Only when you are busy is read: event titles and details stay in Outlook.',
  linkButton: 'Link Microsoft account',
  unlinkButton: 'Unlink Microsoft account',
  accountLabel: 'Microsoft account',
  caption: 'Linked Outlook calendars',
  none: 'No Outlook calendar linked yet.',
  allLinked: 'Every calendar of this Microsoft account is linked.',
  unlinkCalendar: UNLINK_OUTLOOK_CALENDAR_QUESTION,
  unlinkAccount: UNLINK_MICROSOFT_ACCOUNT_QUESTION,
};

function OAuthSection({
  texts,
  view,
  errors,
  chosen,
}: {
  texts: ServiceTexts;
  view: GoogleView | MicrosoftView;
  errors: Record<string, string>;
  chosen: string;
}) {
  if (view.mode === 'off') {
    return (
      <Card id={texts.id} title={texts.title}>
        <p>{texts.notSetUp}</p>
      </Card>
    );
  }
  const sampleNote = view.mode === 'sample' ? <p className="hint">{texts.sample}</p> : null;
  if (!view.linked) {
    return (
      <Card
        id={texts.id}
        title={texts.title}
        footer={
          <PostForm action={`${texts.path}/link`}>
            <Button>{texts.linkButton}</Button>
          </PostForm>
        }
      >
        {sampleNote}
        <p>{texts.intro}</p>
      </Card>
    );
  }
  return (
    <Card
      id={texts.id}
      title={texts.title}
      footer={
        <PostForm action={`${texts.path}/unlink`} data-confirm={texts.unlinkAccount}>
          <Button variant="danger-outline">{texts.unlinkButton}</Button>
        </PostForm>
      }
    >
      {sampleNote}
      <SummaryList
        rows={[
          { label: texts.accountLabel, value: view.email ?? 'Linked' },
          { label: 'Linked since', value: view.linkedAtText ?? '' },
        ]}
      />
      <h3>Linked calendars</h3>
      {view.calendars.length ? (
        <DataTable
          caption={texts.caption}
          className="connections-table"
          rows={view.calendars}
          rowKey={(c) => c.id}
          columns={[
            { heading: 'Calendar', cell: (c) => c.name },
            { heading: 'Status', cell: (c) => <SyncStatus status={c.status} /> },
            {
              heading: 'Actions',
              hidden: true,
              cell: (c) => <RemoveButton id={c.id} question={texts.unlinkCalendar} verb="Unlink" name={c.name} />,
            },
          ]}
        />
      ) : (
        <EmptyState title={texts.none} />
      )}
      {view.listError && <Notice tone="error">{view.listError}</Notice>}
      {!view.listError &&
        (view.potential.length ? (
          <PostForm action={`${texts.path}/calendars`} className="connections-choose">
            <RadioGroup
              idPrefix={texts.field}
              name={texts.field}
              legend="Choose a calendar to link"
              stacked
              value={chosen}
              error={errors[texts.field]}
              options={view.potential.map((c) => ({
                value: c.id,
                label: c.name,
                ...(c.primary ? { hint: 'main calendar' } : {}),
              }))}
            />
            <div className="actions">
              <Button>Link this calendar</Button>
            </div>
          </PostForm>
        ) : (
          <p className="muted">{texts.allLinked}</p>
        ))}
    </Card>
  );
}

function CaldavConnectForm({
  form,
  errors,
  sample,
  again,
}: {
  form: ConnectionsPageProps['caldavForm'];
  errors: Record<string, string>;
  sample: CaldavView['sample'];
  again: boolean;
}) {
  return (
    <PostForm action={`${PAGE_PATH}/caldav`} className="connections-add" noValidate>
      {sample && (
        <p className="hint">
          On this server a sample CalDAV server stands in: address {sample.serverUrl}, user name {sample.username}, app
          password {sample.password}.
        </p>
      )}
      <FormField
        name="server_url"
        label="Server address"
        error={errors.server_url}
        defaultValue={form.serverUrl}
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        hint="iCloud: https://caldav.icloud.com. Fastmail: https://caldav.fastmail.com. Nextcloud: your server's address followed by /remote.php/dav."
      />
      <FormField
        name="username"
        label="User name"
        error={errors.username}
        defaultValue={form.username}
        autoComplete="username"
        spellCheck={false}
        hint="Usually the e-mail address of the account."
      />
      <FormField
        name="password"
        label="App password"
        type="password"
        error={errors.password}
        autoComplete="new-password"
        hint="Make an app password for the portal in your account's security settings (for iCloud: account.apple.com, Sign-In and Security, App-Specific Passwords). Never your main password."
      />
      <div className="actions">
        <Button>{again ? 'Save the new app password' : 'Connect calendar account'}</Button>
      </div>
    </PostForm>
  );
}

function CaldavSection({
  caldav,
  form,
  errors,
  chosen,
}: {
  caldav: CaldavView;
  form: ConnectionsPageProps['caldavForm'];
  errors: Record<string, string>;
  chosen: string;
}) {
  const title = 'iCloud, Fastmail, Nextcloud (CalDAV)';
  if (!caldav.linked) {
    return (
      <Card id="caldav" title={title}>
        <p>
          Connect a calendar account that speaks CalDAV with an app password, then choose the calendars whose busy times
          should block your calendar. Only when you are busy is read.
        </p>
        <CaldavConnectForm form={form} errors={errors} sample={caldav.sample} again={false} />
      </Card>
    );
  }
  // A refused password (or one changed on the server) is replaced here; the form opens when it was just refused.
  const refused = Boolean(errors.server_url || errors.username || errors.password);
  return (
    <Card
      id="caldav"
      title={title}
      footer={
        <PostForm action={`${PAGE_PATH}/caldav/unlink`} data-confirm={UNLINK_CALDAV_ACCOUNT_QUESTION}>
          <Button variant="danger-outline">Disconnect calendar account</Button>
        </PostForm>
      }
    >
      <SummaryList
        rows={[
          { label: 'User name', value: caldav.username ?? '' },
          { label: 'Server', value: caldav.server ?? '' },
          { label: 'Connected since', value: caldav.linkedAtText ?? '' },
        ]}
      />
      <h3>Linked calendars</h3>
      {caldav.calendars.length ? (
        <DataTable
          caption="Linked CalDAV calendars"
          className="connections-table"
          rows={caldav.calendars}
          rowKey={(c) => c.id}
          columns={[
            { heading: 'Calendar', cell: (c) => c.name },
            { heading: 'Status', cell: (c) => <SyncStatus status={c.status} /> },
            {
              heading: 'Actions',
              hidden: true,
              cell: (c) => (
                <RemoveButton id={c.id} question={UNLINK_CALDAV_CALENDAR_QUESTION} verb="Unlink" name={c.name} />
              ),
            },
          ]}
        />
      ) : (
        <EmptyState title="No calendar of this account linked yet." />
      )}
      {caldav.listError && <Notice tone="error">{caldav.listError}</Notice>}
      {!caldav.listError &&
        (caldav.potential.length ? (
          <PostForm action={`${PAGE_PATH}/caldav/calendars`} className="connections-choose">
            <RadioGroup
              idPrefix="caldav_calendar_id"
              name="caldav_calendar_id"
              legend="Choose a calendar to link"
              stacked
              value={chosen}
              error={errors.caldav_calendar_id}
              options={caldav.potential.map((c) => ({ value: c.id, label: c.name }))}
            />
            <div className="actions">
              <Button>Link this calendar</Button>
            </div>
          </PostForm>
        ) : (
          <p className="muted">Every calendar of this account is linked.</p>
        ))}
      <details className="connections-again" open={refused}>
        <summary>Use a new app password</summary>
        <CaldavConnectForm form={form} errors={errors} sample={caldav.sample} again />
      </details>
    </Card>
  );
}

function WriteBackSection({ writeBack, errors }: { writeBack: WriteBackView; errors: Record<string, string> }) {
  return (
    <Card id="write-back" title="Add booked consultations to a calendar">
      <p>
        Each phone consultation booked with you can be added to one of your linked calendars, and moved or removed there
        when it is rescheduled or canceled. The event says &ldquo;Phone consultation with&rdquo; and the client&apos;s
        initials, with a link to the consultation here: never the client&apos;s name, phone or e-mail.
      </p>
      {writeBack.error && <Notice tone="error">{writeBack.error}</Notice>}
      {writeBack.options.length ? (
        <PostForm action={`${PAGE_PATH}/write-back`} className="connections-choose">
          <RadioGroup
            idPrefix="write_back_calendar_id"
            name="write_back_calendar_id"
            legend="Add consultations to"
            stacked
            value={writeBack.chosen === null ? 'none' : String(writeBack.chosen)}
            error={errors.write_back_calendar_id}
            options={[
              { value: 'none', label: 'No calendar' },
              ...writeBack.options.map((o) => ({ value: String(o.id), label: o.label })),
            ]}
          />
          <div className="actions">
            <Button>Save</Button>
          </div>
        </PostForm>
      ) : (
        <>
          {errors.write_back_calendar_id && <Notice tone="error">{errors.write_back_calendar_id}</Notice>}
          <p className="muted">Link a Google, Outlook or CalDAV calendar above first.</p>
        </>
      )}
    </Card>
  );
}

function FeedsSection({
  feeds,
  feedForm,
  errors,
}: {
  feeds: FeedView[];
  feedForm: ConnectionsPageProps['feedForm'];
  errors: Record<string, string>;
}) {
  return (
    <Card id="feeds" title="Calendar feeds (ICS)">
      <p>
        Any calendar app can publish a calendar as a feed (an address in iCal format, often called secret or private
        address). The portal reads it every 30 minutes.
      </p>
      {feeds.length ? (
        <DataTable
          caption="Calendar feeds"
          className="connections-table"
          rows={feeds}
          rowKey={(f) => f.id}
          columns={[
            { heading: 'Name', cell: (f) => f.name },
            { heading: 'Server', cell: (f) => f.host },
            { heading: 'Status', cell: (f) => <SyncStatus status={f.status} /> },
            {
              heading: 'Actions',
              hidden: true,
              cell: (f) => (
                <>
                  {f.status.state === 'refused' && (
                    <PostForm action={`${PAGE_PATH}/calendars/${f.id}/sync`}>
                      <Button variant="link">
                        Try again<span className="visually-hidden"> to read {f.name}</span>
                      </Button>
                    </PostForm>
                  )}
                  <RemoveButton id={f.id} question={REMOVE_FEED_QUESTION} verb="Remove" name={f.name} />
                </>
              ),
            },
          ]}
        />
      ) : (
        <EmptyState title="No calendar feeds yet." />
      )}
      <PostForm action={`${PAGE_PATH}/feeds`} className="connections-add" noValidate>
        <h3>Add a calendar feed</h3>
        <FormField
          name="url"
          label="Calendar address"
          error={errors.url}
          defaultValue={feedForm.url}
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          hint="The address in iCal format your calendar app gives you. It starts with https:// or webcal://."
        />
        <FormField
          name="name"
          label="Name (optional)"
          error={errors.name}
          defaultValue={feedForm.name}
          hint="Only you see it, for example Work calendar."
        />
        <div className="actions">
          <Button>Add calendar feed</Button>
        </div>
      </PostForm>
    </Card>
  );
}

export function ConnectionsPage(props: ConnectionsPageProps) {
  if (!props.hasCalendar) return <Notice tone="warning">{NO_CALENDAR}</Notice>;
  return (
    <div className="calendar-connections">
      <p>
        Busy times from your other calendars block phone consultation slots on your <a href="/calendar">calendar</a>,
        where they show as Unavailable. They are view-only there: change them in the calendar they come from. Only the
        times are read, never titles or details.
      </p>
      <OAuthSection
        texts={GOOGLE_TEXTS}
        view={props.google}
        errors={props.errors}
        chosen={props.chosenGoogleCalendar}
      />
      <OAuthSection
        texts={MICROSOFT_TEXTS}
        view={props.microsoft}
        errors={props.errors}
        chosen={props.chosenMicrosoftCalendar}
      />
      <CaldavSection
        caldav={props.caldav}
        form={props.caldavForm}
        errors={props.errors}
        chosen={props.chosenCaldavCalendar}
      />
      <WriteBackSection writeBack={props.writeBack} errors={props.errors} />
      <FeedsSection feeds={props.feeds} feedForm={props.feedForm} errors={props.errors} />
    </div>
  );
}
