// /profile/general-information (spec 2 §2 Profile pages): basic information (read-only), the practice
// tagline, About Your Practice, licensure (#licensure), supervisor licensure and pronouns (individual).
// Each section is a read view or, with ?edit={id}, its form; everything works without JavaScript.
import type { ReactNode } from 'react';
import { PostForm } from '../../../components/PostForm';
import { FormField } from '../../../components/form/FormField';
import { SelectField } from '../../../components/form/SelectField';
import { ProfileSection, ReadList } from '../../../components/ProfileSection';
import { TagCheckboxes, type TagOptionView } from '../../../components/TagCheckboxes';
import { formatPhone } from '../../../components/format';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Label, type LabelState } from '../../../components/ui/Label';
import { FormError } from '../../../components/form/FieldError';

export const PAGE_PATH = '/profile/general-information';
export const DELETE_LICENSE_QUESTION = "Are you sure you'd like to delete this credential?";
export const REMOVE_SUPERVISOR_QUESTION = "Are you sure you'd like to remove this supervisor license?";

export type Verification = 'Verified' | 'Unverified' | 'Legacy' | 'Not found';
export interface LicenseView {
  id: number;
  state: string;
  stateName: string;
  number: string;
  licenseType: string | null;
  expiration: number | null;
  verification: Verification;
  /** False for the only licence of a state where the provider has a location. */
  deletable: boolean;
}
export interface LicenseFormRow {
  id: string;
  state: string;
  number: string;
  license_type: string;
  expiration: string;
}

export interface GeneralInformationView {
  type: 'individual' | 'practice';
  /** Whose profile it is, in the page's words: "you" or "your practice" (spec 1 §6). */
  wording: 'you' | 'your practice' | 'your provider';
  editing: string | null;
  errors: Record<string, string>;
  basic: { name: string | null; companyName: string | null; email: string | null; phone: string | null };
  tagline: string;
  about: {
    options: { professions: TagOptionView[]; languages: TagOptionView[]; degrees: TagOptionView[] | null };
    values: { professions: number[]; languages: number[]; degrees: number[] };
  };
  licenses: LicenseView[];
  licenseForm: { rows: LicenseFormRow[]; states: { code: string; name: string }[]; years: number[] };
  supervisor: {
    saved: { name: string; number: string; type: string } | null;
    values: { supervisor_name: string; supervisor_license: string; supervisor_license_type: string };
  };
  pronouns: { saved: string | null; values: { pronouns: string; pronouns_other: string } };
  pronounOptions: readonly string[];
}

/** "Head Clinician's …" titles for practices (spec 2 §1). */
const titled = (type: GeneralInformationView['type'], title: string) =>
  type === 'practice' ? `Head Clinician's ${title}` : title;

export function GeneralInformationPage(view: GeneralInformationView) {
  const { type } = view;
  return (
    <div className="general-information">
      <BasicInformation view={view} />
      {type === 'practice' && <TaglineSection view={view} />}
      <AboutSection view={view} />
      <LicensureSection view={view} />
      <SupervisorSection view={view} />
      {type === 'individual' && <PronounsSection view={view} />}
    </div>
  );
}

function BasicInformation({ view }: { view: GeneralInformationView }) {
  const { basic, type } = view;
  const rows: [string, ReactNode][] =
    type === 'practice'
      ? [
          ['Practice Name', basic.companyName],
          ["Head Clinician's Name", basic.name],
          ['Email', basic.email],
          ['Phone', formatPhone(basic.phone) || null],
        ]
      : [
          ['Name', basic.name],
          ['Email', basic.email],
          ['Phone', formatPhone(basic.phone) || null],
        ];
  return (
    <section className="card profile-section" id="basic-information" aria-labelledby="basic-information-heading">
      <div className="profile-section__head">
        <h2 id="basic-information-heading">Basic Information</h2>
      </div>
      <ReadList rows={rows} />
      <p className="hint">
        Name, email and phone are read-only here: they are changed through the support team.{' '}
        <a href="/contact">Contact the support team</a> to change them.
      </p>
    </section>
  );
}

function TaglineSection({ view }: { view: GeneralInformationView }) {
  const { errors } = view;
  return (
    <ProfileSection
      id="tagline"
      title="Practice Tagline"
      editing={view.editing === 'tagline'}
      action={`${PAGE_PATH}/tagline`}
      pagePath={PAGE_PATH}
      read={<ReadList rows={[['Tagline', view.tagline]]} />}
    >
      <FormField
        name="tagline"
        label="Tagline"
        defaultValue={view.tagline}
        error={errors.tagline}
        hint="A short line under your practice's name: 75 characters or less, without URLs, phone numbers or email addresses."
      />
    </ProfileSection>
  );
}

function AboutSection({ view }: { view: GeneralInformationView }) {
  const { options, values } = view.about;
  const { errors } = view;
  const names = (list: TagOptionView[] | null, ids: number[]) =>
    (list ?? [])
      .filter((t) => ids.includes(t.id))
      .map((t) => t.name)
      .join(', ');
  const rows: [string, ReactNode][] = [
    ['Professions', names(options.professions, values.professions)],
    ['Languages', names(options.languages, values.languages)],
  ];
  if (options.degrees) rows.splice(1, 0, ['Degrees', names(options.degrees, values.degrees)]);
  return (
    <ProfileSection
      id="about"
      title="About Your Practice"
      editing={view.editing === 'about'}
      action={`${PAGE_PATH}/about`}
      pagePath={PAGE_PATH}
      read={<ReadList rows={rows} />}
    >
      <TagCheckboxes
        name="professions"
        legend="Professions"
        options={options.professions}
        selected={values.professions}
        error={errors.professions}
      />
      {options.degrees && (
        <TagCheckboxes
          name="degrees"
          legend="Degrees"
          options={options.degrees}
          selected={values.degrees}
          error={errors.degrees}
        />
      )}
      <TagCheckboxes
        name="languages"
        legend="Languages"
        hint="The languages sessions are offered in."
        options={options.languages}
        selected={values.languages}
        error={errors.languages}
      />
    </ProfileSection>
  );
}

/** What the provider sees of a licence's verification (spec 2 §4): a label with the short state, and what
 * it means in plain text beside it; Legacy shows nothing. */
const VERIFICATION_LABELS: Partial<Record<Verification, { state: LabelState; note: string | null }>> = {
  Verified: { state: 'success', note: null },
  Unverified: { state: 'attention', note: 'The team is checking this license (up to 48 business hours).' },
  'Not found': {
    state: 'danger',
    note: 'We could not verify this license. Please check the number, type and state, or contact support.',
  },
};

export function VerificationLabel({ status }: { status: Verification }) {
  const shown = VERIFICATION_LABELS[status];
  return shown ? <Label state={shown.state}>{status}</Label> : null;
}

export function VerificationNote({ status }: { status: Verification }) {
  const note = VERIFICATION_LABELS[status]?.note;
  return note ? <p className="license-item__note">{note}</p> : null;
}

function DeleteLicenseButton({ license }: { license: LicenseView }) {
  // A licence that cannot go asks nothing: the post answers with the alert at once.
  return (
    <PostForm
      action={`${PAGE_PATH}/licenses/delete`}
      data-confirm={license.deletable ? DELETE_LICENSE_QUESTION : undefined}
    >
      <input type="hidden" name="deleteLicenseIds" value={license.id} />
      <Button variant="link">
        Delete
        <span className="visually-hidden">
          {' '}
          the {license.stateName} license {license.number}
        </span>
      </Button>
    </PostForm>
  );
}

function LicensureSection({ view }: { view: GeneralInformationView }) {
  const { licenses, licenseForm, errors, type } = view;
  const byId = new Map(licenses.map((l) => [String(l.id), l]));
  // One item per licence at every width: its state and number, its label and its Delete in the header,
  // the rest under it (issue [21]: one card per item, no table rows stacked on a phone).
  const read = licenses.length ? (
    <ul className="license-list" aria-label="Licenses">
      {licenses.map((l) => (
        <li key={l.id} id={`license-${l.id}`} className="license-item">
          <div className="license-item__header">
            <h3>
              {l.stateName} <span className="license-item__number">{l.number}</span>
            </h3>
            <VerificationLabel status={l.verification} />
            <DeleteLicenseButton license={l} />
          </div>
          <dl className="license-item__facts">
            {l.licenseType && (
              <div>
                <dt>Type</dt>
                <dd>{l.licenseType}</dd>
              </div>
            )}
            {l.expiration !== null && (
              <div>
                <dt>Expires</dt>
                <dd>{l.expiration}</dd>
              </div>
            )}
          </dl>
          <VerificationNote status={l.verification} />
        </li>
      ))}
    </ul>
  ) : (
    <EmptyState title="No licenses yet." />
  );
  const who = view.wording === 'your practice' ? "your practice's head clinician" : 'you';
  return (
    <ProfileSection
      id="licensure"
      title={titled(type, 'Licensure')}
      editing={view.editing === 'licensure'}
      action={`${PAGE_PATH}/licenses`}
      pagePath={PAGE_PATH}
      read={read}
      intro={
        <p className="hint">
          A license is required for every state where {who} {who === 'you' ? 'practice' : 'practices'}. New and changed
          licenses are verified by our team within 48 business hours.
        </p>
      }
    >
      <FormError id="licenses-form-error" message={errors.form} />
      {licenseForm.rows.map((row, index) => {
        const newNumber = licenseForm.rows.slice(0, index + 1).filter((r) => !r.id).length;
        const stored = row.id ? byId.get(row.id) : undefined;
        const field = (name: string) => `licenses[${index}][${name}]`;
        const id = (name: string) => `license-${index}-${name}`;
        const years =
          row.expiration && !licenseForm.years.includes(Number(row.expiration)) && /^\d+$/.test(row.expiration)
            ? [...licenseForm.years, Number(row.expiration)]
            : licenseForm.years;
        return (
          <fieldset key={index} className="license-row">
            <legend>{stored ? `${stored.stateName} license ${stored.number}` : `New license ${newNumber}`}</legend>
            {row.id && <input type="hidden" name={field('id')} value={row.id} />}
            <div className="license-row__fields">
              <SelectField
                name={field('state')}
                id={id('state')}
                label="License State"
                defaultValue={row.state}
                error={errors[field('state')]}
              >
                <option value="">Choose a state</option>
                {licenseForm.states.map((s) => (
                  <option key={s.code} value={s.code}>
                    {s.name}
                  </option>
                ))}
              </SelectField>
              <FormField
                name={field('number')}
                id={id('number')}
                label="License Number"
                defaultValue={row.number}
                error={errors[field('number')]}
              />
              <FormField
                name={field('license_type')}
                id={id('license_type')}
                label="License Type"
                defaultValue={row.license_type}
                error={errors[field('license_type')]}
                placeholder="e.g. LCSW"
              />
              <SelectField
                name={field('expiration')}
                id={id('expiration')}
                label="License Expiration Year"
                defaultValue={row.expiration}
                error={errors[field('expiration')]}
              >
                <option value="">Choose a year</option>
                {years.map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </SelectField>
            </div>
            {stored && (
              <div className="license-row__status">
                <VerificationLabel status={stored.verification} />
                <VerificationNote status={stored.verification} />
              </div>
            )}
          </fieldset>
        );
      })}
      <p>
        <a href={`${PAGE_PATH}?edit=licensure&rows=${licenseForm.rows.filter((r) => !r.id).length + 1}#licensure`}>
          Add another license row
        </a>
      </p>
    </ProfileSection>
  );
}

function SupervisorSection({ view }: { view: GeneralInformationView }) {
  const { supervisor, errors, type } = view;
  const read = supervisor.saved ? (
    <>
      <ReadList
        rows={[
          ['Supervisor Name', supervisor.saved.name],
          ['Supervisor License Number', supervisor.saved.number],
          ['Supervisor License Type', supervisor.saved.type],
        ]}
      />
      <PostForm action={`${PAGE_PATH}/supervisor-license/delete`} data-confirm={REMOVE_SUPERVISOR_QUESTION}>
        <Button variant="danger-outline">Remove supervisor license</Button>
      </PostForm>
    </>
  ) : (
    <p className="muted">
      No supervisor license. Add one if{' '}
      {view.wording === 'your practice' ? "your practice's head clinician practices" : 'you practice'} under
      supervision.
    </p>
  );
  return (
    <ProfileSection
      id="supervisor-license"
      title={titled(type, 'Supervisor Licensure')}
      editing={view.editing === 'supervisor-license'}
      action={`${PAGE_PATH}/supervisor-license`}
      pagePath={PAGE_PATH}
      read={read}
      intro={
        view.editing === 'supervisor-license' ? (
          <p className="hint">Name, license number and license type are all needed.</p>
        ) : undefined
      }
    >
      <FormField
        name="supervisor_name"
        label="Supervisor Name"
        defaultValue={supervisor.values.supervisor_name}
        error={errors.supervisor_name}
        required
      />
      <FormField
        name="supervisor_license"
        label="Supervisor License Number"
        defaultValue={supervisor.values.supervisor_license}
        error={errors.supervisor_license}
        required
      />
      <FormField
        name="supervisor_license_type"
        label="Supervisor License Type"
        defaultValue={supervisor.values.supervisor_license_type}
        error={errors.supervisor_license_type}
        required
      />
    </ProfileSection>
  );
}

function PronounsSection({ view }: { view: GeneralInformationView }) {
  const { pronouns, errors } = view;
  return (
    <ProfileSection
      id="pronouns"
      title="Pronouns"
      editing={view.editing === 'pronouns'}
      action={`${PAGE_PATH}/pronouns`}
      pagePath={PAGE_PATH}
      read={<ReadList rows={[['Pronouns', pronouns.saved]]} />}
    >
      <fieldset className="choices">
        <legend>Your pronouns</legend>
        {view.pronounOptions.map((option) => (
          <div key={option} className="field--check">
            <input
              type="radio"
              id={`pronouns-${option}`}
              name="pronouns"
              value={option}
              defaultChecked={pronouns.values.pronouns === option}
            />
            <label htmlFor={`pronouns-${option}`}>{option}</label>
          </div>
        ))}
        <div className="field--check">
          <input type="radio" id="pronouns-none" name="pronouns" value="" defaultChecked={!pronouns.values.pronouns} />
          <label htmlFor="pronouns-none">Don't show pronouns</label>
        </div>
      </fieldset>
      <FormField
        name="pronouns_other"
        label="Preferred pronouns (when Other)"
        defaultValue={pronouns.values.pronouns_other}
        error={errors.pronouns_other}
      />
    </ProfileSection>
  );
}
