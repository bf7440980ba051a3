// The photographer-availability question asked once before payment (spec 3 §2, §9 answers): the cities
// our photographers cover are shown in an embedded page, and the answer is stored for the provider.
import { PostForm } from '../../components/PostForm';
import { RadioGroup } from '../../components/form/ChoiceGroup';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmbeddedFrame } from '../../components/ui/EmbeddedFrame';
import { StepNavigation } from './PaymentFormPage';

export const PHOTOGRAPHER_ANSWERS = [
  { value: 'available', label: 'Yes: my city is on the list' },
  { value: 'available_new_geo', label: 'Yes: I can get to one of these cities' },
  { value: 'none_near', label: 'No: none of these cities is near me' },
  { value: 'new_geo', label: 'No: please tell me when you cover my area' },
] as const;

export function PhotographerQuestionPage({
  action,
  citiesUrl,
  error,
  hidden,
  customizeHref,
}: {
  action: string;
  citiesUrl: string;
  error?: string;
  hidden: Record<string, string>;
  /** "Your plan", the step before, for the steps across the top. */
  customizeHref: string;
}) {
  return (
    <>
      <StepNavigation step="photographer" photographer customizeHref={customizeHref} payHref="" />
      <Card id="photographer" title="Is one of our photographers near you?">
        <p>
          Our photographers offer professional photo shoots, bought separately, in the cities below. Look for your city
          in the list.
        </p>
        <EmbeddedFrame src={citiesUrl} title="photographer cities" height={420} />
        <PostForm action={action}>
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <RadioGroup
            stacked
            idPrefix="photographer_availability"
            name="photographer_availability"
            legend="Is a photographer near you?"
            value=""
            error={error}
            options={PHOTOGRAPHER_ANSWERS.map((a) => ({ value: a.value, label: a.label }))}
          />
          <div className="actions">
            <Button>Continue to payment</Button>
          </div>
        </PostForm>
      </Card>
    </>
  );
}
