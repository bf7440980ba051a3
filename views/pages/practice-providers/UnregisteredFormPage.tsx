// Editing one unregistered practice provider; changing the image asks first (a checkbox).
import { PostForm } from '../../components/PostForm';
import { PAGE_PATH } from './PracticeProvidersPage';
import { UnregisteredFields, type UnregisteredValues } from './UnregisteredFields';
import { Button } from '../../components/ui/Button';

export function UnregisteredFormPage({
  id,
  values,
  errors,
  degrees,
  imageUrl,
}: {
  id: number;
  values: UnregisteredValues;
  errors: Record<string, string>;
  degrees: { id: number; name: string }[];
  imageUrl: string | null;
}) {
  return (
    <section className="card">
      <p>
        <a href={`${PAGE_PATH}#unregistered`}>Back to your practice providers</a>
      </p>
      <PostForm
        action={`${PAGE_PATH}/unregistered/${id}`}
        encType="multipart/form-data"
        noValidate
        data-warn-unsaved=""
      >
        <UnregisteredFields values={values} errors={errors} degrees={degrees} imageUrl={imageUrl} />
        <div className="actions">
          <Button>Save</Button>
          <a href={`${PAGE_PATH}#unregistered`} data-no-warn="">
            Cancel
          </a>
        </div>
      </PostForm>
    </section>
  );
}
