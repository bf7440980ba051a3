// Add or edit one therapy group (spec 2 §5 "Therapy group form"): a multipart form (the image) that
// works without JavaScript; after a failed post the typed values come back with the messages.
import { PostForm } from '../../components/PostForm';
import { FormField } from '../../components/form/FormField';
import { FileField } from '../../components/form/FileField';
import { RadioGroup } from '../../components/form/ChoiceGroup';
import { SelectField } from '../../components/form/SelectField';
import { TextAreaField } from '../../components/form/TextAreaField';
import { PAGE_PATH } from './TherapyGroupsPage';
import { Button } from '../../components/ui/Button';

export interface GroupFormValues {
  name: string;
  status: string;
  expired_at: string;
  hours: string;
  costs: string;
  short_description: string;
  description: string;
  remote_location: string;
  address: string;
  address_2: string;
  city: string;
  state: string;
  zip: string;
}

export function TherapyGroupFormPage({
  groupId,
  values,
  errors = {},
  states,
  imageUrl,
  profileActive,
  defaultExpiry,
}: {
  /** null: a new group. */
  groupId: number | null;
  values: GroupFormValues;
  errors?: Record<string, string>;
  states: { code: string; name: string }[];
  imageUrl: string | null;
  profileActive: boolean;
  defaultExpiry: string;
}) {
  const action = groupId === null ? PAGE_PATH : `${PAGE_PATH}/${groupId}`;
  return (
    <section className="card group-form">
      <p>
        <a href={PAGE_PATH}>Back to your therapy groups</a>
      </p>
      <PostForm action={action} encType="multipart/form-data" data-warn-unsaved="" noValidate>
        <FormField
          name="name"
          label="Group name"
          defaultValue={values.name}
          error={errors.name}
          hint='Double quotes (") are not allowed.'
        />
        <RadioGroup
          idPrefix="status"
          name="status"
          legend="Status"
          value={values.status}
          error={errors.status}
          options={[
            { value: 'active', label: 'Active (shown on your profile)' },
            { value: 'inactive', label: 'Inactive (hidden)' },
          ]}
        />
        {!profileActive && <p className="hint">Your group may not become active until your profile is active!</p>}
        <FormField
          name="expired_at"
          type="date"
          label="Expiration date"
          defaultValue={values.expired_at}
          error={errors.expired_at}
          hint={`Active groups need an expiration date in the next 12 months (suggested: ${defaultExpiry}).`}
        />
        <FormField
          name="hours"
          label="Hours"
          defaultValue={values.hours}
          error={errors.hours}
          hint="For example: Tuesdays 6pm - 7:30pm"
        />
        <FormField
          name="costs"
          label="Costs"
          defaultValue={values.costs}
          error={errors.costs}
          hint="For example: $60 per session"
        />
        <TextAreaField
          name="short_description"
          label="Short description"
          value={values.short_description}
          error={errors.short_description}
          rows={3}
          maxLength={255}
          hint=" No URLs, phone numbers or email addresses."
        />
        <TextAreaField
          name="description"
          label="Description"
          value={values.description}
          error={errors.description}
          rows={8}
          hint="No URLs, phone numbers or email addresses."
        />
        <fieldset className="fieldset">
          <legend>Location</legend>
          <RadioGroup
            idPrefix="remote_location"
            name="remote_location"
            legend="Where does the group meet?"
            value={values.remote_location}
            options={[
              { value: '0', label: 'In person' },
              { value: '1', label: 'Online' },
            ]}
          />
          <SelectField
            name="state"
            label="State"
            value={values.state}
            error={errors.state}
            placeholder="Choose a state"
            options={states.map((s) => ({ value: s.code, label: s.name }))}
          />
          <FormField
            name="address"
            label="Address (in person)"
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
            label="City (in person)"
            autoComplete="address-level2"
            defaultValue={values.city}
            error={errors.city}
          />
          <FormField
            name="zip"
            className="input--10ch"
            label="Zip (in person)"
            autoComplete="postal-code"
            inputMode="numeric"
            defaultValue={values.zip}
            error={errors.zip}
          />
        </fieldset>
        <FileField
          name="image"
          label={imageUrl ? 'Replace the image' : 'Image'}
          error={errors.image}
          hint={
            imageUrl
              ? 'Leave empty to keep the current image.'
              : 'A colorful photo of at least 100 KB. After an error, please choose it again.'
          }
        >
          {imageUrl && (
            <img className="group-form__image" src={imageUrl} alt="Current group image" width={160} height={160} />
          )}
        </FileField>
        <div className="actions">
          <Button>{groupId === null ? 'Add group' : 'Save'}</Button>
          <a href={PAGE_PATH} data-no-warn="">
            Cancel
          </a>
        </div>
      </PostForm>
    </section>
  );
}
