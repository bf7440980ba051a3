// The fields of an unregistered practice provider (add on the page, edit on a page of its own).
import { FormField } from '../../components/form/FormField';
import { FileField } from '../../components/form/FileField';
import { SelectField } from '../../components/form/SelectField';
import { FormError } from '../../components/form/FieldError';

export interface UnregisteredValues {
  first_name: string;
  middle_name: string;
  last_name: string;
  degree_tag_id: string;
  title: string;
  replace_image?: boolean;
}

export function UnregisteredFields({
  values,
  errors,
  degrees,
  imageUrl,
  idPrefix = '',
}: {
  values: UnregisteredValues;
  errors: Record<string, string>;
  degrees: { id: number; name: string }[];
  /** The current picture when editing. */
  imageUrl: string | null;
  idPrefix?: string;
}) {
  return (
    <>
      <FormError id={`${idPrefix}form-error`} message={errors.form} />
      <FormField
        name="first_name"
        id={`${idPrefix}first_name`}
        label="First name"
        defaultValue={values.first_name}
        error={errors.first_name}
      />
      <FormField
        name="middle_name"
        id={`${idPrefix}middle_name`}
        label="Middle name (optional)"
        defaultValue={values.middle_name}
        error={errors.middle_name}
      />
      <FormField
        name="last_name"
        id={`${idPrefix}last_name`}
        label="Last name"
        defaultValue={values.last_name}
        error={errors.last_name}
      />
      <p className="hint">A degree or a position is required.</p>
      <SelectField
        name="degree_tag_id"
        label="Degree"
        value={values.degree_tag_id}
        error={errors.degree_tag_id}
        placeholder="Choose a degree"
        options={degrees.map((d) => ({ value: String(d.id), label: d.name }))}
      />
      <FormField
        name="title"
        id={`${idPrefix}title`}
        label="Position"
        hint="For example: Staff Therapist"
        defaultValue={values.title}
        error={errors.title}
      />
      <FileField
        name="image"
        label={imageUrl ? 'Change the image' : 'Image'}
        error={errors.image}
        hint={imageUrl ? 'Leave empty to keep the current image.' : 'A colorful headshot of at least 100 KB.'}
      >
        {imageUrl && <img className="provider-thumb" src={imageUrl} alt="Current image" width={96} height={96} />}
      </FileField>
      {imageUrl && (
        <div className="field field--check">
          <input
            type="checkbox"
            id="replace_image"
            name="replace_image"
            value="1"
            defaultChecked={values.replace_image}
          />
          <label htmlFor="replace_image">Yes, replace the current image with the one I chose</label>
        </div>
      )}
    </>
  );
}
