// Plan Management's single-purpose pages ([21] "Plan Management"): the billing address form and the
// cancel request, each a page of its own with one primary button and a Back link to Plan Management.
import { PostForm } from '../../components/PostForm';
import { FormError } from '../../components/form/FieldError';
import { FormField } from '../../components/form/FormField';
import { SelectField } from '../../components/form/SelectField';
import { TextAreaField } from '../../components/form/TextAreaField';
import { Button } from '../../components/ui/Button';
import { type AddressValues, PAGE_PATH } from './PlanManagementPage';

export function BillingAddressPage({
  address,
  errors = {},
  states,
}: {
  address: AddressValues;
  errors?: Record<string, string>;
  states: { code: string; name: string }[];
}) {
  return (
    <div className="content--narrow">
      <p className="hint">The address on your invoices; it also sets the sales tax of your memberships.</p>
      <PostForm action={`${PAGE_PATH}/address`} noValidate data-warn-unsaved="" className="card">
        <FormField
          name="line1"
          label="Street address"
          autoComplete="address-line1"
          defaultValue={address.line1}
          error={errors.line1}
        />
        <FormField
          name="line2"
          label="Apartment, suite, etc. (optional)"
          autoComplete="address-line2"
          defaultValue={address.line2}
          error={errors.line2}
        />
        <FormField
          name="city"
          label="City"
          autoComplete="address-level2"
          defaultValue={address.city}
          error={errors.city}
        />
        <SelectField
          name="state"
          label="State"
          value={address.state}
          placeholder="Choose a state"
          options={states.map((s) => ({ value: s.code, label: s.name }))}
          error={errors.state}
          autoComplete="address-level1"
        />
        <FormField
          name="postal_code"
          className="input--10ch"
          label="Zip code"
          autoComplete="postal-code"
          inputMode="numeric"
          defaultValue={address.postal_code}
          error={errors.postal_code}
        />
        <div className="actions">
          <Button>Save billing address</Button>
          <a href={`${PAGE_PATH}#billing-address`} data-no-warn="">
            Back to Plan Management
          </a>
        </div>
      </PostForm>
    </div>
  );
}

export function CancelRequestPage({
  providerId,
  providerName,
  reason,
  error,
  terms,
}: {
  providerId: number;
  providerName: string;
  reason: string;
  error?: string | undefined;
  terms: string;
}) {
  return (
    <div className="content--narrow">
      <PostForm action={`${PAGE_PATH}/cancel-request`} className="card">
        <p>{terms}</p>
        <p>The request goes to our support team, who contact you about it.</p>
        <FormError id="cancel-request-error" message={error} />
        <input type="hidden" name="provider_id" value={providerId} />
        <TextAreaField
          name="reason"
          label={`Why do you want to cancel ${providerName}'s membership? (optional)`}
          value={reason}
          maxLength={2000}
          rows={4}
        />
        <div className="actions">
          <Button variant="danger">Request cancellation</Button>
          <a href={PAGE_PATH}>Back to Plan Management</a>
        </div>
      </PostForm>
    </div>
  );
}
