// /practice-management (spec 3 §2, §4): the account's EHR (Try, Set Up, Log in to or Activate Practice
// Management, with the clinic's state) and the selected profile's EHR booking link. Every action is a
// plain form or link; the booking link's setup dialog is a page state (?setup=booking-link), so it opens
// without JavaScript too.
import { PostForm } from '../../components/PostForm';
import { PracticeManagementButton, TrialLabel, type TrialView } from '../../components/AddOnButtons';
import { FormField } from '../../components/form/FormField';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Notice } from '../../components/ui/Notice';
import { SummaryList } from '../../components/ui/SummaryList';
import { Label } from '../../components/ui/Label';

export const PAGE_PATH = '/practice-management';
export const SETUP_DIALOG_PATH = `${PAGE_PATH}?setup=booking-link`;
export const startPath = (accountId: number) => `${PAGE_PATH}/${accountId}/clinic`;
export const bookingLinkPath = (providerId: number) => `${PAGE_PATH}/booking-link/${providerId}`;

export type Stage = 'none' | 'paid-not-set-up' | 'pending' | 'trial' | 'trial-ended' | 'active';

export interface PracticeManagementView {
  accountId: number;
  providerId: number;
  providerName: string;
  /** The account owner: the only one who may start, set up or activate it. */
  mayManage: boolean;
  stage: Stage;
  cta: { kind: string; label: string; href: string; external: boolean } | null;
  clinic: {
    subdomain: string;
    status: 'pending' | 'active';
    link: string | null;
    signInUrl: string;
    /** The trial's end in words ("December 1, 2026"). */
    trialEnd: string | null;
  } | null;
  /** A running trial (stage trial): its label, and the owner's buy action beside it. */
  trial: TrialView | null;
  trialDays: number;
  /** What the clinic address looks like, for the subdomain hint. */
  addressExample: string;
  /** The EHR could not be reached: the page shows what the portal last knew. */
  serviceError: string | null;
  bookingLink: { status: 'active' | 'inactive'; href: string | null; linkOverride: string | null } | null;
}

export interface StartForm {
  subdomain: string;
  error?: string;
}
export interface SetupDialog {
  linkOverride: string;
  error?: string;
}

export function PracticeManagementPage({
  view,
  start,
  setup,
}: {
  view: PracticeManagementView;
  start: StartForm;
  setup: SetupDialog | null;
}) {
  if (setup && view.bookingLink) return <BookingLinkSetupDialog view={view} setup={setup} />;
  return (
    <div className="practice-management">
      {view.serviceError && <Notice tone="error">{view.serviceError}</Notice>}
      <Card id="ehr" title="Practice Management (EHR)">
        <p>
          Scheduling, notes, a client portal, billing and telehealth in one place, connected to your profile so clients
          can book straight from it.
        </p>
        {view.mayManage ? <OwnerState view={view} start={start} /> : <NotOwner view={view} />}
      </Card>
      {view.bookingLink && <BookingLinkCard view={view} link={view.bookingLink} />}
    </div>
  );
}

/** The clinic and its state; a running trial is a warning with the date it ends and its buy action, never "Active". */
function ClinicSummary({ view }: { view: PracticeManagementView }) {
  const clinic = view.clinic!;
  const status =
    view.stage === 'trial-ended' ? (
      <Label state="attention">Trial ended</Label>
    ) : clinic.status === 'pending' ? (
      <Label state="attention">Pending</Label>
    ) : view.trial ? (
      <TrialLabel trial={view.trial} />
    ) : view.stage === 'trial' ? (
      <Label state="attention">Trial</Label>
    ) : (
      <Label state="success">Active</Label>
    );
  const rows = [
    { label: 'Clinic', value: <span>{clinic.subdomain}</span> },
    { label: 'Status', value: status },
  ];
  if (clinic.trialEnd && view.stage !== 'trial')
    rows.push({
      label: view.stage === 'trial-ended' ? 'Trial ended' : 'Trial ends',
      value: <span>{clinic.trialEnd}</span>,
    });
  return <SummaryList rows={rows} />;
}

function OwnerState({ view, start }: { view: PracticeManagementView; start: StartForm }) {
  switch (view.stage) {
    case 'none':
    case 'paid-not-set-up':
      return (
        <PostForm action={startPath(view.accountId)} noValidate>
          <p>
            {view.stage === 'none'
              ? `Start a free ${view.trialDays}-day trial for your account. Choose the address of your clinic first.`
              : 'Your plan includes Practice Management. Choose the address of your clinic to set it up.'}
          </p>
          <input type="hidden" name="provider_id" value={String(view.providerId)} />
          <FormField
            name="subdomain"
            label="Clinic subdomain"
            defaultValue={start.subdomain}
            error={start.error}
            hint={`Lowercase letters, numbers and hyphens; your clinic will be at ${view.addressExample}.`}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            maxLength={63}
            required
          />
          <div className="actions">
            <Button>
              {view.cta?.label ?? (view.stage === 'none' ? 'Try Practice Management' : 'Set Up Practice Management')}
            </Button>
          </div>
        </PostForm>
      );
    case 'pending':
      return (
        <>
          <ClinicSummary view={view} />
          <p>Your clinic is being set up. Follow its setup link to finish; you can log in once it is ready.</p>
          {view.clinic!.link && (
            <div className="actions">
              <ButtonLink variant="primary" href={view.clinic!.link} target="_blank" rel="noopener noreferrer">
                Set Up Practice Management<span className="visually-hidden"> (opens in a new tab)</span>
              </ButtonLink>
            </div>
          )}
        </>
      );
    case 'trial':
    case 'active':
      return (
        <>
          <ClinicSummary view={view} />
          {view.cta && (
            <div className="actions">
              <PracticeManagementButton cta={view.cta} variant="primary" />
            </div>
          )}
        </>
      );
    case 'trial-ended':
      return (
        <>
          <ClinicSummary view={view} />
          <Notice tone="warning">
            Your free trial has ended. Activate Practice Management to keep using your clinic.
          </Notice>
          {view.cta && (
            <div className="actions">
              <PracticeManagementButton cta={view.cta} variant="primary" />
            </div>
          )}
        </>
      );
  }
}

function NotOwner({ view }: { view: PracticeManagementView }) {
  return (
    <>
      {view.clinic && <ClinicSummary view={view} />}
      <Notice tone="info">
        Only the owner of this account can try, set up, log in to or activate Practice Management. Please ask them to do
        it for your practice.
      </Notice>
    </>
  );
}

function BookingLinkCard({
  view,
  link,
}: {
  view: PracticeManagementView;
  link: NonNullable<PracticeManagementView['bookingLink']>;
}) {
  const active = link.status === 'active';
  return (
    <Card id="booking-link" title="EHR booking link">
      <p>
        While the booking link is on, clients book with {view.providerName} through the clinic&apos;s booking page,
        which replaces the call calendar on your profile.
      </p>
      <SummaryList
        rows={[
          { label: 'Status', value: active ? <Label state="success">On</Label> : <Label>Off</Label> },
          { label: 'Booking page', value: link.href ? <a href={link.href}>{link.href}</a> : null },
        ]}
      />
      <PostForm action={bookingLinkPath(view.providerId)}>
        <input type="hidden" name="status" value={active ? 'inactive' : 'active'} />
        <div className="actions">
          <Button variant={active ? 'danger-outline' : 'primary'}>
            {active ? 'Turn off booking link' : 'Turn on booking link'}
          </Button>
          {!active && <a href={SETUP_DIALOG_PATH}>Set up the booking link</a>}
        </div>
      </PostForm>
    </Card>
  );
}

/** The setup dialog: how to get the clinic's booking page ready, or the address of another booking page. */
function BookingLinkSetupDialog({ view, setup }: { view: PracticeManagementView; setup: SetupDialog }) {
  return (
    <section className="card dialog booking-link-setup" role="dialog" aria-labelledby="setup-heading">
      <h2 id="setup-heading">Set up your EHR booking link</h2>
      <p>Your clinic&apos;s booking page is not ready yet. To turn the booking link on:</p>
      <ol>
        <li>Log in to Practice Management and open the online booking settings.</li>
        <li>Turn on online booking for {view.providerName} and publish the booking page.</li>
        <li>Come back here and turn the booking link on.</li>
      </ol>
      <p>Or use a booking page of your own: enter its address below.</p>
      <PostForm action={bookingLinkPath(view.providerId)} noValidate>
        <input type="hidden" name="status" value="active" />
        <FormField
          name="link_override"
          label="Booking page address"
          type="url"
          inputMode="url"
          defaultValue={setup.linkOverride}
          error={setup.error}
          hint="For example https://booking.example.com/your-practice"
        />
        <div className="actions">
          <Button>Turn on booking link</Button>
          {view.cta?.kind === 'log-in' && <PracticeManagementButton cta={view.cta} />}
          <ButtonLink href={PAGE_PATH}>Close</ButtonLink>
        </div>
      </PostForm>
    </section>
  );
}
