// One section of a profile-editing page (spec 2 §2 "Profile pages"): a read view with an Edit link, or,
// when the page was opened with ?edit={id} (or re-rendered after a failed post), the section's form.
// The form is a plain POST (works without JavaScript) and warns before leaving with unsaved edits.
import type { ReactNode } from 'react';
import { PostForm } from './PostForm';
import { Icon } from './Icon';
import { Button, ButtonLink } from './ui/Button';

export function ProfileSection({
  id,
  title,
  editing,
  action,
  read,
  children,
  pagePath,
  intro,
  saveLabel = 'Save',
}: {
  /** The section's anchor and its ?edit= value. */
  id: string;
  title: string;
  editing: boolean;
  /** Where the form posts. */
  action: string;
  /** The page's own path, for the Edit and Cancel links. */
  pagePath: string;
  /** What the provider sees when not editing. */
  read: ReactNode;
  /** The form's fields (the form, CSRF field and buttons are added here). */
  children: ReactNode;
  intro?: ReactNode;
  saveLabel?: string;
}) {
  const headingId = `${id}-heading`;
  return (
    <section className="card profile-section" id={id} aria-labelledby={headingId}>
      <div className="profile-section__head">
        <h2 id={headingId}>{title}</h2>
        {!editing && (
          <ButtonLink href={`${pagePath}?edit=${id}#${id}`}>
            <Icon name="pencil" /> Edit<span className="visually-hidden"> {title}</span>
          </ButtonLink>
        )}
      </div>
      {intro}
      {editing ? (
        <PostForm action={action} data-warn-unsaved="">
          {children}
          <div className="actions">
            <Button>{saveLabel}</Button>
            <a href={`${pagePath}#${id}`} data-no-warn="">
              Cancel
            </a>
          </div>
        </PostForm>
      ) : (
        read
      )}
    </section>
  );
}

/** A read-only label/value list for the read view of a section. */
export function ReadList({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="read-list">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>
            {value === null || value === undefined || value === '' ? (
              <span className="muted">Not provided</span>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
