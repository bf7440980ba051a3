// /profile/education-employment (individuals only; spec 2 §1, §5 "Work and education"): education lines
// (institution, degree, completion year) with the year the graduate degree was earned, and employment
// lines (employer, optional position, start year, end year or Present). Without JavaScript a new line is
// added through the empty line always offered, and removed with its checkbox.
import { FormField } from '../../components/form/FormField';
import { SelectField } from '../../components/form/SelectField';
import { ProfileSection } from '../../components/ProfileSection';
import { FormError } from '../../components/form/FieldError';

export const PAGE_PATH = '/profile/education-employment';

export interface EducationLineView {
  institution: string;
  degree: string;
  completion: string;
  remove?: boolean;
}
export interface EmploymentLineView {
  employer: string;
  position: string;
  start: string;
  end: string;
  remove?: boolean;
}

export interface EducationEmploymentView {
  years: string[];
  headers: Record<
    'institution' | 'degree' | 'completion' | 'employer' | 'position' | 'start' | 'end' | 'year_earned_grad_degree',
    string
  >;
  saved: { education: EducationLineView[]; employment: EmploymentLineView[]; yearEarnedGradDegree: string };
  /** The open form's lines: saved ones plus one empty line, or what was posted. */
  form: {
    education: EducationLineView[];
    educationNew: number | null;
    employment: EmploymentLineView[];
    employmentNew: number | null;
    yearEarnedGradDegree: string;
  };
  editing: 'education' | 'employment' | null;
  errors?: Record<string, string>;
}

function RemoveBox({ name, label, checked }: { name: string; label: string; checked?: boolean }) {
  return (
    <div className="field field--check">
      <input type="checkbox" id={name} name={name} value="1" defaultChecked={checked} />
      <label htmlFor={name}>{label}</label>
    </div>
  );
}

export function EducationEmploymentPage({
  years,
  headers,
  saved,
  form,
  editing,
  errors = {},
}: EducationEmploymentView) {
  const educationRead = (
    <>
      {saved.education.length ? (
        <ul className="line-list">
          {saved.education.map((line, i) => (
            <li key={i}>
              <strong>{line.degree}</strong>
              {`, ${line.institution} (${line.completion})`}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No education yet.</p>
      )}
      <dl className="read-list">
        <div>
          <dt>{headers.year_earned_grad_degree}</dt>
          <dd>{saved.yearEarnedGradDegree || <span className="muted">Not provided</span>}</dd>
        </div>
      </dl>
    </>
  );
  const employmentRead = saved.employment.length ? (
    <ul className="line-list">
      {saved.employment.map((line, i) => (
        <li key={i}>
          <strong>{line.position || line.employer}</strong>
          {`${line.position ? `, ${line.employer}` : ''} (${line.start} – ${line.end})`}
        </li>
      ))}
    </ul>
  ) : (
    <p className="muted">No employment yet.</p>
  );

  return (
    <div className="education-page">
      <ProfileSection
        id="education"
        title="Education"
        editing={editing === 'education'}
        action={`${PAGE_PATH}/education`}
        pagePath={PAGE_PATH}
        read={educationRead}
      >
        <FormError id="education-error" message={errors.education} />
        <SelectField
          name="year_earned_grad_degree"
          className="input--5ch"
          label={headers.year_earned_grad_degree}
          value={form.yearEarnedGradDegree}
          options={years}
          error={errors.year_earned_grad_degree}
          placeholder="Select a year"
        />
        <input type="hidden" name="education_count" value={form.education.length} />
        {form.educationNew !== null && <input type="hidden" name="education_new" value={form.educationNew} />}
        {form.education.map((line, i) => {
          const key = (field: string) => `education-${i}-${field}`;
          const isNew = i === form.educationNew;
          return (
            <fieldset className="fieldset line-item" key={i}>
              <legend>{isNew ? 'Add education' : `Education ${i + 1}`}</legend>
              <div className="field-row">
                <FormField
                  name={key('institution')}
                  label={headers.institution}
                  defaultValue={line.institution}
                  maxLength={400}
                  error={errors[key('institution')]}
                />
                <FormField
                  name={key('degree')}
                  label={headers.degree}
                  defaultValue={line.degree}
                  maxLength={400}
                  error={errors[key('degree')]}
                />
                <SelectField
                  name={key('completion')}
                  label={headers.completion}
                  value={line.completion}
                  options={years}
                  error={errors[key('completion')]}
                  placeholder="Select a year"
                />
              </div>
              {!isNew && <RemoveBox name={key('remove')} label="Remove this line" checked={line.remove} />}
            </fieldset>
          );
        })}
      </ProfileSection>

      <ProfileSection
        id="employment"
        title="Employment"
        editing={editing === 'employment'}
        action={`${PAGE_PATH}/employment`}
        pagePath={PAGE_PATH}
        read={employmentRead}
      >
        <FormError id="employment-error" message={errors.employment} />
        <input type="hidden" name="employment_count" value={form.employment.length} />
        {form.employmentNew !== null && <input type="hidden" name="employment_new" value={form.employmentNew} />}
        {form.employment.map((line, i) => {
          const key = (field: string) => `employment-${i}-${field}`;
          const isNew = i === form.employmentNew;
          return (
            <fieldset className="fieldset line-item" key={i}>
              <legend>{isNew ? 'Add employment' : `Employment ${i + 1}`}</legend>
              <div className="field-row">
                <FormField
                  name={key('employer')}
                  label={headers.employer}
                  defaultValue={line.employer}
                  maxLength={400}
                  error={errors[key('employer')]}
                />
                <FormField
                  name={key('position')}
                  label={`${headers.position} (optional)`}
                  defaultValue={line.position}
                  maxLength={400}
                  error={errors[key('position')]}
                />
              </div>
              <div className="field-row">
                <SelectField
                  name={key('start')}
                  label={headers.start}
                  value={line.start}
                  options={years}
                  error={errors[key('start')]}
                  placeholder="Select a year"
                />
                <SelectField
                  name={key('end')}
                  label={headers.end}
                  value={line.end}
                  options={['Present', ...years]}
                  error={errors[key('end')]}
                  placeholder="Select a year"
                />
              </div>
              {!isNew && <RemoveBox name={key('remove')} label="Remove this line" checked={line.remove} />}
            </fieldset>
          );
        })}
      </ProfileSection>
    </div>
  );
}
