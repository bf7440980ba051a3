// The Your Practice insurance sub-step: a filter box (a GET form, so it works without JavaScript)
// narrows the list; a confirmation of being in-network is required; Save + Next moves on (spec 1 §4).
import { PostForm } from '../../components/PostForm';
import { TagCheckboxes, type TagOptionView } from '../../components/TagCheckboxes';
import { WizardFrame, type WizardProgress } from './WizardFrame';
import { Button } from '../../components/ui/Button';
import { FieldError } from '../../components/form/FieldError';

export function InsuranceStepPage({
  providerId,
  progress,
  filter,
  shown,
  selected,
  hiddenSelected,
  confirmed,
  errors = {},
}: {
  providerId: number;
  progress?: WizardProgress;
  filter: string;
  shown: TagOptionView[];
  selected: number[];
  hiddenSelected: number[];
  confirmed: boolean;
  errors?: Record<string, string>;
}) {
  const action = `/profiles/your-practice-for/${providerId}/insurance`;
  return (
    <WizardFrame step="your-practice" providerId={providerId} progress={progress}>
      <h2>Insurance</h2>
      <form method="get" action={action} className="search" role="search">
        <label htmlFor="q">Filter insurances</label>
        <div className="search__row">
          <input id="q" name="q" type="search" defaultValue={filter} />
          <Button variant="secondary">Filter</Button>
        </div>
      </form>
      <PostForm action={`${action}${filter ? `?q=${encodeURIComponent(filter)}` : ''}`}>
        {shown.length === 0 && <p>No results! Please search again...</p>}
        <TagCheckboxes
          name="insurances"
          legend="Insurances you are in-network with"
          options={shown}
          selected={selected}
          hiddenSelected={hiddenSelected}
          error={errors.insurances}
        />
        <FieldError id="confirm_in_network" error={errors.confirm_in_network} />
        <div className={errors.confirm_in_network ? 'field field--check field--error' : 'field field--check'}>
          <input
            type="checkbox"
            id="confirm_in_network"
            name="confirm_in_network"
            value="1"
            defaultChecked={confirmed}
            aria-invalid={errors.confirm_in_network ? true : undefined}
            aria-describedby={errors.confirm_in_network ? 'confirm_in_network-error' : undefined}
          />
          <label htmlFor="confirm_in_network">I confirm that I am in-network with the insurances I selected.</label>
        </div>
        <div className="actions">
          <Button>Save + Next</Button>
        </div>
      </PostForm>
    </WizardFrame>
  );
}
