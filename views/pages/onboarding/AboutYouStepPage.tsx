// Wizard step: professions, languages and (for individuals) degrees (spec 2 §5 "About practice").
import { PostForm } from '../../components/PostForm';
import { TagCheckboxes, type TagOptionView } from '../../components/TagCheckboxes';
import { WizardFrame, type WizardProgress } from './WizardFrame';
import { Button } from '../../components/ui/Button';

export function AboutYouStepPage({
  providerId,
  progress,
  options,
  values,
  errors = {},
  doPaymentLater,
}: {
  providerId: number;
  progress?: WizardProgress;
  options: { professions: TagOptionView[]; languages: TagOptionView[]; degrees: TagOptionView[] | null };
  values: { professions: number[]; languages: number[]; degrees: number[] };
  errors?: Record<string, string>;
  doPaymentLater?: boolean;
}) {
  return (
    <WizardFrame step="about-you" providerId={providerId} progress={progress}>
      {doPaymentLater && (
        <p className="notice">
          You can start your membership later from Plan Management. Your profile goes live once your membership is
          active.
        </p>
      )}
      <PostForm action={`/profiles/about-you-for/${providerId}${doPaymentLater ? '?doPaymentLater=1' : ''}`}>
        <TagCheckboxes
          name="professions"
          legend="Professions"
          hint="Choose every profession that describes you."
          options={options.professions}
          selected={values.professions}
          error={errors.professions}
        />
        <TagCheckboxes
          name="languages"
          legend="Languages"
          hint="The languages you offer sessions in."
          options={options.languages}
          selected={values.languages}
          error={errors.languages}
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
        <div className="actions">
          <Button>Save and continue</Button>
        </div>
      </PostForm>
    </WizardFrame>
  );
}
