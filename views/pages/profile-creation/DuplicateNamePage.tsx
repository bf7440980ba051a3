// The duplicate-name "modal" of spec 1 §2: a dialog of its own (the page form of the design system's
// dialog, so it works without JavaScript): a profile with the same
// first and last name exists; create anyway (the same post again, confirmed) or edit the existing one.
import { PostForm } from '../../components/PostForm';
import { Button } from '../../components/ui/Button';

export interface DuplicateNamePageProps {
  existing: { id: number; name: string; editable: boolean };
  /** The submitted form, carried through "Create anyway". */
  values: Record<string, string>;
}

export function DuplicateNamePage({ existing, values }: DuplicateNamePageProps) {
  return (
    <div
      className="card dialog"
      role="alertdialog"
      aria-labelledby="duplicate-heading"
      aria-describedby="duplicate-text"
    >
      <h2 id="duplicate-heading">A profile named {existing.name} already exists</h2>
      <p id="duplicate-text">
        This account already has a profile with the same first and last name. Do you want to create another one anyway,
        or edit the existing profile?
      </p>
      <div className="actions">
        <PostForm action="/profiles/create">
          {Object.entries(values)
            .filter(([, value]) => value !== '')
            .map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
          <input type="hidden" name="confirm_duplicate" value="1" />
          <Button>Create anyway</Button>
        </PostForm>
        {existing.editable ? (
          <PostForm action={`/profiles/${existing.id}/selection`}>
            <input type="hidden" name="next" value="/profile/general-information" />
            <Button variant="secondary">Edit the existing one</Button>
          </PostForm>
        ) : (
          <p className="hint">You do not have edit access to the existing profile; its clinician can edit it.</p>
        )}
      </div>
      <p>
        <a href={`/profiles/create?type=${encodeURIComponent(values.type ?? '')}`}>Back to the form</a>
      </p>
    </div>
  );
}
