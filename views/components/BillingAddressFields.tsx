// The payment form's billing address (spec 3 §5 "Payment form"), as one fieldset: used by the membership
// payment form and /zpm-signup, whose posts the billing domain's validatePayment checks.
import { FormField } from './form/FormField';
import { SelectField } from './form/SelectField';

export interface BillingAddressFieldsProps {
  /** The posted values (address_line1 … address_postal_code); missing ones show empty. */
  values: Record<string, string>;
  errors: Record<string, string>;
  states: { code: string; name: string }[];
}

export function BillingAddressFields({ values, errors, states }: BillingAddressFieldsProps) {
  const v = (name: string) => values[name] ?? '';
  return (
    <fieldset className="fieldset">
      <legend>Billing address</legend>
      <FormField
        name="address_line1"
        label="Address line 1"
        autoComplete="address-line1"
        defaultValue={v('address_line1')}
        error={errors.address_line1}
      />
      <FormField
        name="address_line2"
        label="Address line 2 (optional)"
        autoComplete="address-line2"
        defaultValue={v('address_line2')}
        error={errors.address_line2}
      />
      <FormField
        name="address_city"
        label="City"
        autoComplete="address-level2"
        defaultValue={v('address_city')}
        error={errors.address_city}
      />
      <SelectField
        name="address_state"
        label="State"
        value={v('address_state')}
        placeholder="Choose a state"
        options={states.map((s) => ({ value: s.code, label: s.name }))}
        error={errors.address_state}
      />
      <FormField
        name="address_postal_code"
        className="input--10ch"
        label="Postal code"
        autoComplete="postal-code"
        inputMode="numeric"
        defaultValue={v('address_postal_code')}
        error={errors.address_postal_code}
      />
    </fieldset>
  );
}
