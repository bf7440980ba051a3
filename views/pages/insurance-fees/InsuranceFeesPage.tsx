// /profile/insurance-fees (spec 2 §2, §3, §5): session fees and custom sessions with the sliding scale,
// the custom fee note, insurances with their states (#insurance-by-state), adding insurances after
// the in-network confirmation, a request for an insurance edit, and Other Session Information.
// Each section is read view / edit form (?edit={id}); everything works without JavaScript.
import type { ReactNode } from 'react';
import { PostForm } from '../../components/PostForm';
import { FormField } from '../../components/form/FormField';
import { ProfileSection, ReadList } from '../../components/ProfileSection';
import { TagCheckboxes, type TagOptionView } from '../../components/TagCheckboxes';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Label } from '../../components/ui/Label';
import { FieldError } from '../../components/form/FieldError';

export const PAGE_PATH = '/profile/insurance-fees';
export const SECTION_IDS = [
  'session-fees',
  'fee-note',
  'insurance-by-state',
  'add-insurances',
  'other-session-information',
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export interface Choice {
  value: string;
  label: string;
  hint?: string;
}

export interface SessionFeesValues {
  sessions: { type: string; label: string; fee: string; length: string }[];
  /** Form rows, in posted order (indices match the error keys); blank rows included. */
  custom: { name: string; fee: string; length: string }[];
  displaySlidingScale: boolean;
  slidingScaleMin: string;
}
export interface FeeNoteValues {
  message: string;
  display: boolean;
}
export interface OtherValues {
  paymentMethods: string[];
  sessionFrequency: string[];
  oon: string[];
}
export interface InsuranceStatesView {
  id: number;
  name: string;
  acceptedStates: string[];
  /** Whether this insurance makes the provider appear in the directory's searches for it. */
  searchEnabled: boolean;
  removed?: boolean;
}
export interface AddInsurancesView {
  filter: string;
  shown: TagOptionView[];
  selected: number[];
  hiddenSelected: number[];
  confirmed: boolean;
  anyLeft: boolean;
}

export interface InsuranceFeesPageProps {
  providerId: number;
  /** "your", "your practice's", "your provider's". */
  possessive: string;
  sessionNameLimit: number;
  feeNoteMax: number;
  editing: SectionId | null;
  errors: Record<string, string>;
  sessionFees: SessionFeesValues;
  feeNote: FeeNoteValues;
  other: OtherValues;
  choices: { paymentMethods: Choice[]; sessionFrequency: Choice[]; oon: Choice[] };
  insurances: InsuranceStatesView[];
  locationStates: { code: string; name: string }[];
  add: AddInsurancesView | null;
  statesMessage: string;
}

const dollars = (value: string) => (value ? `$${value}` : '');
const feeAndLength = (fee: string, length: string) =>
  fee || length ? [dollars(fee), length && `${length} minutes`].filter(Boolean).join(' · ') : null;
const labelsOf = (values: string[], choices: Choice[]) =>
  choices
    .filter((c) => values.includes(c.value))
    .map((c) => c.label)
    .join(', ');

export function InsuranceFeesPage(props: InsuranceFeesPageProps) {
  const { editing, possessive } = props;
  return (
    <div className="insurance-fees">
      <p className="intro">
        Fees and insurance as clients see them on {possessive} profile. Profile changes appear within 24 business hours.
      </p>
      <SessionFeesSection {...props} />
      <FeeNoteSection {...props} />
      <InsuranceSection {...props} />
      {editing === 'add-insurances' && props.add && <AddInsurancesSection add={props.add} errors={props.errors} />}
      <OtherInformationSection {...props} />
    </div>
  );
}

// --- Session fees -----------------------------------------------------------------------------------

function SessionFeesSection({ editing, errors, sessionFees: v, sessionNameLimit }: InsuranceFeesPageProps) {
  const custom = v.custom.filter((row) => row.name || row.fee || row.length);
  const read = (
    <>
      <ReadList
        rows={v.sessions.map((s): [string, ReactNode] => [
          s.label,
          feeAndLength(s.fee, s.length) ?? (s.type === 'ongoing' ? null : <span className="muted">Not offered</span>),
        ])}
      />
      <h3>Custom sessions</h3>
      {custom.length ? (
        <ReadList rows={custom.map((row): [string, ReactNode] => [row.name, feeAndLength(row.fee, row.length)])} />
      ) : (
        <p className="muted">No custom sessions.</p>
      )}
      <h3>Sliding scale</h3>
      <p>
        {v.displaySlidingScale
          ? `Shown on the profile, from ${dollars(v.slidingScaleMin)}.`
          : 'Not shown on the profile.'}
      </p>
    </>
  );
  return (
    <ProfileSection
      id="session-fees"
      title="Session Fees"
      editing={editing === 'session-fees'}
      action={`${PAGE_PATH}/session-fees`}
      pagePath={PAGE_PATH}
      read={read}
      intro={
        <p className="hint">
          Fees in dollars, lengths in minutes. Give both or neither for each session; the individual session is
          required.
        </p>
      }
    >
      {v.sessions.map((s) => (
        <fieldset key={s.type} className="fieldset" id={`session-${s.type}`}>
          <legend>{s.label}</legend>
          <div className="field-row">
            <FormField
              name={`session_fee_${s.type}`}
              label="Fee (dollars)"
              inputMode="numeric"
              defaultValue={s.fee}
              error={errors[`session_fee_${s.type}`]}
              required={s.type === 'ongoing'}
            />
            <FormField
              name={`session_length_${s.type}`}
              label="Length (minutes)"
              inputMode="numeric"
              defaultValue={s.length}
              error={errors[`session_length_${s.type}`]}
              required={s.type === 'ongoing'}
            />
          </div>
        </fieldset>
      ))}
      <fieldset className="fieldset" id="custom-sessions">
        <legend>Custom sessions</legend>
        <p className="hint">
          Name, fee and length of any other session you offer. Names must be under {sessionNameLimit} characters. To
          remove a session, empty its fields.
        </p>
        {v.custom.map((row, i) => (
          <div className="field-row" key={i}>
            <FormField
              name={`custom_session_name_${i}`}
              label={`Session ${i + 1} name`}
              defaultValue={row.name}
              error={errors[`custom_session_name_${i}`]}
            />
            <FormField
              name={`custom_session_fee_${i}`}
              label={`Session ${i + 1} fee (dollars)`}
              inputMode="numeric"
              defaultValue={row.fee}
              error={errors[`custom_session_fee_${i}`]}
            />
            <FormField
              name={`custom_session_length_${i}`}
              label={`Session ${i + 1} length (minutes)`}
              inputMode="numeric"
              defaultValue={row.length}
              error={errors[`custom_session_length_${i}`]}
            />
          </div>
        ))}
      </fieldset>
      <fieldset className="fieldset" id="sliding-scale">
        <legend>Sliding scale</legend>
        <div className="field field--check">
          <input
            type="checkbox"
            id="display_sliding_scale_slots"
            name="display_sliding_scale_slots"
            value="1"
            defaultChecked={v.displaySlidingScale}
          />
          <label htmlFor="display_sliding_scale_slots">Display a sliding scale</label>
        </div>
        <FormField
          name="session_fee_sliding_scale_min"
          label="Lower limit (dollars)"
          inputMode="numeric"
          defaultValue={v.slidingScaleMin}
          hint="The lowest fee you accept; it must be lower than the individual session fee."
          error={errors.session_fee_sliding_scale_min}
        />
      </fieldset>
    </ProfileSection>
  );
}

// --- Custom fee note ------------------------------------------------------------------------------------

function FeeNoteSection({ editing, errors, feeNote, feeNoteMax, possessive }: InsuranceFeesPageProps) {
  const error = errors.custom_fee_message;
  const read = (
    <ReadList
      rows={[
        // biome-ignore lint/correctness/useJsxKeyInIterable: a [label, value] pair, not a list; ReadList keys each row by its label
        ['Note', feeNote.message ? <span className="pre-line">{feeNote.message}</span> : null],
        ['Shown on the profile', feeNote.display ? 'Yes' : 'No'],
      ]}
    />
  );
  return (
    <ProfileSection
      id="fee-note"
      title="Fee Note"
      editing={editing === 'fee-note'}
      action={`${PAGE_PATH}/fee-note`}
      pagePath={PAGE_PATH}
      read={read}
    >
      <div className={error ? 'field field--error' : 'field'}>
        <label htmlFor="custom_fee_message">Note about {possessive} fees</label>
        <p className="hint" id="custom_fee_message-hint">
          Up to {feeNoteMax} characters. No URLs, phone numbers or email addresses.
        </p>
        <FieldError id="custom_fee_message" error={error} />
        <textarea
          id="custom_fee_message"
          name="custom_fee_message"
          rows={5}
          defaultValue={feeNote.message}
          aria-invalid={error ? true : undefined}
          aria-describedby={['custom_fee_message-hint', error && 'custom_fee_message-error'].filter(Boolean).join(' ')}
        />
      </div>
      <div className="field field--check">
        <input
          type="checkbox"
          id="display_custom_fee_message"
          name="display_custom_fee_message"
          value="1"
          defaultChecked={feeNote.display}
        />
        <label htmlFor="display_custom_fee_message">Display this note on {possessive} profile</label>
      </div>
    </ProfileSection>
  );
}

// --- Insurance by state ------------------------------------------------------------------------------------

function InsuranceSection({
  providerId,
  editing,
  errors,
  insurances,
  locationStates,
  statesMessage,
}: InsuranceFeesPageProps) {
  const stateName = (code: string) => locationStates.find((s) => s.code === code)?.name ?? code;
  const read = (
    <>
      {insurances.length > 0 && (
        <p className="hint">
          For each insurance, choose whether clients who search the directory by that insurance find you.
        </p>
      )}
      {insurances.length === 0 ? (
        <p className="muted">No insurances yet.</p>
      ) : (
        <ReadList
          rows={insurances.map((i): [string, ReactNode] => [
            i.name,
            <>
              <p>
                {locationStates.length
                  ? `Accepted in ${i.acceptedStates.map(stateName).join(', ') || 'no state'}`
                  : 'Accepted'}
              </p>
              <InsuranceSearchForm insurance={i} />
            </>,
          ])}
        />
      )}
      <p>
        <ButtonLink href={`${PAGE_PATH}?edit=add-insurances#add-insurances`}>Add insurances</ButtonLink>
      </p>
      <h3 id="insurance-edit-heading">Request an insurance edit</h3>
      <PostForm action="/support-requests" aria-labelledby="insurance-edit-heading">
        <input type="hidden" name="provider_id" value={providerId} />
        <input type="hidden" name="template" value="insurance-edit" />
        <input type="hidden" name="return_to" value={`${PAGE_PATH}#insurance-by-state`} />
        <div className="field">
          <label htmlFor="insurance-edits">What should our team change?</label>
          <p className="hint" id="insurance-edits-hint">
            For changes you cannot make here; the support team will contact you.
          </p>
          <textarea
            id="insurance-edits"
            name="edits"
            rows={3}
            maxLength={2000}
            aria-describedby="insurance-edits-hint"
          />
        </div>
        <div className="actions">
          <Button variant="secondary">Request an insurance edit</Button>
        </div>
      </PostForm>
    </>
  );
  return (
    <ProfileSection
      id="insurance-by-state"
      title="Insurance"
      editing={editing === 'insurance-by-state'}
      action={`${PAGE_PATH}/insurances`}
      pagePath={PAGE_PATH}
      read={read}
      intro={<p className="notice">Insurance updates are reflected within 24 business hours.</p>}
    >
      {insurances.length === 0 && <p className="muted">No insurances yet. Use Add insurances first.</p>}
      {locationStates.length === 0 && insurances.length > 0 && (
        <p className="hint">
          Add a location to choose the states where you accept each insurance:{' '}
          <a href="/profile/availability-locations">Availability &amp; Locations</a>.
        </p>
      )}
      {insurances.map((insurance) => {
        const name = `states_${insurance.id}`;
        const error = errors[name];
        return (
          <fieldset
            key={insurance.id}
            className={error ? 'fieldset field--error' : 'fieldset'}
            id={`insurance-${insurance.id}`}
            aria-describedby={error ? `${name}-error` : undefined}
          >
            <legend>{insurance.name}</legend>
            {locationStates.length > 0 && <p className="hint">States where you accept {insurance.name}:</p>}
            <FieldError
              id={name}
              error={error}
              target={locationStates[0] ? `${name}-${locationStates[0].code}` : `remove-${insurance.id}`}
            />
            {locationStates.length > 0 && (
              <ul className="checklist__options" data-last-one-alert={statesMessage}>
                {locationStates.map((state) => (
                  <li key={state.code} className="field--check">
                    <input
                      type="checkbox"
                      id={`${name}-${state.code}`}
                      name={name}
                      value={state.code}
                      defaultChecked={insurance.acceptedStates.includes(state.code)}
                    />
                    <label htmlFor={`${name}-${state.code}`}>{state.name}</label>
                  </li>
                ))}
              </ul>
            )}
            <div className="field--check insurance-remove">
              <input
                type="checkbox"
                id={`remove-${insurance.id}`}
                name="remove"
                value={insurance.id}
                defaultChecked={Boolean(insurance.removed)}
              />
              <label htmlFor={`remove-${insurance.id}`}>Remove {insurance.name}</label>
            </div>
          </fieldset>
        );
      })}
    </ProfileSection>
  );
}

/** Spec 2 §7 tag/{tagId}/search/{enable}: one button per insurance, saved at once (like a testimonial's display). */
function InsuranceSearchForm({ insurance }: { insurance: InsuranceStatesView }) {
  return (
    <PostForm action={`${PAGE_PATH}/insurances/search`} className="insurance-search">
      <input type="hidden" name="tagId" value={insurance.id} />
      <input type="hidden" name="enable" value={insurance.searchEnabled ? '0' : '1'} />
      <Label state={insurance.searchEnabled ? 'success' : 'neutral'}>
        {insurance.searchEnabled ? 'Shown in directory searches' : 'Not shown in directory searches'}
      </Label>{' '}
      <Button variant="secondary">
        {insurance.searchEnabled ? 'Hide me from searches' : 'Show me in searches'}
        <span className="visually-hidden"> for {insurance.name}</span>
      </Button>
    </PostForm>
  );
}

function AddInsurancesSection({ add, errors }: { add: AddInsurancesView; errors: Record<string, string> }) {
  const confirmError = errors.confirm_in_network;
  return (
    <section className="card profile-section" id="add-insurances" aria-labelledby="add-insurances-heading">
      <div className="profile-section__head">
        <h2 id="add-insurances-heading">Add Insurances</h2>
      </div>
      <form method="get" action={`${PAGE_PATH}#add-insurances`} className="search" role="search">
        <input type="hidden" name="edit" value="add-insurances" />
        <label htmlFor="q">Filter insurances</label>
        <div className="search__row">
          <input id="q" name="q" type="search" defaultValue={add.filter} />
          <Button variant="secondary">Filter</Button>
        </div>
      </form>
      <PostForm action={`${PAGE_PATH}/insurances/new`} data-warn-unsaved="">
        <input type="hidden" name="q" value={add.filter} />
        {add.shown.length === 0 && (
          <p>
            {add.anyLeft || add.filter
              ? 'No results! Please search again...'
              : 'Every insurance on our list is already on your profile.'}
          </p>
        )}
        <TagCheckboxes
          name="insurances"
          legend="Insurances you are in-network with"
          options={add.shown}
          selected={add.selected}
          hiddenSelected={add.hiddenSelected}
          error={errors.insurances}
        />
        <FieldError id="confirm_in_network" error={confirmError} />
        <div className={confirmError ? 'field field--check field--error' : 'field field--check'}>
          <input
            type="checkbox"
            id="confirm_in_network"
            name="confirm_in_network"
            value="1"
            defaultChecked={add.confirmed}
            aria-invalid={confirmError ? true : undefined}
            aria-describedby={confirmError ? 'confirm_in_network-error' : undefined}
          />
          <label htmlFor="confirm_in_network">I confirm that I am in-network with the insurances I selected.</label>
        </div>
        <div className="actions">
          <Button>Add insurances</Button>
          <a href={`${PAGE_PATH}#insurance-by-state`} data-no-warn="">
            Cancel
          </a>
        </div>
      </PostForm>
    </section>
  );
}

// --- Other Session Information ---------------------------------------------------------------------------------

function ChoiceCheckboxes({
  name,
  legend,
  choices,
  selected,
  error,
}: {
  name: string;
  legend: string;
  choices: Choice[];
  selected: string[];
  error?: string;
}) {
  return (
    <fieldset
      className={error ? 'checklist field--error' : 'checklist'}
      id={`${name}-fieldset`}
      aria-describedby={error ? `${name}-error` : undefined}
    >
      <legend>{legend}</legend>
      <FieldError id={name} error={error} target={choices[0] && `${name}-${choices[0].value}`} />
      <ul className="checklist__options">
        {choices.map((choice) => (
          <li key={choice.value} className="field--check">
            <input
              type="checkbox"
              id={`${name}-${choice.value}`}
              name={name}
              value={choice.value}
              defaultChecked={selected.includes(choice.value)}
            />
            <label htmlFor={`${name}-${choice.value}`}>{choice.label}</label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function OtherInformationSection({ editing, errors, other, choices }: InsuranceFeesPageProps) {
  const read = (
    <ReadList
      rows={[
        ['Payment methods', labelsOf(other.paymentMethods, choices.paymentMethods)],
        ['Session frequency', labelsOf(other.sessionFrequency, choices.sessionFrequency)],
        ['Out-of-network options', labelsOf(other.oon, choices.oon)],
      ]}
    />
  );
  return (
    <ProfileSection
      id="other-session-information"
      title="Other Session Information"
      editing={editing === 'other-session-information'}
      action={`${PAGE_PATH}/other-session-information`}
      pagePath={PAGE_PATH}
      read={read}
    >
      <ChoiceCheckboxes
        name="payment_methods"
        legend="Payment methods"
        choices={choices.paymentMethods}
        selected={other.paymentMethods}
        error={errors.payment_methods}
      />
      <ChoiceCheckboxes
        name="session_frequency"
        legend="Session frequency"
        choices={choices.sessionFrequency}
        selected={other.sessionFrequency}
        error={errors.session_frequency}
      />
      <fieldset className="checklist" id="oon-fieldset">
        <legend>Out-of-network options</legend>
        <ul className="checklist__options">
          {choices.oon.map((choice) => (
            <li key={choice.value} className="field--check">
              <input
                type="checkbox"
                id={choice.value}
                name={choice.value}
                value="1"
                defaultChecked={other.oon.includes(choice.value)}
                aria-describedby={`${choice.value}-hint`}
              />
              <label htmlFor={choice.value}>{choice.label}</label>
              <span className="hint" id={`${choice.value}-hint`}>
                {' '}
                {choice.hint}
              </span>
            </li>
          ))}
        </ul>
      </fieldset>
    </ProfileSection>
  );
}
