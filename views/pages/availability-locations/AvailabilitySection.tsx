// Availability per location (accepting new clients, when, notes): a read view and its form.
import { FieldError } from '../../components/form/FieldError';
import { ProfileSection, ReadList } from '../../components/ProfileSection';
import { CheckboxGroup, RadioGroup } from '../../components/form/ChoiceGroup';
import { postedChecked, postedText } from '../../components/form/posted';
import { PAGE_PATH, timesText, type PageProps } from './view';

export function AvailabilitySection({ view, editing, typed, errors }: PageProps) {
  const open = editing === 'availability';
  const t = open ? typed : null;
  const read = view.locations.length ? (
    <>
      <ul className="availability-list">
        {view.locations.map((l) => (
          <li key={l.id}>
            <strong>
              {l.title}
              {l.remote ? ` (${l.stateName})` : ''}
            </strong>
            : accepting new clients: {l.acceptingLabel}
            {timesText(l.flags, view.timeOptions) && (
              <span className="muted"> · {timesText(l.flags, view.timeOptions)}</span>
            )}
          </li>
        ))}
      </ul>
      <ReadList rows={[['Availability notes', view.notes]]} />
    </>
  ) : (
    <p className="muted">Add a location below to set your availability.</p>
  );
  return (
    <ProfileSection
      id="availability"
      title="Availability"
      editing={open && view.locations.length > 0}
      action={`${PAGE_PATH}/availability`}
      pagePath={PAGE_PATH}
      read={read}
      intro={<p className="hint">Let clients know whether each location is accepting new clients, and when.</p>}
    >
      {view.locations.map((l) => {
        const acceptingName = `accepting_patients_${l.id}`;
        const flags = t
          ? Object.fromEntries(view.timeOptions.map((o) => [o.value, postedChecked(t[`${o.value}_${l.id}`])]))
          : l.flags;
        return (
          <fieldset className="fieldset" key={l.id}>
            <legend>
              {l.title}
              {l.remote ? ` (${l.stateName})` : ''}
            </legend>
            <input type="hidden" name="location_ids" value={l.id} />
            <RadioGroup
              idPrefix={`accepting-${l.id}`}
              name={acceptingName}
              value={t ? postedText(t[acceptingName]) : l.accepting}
              options={view.acceptingOptions}
              error={errors[acceptingName]}
              legend="Accepting new clients?"
            />
            <CheckboxGroup
              idPrefix={`times-${l.id}`}
              nameSuffix={`_${l.id}`}
              legend="When are you accepting new clients?"
              values={flags}
              options={view.timeOptions}
              error={errors[`open_times_${l.id}`]}
            />
          </fieldset>
        );
      })}
      <div className={errors.availability_notes ? 'field field--error' : 'field'}>
        <label htmlFor="availability_notes">Availability notes</label>
        <p className="hint" id="availability_notes-hint">
          Optional, up to {view.noteMax} characters, e.g. "Evening openings on Tuesdays". No URLs, phone numbers or
          email addresses.
        </p>
        <FieldError id="availability_notes" error={errors.availability_notes} />
        <textarea
          id="availability_notes"
          name="availability_notes"
          rows={3}
          defaultValue={t ? postedText(t.availability_notes) : view.notes}
          aria-invalid={errors.availability_notes ? true : undefined}
          aria-describedby={['availability_notes-hint', errors.availability_notes && 'availability_notes-error']
            .filter(Boolean)
            .join(' ')}
        />
      </div>
    </ProfileSection>
  );
}
