// Wizard step: where the provider sees clients — states for online sessions and/or an office (spec 1 §5).
import { FormField } from '../../components/form/FormField';
import { PostForm } from '../../components/PostForm';
import { WizardFrame, type WizardProgress } from './WizardFrame';
import { Button } from '../../components/ui/Button';
import { FieldError, FormError } from '../../components/form/FieldError';

export interface LocationsValues {
  no_online_sessions?: boolean;
  no_physical_location?: boolean;
  states?: string[];
  address?: string;
  address_2?: string;
  city?: string;
  zip?: string;
  state?: string;
}

export function LocationsStepPage({
  providerId,
  progress,
  states,
  values = {},
  errors = {},
}: {
  providerId: number;
  progress?: WizardProgress;
  states: { code: string; name: string }[];
  values?: LocationsValues;
  errors?: Record<string, string>;
}) {
  const chosen = new Set(values.states ?? []);
  return (
    <WizardFrame step="locations" providerId={providerId} progress={progress}>
      <p>Tell clients where you see them: the states where you offer online sessions, your office, or both.</p>
      <PostForm action={`/profiles/create/${providerId}`} noValidate>
        <FormError id="opt_outs-error" message={errors.opt_outs} />
        <fieldset className="fieldset">
          <legend>Online sessions</legend>
          <div className="field field--check">
            <input
              type="checkbox"
              id="no_online_sessions"
              name="no_online_sessions"
              value="1"
              defaultChecked={values.no_online_sessions}
              aria-describedby={errors.opt_outs ? 'opt_outs-error' : undefined}
            />
            <label htmlFor="no_online_sessions">I don't offer online sessions</label>
          </div>
          <div className={errors.states ? 'field field--error' : 'field'}>
            <label htmlFor="states">States where you offer online sessions</label>
            <p className="hint" id="states-hint">
              Hold Ctrl (or Cmd) to choose more than one state.
            </p>
            <FieldError id="states" error={errors.states} />
            <select
              id="states"
              name="states"
              multiple
              size={8}
              aria-invalid={errors.states ? true : undefined}
              aria-describedby={['states-hint', errors.states && 'states-error'].filter(Boolean).join(' ')}
              defaultValue={[...chosen]}
            >
              {states.map((s) => (
                <option key={s.code} value={s.code}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
        <fieldset className="fieldset">
          <legend>Office</legend>
          <div className="field field--check">
            <input
              type="checkbox"
              id="no_physical_location"
              name="no_physical_location"
              value="1"
              defaultChecked={values.no_physical_location}
              aria-describedby={errors.opt_outs ? 'opt_outs-error' : undefined}
            />
            <label htmlFor="no_physical_location">I don't have a physical office</label>
          </div>
          <FormField
            name="address"
            label="Address"
            autoComplete="address-line1"
            defaultValue={values.address}
            error={errors.address}
          />
          <FormField
            name="address_2"
            label="Address line 2 (optional)"
            autoComplete="address-line2"
            defaultValue={values.address_2}
            error={errors.address_2}
          />
          <FormField
            name="city"
            label="City"
            autoComplete="address-level2"
            defaultValue={values.city}
            error={errors.city}
          />
          <FormField
            name="zip"
            className="input--10ch"
            label="Zip"
            autoComplete="postal-code"
            inputMode="numeric"
            defaultValue={values.zip}
            error={errors.zip}
          />
          <div className={errors.state ? 'field field--error' : 'field'}>
            <label htmlFor="state">State</label>
            <FieldError id="state" error={errors.state} />
            <select
              id="state"
              name="state"
              defaultValue={values.state ?? ''}
              aria-invalid={errors.state ? true : undefined}
              aria-describedby={errors.state ? 'state-error' : undefined}
            >
              <option value="">Choose a state</option>
              {states.map((s) => (
                <option key={s.code} value={s.code}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
        <div className="actions">
          <Button>Save and continue</Button>
        </div>
      </PostForm>
    </WizardFrame>
  );
}
