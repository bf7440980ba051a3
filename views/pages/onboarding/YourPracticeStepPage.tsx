// Wizard step: clientele, languages, specialties (3–20), approaches (1–20), the ongoing session's fee and
// length, and whether insurance is taken (spec 2 §5 "Tag selections", "Sessions and fees").
import { PostForm } from '../../components/PostForm';
import { FormField } from '../../components/form/FormField';
import { TagCheckboxes, type TagOptionView } from '../../components/TagCheckboxes';
import { WizardFrame, type WizardProgress } from './WizardFrame';
import { Button } from '../../components/ui/Button';
import { FieldError } from '../../components/form/FieldError';

export interface YourPracticeValues {
  clientele: number[];
  languages: number[];
  specialties: number[];
  approaches: number[];
  session_fee_ongoing: string;
  session_length_ongoing: string;
  takes_insurance: string;
}

export function YourPracticeStepPage({
  providerId,
  progress,
  options,
  values,
  errors = {},
}: {
  providerId: number;
  progress?: WizardProgress;
  options: Record<'clientele' | 'languages' | 'specialties' | 'approaches', TagOptionView[]>;
  values: YourPracticeValues;
  errors?: Record<string, string>;
}) {
  return (
    <WizardFrame step="your-practice" providerId={providerId} progress={progress}>
      <PostForm action={`/profiles/your-practice-for/${providerId}`}>
        <TagCheckboxes
          name="clientele"
          legend="Clientele"
          hint="Who you work with."
          options={options.clientele}
          selected={values.clientele}
          error={errors.clientele}
        />
        <TagCheckboxes
          name="languages"
          legend="Languages"
          options={options.languages}
          selected={values.languages}
          error={errors.languages}
        />
        <TagCheckboxes
          name="specialties"
          legend="Specialties"
          hint="Choose 3 to 20."
          options={options.specialties}
          selected={values.specialties}
          error={errors.specialties}
        />
        <TagCheckboxes
          name="approaches"
          legend="Approaches"
          hint="Choose 1 to 20."
          options={options.approaches}
          selected={values.approaches}
          error={errors.approaches}
        />
        <fieldset className="fieldset">
          <legend>Individual session</legend>
          <div className="field-row">
            <FormField
              name="session_fee_ongoing"
              label="Fee (dollars)"
              inputMode="numeric"
              defaultValue={values.session_fee_ongoing}
              error={errors.session_fee_ongoing}
            />
            <FormField
              name="session_length_ongoing"
              label="Length (minutes)"
              inputMode="numeric"
              defaultValue={values.session_length_ongoing}
              error={errors.session_length_ongoing}
            />
          </div>
        </fieldset>
        <fieldset
          className={errors.takes_insurance ? 'fieldset field--error' : 'fieldset'}
          aria-describedby={errors.takes_insurance ? 'takes_insurance-error' : undefined}
        >
          <legend>Do you take insurance?</legend>
          <FieldError id="takes_insurance" error={errors.takes_insurance} target="takes_insurance-yes" />
          <div className="field field--check">
            <input
              type="radio"
              id="takes_insurance-yes"
              name="takes_insurance"
              value="yes"
              defaultChecked={values.takes_insurance === 'yes'}
            />
            <label htmlFor="takes_insurance-yes">Yes, I take insurance</label>
          </div>
          <div className="field field--check">
            <input
              type="radio"
              id="takes_insurance-no"
              name="takes_insurance"
              value="no"
              defaultChecked={values.takes_insurance === 'no'}
            />
            <label htmlFor="takes_insurance-no">No, private pay only</label>
          </div>
        </fieldset>
        <div className="actions">
          <Button>Save and continue</Button>
        </div>
      </PostForm>
    </WizardFrame>
  );
}
