// The practice locations (#practice-locations): one item per location with Edit and Delete in its header
// (Delete asks first), each location's form, new ones.
import type { ReactNode } from 'react';
import { PostForm } from '../../components/PostForm';
import { FormField } from '../../components/form/FormField';
import { Checkbox } from '../../components/form/Checkbox';
import { FieldError } from '../../components/form/FieldError';
import { SelectField } from '../../components/form/SelectField';
import { ReadList } from '../../components/ProfileSection';
import { CheckboxGroup, RadioGroup } from '../../components/form/ChoiceGroup';
import { postedChecked, postedText } from '../../components/form/posted';
import { PAGE_PATH, stateOptions, timesText, type LocationView, type PageView, type PageProps } from './view';
import { Icon } from '../../components/Icon';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Label } from '../../components/ui/Label';

export function LocationsSection(props: PageProps) {
  const { view, editing, confirm } = props;
  const deleteConfirm = confirm?.kind === 'delete' ? confirm : null;
  const newKind = editing === 'new-office' || editing === 'new-online' ? editing : null;
  return (
    <section className="card" id="practice-locations" aria-labelledby="practice-locations-header">
      <h2 id="practice-locations-header">Practice Locations</h2>
      <p className="hint">
        Your offices and the states where you offer online sessions. You must have at least one location.
      </p>
      {deleteConfirm && (
        <div className="confirm-step" role="alert">
          <p>{deleteConfirm.text}</p>
          <ul>
            {deleteConfirm.locations.map((l) => (
              <li key={l.id}>{l.title}</li>
            ))}
          </ul>
          <PostForm action={`${PAGE_PATH}/locations/delete`} className="actions">
            {deleteConfirm.locations.map((l) => (
              <input key={l.id} type="hidden" name="location_ids" value={l.id} />
            ))}
            <Button name="confirmed" value="1" data-confirm="">
              Yes, delete
            </Button>
            <a href={`${PAGE_PATH}#practice-locations`}>Cancel</a>
          </PostForm>
        </div>
      )}
      {view.locations.length > 0 && (
        <ul className="location-list">
          {view.locations.map((l) => (
            <li key={l.id} id={`location-${l.id}`} className="location-item">
              {editing === `location-${l.id}` ? (
                <LocationForm {...props} location={l} />
              ) : (
                <LocationRead location={l} view={view} />
              )}
            </li>
          ))}
        </ul>
      )}
      {newKind ? (
        <LocationForm {...props} location={null} kind={newKind === 'new-online' ? 'online' : 'office'} />
      ) : (
        <p className="actions">
          <ButtonLink variant="primary" href={`${PAGE_PATH}?edit=new-office#location-form`}>
            Add an office
          </ButtonLink>
          <ButtonLink href={`${PAGE_PATH}?edit=new-online#location-form`}>Add a state for online sessions</ButtonLink>
        </p>
      )}
    </section>
  );
}

function LocationRead({ location: l, view }: { location: LocationView; view: PageView }) {
  const times = timesText(l.flags, view.timeOptions);
  const label = `${l.title}${l.remote ? ` (${l.stateName})` : ''}`;
  return (
    <>
      {/* The location's own actions in its header: Edit, and Delete, which asks first (the page's own
          confirmation step without JavaScript). */}
      <div className="card-header">
        <h3>{label}</h3>
        <div className="card-header__actions">
          <ButtonLink href={`${PAGE_PATH}?edit=location-${l.id}#location-${l.id}`}>
            <Icon name="pencil" /> Edit<span className="visually-hidden"> {label}</span>
          </ButtonLink>
          <PostForm action={`${PAGE_PATH}/locations/delete`}>
            <input type="hidden" name="location_ids" value={l.id} />
            <Button variant="danger-outline" data-confirm={view.deleteQuestion}>
              <Icon name="trash-2" /> Delete<span className="visually-hidden"> {label}</span>
            </Button>
          </PostForm>
        </div>
      </div>
      {l.addressLines.length > 0 && (
        <p className="location-item__address">
          {l.addressLines.map((line, i) => (
            <span key={i}>
              {line}
              <br />
            </span>
          ))}
        </p>
      )}
      <p className="location-item__display">
        {l.shouldDisplay ? (
          <Label state="success">Shown on your public profile</Label>
        ) : (
          <>
            <Label state="attention">Not shown</Label>{' '}
            {`It shows on your public profile once your ${l.stateName} license is verified.`}
          </>
        )}
      </p>
      <ReadList
        rows={[
          ['Accepting new clients', l.acceptingLabel],
          ['Available', times],
          [
            'Hours',
            l.hours ? (
              // A [label, value] pair, not a list; the key only quiets the linter (ReadList keys rows by label).
              <span key="hours" className="hours">
                {view.days.map((d, i) => (
                  <span key={d}>
                    <span className="hours__day">{d}</span> {l.hours![i]}
                  </span>
                ))}
              </span>
            ) : null,
          ],
          ...(!l.remote
            ? [
                [
                  'Accessibility',
                  [
                    l.adaAccessible && 'Wheelchair accessible',
                    l.inHome && 'In-home sessions',
                    !l.displayAddress && 'Street address hidden',
                  ]
                    .filter(Boolean)
                    .join(', '),
                ] as [string, ReactNode],
              ]
            : []),
        ]}
      />
    </>
  );
}

function LocationForm({
  view,
  typed,
  errors,
  location,
  kind,
}: PageProps & { location: LocationView | null; kind?: 'office' | 'online' }) {
  const t = typed;
  const remote = location ? location.remote : kind === 'online';
  const value = (name: string, saved: string) => (t ? postedText(t[name]) : saved);
  const checked = (name: string, saved: boolean) => (t ? postedChecked(t[name]) : saved);
  const action = location ? `${PAGE_PATH}/locations/${location.id}` : `${PAGE_PATH}/locations`;
  const title = location
    ? `Edit ${location.title}${location.remote ? ` (${location.stateName})` : ''}`
    : remote
      ? 'Add a state for online sessions'
      : 'Add an office';
  const hours = location?.hours ?? null;
  const savedOpen = view.days.map((_, i) => Boolean(hours && hours[i] !== view.closed));
  const savedText = view.days.map((_, i) =>
    hours && hours[i] !== view.closed && hours[i] !== view.inquire ? hours[i]! : '',
  );
  const flags = t
    ? Object.fromEntries(view.timeOptions.map((o) => [o.value, postedChecked(t[o.value])]))
    : (location?.flags ?? {});
  const licenseAsked = !location || Object.keys(errors).some((k) => k.startsWith('license_'));
  return (
    <div className="location-form" id={location ? undefined : 'location-form'}>
      <h3>{title}</h3>
      <PostForm action={action} data-warn-unsaved="" noValidate>
        {!location && <input type="hidden" name="kind" value={remote ? 'online' : 'office'} />}
        {!remote && (
          <>
            <FormField
              id="location_name"
              name="location_name"
              label={location ? 'Location Name' : 'Location Name (optional)'}
              defaultValue={value('location_name', location?.locationName ?? '')}
              error={errors.location_name}
            />
            <FormField
              id="address"
              name="address"
              label="Address"
              autoComplete="address-line1"
              defaultValue={value('address', location?.address ?? '')}
              error={errors.address}
            />
            <FormField
              id="address_2"
              name="address_2"
              label="Address line 2 (optional)"
              autoComplete="address-line2"
              defaultValue={value('address_2', location?.address_2 ?? '')}
              error={errors.address_2}
            />
            <FormField
              id="city"
              name="city"
              label="City"
              autoComplete="address-level2"
              defaultValue={value('city', location?.city ?? '')}
              error={errors.city}
            />
          </>
        )}
        <SelectField
          id="location-state"
          name="state"
          label="State"
          value={value('state', location?.state ?? '')}
          options={stateOptions(view)}
          placeholder="Choose a state"
          error={errors.state}
        />
        {!remote && (
          <FormField
            id="zip"
            name="zip"
            className="input--10ch"
            label="Zip"
            autoComplete="postal-code"
            inputMode="numeric"
            defaultValue={value('zip', location?.zip ?? '')}
            error={errors.zip}
          />
        )}
        {!remote && (
          <fieldset className="fieldset">
            <legend>Details</legend>
            <Checkbox
              id="display_address"
              name="display_address"
              label="Show the street address on my profile"
              checked={checked('display_address', location?.displayAddress ?? true)}
            />
            <Checkbox
              id="ada_accessible"
              name="ada_accessible"
              label="Wheelchair accessible (ADA)"
              checked={checked('ada_accessible', location?.adaAccessible ?? false)}
            />
            <Checkbox
              id="in_home"
              name="in_home"
              label="I also see clients in their homes"
              checked={checked('in_home', location?.inHome ?? false)}
            />
          </fieldset>
        )}
        <RadioGroup
          idPrefix="location-accepting"
          name="accepting_patients"
          value={t ? postedText(t.accepting_patients) || '40' : (location?.accepting ?? '40')}
          options={view.acceptingOptions}
          error={errors.accepting_patients}
          legend="Accepting new clients?"
        />
        <CheckboxGroup
          idPrefix="location-times"
          legend="When are you accepting new clients?"
          values={flags}
          options={view.timeOptions}
          error={errors.open_times}
        />
        <fieldset className="fieldset hours-fieldset">
          <legend>Practice hours</legend>
          <p className="hint" id="hours-hint">
            Tick the days you are open and enter your hours, e.g. "9am - 4pm" (at most {view.hoursMax} characters). Days
            left unticked show as "{view.closed}"; a ticked day without hours shows as "{view.inquire}".
          </p>
          {view.days.map((day, i) => {
            const error = errors[`hours_${i}`];
            return (
              <div className={error ? 'field-row field--error' : 'field-row'} key={day}>
                <Checkbox
                  id={`open_${i}`}
                  name={`open_${i}`}
                  label={`Open on ${day}`}
                  checked={checked(`open_${i}`, savedOpen[i]!)}
                />
                <div className="field">
                  <label htmlFor={`hours_${i}`}>{day} hours</label>
                  <FieldError id={`hours_${i}`} error={error} />
                  <input
                    id={`hours_${i}`}
                    name={`hours_${i}`}
                    type="text"
                    defaultValue={value(`hours_${i}`, savedText[i]!)}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={['hours-hint', error && `hours_${i}-error`].filter(Boolean).join(' ')}
                  />
                </div>
              </div>
            );
          })}
        </fieldset>
        {licenseAsked && (
          <fieldset className="fieldset" id="location-license">
            <legend>License for this state</legend>
            <p className="hint" id="license-hint">
              Needed only when you have no license on file for the state you choose; it is saved together with the
              location and verified by our team within 48 business hours.
              {view.licensedStates.length > 0 && ` Licenses on file: ${view.licensedStates.join(', ')}.`}
            </p>
            <FormField
              id="license_number"
              name="license_number"
              label="License number"
              defaultValue={value('license_number', '')}
              error={errors.license_number}
            />
            <FormField
              id="license_type"
              name="license_type"
              label="License type"
              defaultValue={value('license_type', '')}
              error={errors.license_type}
            />
            <div className={errors.license_expiration ? 'field field--error' : 'field'}>
              <label htmlFor="license_expiration">License expiration year</label>
              <FieldError id="license_expiration" error={errors.license_expiration} />
              <select
                id="license_expiration"
                name="license_expiration"
                defaultValue={value('license_expiration', '')}
                aria-invalid={errors.license_expiration ? true : undefined}
                aria-describedby={errors.license_expiration ? 'license_expiration-error' : undefined}
              >
                <option value="">Choose a year</option>
                {view.years.map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </select>
            </div>
          </fieldset>
        )}
        <div className="actions">
          <Button>{location ? 'Save location' : 'Add location'}</Button>
          <a href={`${PAGE_PATH}#practice-locations`} data-no-warn="">
            Cancel
          </a>
        </div>
      </PostForm>
    </div>
  );
}
