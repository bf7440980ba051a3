// /profile/availability-locations (spec 2 §2 Profile pages): availability per location and notes, the
// confirmation prompt (#confirmed), the vacation responder, contact methods, notices and the location list
// (#practice-locations). Each part is a read view with an Edit link (?edit=) and a plain form post; the
// questions a script would ask (delete, hide the contact form, switch with unsaved edits) are asked here
// too, on the page, so everything works without JavaScript.
import type { ReactNode } from 'react';
import { PostForm } from '../../components/PostForm';
import { ProfileSection, ReadList } from '../../components/ProfileSection';

export const PAGE_PATH = '/profile/availability-locations';

export interface Option { value: string; label: string; hint?: string }

export interface LocationView {
  id: number;
  remote: boolean;
  /** The location's name, or "Online sessions" for an online-only state. */
  title: string;
  addressLines: string[];
  state: string;
  stateName: string;
  locationName: string;
  address: string;
  address_2: string;
  city: string;
  zip: string;
  accepting: string;
  acceptingLabel: string;
  flags: Record<string, boolean>;
  /** Seven strings, Monday to Sunday, or null when never set. */
  hours: string[] | null;
  displayAddress: boolean;
  adaAccessible: boolean;
  inHome: boolean;
  shouldDisplay: boolean;
}

export interface VacationView {
  status: 'active' | 'inactive';
  phase: 'running' | 'scheduled' | 'ended' | 'off';
  startDate: string;
  endDate: string;
  message: string;
  /** "March 5, 2026, 00:00 UTC" and the like, for the read view. */
  startsAtText: string | null;
  endsAtText: string | null;
}

export interface PageView {
  locations: LocationView[];
  states: { code: string; name: string }[];
  licensedStates: string[];
  years: number[];
  notes: string;
  noteMax: number;
  lastUpdatedText: string | null;
  confirmationNeeded: boolean;
  contact: { phone: boolean; form: boolean; hasSchedulingLink: boolean; anyAccepting: boolean; phoneUnavailable: string | null };
  vacation: VacationView;
  acceptingOptions: Option[];
  timeOptions: Option[];
  days: string[];
  closed: string;
  inquire: string;
  hoursMax: number;
}

/** A question the page asks before going on (the no-JavaScript form of a confirm dialog). */
export type Confirm =
  | { kind: 'delete'; text: string; locations: { id: number; title: string }[] }
  | { kind: 'hide-form'; text: string }
  | { kind: 'switch'; text: string; status: 'active' | 'inactive' };

export interface PageProps {
  view: PageView;
  /** The open form: availability, vacation-responder, contact-methods, new-office, new-online, location-{id}. */
  editing: string | null;
  /** What was posted to the open form (kept on a 422). */
  typed: Record<string, unknown> | null;
  errors: Record<string, string>;
  confirm: Confirm | null;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : '');
const on = (v: unknown): boolean => ['1', 'on', 'true', 'yes'].includes(str(v));

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? <p className="field-error" id={`${id}-error`}>{error}</p> : null;
}

function TextInput({ id, name, label, value, error, hint, ...rest }: {
  id: string; name: string; label: string; value: string; error?: string; hint?: string;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {hint && <p className="hint" id={`${id}-hint`}>{hint}</p>}
      <input id={id} name={name} type="text" defaultValue={value} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...rest} />
      <FieldError id={id} error={error} />
    </div>
  );
}

function Checkbox({ id, name, label, checked, value = '1', ...rest }: { id: string; name: string; label: ReactNode; checked: boolean; value?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field field--check">
      <input type="checkbox" id={id} name={name} value={value} defaultChecked={checked} {...rest} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

function StateSelect({ id, value, states, error }: { id: string; value: string; states: PageView['states']; error?: string }) {
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label htmlFor={id}>State</label>
      <select id={id} name="state" defaultValue={value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        <option value="">Choose a state</option>
        {states.map((s) => <option key={s.code} value={s.code}>{s.name}</option>)}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** Yes (40) / Waitlist (20, 2-3 week wait) / No (0) as radios in their own fieldset. */
function AcceptingRadios({ idPrefix, name, value, options, error, legend }: { idPrefix: string; name: string; value: string; options: Option[]; error?: string; legend: string }) {
  return (
    <fieldset className={error ? 'fieldset field--error' : 'fieldset'} aria-describedby={error ? `${idPrefix}-error` : undefined}>
      <legend>{legend}</legend>
      <div className="choice-row">
        {options.map((o) => (
          <div className="field field--check" key={o.value}>
            <input type="radio" id={`${idPrefix}-${o.value}`} name={name} value={o.value} defaultChecked={value === o.value} />
            <label htmlFor={`${idPrefix}-${o.value}`}>{o.label}{o.hint && <span className="hint-inline">{` (${o.hint})`}</span>}</label>
          </div>
        ))}
      </div>
      <FieldError id={idPrefix} error={error} />
    </fieldset>
  );
}

function TimeFlags({ idPrefix, suffix, values, options, error }: { idPrefix: string; suffix: string; values: Record<string, boolean>; options: Option[]; error?: string }) {
  return (
    <fieldset className={error ? 'fieldset field--error' : 'fieldset'} aria-describedby={error ? `${idPrefix}-error` : undefined}>
      <legend>When are you accepting new clients?</legend>
      {options.map((o) => <Checkbox key={o.value} id={`${idPrefix}-${o.value}`} name={o.value + suffix} label={o.label} checked={Boolean(values[o.value])} />)}
      <FieldError id={idPrefix} error={error} />
    </fieldset>
  );
}

const timesText = (flags: Record<string, boolean>, options: Option[]) => options.filter((o) => flags[o.value]).map((o) => o.label).join(', ');

export function AvailabilityLocationsPage(props: PageProps) {
  const { view } = props;
  return (
    <div className="availability-page">
      <p className="notice" id="display-notice">
        A location appears on your public profile only when you have a verified license for its state. New licenses are verified within 48 business hours.
      </p>
      {view.locations.length > 0 && <ConfirmationCard view={view} />}
      <AvailabilitySection {...props} />
      <VacationSection {...props} />
      <ContactMethodsSection {...props} />
      <LocationsSection {...props} />
    </div>
  );
}

// --- Confirmation prompt (#confirmed) ------------------------------------------------------------------

function ConfirmationCard({ view }: { view: PageView }) {
  return (
    <section className="card" id="confirmed" aria-labelledby="confirmed-heading">
      <h2 id="confirmed-heading">Is your availability up to date?</h2>
      {view.confirmationNeeded ? (
        <>
          <p>
            {view.lastUpdatedText ? `You last updated your availability on ${view.lastUpdatedText}.` : 'You have not confirmed your availability yet.'}{' '}
            Clients rely on it when they reach out: please confirm it or update it below.
          </p>
          <PostForm action={`${PAGE_PATH}/confirmation`} className="actions">
            <button type="submit" className="button">Yes, my availability is up to date</button>
            <a className="button button--secondary" href={`${PAGE_PATH}?edit=availability#availability`}>Update my availability</a>
          </PostForm>
        </>
      ) : (
        <p>Thank you! Your availability was last confirmed on {view.lastUpdatedText}.</p>
      )}
    </section>
  );
}

// --- Availability ----------------------------------------------------------------------------------------

function AvailabilitySection({ view, editing, typed, errors }: PageProps) {
  const open = editing === 'availability';
  const t = open ? typed : null;
  const read = view.locations.length ? (
    <>
      <ul className="availability-list">
        {view.locations.map((l) => (
          <li key={l.id}>
            <strong>{l.title}{l.remote ? ` (${l.stateName})` : ''}</strong>: accepting new clients: {l.acceptingLabel}
            {timesText(l.flags, view.timeOptions) && <span className="muted"> · {timesText(l.flags, view.timeOptions)}</span>}
          </li>
        ))}
      </ul>
      <ReadList rows={[['Availability notes', view.notes]]} />
    </>
  ) : <p className="muted">Add a location below to set your availability.</p>;
  return (
    <ProfileSection id="availability" title="Availability" editing={open && view.locations.length > 0} action={`${PAGE_PATH}/availability`} pagePath={PAGE_PATH} read={read}
      intro={<p className="hint">Let clients know whether each location is accepting new clients, and when.</p>}>
      {view.locations.map((l) => {
        const acceptingName = `accepting_patients_${l.id}`;
        const flags = t ? Object.fromEntries(view.timeOptions.map((o) => [o.value, on(t[`${o.value}_${l.id}`])])) : l.flags;
        return (
          <fieldset className="fieldset" key={l.id}>
            <legend>{l.title}{l.remote ? ` (${l.stateName})` : ''}</legend>
            <input type="hidden" name="location_ids" value={l.id} />
            <AcceptingRadios idPrefix={`accepting-${l.id}`} name={acceptingName} value={t ? str(t[acceptingName]) : l.accepting} options={view.acceptingOptions}
              error={errors[acceptingName]} legend="Accepting new clients?" />
            <TimeFlags idPrefix={`times-${l.id}`} suffix={`_${l.id}`} values={flags} options={view.timeOptions} error={errors[`open_times_${l.id}`]} />
          </fieldset>
        );
      })}
      <div className={errors.availability_notes ? 'field field--error' : 'field'}>
        <label htmlFor="availability_notes">Availability notes</label>
        <p className="hint" id="availability_notes-hint">Optional, up to {view.noteMax} characters, e.g. "Evening openings on Tuesdays". No URLs, phone numbers or email addresses.</p>
        <textarea id="availability_notes" name="availability_notes" rows={3} defaultValue={t ? str(t.availability_notes) : view.notes}
          aria-invalid={errors.availability_notes ? true : undefined}
          aria-describedby={['availability_notes-hint', errors.availability_notes && 'availability_notes-error'].filter(Boolean).join(' ')} />
        <FieldError id="availability_notes" error={errors.availability_notes} />
      </div>
    </ProfileSection>
  );
}

// --- Vacation responder ------------------------------------------------------------------------------------

const PHASE_TEXT: Record<VacationView['phase'], string> = {
  running: 'On: clients who message you now get your automatic reply.',
  scheduled: 'On: it starts replying on the start date.',
  ended: 'On, but its end date has passed: it no longer replies.',
  off: 'Off',
};

function VacationSection({ view, editing, typed, errors, confirm }: PageProps) {
  const v = view.vacation;
  const open = editing === 'vacation-responder';
  const t = open ? typed : null;
  const next = v.status === 'active' ? 'inactive' : 'active';
  const switchLabel = v.status === 'active' ? 'Turn off' : 'Turn on';
  const switchConfirm = confirm?.kind === 'switch' ? confirm : null;
  const statusError = errors.status;
  return (
    <section className="card profile-section" id="vacation-responder" aria-labelledby="vacation-responder-heading">
      <div className="profile-section__head">
        <h2 id="vacation-responder-heading">Vacation Responder</h2>
        {!open && <a className="button button--secondary" href={`${PAGE_PATH}?edit=vacation-responder#vacation-responder`}>Edit<span className="visually-hidden"> Vacation Responder</span></a>}
      </div>
      <p className="hint">
        While your Vacation Responder is on, clients who send you a message get your message below as an automatic reply. It runs from 00:00 UTC on the start date until 23:59 UTC on the end date.
      </p>
      <p className={`status-line status-line--${v.status}`} id="vacation-status">
        <strong>Status: {v.status === 'active' ? 'Active' : 'Inactive'}</strong>{v.status === 'active' && <> · {PHASE_TEXT[v.phase]}</>}
      </p>
      {statusError && <p className="field-error" role="alert" id="vacation-status-error">{statusError}</p>}
      {open ? (
        <PostForm action={`${PAGE_PATH}/vacation-responder`} data-warn-unsaved="" noValidate>
          <TextInput id="start_date" name="start_date" label="Start date" type="date" value={t ? str(t.start_date) : v.startDate} error={errors.start_date} hint="Format: YYYY-MM-DD" />
          <TextInput id="end_date" name="end_date" label="End date" type="date" value={t ? str(t.end_date) : v.endDate} error={errors.end_date} hint="Format: YYYY-MM-DD" />
          <div className={errors.message ? 'field field--error' : 'field'}>
            <label htmlFor="vacation-message">Message</label>
            <textarea id="vacation-message" name="message" rows={5} defaultValue={t ? str(t.message) : v.message} aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? 'vacation-message-error' : undefined} />
            <FieldError id="vacation-message" error={errors.message} />
          </div>
          {switchConfirm && (
            <div className="confirm-step" role="alert">
              <p>{switchConfirm.text}</p>
              <input type="hidden" name="status" value={switchConfirm.status} />
              <button type="submit" className="button" formAction={`${PAGE_PATH}/vacation-responder/status`} name="confirmed" value="1">
                {switchConfirm.status === 'active' ? 'Turn on without saving' : 'Turn off without saving'}
              </button>
            </div>
          )}
          <div className="actions">
            {/* Save comes first: it is what Enter submits. */}
            <button type="submit" className="button">Save</button>
            <a className="button button--secondary" href={`${PAGE_PATH}#vacation-responder`} data-no-warn="">Cancel</a>
            {!switchConfirm && (
              <button type="submit" className="button button--secondary" formAction={`${PAGE_PATH}/vacation-responder/status`} name="status" value={next}>{switchLabel}</button>
            )}
          </div>
        </PostForm>
      ) : (
        <>
          <ReadList rows={[
            ['Start date', v.startsAtText],
            ['End date', v.endsAtText],
            ['Message', v.message],
          ]} />
          <PostForm action={`${PAGE_PATH}/vacation-responder/status`} className="actions">
            <input type="hidden" name="status" value={next} />
            <button type="submit" className="button">{switchLabel}<span className="visually-hidden"> Vacation Responder</span></button>
          </PostForm>
        </>
      )}
    </section>
  );
}

// --- Contact methods ------------------------------------------------------------------------------------------

function ContactMethodsSection({ view, editing, typed, confirm }: PageProps) {
  const c = view.contact;
  const open = editing === 'contact-methods';
  const t = open ? typed : null;
  const phoneChecked = t ? on(t.display_acuity_scheduling_link) : c.phone;
  const formChecked = t ? on(t.display_contact_form) : c.form;
  const hideConfirm = confirm?.kind === 'hide-form' ? confirm : null;
  const read = <ReadList rows={[['Phone consultation link', c.phone ? 'Shown on your profile' : 'Hidden'], ['Contact form', c.form ? 'Shown on your profile' : 'Hidden']]} />;
  return (
    <ProfileSection id="contact-methods" title="Contact Methods" editing={open} action={`${PAGE_PATH}/contact-methods`} pagePath={PAGE_PATH} read={read}
      intro={<p className="hint">How clients can reach you from your profile. At least one must stay on.</p>}>
      <Checkbox id="display_acuity_scheduling_link" name="display_acuity_scheduling_link" checked={phoneChecked}
        disabled={Boolean(c.phoneUnavailable) && !c.phone} aria-describedby={c.phoneUnavailable ? 'phone-unavailable' : undefined}
        label="Show my phone consultation scheduling link" />
      {c.phoneUnavailable && <p className="hint" id="phone-unavailable">{c.phoneUnavailable}</p>}
      <Checkbox id="display_contact_form" name="display_contact_form" checked={formChecked} label="Show my contact form" />
      {hideConfirm && (
        <div className="confirm-step" role="alert">
          <p>{hideConfirm.text}</p>
          <button type="submit" className="button" name="confirmed" value="1">Hide my contact form</button>
        </div>
      )}
    </ProfileSection>
  );
}

// --- Locations (#practice-locations) ---------------------------------------------------------------------

function LocationsSection(props: PageProps) {
  const { view, editing, confirm } = props;
  const deleteConfirm = confirm?.kind === 'delete' ? confirm : null;
  const newKind = editing === 'new-office' || editing === 'new-online' ? editing : null;
  return (
    <section className="card" id="practice-locations" aria-labelledby="practice-locations-header">
      <h2 id="practice-locations-header">Practice Locations</h2>
      <p className="hint">Your offices and the states where you offer online sessions. You must have at least one location.</p>
      {deleteConfirm && (
        <div className="confirm-step" role="alert">
          <p>{deleteConfirm.text}</p>
          <ul>{deleteConfirm.locations.map((l) => <li key={l.id}>{l.title}</li>)}</ul>
          <PostForm action={`${PAGE_PATH}/locations/delete`} className="actions">
            {deleteConfirm.locations.map((l) => <input key={l.id} type="hidden" name="location_ids" value={l.id} />)}
            <button type="submit" className="button" name="confirmed" value="1" data-confirm="">Yes, delete</button>
            <a className="button button--secondary" href={`${PAGE_PATH}#practice-locations`}>Cancel</a>
          </PostForm>
        </div>
      )}
      {view.locations.length > 0 && (
        <ul className="location-list">
          {view.locations.map((l) => (
            <li key={l.id} id={`location-${l.id}`} className="location-item">
              {editing === `location-${l.id}` ? <LocationForm {...props} location={l} /> : <LocationRead location={l} view={view} />}
            </li>
          ))}
        </ul>
      )}
      {view.locations.length > 0 && (
        <PostForm action={`${PAGE_PATH}/locations/delete`} id="delete-locations" className="actions" data-confirm="Are you sure you want to delete the selected locations? This cannot be undone.">
          <button type="submit" className="button button--secondary">Delete selected locations</button>
        </PostForm>
      )}
      {newKind ? <LocationForm {...props} location={null} kind={newKind === 'new-online' ? 'online' : 'office'} /> : (
        <p className="actions">
          <a className="button" href={`${PAGE_PATH}?edit=new-office#location-form`}>Add an office</a>
          <a className="button button--secondary" href={`${PAGE_PATH}?edit=new-online#location-form`}>Add a state for online sessions</a>
        </p>
      )}
    </section>
  );
}

function LocationRead({ location: l, view }: { location: LocationView; view: PageView }) {
  const times = timesText(l.flags, view.timeOptions);
  return (
    <>
      <div className="field field--check location-item__select">
        <input type="checkbox" id={`delete-${l.id}`} name="location_ids" value={l.id} form="delete-locations" />
        <label htmlFor={`delete-${l.id}`}>Select<span className="visually-hidden"> {l.title}{l.remote ? ` (${l.stateName})` : ''}</span> for deletion</label>
      </div>
      <h3>{l.title}{l.remote ? ` (${l.stateName})` : ''}</h3>
      {l.addressLines.length > 0 && <p className="location-item__address">{l.addressLines.map((line, i) => <span key={i}>{line}<br /></span>)}</p>}
      <p className={l.shouldDisplay ? 'location-item__display' : 'location-item__display location-item__display--hidden'}>
        {l.shouldDisplay ? 'Shown on your public profile.' : `Not shown on your public profile until your ${l.stateName} license is verified.`}
      </p>
      <ReadList rows={[
        ['Accepting new clients', l.acceptingLabel],
        ['Available', times],
        ['Hours', l.hours ? <span className="hours">{view.days.map((d, i) => <span key={d}>{d}: {l.hours![i]}<br /></span>)}</span> : null],
        ...(!l.remote ? [['Accessibility', [l.adaAccessible && 'Wheelchair accessible', l.inHome && 'In-home sessions', !l.displayAddress && 'Street address hidden'].filter(Boolean).join(', ')] as [string, ReactNode]] : []),
      ]} />
      <p><a href={`${PAGE_PATH}?edit=location-${l.id}#location-${l.id}`}>Edit<span className="visually-hidden"> {l.title}{l.remote ? ` (${l.stateName})` : ''}</span></a></p>
    </>
  );
}

function LocationForm({ view, typed, errors, location, kind }: PageProps & { location: LocationView | null; kind?: 'office' | 'online' }) {
  const t = typed;
  const remote = location ? location.remote : kind === 'online';
  const value = (name: string, saved: string) => (t ? str(t[name]) : saved);
  const checked = (name: string, saved: boolean) => (t ? on(t[name]) : saved);
  const action = location ? `${PAGE_PATH}/locations/${location.id}` : `${PAGE_PATH}/locations`;
  const title = location ? `Edit ${location.title}${location.remote ? ` (${location.stateName})` : ''}` : remote ? 'Add a state for online sessions' : 'Add an office';
  const hours = location?.hours ?? null;
  const savedOpen = view.days.map((_, i) => Boolean(hours && hours[i] !== view.closed));
  const savedText = view.days.map((_, i) => (hours && hours[i] !== view.closed && hours[i] !== view.inquire ? hours[i]! : ''));
  const flags = t ? Object.fromEntries(view.timeOptions.map((o) => [o.value, on(t[o.value])])) : location?.flags ?? {};
  const licenseAsked = !location || Object.keys(errors).some((k) => k.startsWith('license_'));
  return (
    <div className="location-form" id={location ? undefined : 'location-form'}>
      <h3>{title}</h3>
      <PostForm action={action} data-warn-unsaved="" noValidate>
        {!location && <input type="hidden" name="kind" value={remote ? 'online' : 'office'} />}
        {!remote && (
          <>
            <TextInput id="location_name" name="location_name" label={location ? 'Location Name' : 'Location Name (optional)'} value={value('location_name', location?.locationName ?? '')} error={errors.location_name} />
            <TextInput id="address" name="address" label="Address" autoComplete="address-line1" value={value('address', location?.address ?? '')} error={errors.address} />
            <TextInput id="address_2" name="address_2" label="Address line 2 (optional)" autoComplete="address-line2" value={value('address_2', location?.address_2 ?? '')} error={errors.address_2} />
            <TextInput id="city" name="city" label="City" autoComplete="address-level2" value={value('city', location?.city ?? '')} error={errors.city} />
          </>
        )}
        <StateSelect id="location-state" value={value('state', location?.state ?? '')} states={view.states} error={errors.state} />
        {!remote && <TextInput id="zip" name="zip" label="Zip" autoComplete="postal-code" inputMode="numeric" value={value('zip', location?.zip ?? '')} error={errors.zip} />}
        {!remote && (
          <fieldset className="fieldset">
            <legend>Details</legend>
            <Checkbox id="display_address" name="display_address" label="Show the street address on my profile" checked={checked('display_address', location?.displayAddress ?? true)} />
            <Checkbox id="ada_accessible" name="ada_accessible" label="Wheelchair accessible (ADA)" checked={checked('ada_accessible', location?.adaAccessible ?? false)} />
            <Checkbox id="in_home" name="in_home" label="I also see clients in their homes" checked={checked('in_home', location?.inHome ?? false)} />
          </fieldset>
        )}
        <AcceptingRadios idPrefix="location-accepting" name="accepting_patients" value={t ? str(t.accepting_patients) || '40' : location?.accepting ?? '40'}
          options={view.acceptingOptions} error={errors.accepting_patients} legend="Accepting new clients?" />
        <TimeFlags idPrefix="location-times" suffix="" values={flags} options={view.timeOptions} error={errors.open_times} />
        <fieldset className="fieldset hours-fieldset">
          <legend>Practice hours</legend>
          <p className="hint" id="hours-hint">Tick the days you are open and enter your hours, e.g. "9am - 4pm" (at most {view.hoursMax} characters). Days left unticked show as "{view.closed}"; a ticked day without hours shows as "{view.inquire}".</p>
          {view.days.map((day, i) => {
            const error = errors[`hours_${i}`];
            return (
              <div className={error ? 'field-row field--error' : 'field-row'} key={day}>
                <Checkbox id={`open_${i}`} name={`open_${i}`} label={`Open on ${day}`} checked={checked(`open_${i}`, savedOpen[i]!)} />
                <div className="field">
                  <label htmlFor={`hours_${i}`}>{day} hours</label>
                  <input id={`hours_${i}`} name={`hours_${i}`} type="text" defaultValue={value(`hours_${i}`, savedText[i]!)} aria-invalid={error ? true : undefined}
                    aria-describedby={['hours-hint', error && `hours_${i}-error`].filter(Boolean).join(' ')} />
                  <FieldError id={`hours_${i}`} error={error} />
                </div>
              </div>
            );
          })}
        </fieldset>
        {licenseAsked && (
          <fieldset className="fieldset" id="location-license">
            <legend>License for this state</legend>
            <p className="hint" id="license-hint">
              Needed only when you have no license on file for the state you choose; it is saved together with the location and verified by our team within 48 business hours.
              {view.licensedStates.length > 0 && ` Licenses on file: ${view.licensedStates.join(', ')}.`}
            </p>
            <TextInput id="license_number" name="license_number" label="License number" value={value('license_number', '')} error={errors.license_number} />
            <TextInput id="license_type" name="license_type" label="License type" value={value('license_type', '')} error={errors.license_type} />
            <div className={errors.license_expiration ? 'field field--error' : 'field'}>
              <label htmlFor="license_expiration">License expiration year</label>
              <select id="license_expiration" name="license_expiration" defaultValue={value('license_expiration', '')} aria-invalid={errors.license_expiration ? true : undefined}
                aria-describedby={errors.license_expiration ? 'license_expiration-error' : undefined}>
                <option value="">Choose a year</option>
                {view.years.map((y) => <option key={y} value={y}>{y}</option>)}
              </select>
              <FieldError id="license_expiration" error={errors.license_expiration} />
            </div>
          </fieldset>
        )}
        <div className="actions">
          <button type="submit" className="button">{location ? 'Save location' : 'Add location'}</button>
          <a className="button button--secondary" href={`${PAGE_PATH}#practice-locations`} data-no-warn="">Cancel</a>
        </div>
      </PostForm>
    </div>
  );
}
