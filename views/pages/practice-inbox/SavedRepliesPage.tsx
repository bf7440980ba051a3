// /practice-inbox/saved-replies (issue [22] item 2): the account's saved replies a page at a time, each with
// Edit and Delete (which asks first: data-confirm with JavaScript, the route's confirmation page without),
// and the form that adds or changes one, with the merge fields it may use.
import { FormError } from '../../components/form/FieldError';
import { FormField } from '../../components/form/FormField';
import { TextAreaField } from '../../components/form/TextAreaField';
import { PostForm } from '../../components/PostForm';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { DataTable } from '../../components/ui/DataTable';
import { EmptyState } from '../../components/ui/EmptyState';
import { Pager } from '../../components/ui/Pager';
import { RowActions, RowMenuButton } from '../../components/ui/RowActions';

export const SAVED_REPLIES_PATH = '/practice-inbox/saved-replies';
export const NEW_SAVED_REPLY_PATH = `${SAVED_REPLIES_PATH}/new`;
export const savedReplyPath = (id: number) => `${SAVED_REPLIES_PATH}/${id}`;

export interface SavedReplyRowView {
  id: number;
  title: string;
  /** The text's beginning, on one line. */
  excerpt: string;
  updated: string;
}

export function SavedRepliesPage({
  replies,
  page,
  pageCount,
  total,
  pageHref,
  inboxHref,
  confirmDelete,
}: {
  replies: SavedReplyRowView[];
  page: number;
  pageCount: number;
  total: number;
  pageHref: (page: number) => string;
  /** The way back to the inbox (null for an owner who does not use it). */
  inboxHref: string | null;
  confirmDelete: string;
}) {
  return (
    <div className="saved-replies">
      <Card
        id="saved-replies"
        title="Saved replies"
        actions={<ButtonLink href={NEW_SAVED_REPLY_PATH}>Add a saved reply</ButtonLink>}
      >
        <p className="hint">
          Answers your team sends often. In a conversation of the Practice Inbox, choose one and select Use reply: it
          goes into the reply box with the conversation’s details filled in, ready to edit and send.
        </p>
        {total === 0 ? (
          <EmptyState title="Your account has no saved replies yet." />
        ) : (
          <>
            <p className="hint">{`${total} saved ${total === 1 ? 'reply' : 'replies'}, by title.`}</p>
            <PostForm action={SAVED_REPLIES_PATH}>
              <DataTable
                caption="Saved replies of your account"
                rows={replies}
                rowKey={(r) => r.id}
                columns={[
                  { heading: 'Title', cell: (r) => <strong>{r.title}</strong> },
                  { heading: 'Text', cell: (r) => r.excerpt },
                  { heading: 'Last changed', cell: (r) => r.updated },
                  {
                    heading: 'Actions',
                    hidden: true,
                    cell: (r) => (
                      <RowActions
                        name={r.title}
                        primary={
                          <ButtonLink href={savedReplyPath(r.id)}>
                            Edit<span className="visually-hidden"> {r.title}</span>
                          </ButtonLink>
                        }
                      >
                        <RowMenuButton
                          danger
                          formAction={`${savedReplyPath(r.id)}/delete`}
                          data-confirm={confirmDelete}
                        >
                          Delete<span className="visually-hidden"> {r.title}</span>
                        </RowMenuButton>
                      </RowActions>
                    ),
                  },
                ]}
              />
            </PostForm>
            <Pager page={page} pageCount={pageCount} href={pageHref} label="Saved replies pages" />
          </>
        )}
        {inboxHref && (
          <p>
            <a href={inboxHref}>Back to the Practice Inbox</a>
          </p>
        )}
      </Card>
    </div>
  );
}

export function SavedReplyFormPage({
  action,
  heading,
  values,
  errors,
  mergeFields,
  limits,
}: {
  action: string;
  heading: string;
  values: { title: string; body: string };
  errors: Record<string, string>;
  mergeFields: { name: string; description: string }[];
  limits: { title: number; body: number };
}) {
  return (
    <Card id="saved-reply-form" title={heading}>
      <FormError id="saved-reply-error" message={errors.form} />
      <PostForm action={action} noValidate>
        <FormField
          name="title"
          id="title"
          label="Title"
          hint="Only your team sees it: it names the reply in the list."
          maxLength={limits.title}
          defaultValue={values.title}
          error={errors.title}
        />
        <TextAreaField
          name="body"
          id="body"
          label="Text"
          hint="What the client reads. You can edit it in each conversation before sending."
          rows={8}
          maxLength={limits.body}
          value={values.body}
          error={errors.body}
        />
        <div className="actions">
          <Button>Save reply</Button>
          <a href={SAVED_REPLIES_PATH}>Cancel</a>
        </div>
      </PostForm>
      <section className="merge-fields" aria-labelledby="merge-fields-heading">
        <h3 id="merge-fields-heading">Merge fields</h3>
        <p className="hint">Type one in the text, braces included: it is filled in for each conversation.</p>
        <dl>
          {mergeFields.map((field) => (
            <div key={field.name}>
              <dt>
                <code>{`{{${field.name}}}`}</code>
              </dt>
              <dd>{field.description}</dd>
            </div>
          ))}
        </dl>
      </section>
    </Card>
  );
}
