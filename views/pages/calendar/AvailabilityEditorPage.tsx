// The availability editor (spec 3 §4 Calendar, §5 Calendar availability): a new block, a single one, an
// instance of a series (this event or all of them) or an edited instance (which can be restored). The
// same markup is the grid's dialog (?partial=1) and, without JavaScript, a page of its own.
import { PostForm } from '../../components/PostForm';
import { Checkbox } from '../../components/form/Checkbox';
import { RadioGroup } from '../../components/form/ChoiceGroup';
import { describedBy } from '../../components/form/Field';
import { FieldError, FormError } from '../../components/form/FieldError';
import { FormField } from '../../components/form/FormField';
import { SelectField } from '../../components/form/SelectField';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { SummaryList } from '../../components/ui/SummaryList';
import { DeleteForm } from './WeekTable';
import type { EditorView, ExternalBlockView } from './view';

export type { AvailabilityFields, AvailabilityKind, EditorView, ExternalBlockView } from './view';

const FREQUENCIES = [
  { value: 'day', label: 'Days' },
  { value: 'week', label: 'Weeks' },
  { value: 'month', label: 'Months' },
  { value: 'year', label: 'Years' },
];
const WEEKDAYS = [
  { value: 'SU', label: 'Sunday' },
  { value: 'MO', label: 'Monday' },
  { value: 'TU', label: 'Tuesday' },
  { value: 'WE', label: 'Wednesday' },
  { value: 'TH', label: 'Thursday' },
  { value: 'FR', label: 'Friday' },
  { value: 'SA', label: 'Saturday' },
];
const CUSTOM_FIELDS = ['frequency', 'interval', 'weekdays', 'monthly_type', 'ends', 'until', 'count'];
const SHOWN_FIELDS = new Set([
  'date',
  'start_time',
  'end_time',
  'free',
  'name',
  'recurrence',
  'scope',
  ...CUSTOM_FIELDS,
]);

/** The full page: the editor inside the part a dialog can take. */
export function AvailabilityEditorPage({ view, errors = {} }: { view: EditorView; errors?: Record<string, string> }) {
  return (
    <div className="calendar-editor-page">
      <p>
        <a href={view.cancelHref}>Back to your calendar</a>
      </p>
      <AvailabilityEditor view={view} errors={errors} />
    </div>
  );
}

export function AvailabilityEditor({ view, errors = {} }: { view: EditorView; errors?: Record<string, string> }) {
  const v = view.values;
  const otherErrors = Object.entries(errors).filter(([field]) => !SHOWN_FIELDS.has(field));
  const customOpen = v.recurrence === 'custom' || CUSTOM_FIELDS.some((field) => errors[field]);
  return (
    <section className="card calendar-editor" data-dialog-content="" data-title={view.title}>
      {view.reminder && (
        <Notice tone="warning" title="Check your timezone">
          {view.reminder}
        </Notice>
      )}
      {otherErrors.map(([field, message]) => (
        <FormError key={field} id={`${field}-error`} message={message} />
      ))}
      <PostForm action={view.action} data-warn-unsaved="" noValidate>
        {view.kind && <input type="hidden" name="kind" value={view.kind} />}
        {view.scope && (
          <>
            <input type="hidden" name="original_start" value={view.scope.originalStart} />
            <RadioGroup
              idPrefix="scope"
              name="scope"
              legend="Change"
              value={view.scope.value}
              error={errors.scope}
              options={[
                { value: 'instance', label: 'This event only' },
                { value: 'all', label: 'All events in the series' },
              ]}
            />
          </>
        )}
        <FormField
          name="date"
          type="date"
          label="Date"
          min={view.dateMin}
          max={view.dateMax}
          defaultValue={v.date}
          error={errors.date}
        />
        <FormField
          name="start_time"
          label="Start time"
          defaultValue={v.start_time}
          error={errors.start_time}
          hint={`For example 1:00pm. Times are ${view.timeZoneLabel} time.`}
          autoComplete="off"
        />
        <FormField
          name="end_time"
          label="End time"
          defaultValue={v.end_time}
          error={errors.end_time}
          hint="For example 2:00pm"
          autoComplete="off"
        />
        {view.showFreeChoice ? (
          <RadioGroup
            idPrefix="free"
            name="free"
            legend="Type"
            value={v.free}
            error={errors.free}
            options={[
              { value: 'free', label: 'Available', hint: 'clients can book it' },
              { value: 'busy', label: 'Unavailable' },
            ]}
          />
        ) : (
          <input type="hidden" name="free" value={v.free} />
        )}
        <FormField name="name" label="Name (optional)" defaultValue={v.name} error={errors.name} maxLength={100} />
        {view.repeatable ? (
          <>
            <SelectField
              name="recurrence"
              label="Repeat"
              value={v.recurrence}
              options={view.recurrenceOptions}
              error={errors.recurrence}
              hint={view.scope ? 'A change to the repeat applies to all events in the series.' : undefined}
            />
            <details className="calendar-editor__custom" open={customOpen}>
              <summary>Custom repeat</summary>
              <p className="hint">Used when Repeat is Custom.</p>
              <FormField
                name="interval"
                type="number"
                label="Repeat every"
                min={1}
                max={100}
                inputMode="numeric"
                defaultValue={v.interval}
                error={errors.interval}
              />
              <SelectField
                name="frequency"
                label="Unit"
                value={v.frequency}
                options={FREQUENCIES}
                error={errors.frequency}
              />
              <WeekdayChoice values={v.weekdays} error={errors.weekdays} />
              <RadioGroup
                idPrefix="monthly_type"
                name="monthly_type"
                legend="Each month, repeat on"
                value={v.monthly_type}
                error={errors.monthly_type}
                stacked
                options={[
                  { value: 'date', label: 'The same date' },
                  { value: 'weekday', label: 'The same weekday', hint: 'for example, the second Tuesday' },
                ]}
              />
              <RadioGroup
                idPrefix="ends"
                name="ends"
                legend="Ends"
                value={v.ends}
                error={errors.ends}
                stacked
                options={[
                  { value: 'never', label: 'Never' },
                  { value: 'on', label: 'On a date' },
                  { value: 'after', label: 'After a number of times' },
                ]}
              />
              <FormField
                name="until"
                type="date"
                label="End date"
                min={view.dateMin}
                defaultValue={v.until}
                error={errors.until}
                hint="When Ends is On a date"
              />
              <FormField
                name="count"
                type="number"
                label="Number of times"
                min={1}
                max={100}
                inputMode="numeric"
                defaultValue={v.count}
                error={errors.count}
                hint="When Ends is After a number of times"
              />
            </details>
          </>
        ) : (
          <input type="hidden" name="recurrence" value="none" />
        )}
        <div className="actions">
          <Button>Save</Button>
          <a href={view.cancelHref} data-no-warn="">
            Cancel
          </a>
        </div>
      </PostForm>
      {(view.restoreAction || view.deletes.length > 0) && (
        <div className="actions">
          {view.restoreAction && (
            <PostForm action={view.restoreAction}>
              <Button variant="secondary">Restore original</Button>
            </PostForm>
          )}
          {view.deletes.map((remove) => (
            <DeleteForm key={remove.label} remove={remove} />
          ))}
        </div>
      )}
    </section>
  );
}

function WeekdayChoice({ values, error }: { values: string[]; error?: string | undefined }) {
  return (
    <fieldset
      className={error ? 'fieldset field--error' : 'fieldset'}
      aria-describedby={describedBy('weekdays', { error })}
    >
      <legend>Each week, repeat on</legend>
      <FieldError id="weekdays" error={error} target={`weekdays-${WEEKDAYS[0]!.value}`} />
      <div className="choice-row">
        {WEEKDAYS.map((day) => (
          <Checkbox
            key={day.value}
            id={`weekdays-${day.value}`}
            name="weekdays"
            value={day.value}
            label={day.label}
            checked={values.includes(day.value)}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** Busy time read from an external calendar: view only (spec 2 §6). */
export function ExternalBlockPage({ view }: { view: ExternalBlockView }) {
  return (
    <section className="card calendar-editor" data-dialog-content="" data-title="Busy time">
      <SummaryList
        rows={[
          { label: 'Date', value: view.dateText },
          { label: 'Time', value: view.timeText },
          { label: 'Name', value: view.name ?? '' },
        ]}
      />
      <p>This time comes from a calendar you linked. It can only be changed in that calendar.</p>
      <p>
        <a href={view.backHref}>Back to your calendar</a>
      </p>
    </section>
  );
}
