// Custom approaches or custom specialties (spec 2 §5): a list of name + description, each with Edit
// (?edit={prefix}-{id}) and Delete (asks first: data-confirm with JavaScript, a confirmation page
// without), and an Add form (?edit={section id}).
import { PostForm } from '../../components/PostForm';
import { FormField } from '../../components/form/FormField';
import { TextAreaField } from '../../components/form/TextAreaField';
import { Icon } from '../../components/Icon';
import { Button, ButtonLink } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';

export interface CustomEntryView {
  id: string;
  name: string;
  description: string;
}

export interface CustomEntryRules {
  /** Singular words for headings and flashes. */
  noun: string;
  plural: string;
  nameMax: number;
  descriptionMax: number;
  namePlaceholder: string;
  descriptionPlaceholder: string;
}

export const deleteQuestion = (noun: string) => `Are you sure you'd like to delete this ${noun}?`;

export function CustomEntriesSection({
  id,
  entryPrefix,
  title,
  intro,
  pagePath,
  basePath,
  rules,
  entries,
  editing,
  values,
  errors = {},
}: {
  /** The section's anchor and its ?edit= value for adding. */
  id: string;
  /** ?edit={entryPrefix}-{entry id} opens one entry's form. */
  entryPrefix: string;
  title: string;
  intro?: React.ReactNode;
  pagePath: string;
  /** Where entries are posted: basePath (add), basePath/{id} (update), basePath/{id}/delete. */
  basePath: string;
  rules: CustomEntryRules;
  entries: CustomEntryView[];
  /** 'new', an entry id, or null. */
  editing: string | null;
  /** Typed values of the open form (after a failed post). */
  values?: { name: string; description: string };
  errors?: Record<string, string>;
}) {
  const headingId = `${id}-heading`;
  const form = (action: string, formId: string, current: { name: string; description: string }, saveLabel: string) => (
    <PostForm action={action} data-warn-unsaved="" className="custom-entry-form">
      <FormField
        name="name"
        id={`${formId}-name`}
        label={rules.namePlaceholder}
        placeholder={rules.namePlaceholder}
        maxLength={rules.nameMax}
        hint={`Up to ${rules.nameMax} characters.`}
        defaultValue={current.name}
        error={errors.name}
      />
      <TextAreaField
        name="description"
        id={`${formId}-description`}
        label={rules.descriptionPlaceholder}
        placeholder={rules.descriptionPlaceholder}
        maxLength={rules.descriptionMax}
        hint={`Up to ${rules.descriptionMax} characters. No URLs, phone numbers or email addresses.`}
        defaultValue={current.description}
        error={errors.description}
      />
      <div className="actions">
        <Button>{saveLabel}</Button>
        <a href={`${pagePath}#${id}`} data-no-warn="">
          Cancel
        </a>
      </div>
    </PostForm>
  );
  return (
    <section className="card profile-section" id={id} aria-labelledby={headingId}>
      <div className="profile-section__head">
        <h2 id={headingId}>{title}</h2>
        {editing !== 'new' && <ButtonLink href={`${pagePath}?edit=${id}#${id}-new`}>Add a {rules.noun}</ButtonLink>}
      </div>
      {intro}
      {entries.length === 0 && editing !== 'new' && (
        <EmptyState title={`You have not added any ${rules.plural} yet.`} />
      )}
      {entries.length > 0 && (
        <ul className="custom-entries">
          {entries.map((entry) => (
            <li key={entry.id} id={`${entryPrefix}-${entry.id}`} className="custom-entry">
              {editing === entry.id ? (
                form(`${basePath}/${entry.id}`, `${entryPrefix}-${entry.id}`, values ?? entry, 'Save')
              ) : (
                <>
                  <h3>{entry.name}</h3>
                  <p>{entry.description}</p>
                  <div className="actions">
                    <ButtonLink href={`${pagePath}?edit=${entryPrefix}-${entry.id}#${entryPrefix}-${entry.id}`}>
                      <Icon name="pencil" /> Edit<span className="visually-hidden"> {entry.name}</span>
                    </ButtonLink>
                    <PostForm action={`${basePath}/${entry.id}/delete`} data-confirm={deleteQuestion(rules.noun)}>
                      <Button variant="danger-outline">
                        Delete<span className="visually-hidden"> {entry.name}</span>
                      </Button>
                    </PostForm>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing === 'new' && (
        <div id={`${id}-new`}>
          <h3>Add a {rules.noun}</h3>
          {form(basePath, `${id}-new`, values ?? { name: '', description: '' }, 'Add')}
        </div>
      )}
    </section>
  );
}

/** The confirmation step of a delete without JavaScript: the question and the same post, confirmed. */
export function ConfirmDeletePage({
  noun,
  entry,
  action,
  cancelHref,
}: {
  noun: string;
  entry: CustomEntryView;
  action: string;
  cancelHref: string;
}) {
  return (
    <div className="card tag-pages">
      <p>
        <strong>{deleteQuestion(noun)}</strong>
      </p>
      <p>
        {entry.name}: {entry.description}
      </p>
      <PostForm action={action}>
        <input type="hidden" name="confirmed" value="1" />
        <div className="actions">
          <Button variant="danger">Delete</Button>
          <a href={cancelHref}>Cancel</a>
        </div>
      </PostForm>
    </div>
  );
}
